/**
 * The built app (npm run build) served by remix-serve in a child process, as production runs it,
 * for the checks that need a real server: security headers, the web authorization matrix and
 * malformed form posts, and the fault-tolerance checks (SIGKILL, SIGTERM, PostgreSQL restarts).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import http from 'node:http'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { decodeMail, readEnvelope } from './api-harness'
import type { Answer, WorldClient } from './security-world'

export const SERVER_SECRET = 'server-tests-session-secret-0123456789'
export const SERVER_ADMIN = { email: 'admin@example.com', password: 'admin-password-1' }

/**
 * Ports for these servers: SERVER_TEST_PORT, or the ports just above E2E_PORT (which the e2e run
 * uses), so parallel runs with different E2E_PORTs do not collide. `offset` picks one of them.
 */
export function serverPort(offset: number) {
  const base = Number(process.env.SERVER_TEST_PORT ?? Number(process.env.E2E_PORT ?? 3400) + 1)
  return base + offset
}

/** A PostgreSQL port for the fault checks: SERVER_TEST_PG_PORT, or TEST_PG_PORT + 3. */
export function faultPostgresPort() {
  return Number(process.env.SERVER_TEST_PG_PORT ?? Number(process.env.TEST_PG_PORT ?? 54329) + 3)
}

export type RunningServer = {
  url: string
  port: number
  dataDir: string
  child: ChildProcess
  /** Everything the server printed so far. */
  output: () => string
  /** Resolves with the exit code and signal when the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Sends a signal and waits for the exit (SIGKILL after `graceMs`). */
  stop: (
    signal?: NodeJS.Signals,
    graceMs?: number,
  ) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

export type ServerOptions = {
  port: number
  /** Reused when given (restarts); otherwise a fresh temporary folder. */
  dataDir?: string
  env?: Record<string, string>
  /** Wait for the health route to report the database open (default true). */
  waitForDatabase?: boolean
  /** What `npm start` runs (bin/serve.mjs, which reads WEB_CONCURRENCY) instead of remix-serve itself. */
  launcher?: boolean
  /** Node's own options for the server process (V8 flags, which NODE_OPTIONS refuses). */
  nodeArgs?: string[]
  /** The folder the server runs in (default: the repository), for a checkout with files missing. */
  cwd?: string
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const root = path.resolve(import.meta.dirname, '../..')
  if (!fs.existsSync(path.join(root, 'build', 'index.js')))
    throw new Error('Build the app first: npm run build')
  const dataDir = options.dataDir ?? (await freshDataDir(options.env?.DATABASE_URL ? null : root))
  const url = `http://127.0.0.1:${options.port}`
  const entry = options.launcher ? 'bin/serve.mjs' : 'node_modules/.bin/remix-serve'
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), path.join(root, entry), './build/index.js'],
    {
      cwd: options.cwd ?? root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(options.port),
        DATA_DIR: dataDir,
        SESSION_SECRET: SERVER_SECRET,
        ADMIN_EMAIL: SERVER_ADMIN.email,
        ADMIN_PASSWORD: SERVER_ADMIN.password,
        SEED_DEMO: 'false',
        JOBS: 'false',
        APP_URL: url,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  const keep = (chunk: Buffer) => {
    output += chunk.toString()
    if (output.length > 2_000_000) output = output.slice(-1_000_000)
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  let done = false
  void exited.then(() => (done = true))

  const deadline = Date.now() + 90_000
  for (;;) {
    if (done)
      throw new Error(
        `The server on port ${options.port} exited while starting:\n${output.slice(-3000)}`,
      )
    // Only once this process is listening: another server on the port must not pass for it.
    if (!output.includes(`http://localhost:${options.port}`)) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      if (Date.now() > deadline) {
        child.kill('SIGKILL')
        throw new Error(
          `The server on port ${options.port} did not start listening:\n${output.slice(-3000)}`,
        )
      }
      continue
    }
    try {
      const response = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(5_000) })
      const body = (await response.json().catch(() => null)) as {
        data?: { database?: string }
      } | null
      if (options.waitForDatabase === false || (response.ok && body?.data?.database === 'ok')) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(
        `The server on port ${options.port} did not become healthy:\n${output.slice(-3000)}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 150))
  }

  return {
    url,
    port: options.port,
    dataDir,
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM', graceMs = 20_000) {
      if (!done) child.kill(signal)
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
      const result = await exited
      clearTimeout(timer)
      return result
    },
  }
}

/**
 * A new data folder. On PGlite (`root` given) it holds a copy of a database created and migrated
 * once per set of migrations, shared by the test processes: creating and migrating a PGlite
 * cluster took 7-16 s of every server's start. The e2e run's own server still starts empty.
 */
async function freshDataDir(root: string | null) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-server-'))
  if (!root) return dataDir
  const migrations = path.join(root, 'app/backend/db/migrations')
  const hash = crypto.createHash('sha256')
  for (const file of fs
    .readdirSync(migrations, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())) {
    const full = path.join(file.parentPath, file.name)
    hash.update(path.relative(migrations, full)).update(fs.readFileSync(full))
  }
  const template = path.join(os.tmpdir(), `lb-server-template-${hash.digest('hex').slice(0, 16)}`)
  if (!fs.existsSync(template)) {
    const making = fs.mkdtempSync(`${template}-making-`)
    const { openDatabase } = await import('../../app/backend/db/client')
    const connection = await openDatabase({ dataDir: making })
    await connection.close()
    try {
      fs.renameSync(making, template)
    } catch {
      // Another test process made it first.
      fs.rmSync(making, { recursive: true, force: true })
    }
  }
  fs.cpSync(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true })
  return dataDir
}

/** The newest e-mail to an address in a server's outbox, decoded ('' when none). */
export function newestMail(dataDir: string, to: string) {
  const dir = path.join(dataDir, 'outbox')
  if (!fs.existsSync(dir)) return ''
  const slug = to.replace(/[^a-z0-9]+/gi, '_').slice(0, 60)
  const files = fs
    .readdirSync(dir)
    .filter((file) => file.includes(slug))
    .sort()
  return files.length
    ? decodeMail(fs.readFileSync(path.join(dir, files[files.length - 1]), 'utf8'))
    : ''
}

/** Calls /api/v1 over HTTP as a mobile app or script would. */
export function httpClient(server: { url: string; dataDir: string }): WorldClient {
  return {
    async call(method, apiPath, options = {}): Promise<Answer> {
      const headers: Record<string, string> = { accept: '*/*' }
      if (options.token) headers.authorization = `Bearer ${options.token}`
      if (options.body !== undefined) headers['content-type'] = 'application/json'
      Object.assign(headers, options.headers)
      const response = await fetch(`${server.url}/api/v1/${apiPath.replace(/^\//, '')}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      })
      const text = await response.text()
      return {
        httpStatus: response.status,
        ...readEnvelope(text),
        text,
        contentType: response.headers.get('content-type') ?? '',
      }
    },
    mail: async (email) => {
      // Mail is written as the request ends: give the file a moment to land.
      for (let attempt = 0; attempt < 50; attempt++) {
        const mail = newestMail(server.dataDir, email)
        if (mail) return mail
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      return ''
    },
  }
}

/** Signs in through the /login form (no JavaScript) and answers the session cookie to send back. */
export async function webSignIn(
  url: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ email, password }),
  })
  const cookies = response.headers.getSetCookie()
  const session = cookies.find((cookie) => cookie.startsWith('__session='))
  if (response.status !== 302 || !session) {
    throw new Error(
      `Signing in ${email} through /login failed: ${response.status} ${await response.text()}`,
    )
  }
  return { cookie: session.split(';')[0], setCookie: session, response }
}

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; text: string }

/**
 * One request on its own connection (no keep-alive), so a connection the server closed after an
 * earlier answer can never be mistaken for a failure of this one. Rejects when no answer comes.
 */
export function rawRequest(
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array | null },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString(),
        }),
      )
      response.on('error', reject)
    })
    request.on('error', reject)
    request.end(body ?? undefined)
  })
}
