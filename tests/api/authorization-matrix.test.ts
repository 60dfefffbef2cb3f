/**
 * Every /api/v1 endpoint (read from the endpoint table, so new ones are covered) × anonymous,
 * a customer, another customer, a realtor, an admin without the endpoint's permission and the
 * super admin. Paths point at the customer's records. A refusal must be the right status (401
 * signed out, 403 without the permission, 404 for someone else's record), nothing of the
 * customer's may appear in anyone else's answer, and a refused call must change nothing. An
 * allowed call must succeed on records made for it (its rule's fixture), and an allowed write
 * must change the database while a read changes nothing.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { users } from '~/backend/db/schema'
import { endpointList } from '~/contract/endpoints'
import { PERMISSIONS } from '~/contract/permissions'
import { createTestApi, type TestApi } from '../support/api-harness'
import {
  ACTORS,
  RULES,
  guessParam,
  type Actor,
  type Expectation,
  type Rule,
} from '../support/authorization-rules'
import { changedTables, createFingerprint } from '../support/db-fingerprint'
import { startPaymentProvider, type PaymentTestProvider } from '../support/payment-provider'
import { usePaymentProvider } from '../support/payment-world'
import { quietMailLog } from '../support/quiet'
import {
  buildWorld,
  worldClientOf,
  type Account,
  type World,
  type WorldClient,
} from '../support/security-world'

let api: TestApi
let paymentProvider: PaymentTestProvider
let world: World
let client: WorldClient
let fingerprint: Awaited<ReturnType<typeof createFingerprint>>
let customerId: number

beforeAll(async () => {
  quietMailLog()
  // Paystack (the stand-in) is the payment provider: its endpoints are called as it is set up.
  paymentProvider = await startPaymentProvider('paystack')
  api = await createTestApi()
  await paymentProvider.serve()
  usePaymentProvider(paymentProvider, worldClientOf(api))
  client = worldClientOf(api)
  world = await buildWorld(client)
  fingerprint = await createFingerprint(api.db)
  const [row] = await api.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, world.customer.email))
  customerId = row.id
}, 180_000)

afterAll(async () => {
  await paymentProvider?.close()
  await api?.close()
})

type Pair = {
  key: string
  method: string
  pattern: string
  rule: Rule
  actor: Actor
  expectation: Expectation
}

const isDenial = (expectation: Expectation) => typeof expectation === 'number'
/** Nobody but the owner and the super admin may see the owner's records. */
const mayNotSee = new Set<Actor>(['anonymous', 'other', 'realtor', 'admin'])

/** The pairs to check, and what is wrong with the table itself (endpoints without a rule, rules without an endpoint, 'any' without a reason). */
function plan(): { pairs: Pair[]; problems: string[] } {
  const pairs: Pair[] = []
  const problems: string[] = []
  const keys = new Set(endpointList.map((entry) => `${entry.method} ${entry.path}`))
  for (const key of Object.keys(RULES)) {
    if (!keys.has(key))
      problems.push(
        `${key}: has a rule in tests/support/authorization-rules.ts but the router has no such endpoint`,
      )
  }
  for (const route of endpointList) {
    const key = `${route.method} ${route.path}`
    const rule = RULES[key]
    if (!rule) {
      problems.push(
        `${key}: has no rule in tests/support/authorization-rules.ts (who may call it?)`,
      )
      continue
    }
    for (const actor of ACTORS) {
      const expectation =
        rule.expect[actor] ?? (actor === 'anonymous' && route.access !== 'public' ? 401 : undefined)
      if (expectation === undefined) {
        problems.push(`${key}: its rule says nothing about ${actor}`)
        continue
      }
      if (expectation === 'any' && !rule.anyBecause)
        problems.push(`${key}: ${actor} may get 'any' answer, but the rule gives no anyBecause`)
      pairs.push({ key, method: route.method, pattern: route.path, rule, actor, expectation })
    }
  }
  return { pairs, problems }
}

/** Refusals and reads first, then the allowed writes, those that end a session last. */
function order(pair: Pair) {
  const write = pair.method !== 'GET' && !isDenial(pair.expectation)
  if (!write) return 0
  return 1 + (pair.rule.late ? 1 : 0) + (pair.rule.endsSession ? 2 : 0)
}

async function callerOf(pair: Pair): Promise<Account | null> {
  if (pair.actor === 'anonymous') return null
  if (pair.actor === 'admin') return world.adminWithout(pair.rule.lacks ?? PERMISSIONS)
  return pair.actor === 'super' ? world.superAdmin : world[pair.actor]
}

function pathFor(pair: Pair, records: World) {
  const params = pair.rule.params?.(records) ?? {}
  const query = pair.rule.query?.(records)
  const path = pair.pattern.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? guessParam(name, pair.pattern, records)),
  )
  return query ? `${path}?${new URLSearchParams(query)}` : path
}

test('authorization matrix: every API endpoint × every kind of caller', async () => {
  const { pairs, problems } = plan()
  const sorted = [...pairs].sort((a, b) => order(a) - order(b))
  const failures: string[] = [...problems]
  const counts = { refused: 0, reads: 0, writes: 0, undecided: 0 }

  for (const pair of sorted) {
    const caller = await callerOf(pair)
    const allowed = !isDenial(pair.expectation)
    // An allowed call gets records of its own; a refusal is tried on the shared ones.
    const records =
      allowed && pair.rule.fixture ? await pair.rule.fixture(world, pair.actor, caller) : world
    const token = caller
      ? pair.rule.endsSession
        ? await world.freshToken(caller)
        : caller.token
      : null
    const path = pathFor(pair, records)
    const body = pair.method === 'GET' ? undefined : (pair.rule.body?.(records, pair.actor) ?? {})
    const reads = pair.method === 'GET' || pair.rule.reads !== undefined
    const before = await fingerprint()
    // A refusal that changes anything at all already fails below, so the customer's own rows are
    // fingerprinted only around allowed calls.
    const victimBefore =
      mayNotSee.has(pair.actor) && !isDenial(pair.expectation)
        ? await fingerprint(customerId)
        : null

    const headers = body === undefined ? undefined : pair.rule.headers?.(JSON.stringify(body))
    const answer = await client.call(pair.method, path, { token, body, headers })
    // What the API does after answering (a webhook's processing, opening an account number) is part of the call.
    await paymentProvider.settle()
    const label = `${pair.key} as ${pair.actor} (${pair.method} ${path})`
    const changed = changedTables(before, await fingerprint())
    const status = answer.httpStatus

    if (status >= 500) failures.push(`${label}: answered ${status}: ${answer.message}`)
    if (isDenial(pair.expectation)) {
      counts.refused += 1
      if (status !== pair.expectation)
        failures.push(`${label}: expected ${pair.expectation}, got ${status} (${answer.message})`)
      if (changed.length)
        failures.push(
          `${label}: was refused yet changed ${changed.join(', ')} (answered ${status})`,
        )
    } else if (pair.expectation === 'ok') {
      if (status < 200 || status >= 300)
        failures.push(`${label}: is allowed but answered ${status} (${answer.message})`)
      if (reads) {
        counts.reads += 1
        if (changed.length) failures.push(`${label}: only reads, yet changed ${changed.join(', ')}`)
      } else {
        counts.writes += 1
        if (!changed.length)
          failures.push(
            `${label}: an allowed write answered ${status} but changed nothing in the database`,
          )
      }
    } else {
      counts.undecided += 1
    }
    if (mayNotSee.has(pair.actor)) {
      const leaked = world.markers.filter((marker) => answer.text.includes(marker))
      if (leaked.length)
        failures.push(`${label}: the answer shows the customer's ${leaked.join(', ')}`)
    }
    if (victimBefore) {
      const touched = changedTables(victimBefore, await fingerprint(customerId))
      if (touched.length)
        failures.push(`${label}: changed the customer's ${touched.join(', ')} (answered ${status})`)
    }
    // Signing out or changing the password ends the caller's sessions: later pairs get a new one.
    if (caller && pair.rule.endsSession) caller.token = await world.freshToken(caller)
  }

  console.log(
    `authorization matrix (API): ${pairs.length} pairs (${endpointList.length} endpoints × ${ACTORS.length} callers): ` +
      `${counts.refused} refusals, ${counts.reads} allowed reads, ${counts.writes} allowed writes, ${counts.undecided} undecided`,
  )
  expect(failures).toEqual([])
  expect(pairs.length).toBe(endpointList.length * ACTORS.length)
}, 600_000)
