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
  // remix-serve answers these signals with server.close(): it stops listening at once, so the
  // connections still waiting in the listen backlog are reset (a busy event loop, and PGlite keeps
  // it busy, accepts them a few at a time), and it drops every connection idle at that instant,
  // including those whose request was sent but not read yet. Requests sent before the signal must
  // be answered: here close() only records the server; the drain below keeps accepting until the
  // work queued before the signal is done, stops listening, answers what those connections carry,
  // ends the idle ones, closes the database and exits.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      console.log(`${signal} received: finishing requests in flight, then closing the database`)
      const servers = collectServersOnClose()
      // After the other listeners of this signal: remix-serve's hands over its server then.
      process.nextTick(() =>
        drainAndClose(servers)
          .catch((error) => console.error('Closing the database failed:', error))
          .finally(() => process.exit(0)),
      )
    })
  }
}

type ClosingServer = { server: http.Server; callback?: (error?: Error) => void }

/** From now on, server.close() only records the server: the drain decides when it stops listening. */
function collectServersOnClose() {
  const servers: ClosingServer[] = []
  http.Server.prototype.close = function close(this: http.Server, callback?: (error?: Error) => void) {
    servers.push({ server: this, callback })
    return this
  }
  return servers
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const connectionsOf = (server: http.Server) =>
  new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)))

/**
 * Waits until, for `quietMs`, no API request has run and no connection has been accepted (or the
 * deadline). Each check lets the event loop poll first: after a long busy stretch the timers fire
 * before the poll phase has accepted the connections that waited meanwhile.
 */
async function settle(servers: ClosingServer[], quietMs: number, deadline: number) {
  let lastActivity = Date.now()
  const touch = () => (lastActivity = Date.now())
  for (const { server } of servers) server.on('connection', touch)
  try {
    while (Date.now() < deadline) {
      await sleep(50)
      await new Promise((resolve) => setImmediate(resolve))
      if ((state.__apiInFlight ?? 0) > 0) touch()
      else if (Date.now() - lastActivity >= quietMs) return
    }
  } finally {
    for (const { server } of servers) server.off('connection', touch)
  }
}

// Within the 10 seconds `docker stop` (and most process managers) allow before SIGKILL.
async function drainAndClose(servers: ClosingServer[], timeoutMs = 8_000) {
  const deadline = Date.now() + timeoutMs
  // 1. Keep accepting until the work queued before the signal is done (5 s at most).
  await settle(servers, 300, Math.min(deadline, Date.now() + 5_000))
  for (const { server, callback } of servers) net.Server.prototype.close.call(server, callback)
  console.log('No longer accepting connections')
  // 2. Answer what the last connections carry, then end idle (keep-alive) connections as they
  //    become idle, until none is left.
  await settle(servers, 300, deadline)
  while (Date.now() < deadline) {
    for (const { server } of servers) server.closeIdleConnections()
    const open = await Promise.all(servers.map(({ server }) => connectionsOf(server)))
    if (open.every((count) => count === 0) && (state.__apiInFlight ?? 0) === 0) break
    await sleep(50)
  }
  await closeDatabase()
}
