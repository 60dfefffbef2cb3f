import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Connection } from '~/backend/db/client'
import type { ResponseOf } from '~/contract/endpoint'
import type { EndpointName, endpoints } from '~/contract/endpoints'
import type { Permission } from '~/contract/permissions'

/**
 * A fresh embedded API per test file: PGlite in memory (started from the migrated dump made by
 * tests/support/pglite-template.ts), or a new database on the PostgreSQL server named by
 * TEST_DATABASE_URL (the PostgreSQL-mode run), which the API uses as an app role that owns no
 * table, an owner role running the migrations. Requests go through the same
 * handleApiRequest that /api/v1 serves.
 */
export const ADMIN_EMAIL = 'admin@example.com'
export const ADMIN_PASSWORD = 'admin-password-1'

export type CallOptions = {
  token?: string | null
  body?: unknown
  headers?: Record<string, string>
  raw?: BodyInit
  clientIp?: string
}

/**
 * The `data` of an answer when a test names no type: the JSON as the server sent it, unchecked,
 * as Response.json() gives it; the test's expectations check its shape. Name the endpoint's type
 * (`DataOf<'productList'>`) where the type checker should follow what the test reads.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON as sent, typed as Response.json() types it
export type SentJson = any

/** What an endpoint answers in `data`, by its name in the endpoint table. */
export type DataOf<Name extends EndpointName> = ResponseOf<(typeof endpoints)[Name]>

/** An item of a paged list, by the list's name in the endpoint table. */
export type ItemOf<Name extends EndpointName> =
  DataOf<Name> extends { items: readonly (infer Item)[] } ? Item : never

/** The API's envelope in a body; its fields are undefined when the body is not JSON. */
export function readEnvelope(text: string): { status: string; message: string; data: SentJson } {
  let json: { status?: string; message?: string; data?: unknown } | null = null
  try {
    json = JSON.parse(text)
  } catch {
    // Not JSON: every field stays undefined.
  }
  return { status: json?.status as string, message: json?.message as string, data: json?.data }
}

export type ApiAnswer<T = SentJson> = {
  httpStatus: number
  status: string
  message: string
  data: T
  response: Response
}

/** The account fixtures pay into: no proof of payment is taken while the bank details are incomplete. */
export const TEST_BANK_DETAILS = {
  account_number: '0123456789',
  account_name: 'Land Banking Ltd',
  bank_name: 'Zenith Bank',
}

/** `bankDetails: false` starts as a fresh install does, before staff fill in the bank details. */
export async function createTestApi({ bankDetails = true }: { bankDetails?: boolean } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-api-'))
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-session-secret-0123456789',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SEED_DEMO: 'false',
    JOBS: 'false',
    APP_URL: 'http://localhost:3000',
    NODE_ENV: 'test',
  })
  const { openDatabase, setConnection, closeDatabase } = await import('~/backend/db/client')
  const { bootstrap } = await import('~/backend/db/bootstrap')
  const { handleApiRequest } = await import('~/backend')

  let dropDatabase = async () => {}
  let connection: Connection
  const adminUrl = process.env.TEST_DATABASE_URL
  let databaseUrls: { app: string; owner: string } | null = null
  if (adminUrl) {
    const { default: pg } = await import('pg')
    const name = `lb_test_${crypto.randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await createTestRoles(admin)
    await admin.query(`create database ${name} owner ${TEST_ROLES.owner}`)
    await admin.end()
    // As in production (docs/postgresql.md): the owner migrates, the app runs as a role that owns nothing.
    databaseUrls = {
      app: roleUrl(adminUrl, TEST_ROLES.app, name),
      owner: roleUrl(adminUrl, TEST_ROLES.owner, name),
    }
    connection = await openDatabase({
      databaseUrl: databaseUrls.app,
      migrationUrl: databaseUrls.owner,
      dataDir,
    })
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    }
  } else {
    const template = process.env.TEST_PGLITE_TEMPLATE
    connection = await openDatabase({
      dataDir: 'memory://',
      from: template ? new Blob([fs.readFileSync(template)]) : undefined,
    })
  }
  // On PGlite, GET answers are cached as production PGlite caches them (an in-memory database is
  // otherwise never cached, as tests also write to it directly: those writes empty the cache too).
  // On PostgreSQL, as in production, nothing is cached.
  let testDb = connection.db
  if (connection.kind === 'pglite') {
    const { readCache } = await import('~/backend/http/read-cache')
    readCache.invalidate()
    connection = { ...connection, cacheable: true }
    testDb = invalidatesReadCache(connection.db, () => readCache.invalidate())
  }
  const silence = console.log
  console.log = () => {}
  try {
    await bootstrap(connection.db)
    if (bankDetails) {
      const { setBankDetails } = await import('~/backend/settings/service')
      await setBankDetails(connection.db, TEST_BANK_DETAILS)
    }
  } finally {
    console.log = silence
  }
  setConnection(Promise.resolve(connection))

  async function call<T = SentJson>(
    method: string,
    apiPath: string,
    options: CallOptions = {},
  ): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { ...options.headers }
    if (options.token) headers.authorization = `Bearer ${options.token}`
    let body: BodyInit | undefined = options.raw
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json'
      body = JSON.stringify(options.body)
    }
    const response = await handleApiRequest(
      new Request(`http://localhost/api/v1/${apiPath.replace(/^\//, '')}`, {
        method,
        headers,
        body,
      }),
      { clientIp: options.clientIp ?? null },
    )
    return { httpStatus: response.status, ...readEnvelope(await response.clone().text()), response }
  }

  async function login(email: string, password: string) {
    const answer = await call('POST', 'auth/login', { body: { email, password } })
    if (answer.status !== '200') throw new Error(`Login of ${email} failed: ${answer.message}`)
    return answer.data as DataOf<'login'>
  }

  /** The newest .eml written to the outbox for an address, as text. */
  function latestMail(to: string) {
    const dir = path.join(dataDir, 'outbox')
    if (!fs.existsSync(dir)) return null
    const slug = to.replace(/[^a-z0-9]+/gi, '_').slice(0, 60)
    const files = fs
      .readdirSync(dir)
      .filter((file) => file.includes(slug))
      .sort()
    if (!files.length) return null
    return decodeMail(fs.readFileSync(path.join(dir, files[files.length - 1]), 'utf8'))
  }

  /** Every .eml written to the outbox for an address, oldest first (two sent in one millisecond may come in either order). */
  function mailsTo(to: string) {
    const dir = path.join(dataDir, 'outbox')
    if (!fs.existsSync(dir)) return []
    const slug = to.replace(/[^a-z0-9]+/gi, '_').slice(0, 60)
    return fs
      .readdirSync(dir)
      .filter((file) => file.includes(slug))
      .sort()
      .map((file) => decodeMail(fs.readFileSync(path.join(dir, file), 'utf8')))
  }

  function mailCount(to: string) {
    const dir = path.join(dataDir, 'outbox')
    if (!fs.existsSync(dir)) return 0
    const slug = to.replace(/[^a-z0-9]+/gi, '_').slice(0, 60)
    return fs.readdirSync(dir).filter((file) => file.includes(slug)).length
  }

  let counter = 0
  /** Registers and verifies a customer (or realtor) through the API, as a person would. */
  async function registerUser(
    role: 'customer' | 'realtor' = 'customer',
    extra: Record<string, unknown> = {},
  ) {
    counter += 1
    const email = `${role}-${counter}-${crypto.randomBytes(3).toString('hex')}@example.com`
    const password = 'password-123'
    const registered = await call('POST', 'auth/register', {
      body: {
        email,
        password,
        first_name: 'Ada',
        last_name: `Obi${counter}`,
        role,
        ...(role === 'realtor' ? { business_name: 'Obi Homes' } : {}),
        ...extra,
      },
    })
    if (registered.status !== '200') throw new Error(`Registration failed: ${registered.message}`)
    const code = /code is (\d{6})/.exec(latestMail(email) ?? '')?.[1]
    const verified = await call('POST', 'verify-email', {
      token: registered.data.token,
      body: { otp: code },
    })
    if (verified.status !== '200') throw new Error(`Verification failed: ${verified.message}`)
    return {
      email,
      password,
      token: registered.data.token as string,
      user: verified.data as DataOf<'verifyEmail'>,
    }
  }

  /** A staff account (admin by default) holding the given permissions, signed in. */
  async function createStaff(
    permissions: Permission[] = [],
    role: 'admin' | 'super_admin' = 'admin',
  ) {
    const { createAccount } = await import('~/backend/auth/service')
    counter += 1
    const email = `${role}-${counter}-${crypto.randomBytes(3).toString('hex')}@example.com`
    const password = 'password-123'
    await createAccount(testDb, {
      email,
      firstName: 'Sam',
      lastName: `Staff${counter}`,
      role,
      password,
      permissions,
      emailVerified: true,
    })
    return { email, password, ...(await login(email, password)) }
  }

  async function close() {
    await closeDatabase()
    await dropDatabase()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }

  return {
    call,
    login,
    latestMail,
    mailsTo,
    mailCount,
    registerUser,
    createStaff,
    close,
    db: testDb,
    dataDir,
    databaseUrls,
  }
}

/** The PostgreSQL runs' two roles: the owner of each test database, and the app's, which owns nothing. */
export const TEST_ROLES = {
  owner: 'lb_test_owner',
  app: 'lb_test_app',
  password: 'lb-test-password',
}

/** Creates the two roles once per server; test files start together, so a role made meanwhile is fine. */
export async function createTestRoles(admin: { query: (text: string) => Promise<unknown> }) {
  for (const role of [TEST_ROLES.owner, TEST_ROLES.app]) {
    await admin.query(
      `do $$ begin create role ${role} login password '${TEST_ROLES.password}'; ` +
        'exception when duplicate_object or unique_violation then null; end $$',
    )
  }
}

/** The server's URL, as another role on another database. */
export function roleUrl(serverUrl: string, role: string, database: string) {
  const url = new URL(serverUrl)
  url.username = role
  url.password = TEST_ROLES.password
  url.pathname = `/${database}`
  return url.toString()
}

const DIRECT_WRITES = new Set(['insert', 'update', 'delete', 'execute', 'transaction'])

/**
 * The database as the tests see it in the read-cache pass: a test's own write empties the cache,
 * as every write through the API does (in production the API is PGlite's only writer). The app
 * keeps the plain database, so a write the API forgets to follow with an emptied cache still shows.
 */
function invalidatesReadCache<T extends object>(db: T, invalidate: () => void): T {
  return new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver)
      if (typeof value !== 'function') return value
      if (typeof property === 'string' && DIRECT_WRITES.has(property)) {
        return (...args: unknown[]) => {
          invalidate()
          return value.apply(target, args)
        }
      }
      return value.bind(target)
    },
  })
}

export type TestApi = Awaited<ReturnType<typeof createTestApi>>

/** Undoes quoted-printable soft breaks so links and codes read whole. */
export function decodeMail(raw: string) {
  // Quoted-printable: a run of =XX escapes is the UTF-8 bytes of one or more characters (₦ is three).
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (run) =>
      Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'),
    )
}
