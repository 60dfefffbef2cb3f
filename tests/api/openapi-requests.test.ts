/**
 * The OpenAPI document, read as a client developer's generator reads it: for every operation it
 * declares, one request the document says is valid and a handful that each break one of its
 * keywords (tests/support/document-requests.ts makes them from GET /api/v1/openapi.json alone).
 * A valid request is never refused as invalid (no 422, no 400, no 5xx, and only statuses the
 * operation declares: an unknown id's 404 or a 409 refused by the state of things are fine); an
 * invalid one is always refused with 422 naming the field it broke. Sent as the super admin, and
 * signed out where the operation is public; new operations are covered as soon as they are in the
 * document. A provider's webhook is public but signed: its bodies carry the provider's signature of
 * their bytes, as the provider sends them (both providers' keys are set; none is called).
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApi, type TestApi } from '../support/api-harness'
import {
  DocumentRequests,
  encodeBody,
  type MediaType,
  type Mutation,
  type OpenApi,
  type Schema,
} from '../support/document-requests'
import { signedBy } from '../support/payment-world'
import { quietMailLog } from '../support/quiet'

const SEED = 37_2026

/**
 * The rules the server applies that JSON Schema cannot state, by operation and field, each with
 * why (also in the property's description and in docs/api-requests.md). A valid-by-document
 * request refused with 422 under these fields and no other is not counted against the document.
 */
const BEYOND_JSON_SCHEMA: Record<string, { fields: string[]; why: string }> = {
  resetPassword: {
    fields: ['password_confirmation'],
    why: 'the confirmation must equal the password: JSON Schema cannot compare two values',
  },
  changePassword: {
    fields: ['password_confirmation'],
    why: 'the confirmation must equal the new password: JSON Schema cannot compare two values',
  },
  productCreate: {
    fields: ['initial_deposit_amount', 'discount_percentage', 'duration'],
    why: 'a deposit below the amount, a discount leaving at least ₦0.01 of it, a recurring duration of at least the ROI period: comparisons of two values',
  },
  productUpdate: {
    fields: ['initial_deposit_amount', 'discount_percentage', 'duration'],
    why: 'as productCreate',
  },
  paymentPlanCreate: {
    fields: ['default_after_days'],
    why: 'more days than the grace days sent beside it: a comparison of two values',
  },
  paymentPlanUpdate: { fields: ['default_after_days'], why: 'as paymentPlanCreate' },
  reconciliationPreview: {
    fields: ['file_in_base64'],
    why: "a bank statement's header and rows (which columns hold the date, narration and credit) are not something JSON Schema describes",
  },
  reconciliationImport: {
    fields: ['file_in_base64', 'columns'],
    why: 'as reconciliationPreview; and two of the columns may not name the same position: a comparison of values',
  },
  plotCreate: {
    fields: ['beacons'],
    why: 'a boundary that never crosses itself and encloses an area, overlapping no surveyed plot of the estate: geometry, not a keyword',
  },
  plotImport: {
    fields: ['file_in_base64'],
    why: "a plot CSV's header and rows are not something JSON Schema describes",
  },
}

let api: TestApi
let document: OpenApi
let generator: DocumentRequests
let token: string

beforeAll(async () => {
  quietMailLog()
  // Keys for both providers, so their webhooks are answered; an address that refuses connections,
  // since nothing here is a payment the provider would be asked about.
  Object.assign(process.env, {
    PAYSTACK_SECRET_KEY: 'sk_test_openapi_requests',
    PAYSTACK_BASE_URL: 'http://127.0.0.1:9',
    MONNIFY_API_KEY: 'MK_TEST_OPENAPI',
    MONNIFY_SECRET_KEY: 'SK_TEST_OPENAPI_REQUESTS',
    MONNIFY_CONTRACT_CODE: '1234567890',
    MONNIFY_BASE_URL: 'http://127.0.0.1:9',
  })
  api = await createTestApi()
  const answer = await api.call('GET', 'openapi.json')
  document = JSON.parse(await answer.response.text())
  generator = new DocumentRequests(document)
  token = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token
}, 120_000)

afterAll(async () => {
  await api?.close()
})

type Operation = {
  key: string
  method: string
  path: string
  operationId: string
  parameters: {
    name: string
    in: string
    required?: boolean
    allowEmptyValue?: boolean
    schema: Schema
  }[]
  body: Record<string, Schema> | null
  responses: Set<string>
  secured: boolean
}

function operations(): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      operationId: operation.operationId,
      parameters: operation.parameters ?? [],
      body: operation.requestBody
        ? Object.fromEntries(
            Object.entries(operation.requestBody.content as Record<string, { schema: Schema }>).map(
              ([type, content]) => [type, content.schema],
            ),
          )
        : null,
      responses: new Set(Object.keys(operation.responses)),
      secured: (operation.security ?? []).length > 0,
    })),
  )
}

/** The query parameters as one object schema, so a query is generated like a body. */
function querySchema(operation: Operation): Schema {
  const query = operation.parameters.filter((parameter) => parameter.in === 'query')
  return {
    type: 'object',
    properties: Object.fromEntries(query.map((parameter) => [parameter.name, parameter.schema])),
    required: query.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  }
}

function urlOf(
  operation: Operation,
  params: Record<string, unknown>,
  query: Record<string, unknown>,
) {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(String(params[name])),
  )
  const search = new URLSearchParams(
    Object.entries(query).map(([name, value]) => [name, String(value)]),
  ).toString()
  return `${path.slice(1)}${search ? `?${search}` : ''}`
}

/** A query parameter whose empty value the document allows (no filter). */
const emptyAllowed = (operation: Operation, name: string) =>
  operation.parameters.some(
    (parameter) => parameter.in === 'query' && parameter.name === name && parameter.allowEmptyValue,
  )

/** The signature a provider's webhook carries (its path names the provider), or no header. */
function signatureOf(operation: Operation, body: BodyInit | undefined) {
  const provider = /^\/webhooks\/(paystack|monnify)$/.exec(operation.path)?.[1]
  // Webhooks are JSON only: their bodies are text.
  return provider && typeof body === 'string'
    ? signedBy(provider as 'paystack' | 'monnify')(body)
    : {}
}

type Sent = { operation: string; what: string; status: number; data: unknown; message: string }

async function send(
  operation: Operation,
  url: string,
  body?: { value: unknown; media: MediaType },
): Promise<Sent & { status: number }> {
  const encoded = body ? encodeBody(body.value, body.media) : null
  const answer = await api.call(operation.method, url, {
    token: operation.secured ? token : null,
    raw: encoded?.body,
    headers: {
      ...(encoded?.type ? { 'content-type': encoded.type } : {}),
      ...signatureOf(operation, encoded?.body),
    },
  })
  return {
    operation: operation.key,
    what: '',
    status: answer.httpStatus,
    data: answer.data,
    message: answer.message,
  }
}

/** The super admin's token still works (an operation such as logout ends it); a new one if not. */
async function keepSignedIn() {
  const me = await api.call('GET', 'auth/me', { token })
  if (me.httpStatus === 401) token = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token
}

const namesField = (data: unknown, path: string[]) => {
  if (!data || typeof data !== 'object') return false
  const field = path.join('.')
  return Object.keys(data).some(
    (key) => !field || key === field || key.startsWith(`${field}.`) || field.startsWith(`${key}.`),
  )
}

test('every operation: a request valid by the document is never refused as invalid, an invalid one always is', async () => {
  const started = Date.now()
  const problems: string[] = []
  const counts = { operations: 0, valid: 0, invalid: 0 }
  const all = operations()
  for (const [index, operation] of all.entries()) {
    counts.operations += 1
    const seed = SEED + index
    const params = Object.fromEntries(
      operation.parameters
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => [
          parameter.name,
          generator.sample(parameter.schema, 'application/json', seed),
        ]),
    )
    const queries = querySchema(operation)
    const query = (generator.sample(queries, 'application/x-www-form-urlencoded', seed) ??
      {}) as Record<string, unknown>
    const excused = BEYOND_JSON_SCHEMA[operation.operationId]?.fields ?? []

    const checkValid = (answer: Sent, what: string) => {
      counts.valid += 1
      const fields = answer.data && typeof answer.data === 'object' ? Object.keys(answer.data) : []
      const isExcused = (field: string) =>
        excused.some((name) => field === name || field.startsWith(`${name}.`))
      if (answer.status === 422 && fields.length && fields.every(isExcused)) return
      if (
        answer.status === 422 ||
        answer.status === 400 ||
        answer.status >= 500 ||
        !operation.responses.has(String(answer.status))
      )
        problems.push(
          `${operation.key} valid ${what} → ${answer.status} ${answer.message} ${JSON.stringify(answer.data)?.slice(0, 300)}`,
        )
    }
    const checkInvalid = (answer: Sent, what: string, mutation: Mutation) => {
      counts.invalid += 1
      if (answer.status !== 422 || !namesField(answer.data, mutation.path))
        problems.push(
          `${operation.key} invalid ${what} (${mutation.keyword} at ${mutation.path.join('.') || 'body'}: ${JSON.stringify(mutation.value)?.slice(0, 120)}) → ${answer.status} ${answer.message} ${JSON.stringify(answer.data)?.slice(0, 200)}`,
        )
    }

    if (operation.body) {
      for (const [media, schema] of Object.entries(operation.body) as [MediaType, Schema][]) {
        const value = generator.sample(schema, media, seed)
        if (value === null) {
          problems.push(`${operation.key} ${media}: no valid body could be generated`)
          continue
        }
        checkValid(
          await send(operation, urlOf(operation, params, query), { value, media }),
          `${media} ${JSON.stringify(value)?.slice(0, 300)}`,
        )
        await keepSignedIn()
        for (const mutation of generator.mutations(schema, value, [], media)) {
          // A body that is not an object at all is unreadable: 400, as every operation declares.
          if (!mutation.path.length) continue
          if (generator.valid(schema, mutation.value)) continue
          checkInvalid(
            await send(operation, urlOf(operation, params, query), {
              value: mutation.value,
              media,
            }),
            media,
            mutation,
          )
        }
      }
    } else {
      checkValid(
        await send(operation, urlOf(operation, params, query)),
        `query ${JSON.stringify(query)}`,
      )
      await keepSignedIn()
    }

    // Every query parameter broken in turn, beside valid values of the others.
    const full = (generator.sample(
      { ...queries, required: Object.keys(queries.properties) },
      'application/x-www-form-urlencoded',
      seed,
    ) ?? {}) as Record<string, unknown>
    for (const mutation of generator.mutations(
      queries,
      full,
      [],
      'application/x-www-form-urlencoded',
    )) {
      if (mutation.keyword === 'required' || generator.valid(queries, mutation.value)) continue
      const [name] = mutation.path
      if (emptyAllowed(operation, name) && (mutation.value as Record<string, unknown>)[name] === '')
        continue
      const bodySchema = operation.body?.['application/json']
      const body = bodySchema
        ? {
            value: generator.sample(bodySchema, 'application/json', seed),
            media: 'application/json' as const,
          }
        : undefined
      checkInvalid(
        await send(
          operation,
          urlOf(operation, params, mutation.value as Record<string, unknown>),
          body,
        ),
        'query',
        mutation,
      )
    }
  }
  console.info(
    `openapi-requests: ${counts.operations} operations, ${counts.valid} valid and ${counts.invalid} invalid requests in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
  expect(problems).toEqual([])
}, 600_000)
