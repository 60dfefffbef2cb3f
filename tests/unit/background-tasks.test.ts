import { expect, test } from 'vitest'
import {
  BACKGROUND_CONCURRENCY,
  backgroundIdle,
  backgroundTasks,
  inBackground,
} from '~/backend/background'

test('a burst of background work runs a few tasks at a time, in order, and every one of them', async () => {
  let runningNow = 0
  let mostAtOnce = 0
  const finished: number[] = []
  for (let index = 0; index < 40; index++) {
    inBackground(`task ${index}`, async () => {
      runningNow += 1
      mostAtOnce = Math.max(mostAtOnce, runningNow)
      await new Promise((resolve) => setTimeout(resolve, 2))
      runningNow -= 1
      finished.push(index)
    })
  }
  // Nothing runs before the answer that asked for it is sent; all of it is counted meanwhile.
  expect(runningNow).toBe(0)
  expect(backgroundTasks()).toBe(40)
  await backgroundIdle()
  expect(backgroundTasks()).toBe(0)
  expect(finished).toHaveLength(40)
  expect(mostAtOnce).toBe(BACKGROUND_CONCURRENCY)
  // Started in order: each of the first tasks finished before the last ones started.
  expect(
    finished.slice(0, BACKGROUND_CONCURRENCY).every((index) => index < 2 * BACKGROUND_CONCURRENCY),
  ).toBe(true)
})

test('a task that fails is logged and does not hold the others', async () => {
  const errors: unknown[] = []
  const original = console.error
  console.error = (...args: unknown[]) => errors.push(args)
  try {
    const done: string[] = []
    inBackground('broken', async () => {
      throw new Error('provider down')
    })
    inBackground('fine', async () => {
      done.push('fine')
    })
    await backgroundIdle()
    expect(done).toEqual(['fine'])
    expect(String(errors[0])).toContain('Background task "broken" failed')
  } finally {
    console.error = original
  }
})
