import path from 'node:path'
import { Worker } from 'node:worker_threads'

/**
 * A PGlite database on a worker thread (pglite-worker.mjs), with the part of PGlite's interface
 * that drizzle uses: query, exec, transaction and close. The server's thread only sends the SQL and
 * copies the rows back, so it goes on serving while a query runs.
 */

const WORKER_FILE = path.resolve(process.cwd(), 'app/backend/db/pglite-worker.mjs')

type QueryOptions = {
  rowMode?: 'array' | 'object'
  parsers?: Record<number, (value: string, typeId: number) => unknown>
}
type QueryResult = {
  rows: unknown[]
  fields: { name: string; dataTypeID: number }[]
  affectedRows?: number
}
type SentError = { name: string; message: string; stack?: string; props: Record<string, unknown> }
type Answer = { id: number; result?: unknown; error?: SentError }

export type ThreadTransaction = {
  query: (sql: string, params?: unknown[], options?: QueryOptions) => Promise<QueryResult>
  exec: (sql: string) => Promise<QueryResult[]>
  rollback: () => Promise<void>
  readonly closed: boolean
}

function rebuild(sent: SentError) {
  const error = new Error(sent.message) as Error & Record<string, unknown>
  Object.assign(error, sent.props)
  error.name = sent.name
  return error
}

/**
 * The types to pass on as PostgreSQL's text: the worker applies the same identity parsers, since
 * a function cannot be copied to another thread. Any other parser is refused rather than ignored.
 */
function rawTypesOf(parsers: QueryOptions['parsers']) {
  const types = Object.entries(parsers ?? {})
  for (const [type, parse] of types) {
    if (parse('1', Number(type)) !== '1')
      throw new Error(`Only identity type parsers reach the database thread (type ${type})`)
  }
  return types.map(([type]) => Number(type))
}

export class PgliteThread {
  #worker: Worker
  #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >()
  #nextId = 1
  #stopped: Error | null = null
  #closing = false
  // One caller at a time, as in PGlite itself: a transaction's statements must not interleave with
  // anybody else's queries.
  #turn: Promise<unknown> = Promise.resolve()

  private constructor(worker: Worker) {
    this.#worker = worker
    worker.on('message', (answer: Answer) => {
      const pending = this.#pending.get(answer.id)
      if (!pending) return
      this.#pending.delete(answer.id)
      if (answer.error) pending.reject(rebuild(answer.error))
      else pending.resolve(answer.result)
    })
    const stop = (reason: Error) => {
      this.#stopped ??= reason
      for (const pending of this.#pending.values()) pending.reject(this.#stopped)
      this.#pending.clear()
    }
    worker.on('error', (error) => {
      console.error('The database thread failed:', error)
      stop(new Error(`The database thread failed: ${error.message}`))
    })
    worker.on('exit', (code) => {
      if (!this.#closing)
        console.error(
          `The database thread stopped (exit code ${code}): every query now fails until the server restarts`,
        )
      stop(new Error(`The database thread has stopped (exit code ${code})`))
    })
  }

  /** Starts the thread and opens the database in `folder`; rejects with PGlite's own error when it cannot. */
  static async open(folder: string, startParams: string[]) {
    const worker = new Worker(WORKER_FILE, { workerData: { folder, startParams } })
    await new Promise<void>((resolve, reject) => {
      const settle = () => {
        worker.off('message', onMessage)
        worker.off('error', onError)
        worker.off('exit', onExit)
      }
      const onMessage = (message: { ready?: boolean; failed?: SentError }) => {
        settle()
        if (message.ready) resolve()
        else
          reject(
            rebuild(
              message.failed ?? {
                name: 'Error',
                message: 'The database thread did not start',
                props: {},
              },
            ),
          )
      }
      const onError = (error: Error) => {
        settle()
        reject(error)
      }
      const onExit = (code: number) => {
        settle()
        reject(
          new Error(`The database thread ended before the database opened (exit code ${code})`),
        )
      }
      worker.on('message', onMessage)
      worker.on('error', onError)
      worker.on('exit', onExit)
    })
    return new PgliteThread(worker)
  }

  #send<T>(message: Record<string, unknown>): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped)
    const id = this.#nextId++
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      this.#worker.postMessage({ ...message, id })
    })
  }

  #exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#turn.then(work)
    this.#turn = run.catch(() => {})
    return run
  }

  #query(sql: string, params: unknown[] = [], options: QueryOptions = {}) {
    return this.#send<QueryResult>({
      op: 'query',
      sql,
      params,
      options: { rowMode: options.rowMode, rawTypes: rawTypesOf(options.parsers) },
    })
  }

  #exec(sql: string) {
    return this.#send<QueryResult[]>({ op: 'exec', sql })
  }

  query(sql: string, params?: unknown[], options?: QueryOptions) {
    return this.#exclusive(() => this.#query(sql, params, options))
  }

  exec(sql: string) {
    return this.#exclusive(() => this.#exec(sql))
  }

  /** BEGIN, the callback's statements (nobody else's), then COMMIT, or ROLLBACK when it throws. */
  transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    return this.#exclusive(async () => {
      await this.#query('BEGIN')
      let closed = false
      const open = () => {
        if (closed) throw new Error('Transaction is closed')
      }
      const tx: ThreadTransaction = {
        query: async (sql, params, options) => (open(), this.#query(sql, params, options)),
        exec: async (sql) => (open(), this.#exec(sql)),
        rollback: async () => {
          open()
          await this.#query('ROLLBACK')
          closed = true
        },
        get closed() {
          return closed
        },
      }
      try {
        const result = await callback(tx)
        if (!closed) await this.#query('COMMIT')
        return result
      } catch (error) {
        if (!closed) await this.#query('ROLLBACK')
        throw error
      } finally {
        closed = true
      }
    })
  }

  /** The whole data folder as one uncompressed archive (PGlite's dumpDataDir('none')). */
  dumpDataDir(_compression: 'none' = 'none') {
    return this.#exclusive(async () => new Blob([await this.#send<ArrayBuffer>({ op: 'dump' })]))
  }

  /** Closes the database, then the thread ends. */
  close() {
    return this.#exclusive(async () => {
      if (this.#stopped) return
      this.#closing = true
      const exited = new Promise((resolve) => this.#worker.once('exit', resolve))
      await this.#send({ op: 'close' })
      await exited
    })
  }
}
