/**
 * At least 200 generated form posts to the action of every web route (read from app/routes),
 * against the built app: urlencoded and multipart (truncated too), missing, extra and mistyped
 * fields, huge strings, bad encodings and wrong content types. No answer may be a 5xx; each is a
 * redirect or a page with something to read.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { fuzzRuns, fuzzSeed, pathParam, rawBody, type RawRequest } from '../support/malformed'
import { quietMailLog } from '../support/quiet'
import { buildWorld, type World } from '../support/security-world'
import { httpClient, rawRequest, SERVER_ADMIN, serverPort, startServer, webSignIn, type RawAnswer, type RunningServer } from '../support/server'
import { webFormBody, webParam, webPath, webRoutes, type WebRoute } from '../support/web-routes'

quietMailLog()

let server: RunningServer
let world: World
let superCookie: string

beforeAll(async () => {
  server = await startServer({ port: serverPort(0) })
  world = await buildWorld(httpClient(server))
  superCookie = (await webSignIn(server.url, SERVER_ADMIN.email, SERVER_ADMIN.password)).cookie
})

afterAll(async () => {
  await server?.stop()
})

/** The fields of the page's post forms, with the values the page put in them: a valid-looking sample to mutate. */
function formFields(html: string) {
  const fields: Record<string, string> = {}
  for (const [, form] of html.matchAll(/<form\b[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/gi)) {
    for (const [tag] of form.matchAll(/<(input|select|textarea)\b[^>]*>/gi)) {
      const name = /\bname="([^"]+)"/.exec(tag)?.[1]
      if (!name || name in fields) continue
      fields[name] = (/\bvalue="([^"]*)"/.exec(tag)?.[1] ?? 'x').replace(/&amp;/g, '&').replace(/&quot;/g, '"')
    }
  }
  return fields
}

/** Signed-out forms are posted signed out; the rest as the super admin, who may use them all. */
const callerOf = (route: WebRoute) => (route.signedOut ? null : 'super')

async function sample(route: WebRoute) {
  const path = webPath(route, world)
  const cookie = callerOf(route) ? superCookie : undefined
  const page = await rawRequest(`${server.url}${path}`, { headers: cookie ? { cookie } : {} })
  const fields = page.status === 200 ? formFields(page.text) : {}
  return { ...fields, ...(webFormBody(route, world, 'fuzz') ?? {}) } as Record<string, unknown>
}

test('malformed form posts: no web action answers 5xx', async () => {
  const seed = fuzzSeed()
  const runs = fuzzRuns()
  console.log(`malformed input (web): fast-check seed ${seed} (FUZZ_SEED=<n> to change), ${runs} posts per action`)
  const routes = webRoutes().filter((route) => route.hasAction && !route.pattern.startsWith('/api/v1'))
  const failures: string[] = []
  const statuses = new Map<number, number>()
  let sent = 0

  for (const [index, route] of routes.entries()) {
    const fields = await sample(route)
    const paths = fc
      .tuple(...route.params.map((name) => pathParam(webParam(route, name, world))))
      .map((values) => {
        let position = 0
        return route.pattern.replace(/:(\w+)/g, () => values[position++]).replace('*', 'no/such/page')
      })
    const formBodies = rawBody(fields).filter((raw) => raw.note !== 'no body' || route.pattern !== '/logout')
    const requests = fc.record({
      path: fc.oneof({ weight: 4, arbitrary: fc.constant(webPath(route, world)) }, { weight: 1, arbitrary: paths }),
      raw: formBodies,
      origin: fc.constantFrom<string | null>(null, null, server.url, 'https://attacker.example', 'null'),
    })
    const samples = fc.sample(requests, { numRuns: runs, seed: seed + index })

    // Signing out ends the session: /logout gets a fresh one for each post.
    const cookieFor = async () =>
      !callerOf(route) ? null : route.pattern === '/logout' ? (await webSignIn(server.url, SERVER_ADMIN.email, SERVER_ADMIN.password)).cookie : superCookie

    const post = async (request: (typeof samples)[number]) => {
      const cookie = await cookieFor()
      const headers: Record<string, string> = {}
      if (cookie) headers.cookie = cookie
      if (request.raw.contentType !== null) headers['content-type'] = request.raw.contentType
      if (request.origin) headers.origin = request.origin
      let answer: RawAnswer
      try {
        answer = await rawRequest(`${server.url}${request.path}`, { method: 'POST', headers, body: request.raw.body })
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? String(error)
        failures.push(`POST ${request.path.slice(0, 120)} (${request.raw.note}, ${describe(request.raw)}): no answer (${code})`)
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
            : status >= 400 && !text.trim()
              ? `answered ${status} with an empty page`
              : null
      if (problem) failures.push(`POST ${request.path.slice(0, 120)} (${request.raw.note}, ${describe(request.raw)}): ${problem}`)
    }
    // Four at a time: the server is busier, the run shorter.
    for (let start = 0; start < samples.length; start += 4) {
      await Promise.all(samples.slice(start, start + 4).map(post))
    }
  }

  const answered = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${count} × ${status}`)
  console.log(`malformed input (web): ${sent} posts to ${routes.length} actions, ${failures.length} problems; answers ${answered.join(', ')}`)
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
