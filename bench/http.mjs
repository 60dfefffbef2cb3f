// What the bench scripts share: signing in through /login, a load run, and stopping a server.
import autocannon from 'autocannon'

/** Signs in through the /login form and answers the cookie header to send back. */
export async function signIn(base, user) {
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: user.email, password: user.password }),
  })
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ')
  if (response.status !== 302 || !cookie.includes('__session'))
    throw new Error(`Sign-in of ${user.email} failed (${response.status})`)
  return cookie
}

/** One autocannon run against a page. */
export function load(url, { cookie, connections, duration }) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections, duration, headers: cookie ? { cookie } : {}, timeout: 10 },
      (error, result) => (error ? reject(error) : resolve(result)),
    )
  })
}

/** SIGTERM, then SIGKILL if the server has not exited within 15 s. */
export async function stopServer(server) {
  if (server.child.exitCode !== null) return
  const exited = new Promise((resolve) => server.child.once('exit', resolve))
  server.child.kill('SIGTERM')
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))])
  if (server.child.exitCode === null) server.child.kill('SIGKILL')
}

/** The bench's admin, made by the server at its first start. */
export const BENCH_ADMIN = { email: 'admin@bench.test', password: 'bench-admin-password-1' }

/** What the Docker image's runtime sets besides the app's own settings (Dockerfile). */
export const IMAGE_RUNTIME_ENV = { MALLOC_ARENA_MAX: '2' }

/**
 * A bench server's environment. Empty means unset: a PGlite run must not inherit the DATABASE_URL
 * (or WEB_CONCURRENCY, API_URL) given for another run.
 */
export const benchServerEnv = (dataDir, databaseUrl) => ({
  ...IMAGE_RUNTIME_ENV,
  DATA_DIR: dataDir,
  SESSION_SECRET: 'bench-session-secret-0123456789',
  ADMIN_EMAIL: BENCH_ADMIN.email,
  ADMIN_PASSWORD: BENCH_ADMIN.password,
  SEED_DEMO: 'false',
  DATABASE_URL: databaseUrl ?? '',
  WEB_CONCURRENCY: '',
  API_URL: '',
})
