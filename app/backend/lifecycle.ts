import diagnostics from 'node:diagnostics_channel'
import type http from 'node:http'
import { backgroundTasks } from './background'
import { closeDatabase, getConnection } from './db/client'
import { readCache } from './http/read-cache'

type LifecycleState = {
  __apiStarted?: boolean
  __apiInFlight?: number
  __shuttingDown?: boolean
}
const state = globalThis as unknown as LifecycleState

export function requestStarted() {
  state.__apiInFlight = (state.__apiInFlight ?? 0) + 1
}

export function requestFinished() {
  state.__apiInFlight = Math.max(0, (state.__apiInFlight ?? 1) - 1)
}

/** From SIGTERM on: the health check answers 503 so a load balancer sends this instance nothing new. */
export function isShuttingDown() {
  return state.__shuttingDown === true
}

/** The HTTP servers of this process and their requests not yet answered, as Node reports them. */
const served = { servers: new Set<http.Server>(), inFlight: 0 }

function watchHttpServers() {
  diagnostics.subscribe('http.server.request.start', (message) => {
    const { server, response } = message as { server: http.Server; response: http.ServerResponse }
    served.servers.add(server)
    served.inFlight += 1
    response.once('close', () => (served.inFlight -= 1))
  })
}

/** Opens the database (migrations, first-start seed) and starts the jobs, once per process. */
export function startEmbeddedApi() {
  if (state.__apiStarted) return
  state.__apiStarted = true
  watchHttpServers()
  getConnection()
    .then(async (connection) => {
      const { startJobs } = await import('./jobs')
      startJobs(connection.db)
    })
    .catch((error) => console.error('The database could not be opened:', error))
  // remix-serve answers these signals itself: it stops listening and ends the idle connections,
  // while requests already being answered go on. Here the database stays open until those are
  // answered, and keep-alive connections are ended as soon as they fall idle.
  let received = false
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (received) return
      received = true
      state.__shuttingDown = true
      // A health answer kept from before would say the server still takes work.
      readCache.invalidate()
      console.log(`${signal} received: finishing requests in flight, then closing the database`)
      drainAndClose()
        .catch((error) => console.error('Closing the database failed:', error))
        .finally(() => process.exit(0))
    })
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// Within the 10 seconds `docker stop` (and most process managers) allow before SIGKILL.
async function drainAndClose(timeoutMs = 8_000) {
  const deadline = Date.now() + timeoutMs
  let announced = false
  while (Date.now() < deadline) {
    await sleep(50)
    const listening = [...served.servers].some((server) => server.listening)
    if (!listening && !announced) {
      announced = true
      console.log('No longer accepting connections')
    }
    for (const server of served.servers) server.closeIdleConnections()
    if (
      !listening &&
      served.inFlight === 0 &&
      (state.__apiInFlight ?? 0) === 0 &&
      backgroundTasks() === 0
    )
      break
  }
  await closeDatabase()
}
