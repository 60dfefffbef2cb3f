import { readCache } from './http/read-cache'

/**
 * Work done after an answer is sent (a webhook's processing, opening an account number), so the
 * caller is not kept waiting on a payment provider. Tasks are counted, so a shutdown finishes them
 * before the database closes and the tests can wait for them; whatever a task writes empties the
 * read cache once it is done, as a request's write does. A task that fails is logged: the inbox or
 * the pending account it works on stays for the periodic job to retry.
 *
 * At most BACKGROUND_CONCURRENCY tasks run at once, the rest wait their turn in order: a burst of
 * webhooks (a provider's backlog delivered at once) is then acknowledged as fast as it arrives,
 * each delivery only stored, instead of hundreds of verifications competing with the answers and
 * the pages for the one database connection.
 */
export const BACKGROUND_CONCURRENCY = 4

type Queued = { name: string; task: () => Promise<unknown>; done: () => void }
type BackgroundState = {
  __backgroundTasks?: Set<Promise<void>>
  __backgroundQueue?: Queued[]
  __backgroundRunning?: { count: number }
}
const state = globalThis as unknown as BackgroundState
const tasks = () => (state.__backgroundTasks ??= new Set())
const queue = () => (state.__backgroundQueue ??= [])
const running = () => (state.__backgroundRunning ??= { count: 0 })

function startNext() {
  while (running().count < BACKGROUND_CONCURRENCY && queue().length) {
    const next = queue().shift()!
    running().count += 1
    void Promise.resolve()
      .then(next.task)
      .then(
        () => undefined,
        (error) => console.error(`Background task "${next.name}" failed:`, error),
      )
      .finally(() => {
        readCache.invalidate()
        running().count -= 1
        next.done()
        startNext()
      })
  }
}

export function inBackground(name: string, task: () => Promise<unknown>) {
  let done!: () => void
  const finished: Promise<void> = new Promise<void>((resolve) => (done = resolve)).finally(() =>
    tasks().delete(finished),
  )
  tasks().add(finished)
  queue().push({ name, task, done })
  // After the answer that asked for it has been sent.
  setImmediate(startNext)
}

/** How many tasks are under way or waiting their turn. */
export const backgroundTasks = () => tasks().size

/** Resolves once no task is under way (tasks started meanwhile included). */
export async function backgroundIdle() {
  while (tasks().size) await Promise.allSettled([...tasks()])
}
