/**
 * Security headers of the built app, over HTTP: every HTML page (every route file, signed out and
 * signed in, error pages too) carries an enforced CSP with a fresh nonce that its scripts carry,
 * nosniff and a Referrer-Policy; HSTS only over HTTPS; the session cookie's attributes and size.
 */
import http from 'node:http'
import zlib from 'node:zlib'
import { createCookieSessionStorage } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PERMISSIONS } from '~/contract/permissions'
import { realPng } from '../support/images'
import { quietMailLog } from '../support/quiet'
import { buildWorld, PASSWORD, type World } from '../support/security-world'
import {
  httpClient,
  SERVER_ADMIN,
  SERVER_SECRET,
  serverPort,
  startServer,
  webSignIn,
  type RunningServer,
} from '../support/server'
import { webPath, webRoutes } from '../support/web-routes'

quietMailLog()

let server: RunningServer
let world: World
let superCookie: string
let customerCookie: string
const HTTPS = { 'x-forwarded-proto': 'https' }

beforeAll(async () => {
  server = await startServer({ port: serverPort(0), env: { TRUST_PROXY: 'true' } })
  world = await buildWorld(httpClient(server))
  superCookie = (await webSignIn(server.url, SERVER_ADMIN.email, SERVER_ADMIN.password)).cookie
  customerCookie = (await webSignIn(server.url, world.customer.email, PASSWORD)).cookie
})

afterAll(async () => {
  await server?.stop()
})

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name.toLowerCase(), values]),
  )

const SAFE_REFERRER = new Set([
  'no-referrer',
  'same-origin',
  'strict-origin',
  'strict-origin-when-cross-origin',
])

/** Everything wrong with one HTML response's security headers; answers the nonce too. */
function inspect(response: Response, html: string) {
  const problems: string[] = []
  const csp = response.headers.get('content-security-policy')
  if (!csp) return { problems: ['no enforced Content-Security-Policy'], nonce: null }
  const map = directives(csp)
  const scriptSrc = map.get('script-src') ?? map.get('default-src') ?? []
  const nonce =
    scriptSrc.find((value) => /^'nonce-[A-Za-z0-9+/=_-]{16,}'$/.test(value))?.slice(7, -1) ?? null
  if (!nonce) problems.push(`script-src has no nonce: ${scriptSrc.join(' ')}`)
  if (scriptSrc.includes("'unsafe-eval'")) problems.push("script-src allows 'unsafe-eval'")
  if (scriptSrc.includes("'unsafe-inline'") && !nonce)
    problems.push("script-src allows 'unsafe-inline'")
  for (const name of ['object-src', 'base-uri', 'frame-ancestors']) {
    if (map.get(name)?.join(' ') !== "'none'")
      problems.push(`${name} is ${map.get(name)?.join(' ') ?? 'missing'}, not 'none'`)
  }
  if (response.headers.get('x-content-type-options') !== 'nosniff')
    problems.push('no X-Content-Type-Options: nosniff')
  const referrer = response.headers.get('referrer-policy') ?? ''
  if (!SAFE_REFERRER.has(referrer)) problems.push(`Referrer-Policy is "${referrer}"`)
  const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].map((match) => match[1])
  for (const attributes of scripts) {
    const own = /\bnonce="([^"]*)"/.exec(attributes)?.[1]
    if (own !== nonce) problems.push(`a <script${attributes}> does not carry the nonce`)
  }
  if (/\son[a-z]+="/i.test(html.replace(/<script[\s\S]*?<\/script>/gi, '')))
    problems.push('an inline event handler attribute (blocked by the CSP)')
  return { problems, nonce, scripts: scripts.length }
}

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers, redirect: 'manual' })
  return { response, html: await response.text() }
}

const isHtml = (response: Response) =>
  (response.headers.get('content-type') ?? '').includes('text/html')
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

async function post(
  path: string,
  body: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { ...FORM, ...headers },
    body: new URLSearchParams(body),
    redirect: 'manual',
  })
  return { response, text: await response.text() }
}

describe('HTML responses', () => {
  test('every page, signed out, as a customer and as the super admin, carries the CSP with a fresh nonce its scripts carry', async () => {
    const failures: string[] = []
    let pages = 0
    const callers: Record<string, Record<string, string>> = {
      anonymous: {},
      customer: { cookie: customerCookie },
      super: { cookie: superCookie },
    }
    for (const route of webRoutes()) {
      if (route.pattern.startsWith('/api/v1')) continue
      const path = webPath(route, world)
      for (const [who, headers] of Object.entries(callers)) {
        const first = await get(path, headers)
        if (!isHtml(first.response)) continue
        const second = await get(path, headers)
        const a = inspect(first.response, first.html)
        const b = inspect(second.response, second.html)
        pages += 1
        for (const problem of [...a.problems, ...b.problems])
          failures.push(`${path} as ${who} (${first.response.status}): ${problem}`)
        // A signed-in page is someone's: no cache may keep it (a shared computer's back button).
        const cacheControl = first.response.headers.get('cache-control') ?? ''
        if (who !== 'anonymous' && !/\bno-store\b/.test(cacheControl)) {
          failures.push(
            `${path} as ${who} (${first.response.status}): Cache-Control is "${cacheControl}", not no-store`,
          )
        }
        if (a.nonce && a.nonce === b.nonce)
          failures.push(`${path} as ${who}: the nonce did not change between two requests`)
        if (first.response.status === 200 && !a.scripts)
          failures.push(`${path} as ${who}: no script carried the nonce (nothing checked)`)
      }
    }
    // A form answered with errors (400) is an HTML page too.
    const posted = await fetch(`${server.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=&password=',
    })
    expect(posted.status).toBe(400)
    const postedCheck = inspect(posted, await posted.text())
    failures.push(...postedCheck.problems.map((problem) => `POST /login (400): ${problem}`))
    console.log(`security headers: ${pages + 1} HTML responses checked`)
    expect(pages).toBeGreaterThan(40)
    expect(failures).toEqual([])
  })

  test('the not-found page (404) carries the headers, signed out and signed in', async () => {
    for (const headers of [{}, { cookie: superCookie }] as Record<string, string>[] as Record<
      string,
      string
    >[]) {
      const { response, html } = await get('/no/such/page', headers)
      expect(response.status).toBe(404)
      expect(html).toContain('Page not found')
      expect(inspect(response, html).problems).toEqual([])
    }
  })

  test('HSTS only when the browser came over HTTPS (through the trusted proxy)', async () => {
    const plain = await get('/login')
    expect(plain.response.headers.get('strict-transport-security')).toBeNull()
    const secure = await get('/login', HTTPS)
    const hsts = secure.response.headers.get('strict-transport-security') ?? ''
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000)
    expect(inspect(secure.response, secure.html).problems).toEqual([])
    const missing = await get('/no/such/page', HTTPS)
    expect(missing.response.headers.get('strict-transport-security')).toBe(hsts)
  })

  test('addresses the HTTP layer refuses before the app (a malformed URL) still get a restrictive CSP and nosniff', async () => {
    // remix-serve's own 400 page: no scripts may run on it at all.
    const { response } = await get('/%E0%A4%A')
    expect(response.status).toBe(400)
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })
})

describe('the session cookie', () => {
  test('HttpOnly, SameSite=Lax, Secure over HTTPS, and under 4 KB for a user holding all 12 permissions', async () => {
    const client = httpClient(server)
    const longest = (letter: string, length: number) => letter.repeat(length)
    const email = `${longest('p', 60)}@${longest('a', 60)}.${longest('b', 60)}.example.com`
    const created = await client.call('POST', 'admin/user', {
      token: world.superAdmin.token,
      body: {
        first_name: longest('F', 100),
        last_name: longest('L', 100),
        email,
        permissions: PERMISSIONS,
      },
    })
    expect(created.status, created.message).toBe('200')
    const link = new URL(/https?:\/\/\S+/.exec(await client.mail(email))?.[0] ?? 'http://x')
    const set = await client.call('POST', 'auth/reset-password', {
      body: {
        email,
        token: link.searchParams.get('token'),
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
    })
    expect(set.status, set.message).toBe('200')
    expect(set.data.user.permissions).toHaveLength(PERMISSIONS.length)

    const overHttps = await webSignIn(server.url, email, PASSWORD, HTTPS)
    const attributes = overHttps.setCookie.split(';').map((part) => part.trim().toLowerCase())
    expect(attributes).toContain('httponly')
    expect(attributes).toContain('samesite=lax')
    expect(attributes).toContain('secure')
    expect(attributes).toContain('path=/')
    console.log(
      `session cookie: ${overHttps.cookie.length} bytes (Set-Cookie ${overHttps.setCookie.length}) for 12 permissions and the longest names`,
    )
    expect(overHttps.setCookie.length).toBeLessThan(4096)
    // Every cookie set over HTTPS is Secure (the toast's too).
    for (const cookie of overHttps.response.headers.getSetCookie())
      expect(cookie.toLowerCase()).toContain('secure')

    const overHttp = await webSignIn(server.url, email, PASSWORD)
    const plain = overHttp.setCookie.toLowerCase()
    expect(plain).toContain('httponly')
    expect(plain).toContain('samesite=lax')
    expect(plain).not.toContain('secure')

    // A signed-in page keeps the cookie as it is (no growth as the user browses).
    const page = await fetch(`${server.url}/settings`, {
      headers: { cookie: overHttps.cookie, ...HTTPS },
    })
    expect(page.status).toBe(200)
    for (const cookie of page.headers.getSetCookie()) expect(cookie.length).toBeLessThan(4096)
  })
})

describe('error pages', () => {
  test('a 500 page (the API provider fails) carries the headers too', async () => {
    // An app whose external API provider answers 500 to everything: pages that need it fail with 500.
    const provider = http.createServer((_request, response) => {
      response.writeHead(500, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({
          status: 'serverError',
          message: 'Something went wrong, please try again',
          data: null,
        }),
      )
    })
    await new Promise<void>((resolve) => provider.listen(serverPort(2), '127.0.0.1', resolve))
    const broken = await startServer({
      port: serverPort(1),
      // No database either: nothing here may need one.
      env: {
        API_URL: `http://127.0.0.1:${serverPort(2)}`,
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      },
      waitForDatabase: false,
    })
    try {
      // Signed in through a cookie made with the same secret (signing in needs the API).
      const storage = createCookieSessionStorage({
        cookie: {
          name: '__session',
          httpOnly: true,
          sameSite: 'lax',
          path: '/',
          secrets: [SERVER_SECRET],
        },
      })
      const session = await storage.getSession()
      session.set('token', 'x'.repeat(43))
      session.set('user', {
        uuid: '00000000-0000-4000-8000-000000000000',
        reference: 'USR-TEST',
        first_name: 'Ada',
        last_name: 'Test',
        email: 'ada@example.com',
        role: 'super_admin',
        permissions: [],
        email_verified: true,
        business_name: null,
      })
      const cookie = (await storage.commitSession(session)).split(';')[0]
      const response = await fetch(`${broken.url}/customers`, {
        headers: { cookie },
        redirect: 'manual',
      })
      const html = await response.text()
      expect(response.status).toBe(500)
      expect(isHtml(response)).toBe(true)
      expect(inspect(response, html).problems).toEqual([])
    } finally {
      await broken.stop()
      provider.close()
    }
  }, 60_000)
})

/** One GET as the bytes arrive (fetch would decode them). */
function rawGet(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(`${server.url}${path}`, { headers }, (response) => {
          const pieces: Buffer[] = []
          response.on('data', (piece: Buffer) => pieces.push(piece))
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(pieces),
            }),
          )
        })
        .on('error', reject)
    },
  )
}

describe('compression', () => {
  test('a browser that takes brotli gets pages in brotli, signed out and signed in; gzip otherwise', async () => {
    for (const [path, cookie, text] of [
      ['/login', '', 'Sign In'],
      ['/land-purchases', superCookie, 'Acquire Land'],
    ]) {
      const brotli = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br, zstd', cookie })
      expect(brotli.status, path).toBe(200)
      expect(brotli.headers['content-encoding'], path).toBe('br')
      expect(brotli.headers.vary, path).toMatch(/Accept-Encoding/i)
      const page = zlib.brotliDecompressSync(brotli.body).toString()
      expect(page, path).toMatch(/^<!DOCTYPE html>/)
      expect(page, path).toContain(text)
      expect(page, path).toContain('streamController.close()')

      for (const acceptEncoding of ['gzip, deflate', 'br;q=0, gzip']) {
        const gzip = await rawGet(path, { 'accept-encoding': acceptEncoding, cookie })
        expect(gzip.headers['content-encoding'], `${path} ${acceptEncoding}`).toBe('gzip')
        expect(zlib.gunzipSync(gzip.body).toString(), path).toContain(text)
      }
      const plain = await rawGet(path, { cookie })
      expect(plain.headers['content-encoding'], path).toBeUndefined()
      expect(plain.body.toString(), path).toContain(text)
    }
  })
})

describe('caching', () => {
  test("signed-in data answers (the scripts' ?_data= loads) carry no-store; signed-out ones are left as they were", async () => {
    for (const cookie of [customerCookie, superCookie]) {
      for (const path of [
        '/?_data=root',
        '/?_data=routes%2F_app',
        '/settings?_data=routes%2F_app.settings',
      ]) {
        const response = await fetch(`${server.url}${path}`, { headers: { cookie } })
        expect(response.status, path).toBe(200)
        expect(response.headers.get('cache-control'), path).toMatch(/\bno-store\b/)
      }
    }
    const signedOut = await fetch(`${server.url}/login?_data=root`)
    expect(signedOut.status).toBe(200)
    expect(signedOut.headers.get('cache-control') ?? '').not.toMatch(/\bno-store\b/)
  })

  test('proofs of payment are private, no-store (the page and the API); product images stay cacheable', async () => {
    const page = await fetch(`${server.url}/resources/media/${world.proof.name}`, {
      headers: { cookie: customerCookie },
    })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^image\//)
    expect(page.headers.get('cache-control')).toBe('private, no-store')
    const api = await fetch(`${server.url}/api/v1/media/${world.proof.name}`, {
      headers: { authorization: `Bearer ${world.customer.token}` },
    })
    expect(api.status).toBe(200)
    expect(api.headers.get('cache-control')).toBe('private, no-store')

    const upload = await httpClient(server).call('POST', 'media/upload', {
      token: world.superAdmin.token,
      body: {
        file_name: 'plot.png',
        file_in_base64: Buffer.from(realPng()).toString('base64'),
        folder_path: 'products',
      },
    })
    expect(upload.status, upload.message).toBe('200')
    const image = await fetch(`${server.url}/api/v1/media/${upload.data.name}`)
    expect(image.status).toBe(200)
    expect(image.headers.get('cache-control')).toMatch(/^public, max-age=\d+/)
  })

  test('receipts and allocation letters are private, no-store', async () => {
    const reference = world.completed.reference
    for (const path of [
      `/subscriptions/${reference}/transactions/${world.completed.transaction}/receipt`,
      `/subscriptions/${reference}/land-document`,
    ]) {
      const response = await fetch(`${server.url}${path}`, { headers: { cookie: customerCookie } })
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type'), path).toBe('application/pdf')
      expect(response.headers.get('cache-control'), path).toBe('private, no-store')
    }
  })
})

describe('redirects after a form post', () => {
  // Where a browser goes with a Location: resolved against the page's address.
  const landing = (response: Response) =>
    new URL(response.headers.get('location') ?? '', server.url)

  test.each([
    ['/%09/evil.example.com', 'a tab (browsers drop it: //evil.example.com)'],
    ['/\t\t/evil.example.com', 'two tabs'],
    ['/%0A/evil.example.com', 'a newline'],
    ['/\r\n/evil.example.com', 'CR LF'],
    ['//evil.example.com', 'a protocol-relative address'],
    ['/\\evil.example.com', 'a backslash'],
    ['/.//evil.example.com', 'a path that normalises to //'],
    ['https://evil.example.com/', 'an absolute address'],
  ])('the sidebar and the notifications panel refuse %j (%s): back to /', async (value) => {
    // The value as the form field carries it (a %09 typed into the field reaches us decoded).
    const redirectTo = decodeURIComponent(value.replace(/%(?![0-9A-F]{2})/gi, '%25'))
    for (const answer of [
      await post(
        '/resources/sidebar',
        { collapsed: 'true', redirectTo },
        { cookie: customerCookie },
      ),
      await post(
        '/resources/notifications',
        { intent: 'mark-all-read', redirectTo },
        { cookie: customerCookie },
      ),
    ]) {
      expect(answer.response.status).toBe(302)
      expect(answer.response.headers.get('location')).toBe('/')
      expect(landing(answer.response).origin).toBe(server.url)
    }
  })

  test('non-ASCII is percent-encoded (no 500); a path and query of our own are kept', async () => {
    const accented = await post(
      '/resources/sidebar',
      { collapsed: 'false', redirectTo: '/land-purchases?search=Ibeju-Lekki ₦' },
      { cookie: customerCookie },
    )
    expect(accented.response.status).toBe(302)
    expect(accented.response.headers.get('location')).toBe(
      '/land-purchases?search=Ibeju-Lekki%20%E2%82%A6',
    )
    const page = await post(
      '/resources/notifications',
      { intent: 'mark-all-read', redirectTo: '/customers?page=2' },
      { cookie: superCookie },
    )
    expect(page.response.status).toBe(302)
    expect(page.response.headers.get('location')).toBe('/customers?page=2')
  })
})

describe('cross-site posts', () => {
  const reminderDay = async () =>
    (
      await httpClient(server).call('GET', 'admin/setting/subscription_due_reminder_day', {
        token: world.superAdmin.token,
      })
    ).data.value

  test('are refused before any action runs, and change nothing', async () => {
    const before = await reminderDay()
    const next = String(before === 20 ? 21 : 20)
    // A page post whose Origin names another host, or is `null` (a sandboxed frame, a data: page):
    // Remix refuses it with an empty 500 before any action or loader runs. A post to a resource
    // route, or marked cross-site by Sec-Fetch-Site alone, gets our 403 page.
    const refused = [
      {
        status: 500,
        ...(await post(
          '/settings',
          { intent: 'subscription_due_reminder_day', value: next },
          { cookie: superCookie, origin: 'null' },
        )),
      },
      {
        status: 500,
        ...(await post(
          '/settings',
          { intent: 'subscription_due_reminder_day', value: next },
          { cookie: superCookie, origin: 'https://evil.example.com' },
        )),
      },
      {
        status: 500,
        ...(await post(
          '/settings',
          { intent: 'subscription_due_reminder_day', value: next },
          { origin: 'https://evil.example.com' },
        )),
      },
      {
        status: 500,
        ...(await post(
          `/subscriptions/${world.unpaid.reference}/cancel?page=1&type=land`,
          {},
          { cookie: superCookie, origin: 'null' },
        )),
      },
      {
        status: 500,
        ...(await post(
          '/login',
          { email: world.customer.email, password: PASSWORD },
          { origin: 'null' },
        )),
      },
      {
        status: 403,
        ...(await post(
          '/resources/notifications',
          { intent: 'delete-all', redirectTo: '/' },
          { cookie: customerCookie, origin: 'null' },
        )),
      },
      {
        status: 403,
        ...(await post(
          '/resources/sidebar',
          { collapsed: 'true', redirectTo: '/' },
          { cookie: customerCookie, origin: 'null' },
        )),
      },
      {
        status: 403,
        ...(await post(
          '/logout',
          {},
          { cookie: customerCookie, origin: 'https://evil.example.com' },
        )),
      },
      {
        status: 403,
        page: true,
        ...(await post(
          '/settings',
          { intent: 'subscription_due_reminder_day', value: next },
          { cookie: superCookie, 'sec-fetch-site': 'cross-site' },
        )),
      },
      {
        status: 403,
        page: true,
        ...(await post(
          '/login',
          { email: world.customer.email, password: PASSWORD },
          { 'sec-fetch-site': 'cross-site' },
        )),
      },
    ]
    for (const { status, response, text, ...answer } of refused) {
      expect(response.status, response.url).toBe(status)
      expect(
        response.headers.getSetCookie().some((cookie) => cookie.startsWith('__session=')),
      ).toBe(false)
      if (status === 500) expect(text, response.url).toBe('')
      else expect(text).toContain('Cross-site form posts are not allowed')
      // Our 403 on a page is the page itself, with its security headers.
      if ('page' in answer)
        expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    }
    expect(await reminderDay()).toBe(before)
    // The notifications are still there, and the customer is still signed in.
    const notifications = await httpClient(server).call('GET', 'notification', {
      token: world.customer.token,
    })
    expect(notifications.data.items.length).toBeGreaterThan(0)
    expect(
      (
        await fetch(`${server.url}/settings`, {
          headers: { cookie: customerCookie },
          redirect: 'manual',
        })
      ).status,
    ).toBe(200)
    const subscription = await httpClient(server).call(
      'GET',
      `product-subscription/${world.unpaid.reference}`,
      { token: world.superAdmin.token },
    )
    expect(subscription.data.status).not.toBe('cancelled')
  })

  test('the same posts from our own pages, or with neither Origin nor Sec-Fetch-Site (curl), are accepted', async () => {
    const before = await reminderDay()
    const next = before === 20 ? 21 : 20
    const own = await post(
      '/settings',
      { intent: 'subscription_due_reminder_day', value: String(next) },
      { cookie: superCookie, origin: server.url },
    )
    expect(own.response.status).toBe(302)
    expect(await reminderDay()).toBe(next)
    const curl = await post(
      '/settings',
      { intent: 'subscription_due_reminder_day', value: String(before) },
      { cookie: superCookie },
    )
    expect(curl.response.status).toBe(302)
    expect(await reminderDay()).toBe(before)
    const sidebar = await post(
      '/resources/sidebar',
      { collapsed: 'true', redirectTo: '/settings' },
      { cookie: customerCookie, origin: server.url, 'sec-fetch-site': 'same-origin' },
    )
    expect(sidebar.response.status).toBe(302)
    expect(sidebar.response.headers.get('location')).toBe('/settings')
    const signIn = await post('/login', { email: world.customer.email, password: PASSWORD })
    expect(signIn.response.status).toBe(302)
  })
})
