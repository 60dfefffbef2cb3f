import { readCache } from './http/read-cache'

/**
 * Work done after an answer is sent (a webhook's processing, opening an account number), so the
 * caller is not kept waiting on a payment provider. Tasks are counted, so a shutdown finishes them
 * before the database closes and the tests can wait for them; whatever a task writes empties the
 * read cache once it is done, as a request's write does. A task that fails is logged: the inbox or
 * the pending account it works on stays for the periodic job to retry.
 */

type BackgroundState = { __backgroundTasks?: Set<Promise<void>> }
const state = globalThis as unknown as BackgroundState
const tasks = () => (state.__backgroundTasks ??= new Set())

export function inBackground(name: string, task: () => Promise<unknown>) {
  const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .then(
      () => undefined,
      (error) => console.error(`Background task "${name}" failed:`, error),
    )
    .finally(() => {
      readCache.invalidate()
      tasks().delete(running)
    })
  tasks().add(running)
}

/** How many tasks are under way. */
export const backgroundTasks = () => tasks().size

/** Resolves once no task is under way (tasks started meanwhile included). */
export async function backgroundIdle() {
  while (tasks().size) await Promise.allSettled([...tasks()])
}
