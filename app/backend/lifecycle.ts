import http from 'node:http'
import net from 'node:net'
import { closeDatabase, getConnection } from './db/client'

const state = globalThis as unknown as { __apiStarted?: boolean; __apiInFlight?: number }

export function requestStarted() {
  state.__apiInFlight = (state.__apiInFlight ?? 0) + 1
}

export function requestFinished() {
  state.__apiInFlight = Math.max(0, (state.__apiInFlight ?? 1) - 1)
}

/** Opens the database (migrations, first-start seed) and starts the jobs, once per process. */
export function startEmbeddedApi() {
  if (state.__apiStarted) return
  state.__apiStarted = true
  getConnection()
    .then(async (connection) => {
      const { startJobs } = await import('./jobs')
      startJobs(connection.db)
    })
    .catch((error) => console.error('The database could not be opened:', error))
  // remix-serve answers these signals with server.close(): it stops listening, which is what we
  // want, but at once, so connections still waiting in the listen backlog are reset, and it drops
  // every connection idle at that instant, including those whose request was sent but not read yet
  // (PGlite keeps the event loop busy). Requests sent before the signal must be answered: here its
  // close() accepts what is waiting, then stops listening; the drain serves what arrived, then
  // closes idle connections, then the database, then exits.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      console.log(`${signal} received: finishing requests in flight, then closing the database`)
      const servers = keepConnectionsOnClose()
      drainAndClose(servers)
        .catch((error) => console.error('Closing the database failed:', error))
        .finally(() => process.exit(0))
    })
  }
}

/**
 * From now on, server.close() stops listening (after the next turns of the event loop have
 * accepted the connections already waiting) and collects the server; its connections are ours to end.
 */
function keepConnectionsOnClose() {
  const servers: http.Server[] = []
  http.Server.prototype.close = function close(this: http.Server, callback?: (error?: Error) => void) {
    servers.push(this)
    setTimeout(() => {
      net.Server.prototype.close.call(this, callback)
      console.log('No longer accepting connections')
    }, 100)
    return this
  }
  return servers
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const connectionsOf = (server: http.Server) =>
  new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)))

async function drainAndClose(servers: http.Server[], timeoutMs = 25_000) {
  const deadline = Date.now() + timeoutMs
  // Let requests already on their way be read and answered: wait for a quiet half second.
  let quietSince = Date.now()
  while (Date.now() < deadline) {
    await sleep(50)
    if ((state.__apiInFlight ?? 0) > 0) quietSince = Date.now()
    else if (Date.now() - quietSince >= 500) break
  }
  // Then end idle (keep-alive) connections as they become idle, until none is left.
  while (Date.now() < deadline) {
    for (const server of servers) server.closeIdleConnections()
    const open = await Promise.all(servers.map(connectionsOf))
    if (open.every((count) => count === 0) && (state.__apiInFlight ?? 0) === 0) break
    await sleep(50)
  }
  await closeDatabase()
}
