/**
 * Remix's writer of streamed answers, with the upstream fixes backported
 * (patches/@remix-run+node+2.17.5.patch): it reads the next chunk only once the client has taken
 * what is queued, stops reading when the client has gone, and lets go of each chunk once written,
 * so a long export is never held whole in the server's memory.
 */
import { Writable } from 'node:stream'
import v8 from 'node:v8'
import vm from 'node:vm'
import { writeReadableStreamToWritable } from '@remix-run/node'
import { expect, test } from 'vitest'

/** A stream of `total` chunks of 64 KB that counts how many were pulled, and whether it was cancelled. */
function counted(total: number) {
  const state = { pulled: 0, cancelled: false }
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled += 1
      controller.enqueue(new Uint8Array(64 * 1024))
      if (state.pulled === total) controller.close()
    },
    cancel() {
      state.cancelled = true
    },
  })
  return { stream, state }
}

/** A client that takes a chunk only when `take()` is called. */
function slowClient() {
  const pending: (() => void)[] = []
  let received = 0
  const writable = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, done) {
      received += chunk.length
      pending.push(done)
    },
  })
  return { writable, take: () => pending.shift()?.(), received: () => received }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10))

test('a client that takes nothing holds the stream at a chunk; each chunk taken lets one more be read', async () => {
  const { stream, state } = counted(100)
  const client = slowClient()
  const done = writeReadableStreamToWritable(stream, client.writable)
  await tick()
  // The chunk written and at most the one the stream reads ahead.
  expect(state.pulled).toBeLessThanOrEqual(2)
  for (let index = 0; index < 10; index++) {
    client.take()
    await tick()
  }
  expect(state.pulled).toBeLessThanOrEqual(12)
  for (let index = 0; index < 200 && state.pulled < 100; index++) {
    client.take()
    await tick()
  }
  while (client.received() < 100 * 64 * 1024) {
    client.take()
    await tick()
  }
  client.take()
  await done
  expect(state.pulled).toBe(100)
  expect(state.cancelled).toBe(false)
})

test('a client that goes away stops the reading: the stream is cancelled', async () => {
  const { stream, state } = counted(100)
  const client = slowClient()
  const done = writeReadableStreamToWritable(stream, client.writable)
  await tick()
  client.writable.destroy()
  await expect(done).rejects.toThrow('Writable closed before stream finished')
  expect(state.cancelled).toBe(true)
  expect(state.pulled).toBeLessThanOrEqual(2)
})

test('chunks already written are let go while the stream goes on', async () => {
  v8.setFlagsFromString('--expose-gc')
  const collectGarbage = vm.runInNewContext('gc') as () => void
  const written: WeakRef<Uint8Array>[] = []
  let resume = () => {}
  const paused = new Promise<void>((resolve) => (resume = resolve))
  let reachedPause = () => {}
  const atPause = new Promise<void>((resolve) => (reachedPause = resolve))
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (written.length === 100) {
        reachedPause()
        await paused
        controller.close()
        return
      }
      const chunk = new Uint8Array(256 * 1024)
      written.push(new WeakRef(chunk))
      controller.enqueue(chunk)
    },
  })
  const client = new Writable({ write: (_chunk, _encoding, done) => done() })
  const done = writeReadableStreamToWritable(stream, client)
  await atPause
  await tick()
  collectGarbage()
  await tick()
  collectGarbage()
  // 25 MB written and the stream still open: the writer keeps none of it but the last chunk or two.
  const kept = written.filter((chunk) => chunk.deref() !== undefined).length
  expect(kept).toBeLessThanOrEqual(2)
  resume()
  await done
})
