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
  // remix-serve stops accepting connections on SIGTERM/SIGINT; requests in flight finish,
  // then the database is closed cleanly before the process exits.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      console.log(`${signal} received: finishing requests in flight, then closing the database`)
      drainAndClose()
        .catch((error) => console.error('Closing the database failed:', error))
        .finally(() => process.exit(0))
    })
  }
}

async function drainAndClose(timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  let quietSince = Date.now()
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    if ((state.__apiInFlight ?? 0) > 0) quietSince = Date.now()
    else if (Date.now() - quietSince >= 250) break
  }
  await closeDatabase()
}
