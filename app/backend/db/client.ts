import fs from 'node:fs'
import path from 'node:path'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { defaultPoolSize, getConfig } from '../config'
import type { PgliteThread } from './pglite-thread'
import * as schema from './schema'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
/** Either the database or a transaction on it: what every query helper takes. */
export type Executor = Database | Transaction

export type Connection = {
  db: Database
  kind: 'pglite' | 'postgres'
  /** Whether this process is the database's only writer, so reads may be cached until its next write. */
  cacheable: boolean
  close: () => Promise<void>
  /**
   * Runs `work` while no other process starting on the same database runs its own (the
   * migrations, the first-start account): processes and instances may start together.
   */
  startup: <T>(work: () => Promise<T>) => Promise<T>
  /** An embedded database's whole data folder as one archive, which `openDatabase({ from })` starts from. */
  dump?: () => Promise<Blob>
}

/** Any fixed number: the key of the PostgreSQL advisory lock taken while a process starts. */
const STARTUP_LOCK = 7_205_311_020

const migrationsFolder = path.resolve(process.cwd(), 'app/backend/db/migrations')

export async function openDatabase(options: {
  databaseUrl?: string
  /**
   * PostgreSQL only: the tables' owner, which runs the migrations and grants DATABASE_URL's role its
   * rights; DATABASE_URL's role must then be unable to change the audit trail (db/roles.ts).
   */
  migrationUrl?: string
  dataDir: string
  /** Connections in the PostgreSQL pool (default 10). */
  poolSize?: number
  /** An in-memory database starts as a copy of this dump instead of an empty cluster (tests: much faster). */
  from?: Blob
}): Promise<Connection> {
  if (options.migrationUrl && !options.databaseUrl)
    throw new Error("A migration URL needs a database URL: the app role's connection")
  if (options.databaseUrl) {
    const { default: pg } = await import('pg')
    const { drizzle } = await import('drizzle-orm/node-postgres')
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 })
    // A lost connection must not crash the process: the pool drops the client and the next query reconnects.
    pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message))
    // The pool listens only to its idle clients. One that is checked out (a transaction between two of
    // its statements) and is ended by the server, as in a PostgreSQL restart, emitted 'error' with
    // nobody listening, and that ended the process. Its next query fails, and the pool drops it on release.
    pool.on('connect', (client) =>
      client.on('error', (error) => console.error('PostgreSQL connection lost:', error.message)),
    )
    const db = drizzle(pool, { schema }) as unknown as Database
    // A session advisory lock on a connection of its own (a pool of one must still serve `work`).
    const startup = async <T>(work: () => Promise<T>) => {
      const client = new pg.Client({ connectionString: options.databaseUrl })
      await client.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK])
        return await work()
      } finally {
        await client.end().catch(() => {})
      }
    }
    try {
      await startup(async () => {
        if (options.migrationUrl) await migrateAsOwner(options.migrationUrl, pool)
        else if (await migrationsPending(pool)) await migrateAsAppRole(db, pool)
      })
    } catch (error) {
      await pool.end().catch(() => {})
      throw error
    }
    return { db, kind: 'postgres', cacheable: false, startup, close: () => pool.end() }
  }

  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  const inMemory = options.dataDir === 'memory://'
  const folder = inMemory ? undefined : path.resolve(options.dataDir, 'pglite')
  if (folder) fs.mkdirSync(folder, { recursive: true })
  const releaseLock = folder ? acquireFolderLock(folder) : () => {}
  // PostgreSQL's default 128 MB of shared buffers lives in this process's memory; the API's read
  // cache answers repeated reads, and the operating system caches the data files.
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']
  // A data folder's database (the server's) runs on a thread of its own, so that a slow query does
  // not hold every other request; an in-memory one (the tests', which also write to it directly)
  // stays on this thread.
  let client: PgliteThread | InstanceType<typeof PGlite>
  try {
    client = folder
      ? await (await import('./pglite-thread')).PgliteThread.open(folder, startParams)
      : await PGlite.create({
          extensions: { pg_trgm },
          ...(options.from ? { loadDataDir: options.from } : {}),
          startParams,
        })
  } catch (error) {
    releaseLock()
    throw error
  }
  // drizzle calls query, exec and transaction, which the thread answers as PGlite does.
  const db = drizzle(client as InstanceType<typeof PGlite>, { schema }) as unknown as Database
  await migrate(db as never, { migrationsFolder })
  return {
    db,
    kind: 'pglite',
    // An in-memory database is the tests', which also write to it directly.
    cacheable: !inMemory,
    // The folder lock already keeps every other process out.
    startup: (work) => work(),
    close: async () => {
      await client.close()
      releaseLock()
    },
    dump: () => client.dumpDataDir('none'),
  }
}

type Pool = import('pg').Pool

/** Migrations and the app role's rights, by the owner's connection; then the app's role is checked. */
async function migrateAsOwner(migrationUrl: string, pool: Pool) {
  const { default: pg } = await import('pg')
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const { migrate } = await import('drizzle-orm/node-postgres/migrator')
  const { assertAppRoleBound, currentRole, grantAppRole } = await import('./roles')
  const app = await currentRole(pool)
  const owner = new pg.Client({ connectionString: migrationUrl })
  owner.on('error', (error) =>
    console.error('PostgreSQL migration connection lost:', error.message),
  )
  await owner.connect()
  try {
    const { role, database } = await currentRole(owner)
    // Granting to the owner itself would take rights away from the owner.
    if (role === app.role)
      throw new Error(
        `DATABASE_URL and DATABASE_MIGRATION_URL both connect as ${role}: the app needs a role of its own.`,
      )
    if (database !== app.database) {
      throw new Error(
        `DATABASE_MIGRATION_URL names the database ${database}, and DATABASE_URL ${app.database}: they must name the same one.`,
      )
    }
    await migrate(drizzle(owner, { schema }) as never, { migrationsFolder })
    await grantAppRole(owner, app.role)
  } finally {
    await owner.end().catch(() => {})
  }
  await assertAppRoleBound(pool)
}

/**
 * One role does everything (DATABASE_URL alone), as it did before DATABASE_MIGRATION_URL. A role that
 * may not migrate gets an error that says what to set.
 */
async function migrateAsAppRole(db: Database, pool: Pool) {
  const { migrate } = await import('drizzle-orm/node-postgres/migrator')
  try {
    await migrate(db as never, { migrationsFolder })
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause ?? error
    if ((cause as { code?: string }).code !== '42501') throw error
    const { currentRole } = await import('./roles')
    const { role } = await currentRole(pool)
    throw new Error(
      `The database has migrations to run, and DATABASE_URL's role ${role} may not run them (${(cause as Error).message}). ` +
        "Set DATABASE_MIGRATION_URL to the tables' owner (docs/postgresql.md).",
    )
  }
}

/**
 * Whether a migration of the folder is not yet in the database, read as drizzle's migrator decides it
 * (by the newest migration's time). An up-to-date database is then left alone: migrating runs DDL
 * (CREATE SCHEMA IF NOT EXISTS) that a role without CREATE on the database may not run.
 */
async function migrationsPending(pool: Pool) {
  const { readMigrationFiles } = await import('drizzle-orm/migrator')
  const newest = Math.max(
    ...readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis),
  )
  try {
    const { rows } = await pool.query(
      'select max(created_at) as applied from drizzle."__drizzle_migrations"',
    )
    return rows[0].applied === null || Number(rows[0].applied) < newest
  } catch (error) {
    // No migrations table yet (3F000: no schema drizzle; 42P01: no table), or none this role may read.
    if (['3F000', '42P01', '42501'].includes((error as { code?: string }).code ?? '')) return true
    throw error
  }
}

/**
 * PGlite has no lock across processes and two processes on one folder lose rows,
 * so the folder is claimed with a pid file; the file of a dead process (killed with SIGKILL,
 * say) is taken over. The holder's start time is kept beside its pid, so a pid that now
 * belongs to another process (pids are reused, and a container restarts with the same few)
 * does not keep the folder locked.
 */
function acquireFolderLock(folder: string) {
  const lockFile = path.join(folder, '..', 'pglite.lock')
  const mine = `${process.pid} ${processStartTime(process.pid) ?? ''}`.trim()
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockFile, mine, { flag: 'wx' })
      return () => {
        // Only our own claim is removed.
        if (readLock(lockFile) === mine) fs.rmSync(lockFile, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const [pid, startTime] = (readLock(lockFile) ?? '').split(' ')
      const holder = Number(pid)
      if (holder && holder !== process.pid && holdsLock(holder, startTime)) {
        throw new Error(
          `The database folder ${folder} is in use by process ${holder}. PGlite allows one process per folder: stop it first.`,
        )
      }
      fs.rmSync(lockFile, { force: true })
    }
  }
  throw new Error(`Could not lock ${folder}`)
}

function readLock(lockFile: string) {
  try {
    return fs.readFileSync(lockFile, 'utf8').trim()
  } catch {
    return null
  }
}

/** Is the process that wrote the lock still running (not dead, not a zombie, not a newer process with its pid)? */
function holdsLock(pid: number, startTime: string | undefined) {
  try {
    process.kill(pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  const stat = procStat(pid)
  if (!stat) return true // No /proc (not Linux): trust the pid.
  if (stat.state === 'Z' || stat.state === 'X') return false
  return !startTime || stat.startTime === startTime
}

/** State and start time (clock ticks since boot) of a process, from /proc/<pid>/stat on Linux. */
function procStat(pid: number) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    return { state: fields[0], startTime: fields[19] }
  } catch {
    return null
  }
}

function processStartTime(pid: number) {
  return procStat(pid)?.startTime ?? null
}

const globalForDb = globalThis as unknown as { __database?: Promise<Connection> }

/** One connection per process (cached on globalThis so `remix dev` rebuilds keep it). */
export function getConnection(): Promise<Connection> {
  if (!globalForDb.__database) {
    const env = getConfig()
    globalForDb.__database = openDatabase({
      databaseUrl: env.DATABASE_URL,
      migrationUrl: env.DATABASE_MIGRATION_URL,
      dataDir: env.DATA_DIR,
      poolSize: env.DATABASE_POOL_SIZE ?? defaultPoolSize(env.WEB_CONCURRENCY),
    }).then(async (connection) => {
      const { bootstrap } = await import('./bootstrap')
      await connection.startup(() => bootstrap(connection.db))
      return connection
    })
    globalForDb.__database.catch(() => {
      globalForDb.__database = undefined
    })
  }
  return globalForDb.__database
}

/** Tests hand in their own fresh database. */
export function setConnection(connection: Promise<Connection>) {
  globalForDb.__database = connection
}

export async function getDb() {
  return (await getConnection()).db
}

export async function closeDatabase() {
  const pending = globalForDb.__database
  globalForDb.__database = undefined
  if (pending) await (await pending).close()
}
