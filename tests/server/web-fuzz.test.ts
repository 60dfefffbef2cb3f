/**
 * At least 100 generated form posts to the action of every web route (read from app/routes),
 * against the built app, from the app's own pages (its Origin), by the super admin, a customer and
 * a realtor in turn (signed-out forms: signed out): urlencoded and multipart (truncated too),
 * missing, extra and mistyped fields, huge strings, bad encodings and wrong content types. No
 * answer may be a 5xx; a redirect goes somewhere; a 4xx page shows what went wrong (a message by a
 * field, the form's banner or the error page's title). Posts from another site are a test of their own.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { FORM_MAX_BYTES } from '~/utils/form.server'
import { fuzzRuns, fuzzSeed, pathParam, rawBody, type RawRequest } from '../support/malformed'
import { quietMailLog } from '../support/quiet'
import { buildWorld, type World } from '../support/security-world'
import {
  httpClient,
  rawRequest,
  SERVER_ADMIN,
  serverPort,
  startServer,
  webSignIn,
  type RawAnswer,
  type RunningServer,
} from '../support/server'
import {
  webFixture,
  webFormBody,
  webParam,
  webPath,
  webRoutes,
  withPaymentProvider,
  type WebProvider,
  type WebRoute,
} from '../support/web-routes'
import { startStandIn, type StandIn } from '../../tools/provider-stand-in/server.mjs'

const byteLength = (body: string | Uint8Array | null) =>
  body === null ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength

type Poster = 'anonymous' | 'super' | 'customer' | 'realtor'

quietMailLog()

let server: RunningServer
let world: World
let standIn: StandIn
let provider: WebProvider
const cookies = new Map<Poster, string>()

const accountOf = (poster: Exclude<Poster, 'anonymous'>) =>
  poster === 'super' ? SERVER_ADMIN : world[poster]

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
  for (const poster of ['super', 'customer', 'realtor'] as const) {
    const account = accountOf(poster)
    cookies.set(poster, (await webSignIn(server.url, account.email, account.password)).cookie)
  }
})

afterAll(async () => {
  await server?.stop()
  await standIn?.stop()
})

/** The fields of the page's post forms, with the values the page put in them: a valid-looking sample to mutate. */
function formFields(html: string) {
  const fields: Record<string, string> = {}
  for (const [, form] of html.matchAll(/<form\b[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/gi)) {
    for (const [tag] of form.matchAll(/<(input|select|textarea)\b[^>]*>/gi)) {
      const name = /\bname="([^"]+)"/.exec(tag)?.[1]
      if (!name || name in fields) continue
      fields[name] = (/\bvalue="([^"]*)"/.exec(tag)?.[1] ?? 'x')
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
    }
  }
  return fields
}

/** Signed-out forms are posted signed out; the rest by the super admin, a customer and a realtor in turn. */
const postersOf = (route: WebRoute): Poster[] =>
  route.signedOut ? ['anonymous'] : ['super', 'customer', 'realtor']

async function sample(route: WebRoute, records: World = world) {
  const path = webPath(route, records)
  const cookie = route.signedOut ? undefined : cookies.get('super')
  const page = await rawRequest(`${server.url}${path}`, { headers: cookie ? { cookie } : {} })
  const fields = page.status === 200 ? formFields(page.text) : {}
  // A file field of the sample is fuzzed as text (the generated multipart bodies carry files of their own).
  const body = Object.entries(webFormBody(route, records, 'fuzz') ?? {}).map(([key, value]) => [
    key,
    value instanceof File ? value.name : value,
  ])
  return { ...fields, ...Object.fromEntries(body) } as Record<string, unknown>
}

/**
 * What a 4xx page shows of the problem: a message by a field, the form's banner, or the error
 * page's own title (the not-found page, the access-denied page, or the status page), never just
 * the form again with nothing said.
 */
function errorShown(html: string): string | null {
  // A plain-text answer (a resource route's, or the server's own for an address it cannot decode) is all message.
  if (!/<html/i.test(html)) return html.trim() || null
  const shown = [
    /<li[^>]*text-red-600[^>]*>([^<]+)<\/li>/.exec(html)?.[1],
    /role="alert"[^>]*>([^<]+)</.exec(html)?.[1],
    /(Page not found|Access denied)/.exec(html)?.[1],
    /<h1 class="text-2xl font-bold text-slate-800">([^<]+)<\/h1>/.exec(html)?.[1],
    // remix-serve's own page for an address it cannot decode (a lone '%'), before the app is reached.
    /<title>Error<\/title>[\s\S]*<pre>([^<]+)<\/pre>/.exec(html)?.[1],
  ]
  return shown.find((text) => text?.trim()) ?? null
}

test('malformed form posts: no web action answers 5xx', async () => {
  const seed = fuzzSeed()
  const runs = fuzzRuns()
  console.log(
    `malformed input (web): fast-check seed ${seed} (FUZZ_SEED=<n> to change), ${runs} posts per action`,
  )
  const routes = webRoutes().filter(
    (route) => route.hasAction && !route.pattern.startsWith('/api/v1'),
  )
  const failures: string[] = []
  const statuses = new Map<number, number>()
  let closedUnread = 0
  let sent = 0

  for (const [index, route] of routes.entries()) {
    // Records of its own (an account to suspend, a subscription to pay or cancel), so the world's stay usable.
    const records = await webFixture(route, world, httpClient(server), provider)
    const fields = await sample(route, records)
    const paths = fc
      .tuple(...route.params.map((name) => pathParam(webParam(route, name, records))))
      .map((values) => {
        let position = 0
        return route.pattern
          .replace(/:(\w+)/g, () => values[position++])
          .replace('*', 'no/such/page')
      })
    const formBodies = rawBody(fields).filter(
      (raw) => raw.note !== 'no body' || route.pattern !== '/logout',
    )
    const posters = postersOf(route)
    const requests = fc.record({
      path: fc.oneof(
        { weight: 4, arbitrary: fc.constant(webPath(route, records)) },
        { weight: 1, arbitrary: paths },
      ),
      raw: formBodies,
    })
    const samples = fc
      .sample(requests, { numRuns: runs, seed: seed + index })
      .map((request, position) => ({
        ...request,
        poster: posters[position % posters.length],
      }))

    // Signing out ends the session: /logout gets a fresh one for each post.
    const cookieFor = async (poster: Poster) => {
      if (poster === 'anonymous') return null
      if (route.pattern !== '/logout') return cookies.get(poster)!
      const account = accountOf(poster)
      return (await webSignIn(server.url, account.email, account.password)).cookie
    }

    const post = async (request: (typeof samples)[number]) => {
      const cookie = await cookieFor(request.poster)
      const headers: Record<string, string> = { origin: server.url }
      if (cookie) headers.cookie = cookie
      if (request.raw.contentType !== null) headers['content-type'] = request.raw.contentType
      let answer: RawAnswer
      try {
        answer = await rawRequest(`${server.url}${request.path}`, {
          method: 'POST',
          headers,
          body: request.raw.body,
        })
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? String(error)
        // A body over the form limit is refused with a 413 before it is read, and the server then
        // closes the connection: a client still sending it may see the close (EPIPE) before the 413.
        if (
          (code === 'EPIPE' || code === 'ECONNRESET') &&
          byteLength(request.raw.body) > FORM_MAX_BYTES
        ) {
          closedUnread += 1
          return
        }
        failures.push(
          `POST ${request.path.slice(0, 120)} (${request.raw.note}, ${describe(request.raw)}): no answer (${code})`,
        )
        return
      }
      const { status, text } = answer
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
      sent += 1
      const problem =
        status >= 500
          ? `answered ${status}`
          : status >= 300 && status < 400 && !answer.headers.location
            ? 'redirected nowhere'
            : status >= 400 && !errorShown(text)
              ? `answered ${status} without a message by a field, a banner or an error title: ${text
                  .replace(/<[^>]+>/g, ' ')
                  .replace(/\s+/g, ' ')
                  .slice(0, 160)}`
              : null
      if (problem)
        failures.push(
          `POST ${request.path.slice(0, 120)} as ${request.poster} (${request.raw.note}, ${describe(request.raw)}): ${problem}`,
        )
    }
    // Four at a time: the server is busier, the run shorter.
    for (let start = 0; start < samples.length; start += 4) {
      await Promise.all(samples.slice(start, start + 4).map(post))
    }
  }

  const answered = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${count} × ${status}`)
  console.log(
    `malformed input (web): ${sent} posts to ${routes.length} actions, ${failures.length} problems; answers ${answered.join(', ')}${closedUnread ? `; ${closedUnread} over the size limit closed while still being sent` : ''}`,
  )
  if (failures.length) {
    const kinds = new Map<string, number>()
    for (const failure of failures) {
      const key = failure.replace(/ \(.*\): /, ': ')
      kinds.set(key, (kinds.get(key) ?? 0) + 1)
    }
    console.log([...kinds].map(([key, count]) => `${count} × ${key}`).join('\n'))
    console.log(server.output().slice(-3000))
  }
  expect(server.child.exitCode, 'the server is still running').toBeNull()
  expect(failures.slice(0, 30)).toEqual([])
}, 900_000)

function describe(raw: RawRequest) {
  if (raw.body === null) return 'no body'
  const text = typeof raw.body === 'string' ? raw.body : Buffer.from(raw.body).toString('latin1')
  return JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}… (${text.length} chars)` : text)
}

test('form posts from another site: every web action refuses them', async () => {
  const routes = webRoutes().filter(
    (route) => route.hasAction && !route.pattern.startsWith('/api/v1') && route.pattern !== '/*',
  )
  const wrong: string[] = []
  let sent = 0
  for (const route of routes) {
    const fields = await sample(route)
    const body = new URLSearchParams(
      Object.entries(fields).map(([key, value]) => [
        key,
        typeof value === 'string' ? value : JSON.stringify(value),
      ]),
    )
    // `Origin: null` (sandboxed frames, some redirects) is refused as well: tests/server/headers.test.ts.
    for (const origin of ['https://attacker.example', 'https://landbanking.example.evil.test']) {
      const cookie = route.signedOut
        ? null
        : route.pattern === '/logout'
          ? (await webSignIn(server.url, SERVER_ADMIN.email, SERVER_ADMIN.password)).cookie
          : cookies.get('super')!
      const headers: Record<string, string> = {
        origin,
        'content-type': 'application/x-www-form-urlencoded',
      }
      if (cookie) headers.cookie = cookie
      const answer = await rawRequest(`${server.url}${webPath(route, world)}`, {
        method: 'POST',
        headers,
        body: body.toString(),
      })
      sent += 1
      // A page post is refused by Remix before any action runs, with an empty 500 (docs/patches.md);
      // a resource route refuses it with our 403 as its action's first check.
      const location = answer.headers.location
        ? new URL(answer.headers.location, server.url).pathname
        : ''
      const session = [answer.headers['set-cookie'] ?? []]
        .flat()
        .some((value) => value.startsWith('__session=') && !value.startsWith('__session=;'))
      const refused = route.isPage
        ? answer.status === 500 && answer.text === ''
        : answer.status === 403
      if (!refused || session)
        wrong.push(
          `POST ${route.pattern} from ${origin}: answered ${answer.status} ${location}${session ? ' with a session cookie' : ''}`,
        )
    }
  }
  console.log(`malformed input (web): ${sent} posts from another site to ${routes.length} actions`)
  expect(wrong).toEqual([])
})
