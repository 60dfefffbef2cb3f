/**
 * At least 200 generated malformed requests per /api/v1 endpoint (from the router's list), sent
 * in-process as the super admin so every check past sign-in is reached: no answer may be a 5xx,
 * and every answer is the envelope with a message (files only on success).
 */
import fc from 'fast-check'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { issueSession } from '~/backend/auth/service'
import { users } from '~/backend/db/schema'
import { routes } from '~/backend/routes'
import { createTestApi, type TestApi } from '../support/api-harness'
import { guessParam, RULES } from '../support/authorization-rules'
import { envelopeProblem, fuzzRuns, fuzzSeed, pathParam, queryString, rawBody, type RawRequest } from '../support/malformed'
import { quietMailLog } from '../support/quiet'
import { buildWorld, type World } from '../support/security-world'

let api: TestApi
let world: World
let superAdminId: number

beforeAll(async () => {
  quietMailLog()
  api = await createTestApi()
  world = await buildWorld({
    async call(method, path, options = {}) {
      const answer = await api.call(method, path, { token: options.token, body: options.body })
      return { ...answer, text: '', contentType: '' }
    },
    mail: async (email) => api.latestMail(email) ?? '',
  })
  const [row] = await api.db.select({ id: users.id }).from(users).where(eq(users.email, world.superAdmin.email))
  superAdminId = row.id
}, 180_000)

afterAll(async () => {
  await api?.close()
})

const describeBody = (body: RawRequest['body']) => {
  if (body === null) return 'no body'
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('latin1')
  return JSON.stringify(text.length > 160 ? `${text.slice(0, 160)}… (${text.length} chars)` : text)
}

test('malformed input: no API endpoint answers 5xx or anything but a clear envelope', async () => {
  const seed = fuzzSeed()
  const runs = fuzzRuns()
  console.log(`malformed input (API): fast-check seed ${seed} (FUZZ_SEED=<n> to change), ${runs} requests per endpoint`)
  const failures: string[] = []
  let sent = 0

  for (const [index, route] of routes.entries()) {
    const key = `${route.method} ${route.path}`
    const rule = RULES[key]
    const params = rule?.params?.(world) ?? {}
    const names = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1])
    const paths = fc.tuple(...names.map((name) => pathParam(params[name] ?? guessParam(name, route.path, world)))).map(
      (values) => {
        let index = 0
        return route.path.replace(/:(\w+)/g, () => values[index++])
      },
    )
    const sample = (rule?.body?.(world, 'super') ?? {}) as Record<string, unknown>
    const requests =
      route.method === 'GET'
        ? fc.record({ path: paths, query: queryString }).map(({ path, query }) => ({
            path: query ? `${path}?${query}` : path,
            raw: { contentType: null, body: null, note: 'query' } as RawRequest,
          }))
        : fc.record({ path: paths, raw: rawBody(sample) })

    const started = Date.now()
    const session = async () => (route.auth === 'public' ? null : (await issueSession(api.db, superAdminId)).token)
    const shared = await session()
    for (const request of fc.sample(requests, { numRuns: runs, seed: seed + index })) {
      // Signing out (or changing the password) ends the session: those get a new one each time.
      const token = rule?.endsSession ? await session() : shared
      const headers: Record<string, string> = {}
      if (request.raw.contentType !== null) headers['content-type'] = request.raw.contentType
      const answer = await api.call(route.method, request.path, {
        token,
        headers,
        raw: request.raw.body === null ? undefined : (request.raw.body as BodyInit),
      })
      sent += 1
      const text = await answer.response.text()
      const problem = envelopeProblem(answer.httpStatus, answer.response.headers.get('content-type') ?? '', text)
      if (problem) {
        failures.push(`${key}: ${route.method} ${request.path.slice(0, 200)} (${request.raw.note}, ${describeBody(request.raw.body)}) ${problem}`)
      }
    }
    if (process.env.FUZZ_TIMES) console.log(`${key}: ${Date.now() - started} ms`)
  }

  console.log(`malformed input (API): ${sent} requests to ${routes.length} endpoints, ${failures.length} problems`)
  expect(failures.slice(0, 30)).toEqual([])
}, 600_000)
