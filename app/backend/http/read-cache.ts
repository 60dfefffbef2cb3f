/**
 * GET answers kept in memory until the next write. Reads outnumber writes by far on this
 * platform; every non-GET request (and every job run) empties the cache, so an answer is never
 * older than the last change made through this process. Only safe where this process is the
 * only writer: on PGlite, which allows one process per data folder. With PostgreSQL (several
 * instances may write) it stays off.
 */
// Bytes, not text: images (media/:name) pass through here too.
type Entry = { generation: number; status: number; headers: [string, string][]; body: Uint8Array<ArrayBuffer>; storedAt: number }

export type ReadCache = ReturnType<typeof createReadCache>

export function createReadCache({ maxEntries = 5000, maxBodyBytes = 256 * 1024, ttlMs = 60_000 } = {}) {
  const entries = new Map<string, Entry>()
  let generation = 0

  return {
    get generation() {
      return generation
    },
    get(key: string) {
      const entry = entries.get(key)
      if (!entry) return null
      if (entry.generation !== generation || Date.now() - entry.storedAt > ttlMs) {
        entries.delete(key)
        return null
      }
      // Refresh its place so the least recently used entry goes first when full.
      entries.delete(key)
      entries.set(key, entry)
      return new Response(entry.body, { status: entry.status, headers: entry.headers })
    },
    async set(key: string, startedAt: number, response: Response) {
      if (startedAt !== generation || response.status !== 200) return response
      const body = new Uint8Array(await response.arrayBuffer())
      const headers = [...response.headers.entries()]
      if (body.byteLength <= maxBodyBytes && startedAt === generation) {
        entries.set(key, { generation: startedAt, status: response.status, headers, body, storedAt: Date.now() })
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
      }
      return new Response(body, { status: response.status, headers })
    },
    invalidate() {
      generation += 1
      entries.clear()
    },
  }
}

const globalForCache = globalThis as unknown as { __apiReadCache?: ReadCache }

/** The process's one cache (kept on globalThis so `remix dev` rebuilds share it). */
export const readCache = (globalForCache.__apiReadCache ??= createReadCache())
