/**
 * GET answers kept in memory until the next write. Reads outnumber writes by far on this
 * platform; every non-GET request (and every job run) empties the cache, so an answer is never
 * older than the last change made through this process. Only safe where this process is the
 * only writer: on PGlite, which allows one process per data folder. With PostgreSQL (several
 * instances may write) it stays off.
 */
// Bytes, not text: images (media/:name) pass through here too.
type Entry = {
  generation: number
  status: number
  headers: [string, string][]
  body: Uint8Array<ArrayBuffer>
  storedAt: number
}

/** A read's answer as kept: its status, headers (names in lower case) and body. */
export type KeptAnswer = Pick<Entry, 'status' | 'headers' | 'body'>

export type ReadCache = ReturnType<typeof createReadCache>

export function createReadCache({
  maxEntries = 5000,
  maxBodyBytes = 256 * 1024,
  ttlMs = 60_000,
} = {}) {
  const entries = new Map<string, Entry>()
  // Reads under way: a burst of the same read (a list page opened by many at once after a write)
  // runs one query, and the others wait for its answer instead of queueing the same work.
  const pending = new Map<string, { generation: number; answer: Promise<Entry | null> }>()
  let generation = 0
  const toResponse = (entry: KeptAnswer) =>
    new Response(entry.body, { status: entry.status, headers: entry.headers })

  /**
   * Buffers a 200 answer and keeps it when it is small enough and no write came since `startedAt`;
   * `entry` is null when it may not be shared with reads that waited for it.
   */
  async function store(
    key: string,
    startedAt: number,
    response: Response,
  ): Promise<{ answer: Entry | Response; entry: Entry | null }> {
    // A streamed download (a list's CSV export) is passed on as it comes, never buffered here.
    if (
      startedAt !== generation ||
      response.status !== 200 ||
      response.headers.get('x-accel-buffering') === 'no'
    ) {
      return { answer: response, entry: null }
    }
    const body = new Uint8Array(await response.arrayBuffer())
    const entry: Entry = {
      generation: startedAt,
      status: response.status,
      headers: [...response.headers.entries()],
      body,
      storedAt: Date.now(),
    }
    const fresh = startedAt === generation
    if (fresh && body.byteLength <= maxBodyBytes) {
      entries.set(key, entry)
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
    }
    return { answer: entry, entry: fresh ? entry : null }
  }

  const asResponse = (answer: KeptAnswer | Response) =>
    answer instanceof Response ? answer : toResponse(answer)

  /** The entry kept for `key`, if it is still valid. */
  function keptEntry(key: string) {
    const entry = entries.get(key)
    if (!entry) return null
    if (entry.generation !== generation || Date.now() - entry.storedAt > ttlMs) {
      entries.delete(key)
      return null
    }
    // Refresh its place so the least recently used entry goes first when full.
    entries.delete(key)
    entries.set(key, entry)
    return entry
  }

  const cache = {
    get generation() {
      return generation
    },
    get(key: string) {
      const entry = keptEntry(key)
      return entry ? toResponse(entry) : null
    },
    async set(key: string, startedAt: number, response: Response) {
      return asResponse((await store(key, startedAt, response)).answer)
    },
    invalidate() {
      generation += 1
      entries.clear()
    },
    /** The kept answer, else the answer of the same read already under way, else `load()`'s (then kept). */
    async read(key: string, load: () => Promise<Response>): Promise<Response> {
      return asResponse(await cache.readKept(key, load))
    },
    /**
     * As read(), but an answer that is kept (or could be) comes back as its entry, without a
     * Response: what the web layer's in-process calls read.
     */
    async readKept(key: string, load: () => Promise<Response>): Promise<KeptAnswer | Response> {
      const hit = keptEntry(key)
      if (hit) return hit
      const shared = pending.get(key)
      if (shared && shared.generation === generation) {
        const entry = await shared.answer
        // Not shareable (an error, or a write came first): this read runs on its own.
        return entry ?? load()
      }
      const startedAt = generation
      let settle: (entry: Entry | null) => void = () => {}
      const answer = new Promise<Entry | null>((resolve) => (settle = resolve))
      pending.set(key, { generation: startedAt, answer })
      try {
        const stored = await store(key, startedAt, await load())
        settle(stored.entry)
        return stored.answer
      } catch (error) {
        settle(null)
        throw error
      } finally {
        if (pending.get(key)?.answer === answer) pending.delete(key)
      }
    },
  }
  return cache
}

const globalForCache = globalThis as unknown as { __apiReadCache?: ReadCache }

/** The process's one cache (kept on globalThis so `remix dev` rebuilds share it). */
export const readCache = (globalForCache.__apiReadCache ??= createReadCache())
