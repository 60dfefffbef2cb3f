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
import {
  httpClient,
  SERVER_ADMIN,
  serverPort,
  startServer,
  webSignIn,
  type RunningServer,
} from '../support/server'
import {
  webExpectation,
  webFixture,
  webFormBody,
  webPath,
  webPosters,
  webRoutes,
  type FormValue,
  type WebExpectation,
  withPaymentProvider,
  type WebProvider,
  type WebRoute,
} from '../support/web-routes'
import { startStandIn, type StandIn } from '../../tools/provider-stand-in/server.mjs'

quietMailLog()

let server: RunningServer
let world: World
let standIn: StandIn
let provider: WebProvider
const cookies = new Map<Actor, string>()

beforeAll(async () => {
  // With a payment provider (the stand-in), so its pages and forms are checked too; the rest behaves as without.
  const port = serverPort(0)
  standIn = await startStandIn({
    port: 0,
    env: {},
    paystackWebhookUrl: `http://127.0.0.1:${port}/api/v1/webhooks/paystack`,
  })
  server = await startServer({
    port,
    env: {
      PAYMENT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: standIn.keys.paystackSecretKey,
      PAYSTACK_BASE_URL: standIn.paystackBaseUrl,
    },
  })
  ;({ world, provider } = await withPaymentProvider(
    httpClient(server),
    await buildWorld(httpClient(server)),
    standIn,
  ))
  const admin = await world.adminWithout(PERMISSIONS)
  const accounts: Record<Exclude<Actor, 'anonymous'>, { email: string; password: string }> = {
    customer: world.customer,
    other: world.other,
    realtor: world.realtor,
    admin,
    super: SERVER_ADMIN,
  }
  for (const [actor, account] of Object.entries(accounts)) {
    cookies.set(
      actor as Actor,
      (await webSignIn(server.url, account.email, account.password ?? PASSWORD)).cookie,
    )
  }
})

afterAll(async () => {
  await server?.stop()
  await standIn?.stop()
})

// What the caller typed (the address) may come back in the page; anything else of the customer's may not.
const mayNotSee = new Set<Actor>(['anonymous', 'other', 'realtor', 'admin'])

/** The customer's world (or a fixture's) as the API shows it to the super admin and the customer: a refused post must leave it as it was. */
async function snapshot(records: World = world) {
  const client = httpClient(server)
  const su = world.superAdmin.token
  const reads: [string, string][] = [
    [`admin/customer/${records.customer.uuid}`, su],
    [`admin/realtor/${records.realtor.uuid}`, su],
    [`admin/user/${records.staffUser.uuid}`, su],
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
    [`product-subscription/${records.instalments.reference}/transaction`, su],
    [`product-subscription/${records.unpaid.reference}`, su],
    [`product-subscription/${records.unpaid.reference}/transaction`, su],
    [`product-subscription/${records.invested.reference}`, su],
    [`product-subscription/${records.invested.reference}/transaction`, su],
    ['admin/commission?page=1', su],
    ['notification', world.customer.token],
    ['admin/collections/credit?page=1', su],
    ['account/credit?page=1', world.customer.token],
    // The plot registry: an estate added shows in the list, a plot added in its estate.
    ['estate?page=1', su],
    [`estate/${world.estate.id}`, su],
  ]
  const answers = await Promise.all(
    reads.map(([path, token]) => client.call('GET', path, { token })),
  )
  // A checkout started with the provider is a change too (the stand-in records it).
  return JSON.stringify([
    answers.map((answer, index) => [reads[index][0], answer.httpStatus, answer.data]),
    standIn.transactions().length,
  ])
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
      return status >= 300 && status < 400 && target === '/login'
        ? null
        : `expected a redirect to /login, got ${status} ${location}`
    case 'home':
      return status >= 300 && status < 400 && target === '/'
        ? null
        : `expected a redirect to /, got ${status} ${location}`
    case 'notFound':
      return status === 404 ? null : `expected 404, got ${status}`
    case 'refused':
      if (status === 403 || status === 404) return null
      if (
        status >= 300 &&
        status < 400 &&
        target !== new URL(path, server.url).pathname &&
        target !== '/login'
      )
        return null
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

/** A form body as a browser sends it: urlencoded, or multipart when it carries a file. */
function form(body: Record<string, FormValue>): URLSearchParams | FormData {
  const params = Object.values(body).some((value) => value instanceof File)
    ? new FormData()
    : new URLSearchParams()
  for (const [key, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item instanceof File) (params as FormData).append(key, item)
      else params.append(key, item)
    }
  }
  return params
}

/** A form post as the app's own page makes it (same Origin), with the caller's session. */
function postForm(path: string, body: Record<string, FormValue>, cookie: string | undefined) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { origin: server.url, ...(cookie ? { cookie } : {}) },
    body: form(body),
    redirect: 'manual',
  })
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
        const leaked = world.markers.filter(
          (marker) => html.includes(marker) && !path.includes(marker),
        )
        if (leaked.length)
          failures.push(
            `GET ${path} as ${actor}: the page shows the customer's ${leaked.join(', ')}`,
          )
      }
    }
  }

  // Form posts by those who may not make them, with a body that works for those who may: nothing changes.
  const posts: { route: WebRoute; actor: Actor }[] = []
  const actionRoutes = routes.filter((candidate) => candidate.hasAction && candidate.signedIn)
  for (const route of actionRoutes) {
    if (!webFormBody(route, world, 'check')) {
      failures.push(
        `POST ${route.pattern}: has no form body in tests/support/web-routes.ts (webFormBody), so nothing checks who may post it`,
      )
      continue
    }
    const posters = webPosters(route)
    for (const actor of ACTORS) if (!posters.includes(actor)) posts.push({ route, actor })
  }
  let before = await snapshot()
  for (const { route, actor } of posts) {
    const path = webPath(route, world)
    const cookie = cookies.get(actor)
    const response = await postForm(path, webFormBody(route, world, actor)!, cookie)
    const html = await response.text()
    checked += 1
    if (response.status >= 500)
      failures.push(`POST ${path} as ${actor}: answered ${response.status}`)
    if (response.status === 200)
      failures.push(`POST ${path} as ${actor}: answered 200 (the page accepted the post)`)
    if (mayNotSee.has(actor)) {
      const leaked = world.markers.filter(
        (marker) => html.includes(marker) && !path.includes(marker),
      )
      if (leaked.length)
        failures.push(
          `POST ${path} as ${actor}: the answer shows the customer's ${leaked.join(', ')}`,
        )
    }
    const after = await snapshot()
    if (after !== before)
      failures.push(
        `POST ${path} as ${actor}: changed data (answered ${response.status} ${response.headers.get('location') ?? ''})`,
      )
    before = after
  }

  // The check can fail: for each route, the same post by someone allowed, on records of its own, does change the data.
  let controls = 0
  for (const route of actionRoutes) {
    const actor = webPosters(route)[0]
    const records = await webFixture(route, world, httpClient(server), provider)
    const body = webFormBody(route, records, `${actor}-control`)
    if (!body) continue
    const path = webPath(route, records)
    const start = await snapshot(records)
    const response = await postForm(path, body, cookies.get(actor))
    const html = await response.text()
    const location = response.headers.get('location') ?? ''
    checked += 1
    controls += 1
    if (
      response.status >= 400 ||
      response.status === 200 ||
      new URL(location || '/', server.url).pathname === '/login'
    ) {
      failures.push(
        `POST ${path} as ${actor} (allowed): answered ${response.status} ${location} ${html
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .slice(0, 200)}`,
      )
    }
    if ((await snapshot(records)) === start)
      failures.push(
        `POST ${path} as ${actor} (allowed): answered ${response.status} ${location} but changed nothing`,
      )
  }
  before = await snapshot()

  // A post from another site riding on the super admin's session is refused by Remix before any
  // action runs (an empty 500, docs/patches.md) and changes nothing.
  const forged = await fetch(`${server.url}/settings`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: cookies.get('super')!,
      origin: 'https://attacker.example',
    },
    body: form({ intent: 'subscription_due_reminder_day', value: '23' }),
    redirect: 'manual',
  })
  checked += 1
  expect(forged.status).toBe(500)
  expect(await forged.text()).toBe('')
  expect(await snapshot()).toBe(before)
  const forgedPublic = await fetch(`${server.url}/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://attacker.example',
    },
    body: form({ email: SERVER_ADMIN.email, password: SERVER_ADMIN.password }),
    redirect: 'manual',
  })
  checked += 1
  expect(forgedPublic.status).toBe(500)
  expect(await forgedPublic.text()).toBe('')
  expect(
    forgedPublic.headers.getSetCookie().some((cookie) => cookie.startsWith('__session=')),
  ).toBe(false)

  console.log(
    `authorization matrix (web): ${checked} pairs checked (${routes.length} routes × ${ACTORS.length} callers, ${posts.length} refused form posts and ${controls} allowed ones)`,
  )
  expect(failures).toEqual([])
}, 300_000)

test('a proof of payment is served to its owner and to staff who see subscriptions, and to nobody else', async () => {
  const staff = await world.adminWithout(
    PERMISSIONS.filter((permission) => permission !== 'can_verify_transaction'),
  )
  const staffCookie = (await webSignIn(server.url, staff.email, staff.password)).cookie
  const expected: [string, string | undefined, 'image' | 404][] = [
    ['customer (its owner)', cookies.get('customer'), 'image'],
    ['the super admin', cookies.get('super'), 'image'],
    ['an admin who verifies payments', staffCookie, 'image'],
    ['another customer', cookies.get('other'), 404],
    ['a realtor who did not bring the customer', cookies.get('realtor'), 404],
    ['an admin without permissions', cookies.get('admin'), 404],
  ]
  const proofs = [
    world.proof.name,
    ...world.markers.filter((marker) => marker.endsWith('.png') && marker !== world.proof.name),
  ]
  expect(proofs.length).toBeGreaterThan(1)
  const wrong: string[] = []
  for (const name of proofs) {
    for (const [who, cookie, outcome] of expected) {
      const response = await fetch(`${server.url}/resources/media/${encodeURIComponent(name)}`, {
        headers: { cookie: cookie! },
        redirect: 'manual',
      })
      const bytes = Buffer.from(await response.arrayBuffer())
      const got =
        response.status === 200 &&
        response.headers.get('content-type') === 'image/png' &&
        bytes.subarray(1, 4).toString() === 'PNG'
          ? 'image'
          : response.status
      if (got !== outcome)
        wrong.push(`/resources/media/${name} as ${who}: expected ${outcome}, got ${got}`)
    }
  }
  const anonymous = await fetch(
    `${server.url}/resources/media/${encodeURIComponent(world.proof.name)}`,
    { redirect: 'manual' },
  )
  expect(new URL(anonymous.headers.get('location') ?? '/', server.url).pathname).toBe('/login')
  expect(wrong).toEqual([])
})
