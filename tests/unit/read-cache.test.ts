import { describe, expect, test } from 'vitest'
import { createReadCache } from '~/backend/http/read-cache'

const answer = (body: string, status = 200) =>
  new Response(body, { status, headers: { 'content-type': 'application/json' } })

describe('the API read cache', () => {
  test('answers a repeated read from memory with the same body and headers', async () => {
    const cache = createReadCache()
    const stored = await cache.set('token /product', cache.generation, answer('{"a":1}'))
    expect(await stored.text()).toBe('{"a":1}')
    const hit = cache.get('token /product')
    expect(hit?.status).toBe(200)
    expect(hit?.headers.get('content-type')).toBe('application/json')
    expect(await hit?.text()).toBe('{"a":1}')
  })

  test('keeps binary bodies (images) byte for byte', async () => {
    const cache = createReadCache()
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00])
    const stored = await cache.set(
      't /media/a.png',
      cache.generation,
      new Response(png, { headers: { 'content-length': '10' } }),
    )
    expect(new Uint8Array(await stored.arrayBuffer())).toEqual(png)
    expect(new Uint8Array(await cache.get('t /media/a.png')!.arrayBuffer())).toEqual(png)
  })

  test('keeps readers apart: another token or address is another entry', async () => {
    const cache = createReadCache()
    await cache.set('alice /notification', cache.generation, answer('alice'))
    expect(cache.get('bob /notification')).toBeNull()
    expect(cache.get('alice /notification?page=2')).toBeNull()
  })

  test('a write empties it, and a read that began before the write is not stored', async () => {
    const cache = createReadCache()
    await cache.set('t /product', cache.generation, answer('old'))
    const startedBeforeWrite = cache.generation
    cache.invalidate()
    expect(cache.get('t /product')).toBeNull()
    await cache.set('t /product', startedBeforeWrite, answer('computed from old data'))
    expect(cache.get('t /product')).toBeNull()
  })

  test('files come back byte for byte, from the cache too', async () => {
    const cache = createReadCache()
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00, 0xc3])
    const passed = await cache.set(
      't /media/x',
      cache.generation,
      new Response(png, { headers: { 'content-type': 'image/png' } }),
    )
    expect(new Uint8Array(await passed.arrayBuffer())).toEqual(png)
    const hit = cache.get('t /media/x')
    expect(hit?.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await hit!.arrayBuffer())).toEqual(png)
  })

  test('errors, large answers and expired entries are not served', async () => {
    const cache = createReadCache({ maxBodyBytes: 10, ttlMs: 0 })
    await cache.set('t /a', cache.generation, answer('{}', 404))
    await cache.set('t /b', cache.generation, answer('x'.repeat(11)))
    expect(cache.get('t /a')).toBeNull()
    expect(cache.get('t /b')).toBeNull()
    const shortLived = createReadCache({ ttlMs: -1 })
    await shortLived.set('t /c', shortLived.generation, answer('{}'))
    expect(shortLived.get('t /c')).toBeNull()
  })

  test('drops the least recently used entry when full', async () => {
    const cache = createReadCache({ maxEntries: 2 })
    await cache.set('1', cache.generation, answer('one'))
    await cache.set('2', cache.generation, answer('two'))
    cache.get('1')
    await cache.set('3', cache.generation, answer('three'))
    expect(cache.get('2')).toBeNull()
    expect(await cache.get('1')?.text()).toBe('one')
    expect(await cache.get('3')?.text()).toBe('three')
  })
})

describe('reads under way', () => {
  test('the same read asked for many times at once runs once, and each asker gets the whole answer', async () => {
    const cache = createReadCache()
    let runs = 0
    let finish: () => void = () => {}
    const load = async () => {
      runs += 1
      await new Promise<void>((resolve) => (finish = resolve))
      return answer('{"items":[1,2,3]}')
    }
    const readers = Array.from({ length: 5 }, () => cache.read('t /product?page=1', load))
    finish()
    const bodies = await Promise.all(readers.map(async (reader) => (await reader).text()))
    expect(runs).toBe(1)
    expect(bodies).toEqual(Array(5).fill('{"items":[1,2,3]}'))
  })

  test('a read that waited on one begun before a write runs again on the new data', async () => {
    const cache = createReadCache()
    let data = 'old'
    let finish: () => void = () => {}
    const first = cache.read('t /product', async () => {
      const seen = data
      await new Promise<void>((resolve) => (finish = resolve))
      return answer(seen)
    })
    const second = cache.read('t /product', async () => answer(data))
    data = 'new'
    cache.invalidate()
    finish()
    expect(await (await first).text()).toBe('old')
    expect(await (await second).text()).toBe('new')
  })

  test('errors are not shared: each waiting read asks again', async () => {
    const cache = createReadCache()
    let runs = 0
    let finish: () => void = () => {}
    const first = cache.read('t /x', async () => {
      runs += 1
      await new Promise<void>((resolve) => (finish = resolve))
      return answer('{}', 503)
    })
    const second = cache.read('t /x', async () => {
      runs += 1
      return answer('{}', 503)
    })
    finish()
    expect((await first).status).toBe(503)
    expect((await second).status).toBe(503)
    expect(runs).toBe(2)
  })

  test("the web layer's read gets a kept answer as its bytes, and anything else as the Response it was", async () => {
    const cache = createReadCache()
    let loads = 0
    const load = async () => (loads++, answer('{"items":[1,2]}'))
    const first = await cache.readKept('t /product', load)
    const again = await cache.readKept('t /product', load)
    expect(loads).toBe(1)
    for (const kept of [first, again]) {
      expect(kept).not.toBeInstanceOf(Response)
      expect(kept.status).toBe(200)
      expect(kept.headers).toContainEqual(['content-type', 'application/json'])
      expect(JSON.parse(new TextDecoder().decode((kept as { body: Uint8Array }).body))).toEqual({
        items: [1, 2],
      })
    }
    const refused = await cache.readKept('t /secret', async () =>
      answer('{"status":"forbidden"}', 403),
    )
    expect(refused).toBeInstanceOf(Response)
    expect(await (refused as Response).text()).toBe('{"status":"forbidden"}')
    expect(cache.get('t /secret')).toBeNull()
  })
})
