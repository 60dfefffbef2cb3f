/**
 * At least 100 generated malformed requests per /api/v1 endpoint (from the router's list), sent
 * in-process as the super admin (endpoints that end the caller's session: as a customer of their
 * own) on records made for that endpoint (its authorization rule's fixture), so every check past
 * sign-in is reached: no answer may be a 5xx, every answer is the envelope with a message (files
 * only on success), at least half of each endpoint's requests get past the path and the body
 * reading to its own checks, and an accepted body's claims to privileges (role, user_id,
 * permissions…) change nobody's role, permissions or records. tests/api/malformed-input-*.test.ts
 * each run one part of the endpoints.
 */
import fc from 'fast-check'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { issueSession } from '~/backend/auth/service'
import { users } from '~/backend/db/schema'
import { servedRoutes as routes } from '~/backend'
import { isFileResponse } from '~/contract/endpoint'
import { createTestApi, readEnvelope, type TestApi } from './api-harness'
import { guessParam, RULES, type Actor } from './authorization-rules'
import {
  envelopeProblem,
  fuzzRuns,
  fuzzSeed,
  pathParam,
  PRIVILEGE_KEYS,
  queryString,
  rawBody,
  type RawRequest,
} from './malformed'
import { startPaymentProvider, type PaymentTestProvider } from './payment-provider'
import { usePaymentProvider } from './payment-world'
import { quietMailLog } from './quiet'
import { buildWorld, worldClientOf, type Account, type World } from './security-world'

let api: TestApi
let world: World
let paymentProvider: PaymentTestProvider

const idOf = async (email: string) =>
  (await api.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id

const describeBody = (body: RawRequest['body']) => {
  if (body === null) return 'no body'
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('latin1')
  return JSON.stringify(text.length > 160 ? `${text.slice(0, 160)}… (${text.length} chars)` : text)
}

/** Answers that stop a request before the endpoint's own checks: signed out, refused, no such record, an unreadable body. */
const GATES = new Set([401, 403, 404, 405, 413, 415])
const UNREADABLE_BODY = /not valid JSON|must be a JSON object|could not be read|cannot contain/i

/** Each account's role, permissions and realtor, and who owns each subscription and file. */
async function privileges() {
  const rows = (await api.db.execute(sql`
    select 'users:' || u.id as key, u.role || '|' || coalesce(u.realtor_id::text, '-') || '|' ||
      coalesce((select string_agg(p.permission, ',' order by p.permission) from user_permissions p where p.user_id = u.id), '') as value
      from users u
    union all select 'subscriptions:' || id, user_id::text from subscriptions
    union all select 'files:' || id, coalesce(owner_id::text, '-') from files
  `)) as unknown as { rows: { key: string; value: string }[] }
  return new Map(rows.rows.map((row) => [row.key, row.value]))
}

/** What an accepted body that claimed privileges changed that it may not have. */
function claimProblems(
  key: string,
  callerId: number,
  before: Map<string, string>,
  after: Map<string, string>,
) {
  const problems: string[] = []
  for (const [row, value] of after) {
    const was = before.get(row)
    const [table] = row.split(':')
    if (was !== undefined) {
      // Changing a staff account's permissions is what this endpoint is for.
      if (was !== value && key !== 'POST admin/user/:id/update')
        problems.push(`${row} went from ${was} to ${value}`)
      continue
    }
    if (table === 'users') {
      const [role, , permissions] = value.split('|')
      const staffMade = key === 'POST admin/user'
      if (!staffMade && (role === 'admin' || role === 'super_admin'))
        problems.push(`a new account ${row} is ${role}`)
      if (!staffMade && permissions) problems.push(`a new account ${row} holds ${permissions}`)
      if (role === 'super_admin') problems.push(`a new account ${row} is a super admin`)
    } else if (key !== 'POST admin/create-subscription' && value !== String(callerId)) {
      problems.push(`the new ${row} belongs to user ${value}, not the caller ${callerId}`)
    }
  }
  return problems
}

/**
 * Registers one part of the run: the endpoints whose place in the router's list is `part` modulo
 * `parts`, on a world of their own, so the parts run side by side in separate test files.
 */
export function malformedInputRun(part: number, parts: number) {
  beforeAll(async () => {
    quietMailLog()
    paymentProvider = await startPaymentProvider('paystack')
    api = await createTestApi()
    await paymentProvider.serve()
    usePaymentProvider(paymentProvider, worldClientOf(api))
    world = await buildWorld(worldClientOf(api))
  }, 180_000)

  afterAll(async () => {
    await paymentProvider?.close()
    await api?.close()
  })

  test(`malformed input, part ${part} of ${parts}: no API endpoint answers 5xx or anything but a clear envelope`, async () => {
    const seed = fuzzSeed()
    const runs = fuzzRuns()
    console.log(
      `malformed input (API, part ${part} of ${parts}): fast-check seed ${seed} (FUZZ_SEED=<n> to change), ${runs} requests per endpoint`,
    )
    const failures: string[] = []
    const reachedTooFew: string[] = []
    const reachedCounts: string[] = []
    let sent = 0
    let claimsChecked = 0

    for (const [index, route] of routes.entries()) {
      if (index % parts !== part - 1) continue
      const key = `${route.method} ${route.path}`
      // FUZZ_ONLY: parts of the endpoints' keys, separated by |.
      const only = process.env.FUZZ_ONLY?.split('|')
      if (only && !only.some((part) => key.includes(part))) continue
      const rule = RULES[key]
      if (!rule) {
        failures.push(
          `${key}: has no rule in tests/support/authorization-rules.ts, so no fixture or sample body`,
        )
        continue
      }
      // Endpoints that end the caller's session are fuzzed by a customer of their own; uploads (which
      // fill the caller's quota of unattached files) by a staff member holding every permission; the
      // rest by the super admin, whose own uploads the later fixtures need.
      const actor: Actor = rule.endsSession ? 'customer' : 'super'
      const caller: Account = rule.endsSession
        ? await world.make.account('customer')
        : key === 'POST media/upload'
          ? await world.adminWithout([])
          : world.superAdmin
      const callerId = await idOf(caller.email)
      let records = rule.fixture ? await rule.fixture(world, actor, caller) : world
      const params = rule.params?.(records) ?? {}
      const names = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1])
      const addressOf = (world: World) => {
        const values = rule.params?.(world) ?? {}
        return route.path.replace(/:(\w+)/g, (_, name: string) =>
          encodeURIComponent(values[name] ?? guessParam(name, route.path, world)),
        )
      }
      const realPath = addressOf(records)
      const oddPaths = fc
        .tuple(
          ...names.map((name) => pathParam(params[name] ?? guessParam(name, route.path, records))),
        )
        .map((values) => {
          let position = 0
          return route.path.replace(/:(\w+)/g, () => values[position++])
        })
      // Mostly the record's own address, so the body is what gets tested; sometimes an odd one.
      const paths = names.length
        ? fc.oneof(
            { weight: 4, arbitrary: fc.constant(realPath) },
            { weight: 1, arbitrary: oddPaths },
          )
        : fc.constant(realPath)
      const sample = (rule.body?.(records, actor) ?? {}) as Record<string, unknown>
      const requests =
        route.method === 'GET'
          ? fc.record({ path: paths, query: queryString }).map(({ path, query }) => ({
              path: query ? `${path}?${query}` : path,
              raw: { contentType: null, body: null, note: 'query' } as RawRequest,
            }))
          : fc.record({ path: paths, raw: rawBody(sample) })

      const started = Date.now()
      // Public endpoints are called signed in too: a file is only served to those who may see it.
      const session = async () => (await issueSession(api.db, callerId)).token
      const shared = await session()
      let reached = 0
      const gates = new Map<string, number>()
      for (const generated of fc.sample(requests, { numRuns: runs, seed: seed + index })) {
        // A call that used its record up (a delete) leaves a new one for the next.
        const request =
          generated.path === realPath
            ? { ...generated, path: addressOf(records) + generated.path.slice(realPath.length) }
            : generated
        // Signing out (or changing the password) ends the session: those get a new one each time.
        const token = rule.endsSession ? await session() : shared
        const headers: Record<string, string> = {}
        if (request.raw.contentType !== null) headers['content-type'] = request.raw.contentType
        if (request.raw.body !== null && rule.headers)
          Object.assign(headers, rule.headers(request.raw.body as string | Uint8Array))
        const claims = (request.raw.keys ?? []).filter(
          (name) => name in PRIVILEGE_KEYS && !(name in sample),
        )
        const before = claims.length ? await privileges() : null
        const answer = await api.call(route.method, request.path, {
          token,
          headers,
          raw: request.raw.body === null ? undefined : (request.raw.body as BodyInit),
        })
        sent += 1
        const text = await answer.response.text()
        const label = `${key}: ${route.method} ${request.path.slice(0, 200)} (${request.raw.note}, ${describeBody(request.raw.body)})`
        const fileTypes = isFileResponse(route.endpoint.response)
          ? route.endpoint.response.file
          : []
        const problem = envelopeProblem(
          answer.httpStatus,
          answer.response.headers.get('content-type') ?? '',
          text,
          fileTypes,
        )
        if (problem) failures.push(`${label} ${problem}`)
        const { status, message, data } = readEnvelope(text)
        const gated =
          GATES.has(answer.httpStatus) ||
          (answer.httpStatus === 400 && UNREADABLE_BODY.test(String(message)))
        if (!gated) reached += 1
        else
          gates.set(
            `${answer.httpStatus} ${message}`,
            (gates.get(`${answer.httpStatus} ${message}`) ?? 0) + 1,
          )
        if (rule.consumes && rule.fixture && answer.httpStatus >= 200 && answer.httpStatus < 300)
          records = await rule.fixture(world, actor, caller)
        if (status === 'payloadValidationError') {
          const messages = Object.values((data ?? {}) as Record<string, unknown>).flat()
          if (
            !messages.length ||
            !messages.every((item) => typeof item === 'string' && item.trim())
          ) {
            failures.push(
              `${label} answered payloadValidationError without a message per field: ${text.slice(0, 200)}`,
            )
          }
        }
        if (before && answer.httpStatus >= 200 && answer.httpStatus < 300) {
          claimsChecked += 1
          const problems = claimProblems(key, callerId, before, await privileges())
          if (problems.length)
            failures.push(
              `${label} accepted the claims ${claims.join(', ')}: ${problems.join('; ')}`,
            )
        }
      }
      reachedCounts.push(`${key} ${reached}/${runs}`)
      if (reached < runs / 2) {
        const stopped = [...gates]
          .sort(([, a], [, b]) => b - a)
          .map(([answer, count]) => `${count} × ${answer}`)
        reachedTooFew.push(
          `${key}: only ${reached} of ${runs} requests got past the path and the body reading; stopped by ${stopped.join(', ')}`,
        )
      }
      if (process.env.FUZZ_TIMES) console.log(`${key}: ${Date.now() - started} ms`)
    }

    console.log(
      `malformed input (API, part ${part} of ${parts}): ${sent} requests to ${reachedCounts.length} endpoints, ${failures.length} problems; ` +
        `${claimsChecked} accepted bodies with privilege claims checked; requests that reached each endpoint's checks: ${reachedCounts.join(', ')}`,
    )
    expect(failures.slice(0, 30)).toEqual([])
    expect(reachedTooFew).toEqual([])
  }, 1_200_000)
}
