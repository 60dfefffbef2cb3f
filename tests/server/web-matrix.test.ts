/**
 * Every web route (read from app/routes) × anonymous, a customer, another customer, a realtor, an
 * admin holding no permission and the super admin, against the built app. Parameters point at the
 * customer's records (or its people's). Signed-out visitors of protected pages go to /login, admin
 * pages refuse whoever may not see them, nobody else sees the customer's data, and form posts
 * from those who may not use a page change nothing (checked through the API afterwards).
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { PERMISSIONS } from '~/contract/permissions'
import { ACTORS, type Actor } from '../support/authorization-rules'
import { quietMailLog } from '../support/quiet'
import { buildWorld, PASSWORD, type World } from '../support/security-world'
import { httpClient, SERVER_ADMIN, serverPort, startServer, webSignIn, type RunningServer } from '../support/server'
import { webExpectation, webFormBody, webPath, webRoutes, type WebExpectation, type WebRoute } from '../support/web-routes'

quietMailLog()

let server: RunningServer
let world: World
const cookies = new Map<Actor, string>()

beforeAll(async () => {
  server = await startServer({ port: serverPort(0) })
  world = await buildWorld(httpClient(server))
  const admin = await world.adminWithout(PERMISSIONS)
  const accounts: Record<Exclude<Actor, 'anonymous'>, { email: string; password: string }> = {
    customer: world.customer,
    other: world.other,
    realtor: world.realtor,
    admin,
    super: SERVER_ADMIN,
  }
  for (const [actor, account] of Object.entries(accounts)) {
    cookies.set(actor as Actor, (await webSignIn(server.url, account.email, account.password ?? PASSWORD)).cookie)
  }
})

afterAll(async () => {
  await server?.stop()
})

// What the caller typed (the address) may come back in the page; anything else of the customer's may not.
const mayNotSee = new Set<Actor>(['anonymous', 'other', 'realtor', 'admin'])

/** The customer's world as the API shows it to the super admin and the customer: a refused post must leave it as it was. */
async function snapshot() {
  const client = httpClient(server)
  const su = world.superAdmin.token
  const reads: [string, string][] = [
    [`admin/customer/${world.customer.uuid}`, su],
    [`admin/realtor/${world.realtor.uuid}`, su],
    [`admin/user/${world.staffUser.uuid}`, su],
    ['admin/customer?page=1', su],
    ['admin/realtor?page=1', su],
    ['admin/user?page=1', su],
    ['product?page=1', su],
    [`product/${world.land.reference}`, su],
    [`product/${world.investment.reference}`, su],
    [`product/${world.land.reference}/payment-plan`, su],
    ['admin/setting/bank_details', su],
    ['admin/setting/subscription_due_reminder_day', su],
    ['product-subscription?page=1', su],
    [`product-subscription/${world.instalments.reference}/transaction`, su],
    ['notification', world.customer.token],
  ]
  const answers = await Promise.all(reads.map(([path, token]) => client.call('GET', path, { token })))
  return JSON.stringify(answers.map((answer, index) => [reads[index][0], answer.httpStatus, answer.data]))
}

function judge(expectation: WebExpectation, path: string, response: Response): string | null {
  const status = response.status
  const location = response.headers.get('location') ?? ''
  const target = location ? new URL(location, server.url).pathname : ''
  if (status >= 500) return `answered ${status}`
  switch (expectation) {
    case 'ok':
      return status === 200 ? null : `expected the page (200), got ${status} ${location}`
    case 'login':
      return status >= 300 && status < 400 && target === '/login' ? null : `expected a redirect to /login, got ${status} ${location}`
    case 'home':
      return status >= 300 && status < 400 && target === '/' ? null : `expected a redirect to /, got ${status} ${location}`
    case 'notFound':
      return status === 404 ? null : `expected 404, got ${status}`
    case 'refused':
      if (status === 403 || status === 404) return null
      if (status >= 300 && status < 400 && target !== new URL(path, server.url).pathname && target !== '/login') return null
      return `expected a refusal (403, 404 or a redirect elsewhere), got ${status} ${location}`
    case 'any':
      return null
  }
}

/**
 * A GET that follows the list pages' canonical-address redirect (the same path with its default
 * query, ?page=1&type=land say), which is neither a refusal nor a page: the page it names is judged.
 */
async function getCanonical(path: string, cookie: string | undefined) {
  const headers: Record<string, string> = cookie ? { cookie } : {}
  const response = await fetch(`${server.url}${path}`, { headers, redirect: 'manual' })
  const location = response.headers.get('location')
  if (!location || response.status < 300 || response.status >= 400) return response
  const target = new URL(location, server.url)
  if (target.pathname !== path || !target.search) return response
  await response.body?.cancel()
  return fetch(target, { headers, redirect: 'manual' })
}

function form(body: Record<string, string | string[]>) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, item)
  }
  return params
}

test('authorization matrix: every web route × every kind of caller', async () => {
  const routes = webRoutes().filter((route) => !route.pattern.startsWith('/api/v1'))
  const failures: string[] = []
  let checked = 0

  // Pages.
  for (const route of routes) {
    const path = webPath(route, world)
    for (const actor of ACTORS) {
      const cookie = cookies.get(actor)
      const response = await getCanonical(path, cookie)
      const html = await response.text()
      checked += 1
      const expectation = webExpectation(route, actor)
      const verdict = judge(expectation, path, response)
      if (verdict) failures.push(`GET ${path} as ${actor}: ${verdict}`)
      if (mayNotSee.has(actor)) {
        const leaked = world.markers.filter((marker) => html.includes(marker) && !path.includes(marker))
        if (leaked.length) failures.push(`GET ${path} as ${actor}: the page shows the customer's ${leaked.join(', ')}`)
      }
    }
  }

  // Form posts by those who may not use the page: nothing changes.
  const posts: { route: WebRoute; actor: Actor }[] = []
  for (const route of routes.filter((candidate) => candidate.hasAction && candidate.signedIn)) {
    for (const actor of ACTORS) {
      if (webExpectation(route, actor) !== 'ok' || actor === 'anonymous') posts.push({ route, actor })
    }
  }
  let before = await snapshot()
  for (const { route, actor } of posts) {
    const path = webPath(route, world)
    const body = webFormBody(route, world, actor) ?? {}
    const cookie = cookies.get(actor)
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      body: form(body),
      redirect: 'manual',
    })
    const html = await response.text()
    checked += 1
    if (response.status >= 500) failures.push(`POST ${path} as ${actor}: answered ${response.status}`)
    if (response.status === 200) failures.push(`POST ${path} as ${actor}: answered 200 (the page accepted the post)`)
    if (mayNotSee.has(actor)) {
      const leaked = world.markers.filter((marker) => html.includes(marker) && !path.includes(marker))
      if (leaked.length) failures.push(`POST ${path} as ${actor}: the answer shows the customer's ${leaked.join(', ')}`)
    }
    const after = await snapshot()
    if (after !== before) failures.push(`POST ${path} as ${actor}: changed data (answered ${response.status} ${response.headers.get('location') ?? ''})`)
    before = after
  }

  // A post from another site riding on the super admin's session is refused (403) and changes nothing.
  const forged = await fetch(`${server.url}/settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.get('super')!, origin: 'https://attacker.example' },
    body: form({ intent: 'subscription_due_reminder_day', value: '23' }),
    redirect: 'manual',
  })
  checked += 1
  // Its cookies are dropped: the page asks for a sign-in (or refuses outright), the session never acts.
  const refusal = forged.status === 403 ? 403 : `${forged.status} ${new URL(forged.headers.get('location') ?? '/', server.url).pathname}`
  expect([403, '302 /login']).toContain(refusal)
  expect(await snapshot()).toBe(before)
  const forgedPublic = await fetch(`${server.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://attacker.example' },
    body: form({ email: SERVER_ADMIN.email, password: SERVER_ADMIN.password }),
    redirect: 'manual',
  })
  checked += 1
  expect(forgedPublic.status).toBe(403)
  expect(forgedPublic.headers.getSetCookie().some((cookie) => cookie.startsWith('__session='))).toBe(false)

  // The check can fail: the same kind of post by someone allowed does change the data.
  const control = await fetch(`${server.url}/settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.get('super')! },
    body: form({ intent: 'subscription_due_reminder_day', value: '23' }),
    redirect: 'manual',
  })
  expect(control.status).toBeLessThan(400)
  expect(await snapshot()).not.toBe(before)

  console.log(`authorization matrix (web): ${checked} pairs checked (${routes.length} routes × ${ACTORS.length} callers, and ${posts.length} refused form posts)`)
  expect(failures).toEqual([])
}, 300_000)
