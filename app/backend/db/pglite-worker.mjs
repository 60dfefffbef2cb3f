// The embedded database (PGlite) on a thread of its own. PGlite runs PostgreSQL as WebAssembly, and
// a query runs synchronously from start to end: on the server's thread a slow one (a dashboard's
// sums over thousands of rows, an export's batch) held every other request until it ended.
// Started and spoken to by pglite-thread.ts; plain JavaScript, because it is loaded from this
// folder at run time (the server build does not include it; the Dockerfile copies it).
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

/** @param {unknown} error */
function describe(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), props: {} }
  /** @type {Record<string, unknown>} */
  const props = {}
  // PostgreSQL's error fields (code, detail, constraint, ...) are own properties: the callers read them.
  // The query's options hold functions (type parsers): whatever cannot be copied stays here.
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined) continue
    try {
      props[key] = structuredClone(value)
    } catch {
      // Not copyable across threads: left out.
    }
  }
  return { name: error.name, message: error.message, stack: error.stack, props }
}

/** @param {{ id: number } & Record<string, unknown>} message */
function reply(message, transfer = []) {
  try {
    parentPort.postMessage(message, transfer)
  } catch (error) {
    // A value that cannot be copied to the other thread: the caller still gets an answer.
    parentPort.postMessage({ id: message.id, error: describe(error) })
  }
}

const identity = (value) => value

let db
try {
  db = await PGlite.create(workerData.folder, {
    extensions: { pg_trgm },
    startParams: workerData.startParams,
  })
  parentPort.postMessage({ ready: true })
} catch (error) {
  parentPort.postMessage({ failed: describe(error) })
  process.exit(1)
}

parentPort.on('message', async (message) => {
  const { id, op } = message
  try {
    if (op === 'query') {
      const { rowMode, rawTypes } = message.options
      // Type parsers are functions, which cannot cross threads: the caller names the types it wants
      // as PostgreSQL sends them (drizzle keeps dates and intervals as text).
      const parsers = Object.fromEntries(rawTypes.map((type) => [type, identity]))
      reply({ id, result: await db.query(message.sql, message.params, { rowMode, parsers }) })
    } else if (op === 'exec') {
      reply({ id, result: await db.exec(message.sql) })
    } else if (op === 'dump') {
      const bytes = await (await db.dumpDataDir('none')).arrayBuffer()
      reply({ id, result: bytes }, [bytes])
    } else if (op === 'close') {
      await db.close()
      reply({ id, result: null })
      parentPort.close()
    } else {
      throw new Error(`Unknown database operation: ${op}`)
    }
  } catch (error) {
    reply({ id, error: describe(error) })
  }
})
