import { z } from 'zod'
import * as audit from '~/contract/audit'
import * as auth from '~/contract/auth'
import * as commissions from '~/contract/commissions'
import * as dashboard from '~/contract/dashboard'
import { isFileResponse, type Access, type Endpoint, type ErrorStatus } from '~/contract/endpoint'
import { VALIDATION_STATUS } from '~/contract/envelope'
import { statedKeywords } from '~/contract/stated'
import * as notifications from '~/contract/notifications'
import * as payouts from '~/contract/payouts'
import * as people from '~/contract/people'
import * as products from '~/contract/products'
import * as profile from '~/contract/profile'
import * as reconciliation from '~/contract/reconciliation'
import * as registeredCompany from '~/contract/registered-company'
import * as settings from '~/contract/settings'
import * as subscriptions from '~/contract/subscriptions'
import * as titles from '~/contract/titles'
import * as verification from '~/contract/verification'

type JsonSchema = Record<string, unknown>
type Operation = Record<string, unknown>

export type NamedEndpoint = Endpoint & { name: string }

const ABOUT = [
  'The land-sales and land-investment API behind the web app, for other clients (mobile apps, scripts).',
  '',
  'Every JSON answer is an envelope `{ status, message, data }`: `status` is "200" on success, otherwise a',
  `name such as \`unauthorized\`, \`forbidden\`, \`notFound\` or \`${VALIDATION_STATUS}\` (then \`data\` maps each field to its`,
  'messages). Amounts in bodies and answers are naira (₦); the API stores integer kobo and refuses anything',
  'below one kobo. Bodies are JSON; `application/x-www-form-urlencoded` and `multipart/form-data` bodies with the',
  'same fields are accepted too. Sign in with `POST /auth/login` and send its token as `Authorization: Bearer <token>`.',
].join('\n')

/**
 * The contract's domain objects under their own names in `components.schemas`: every exported
 * object schema of a contract module (`productSchema` → `Product`), and the page of a named item
 * (`ProductPage`). Everywhere else they appear, the document refers to them by name.
 */
const CONTRACT_MODULES: Record<string, unknown>[] = [
  audit,
  auth,
  commissions,
  dashboard,
  notifications,
  payouts,
  people,
  products,
  profile,
  reconciliation,
  registeredCompany,
  settings,
  subscriptions,
  titles,
  verification,
]

type Names = z.core.$ZodRegistry<{ id: string }>

function schemaNames(list: readonly NamedEndpoint[]): Names {
  const names = z.registry<{ id: string }>()
  const taken = new Set<string>()
  const name = (schema: z.ZodType, id: string) => {
    if (names.has(schema) || taken.has(id)) return
    names.add(schema, { id })
    taken.add(id)
  }
  for (const module of CONTRACT_MODULES) {
    for (const [exported, value] of Object.entries(module)) {
      if (!exported.endsWith('Schema') || !(value instanceof z.ZodType)) continue
      if (!['object', 'union'].includes(value.def.type)) continue
      name(value, pascal(exported.slice(0, -'Schema'.length)))
    }
  }
  for (const entry of list) {
    const { response } = entry
    if (isFileResponse(response) || !(response instanceof z.ZodObject)) continue
    const { items } = response.shape as Record<string, z.ZodType>
    if (!(items instanceof z.ZodArray) || !('totalPages' in response.shape)) continue
    const item = names.get(items.element as z.ZodType)
    if (item) name(response, `${item.id}Page`)
  }
  return names
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1)

/** What a schema turns into, and the named schemas it refers to, per direction. */
class SchemaWriter {
  readonly defs = { input: new Map<string, JsonSchema>(), output: new Map<string, JsonSchema>() }

  constructor(private readonly names: Names) {}

  write(schema: z.ZodType, io: 'input' | 'output', { named = true } = {}): JsonSchema {
    const { $defs, ...rest } = jsonSchema(
      schema,
      io,
      named ? this.names : undefined,
    ) as JsonSchema & { $defs?: Record<string, JsonSchema> }
    for (const [id, def] of Object.entries($defs ?? {}))
      this.defs[io].set(id, renameRefs(def, io) as JsonSchema)
    return renameRefs(rest, io) as JsonSchema
  }

  /** A body under a name (its own, or the entry's: `productCreate` → `ProductCreateBody`), for its three media types to share. */
  body(entryName: string, schema: z.ZodType): JsonSchema {
    const written = this.write(schema, 'input')
    if (typeof written.$ref === 'string' && Object.keys(written).length === 1) return written
    const id = `${pascal(entryName)}Body`
    this.bodies.set(id, written)
    return { $ref: `${REF}${id}` }
  }

  readonly bodies = new Map<string, JsonSchema>()

  /** A body already written out, under a name of its own. */
  namedBody(id: string, schema: JsonSchema): JsonSchema {
    this.bodies.set(id, schema)
    return { $ref: `${REF}${id}` }
  }

  /**
   * components.schemas, and how an input placeholder resolves: an input shape is named as its
   * output when both read the same (most do), or `<Name>Input` (defaults are optional on the way in).
   */
  components(): { schemas: Record<string, JsonSchema>; inputNames: Map<string, string> } {
    const schemas: Record<string, JsonSchema> = {}
    for (const [id, def] of this.defs.output) schemas[id] = def
    for (const [id, def] of this.bodies) schemas[id] = def
    const inputNames = new Map<string, string>()
    const resolve = (value: unknown): unknown =>
      JSON.parse(
        JSON.stringify(value).replace(
          INPUT_REF,
          (_, id: string) => `${REF}${inputNames.get(id) ?? id}`,
        ),
      )
    // Resolved until stable: an input shape's name depends on those of the shapes inside it.
    for (let pass = 0; pass < 5; pass++) {
      for (const [id, def] of this.defs.input) {
        const output = this.defs.output.get(id)
        inputNames.set(
          id,
          !output || JSON.stringify(resolve(def)) === JSON.stringify(output) ? id : `${id}Input`,
        )
      }
    }
    for (const [id, def] of this.defs.input) {
      const named = inputNames.get(id)!
      if (named !== id || !this.defs.output.has(id)) schemas[named] = resolve(def) as JsonSchema
    }
    return { schemas, inputNames }
  }
}

const REF = '#/components/schemas/'
const INPUT_MARK = '#input/'
const INPUT_REF = new RegExp(`${INPUT_MARK}([A-Za-z0-9]+)`, 'g')

function renameRefs(value: unknown, io: 'input' | 'output'): unknown {
  if (Array.isArray(value)) return value.map((item) => renameRefs(item, io))
  if (!value || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string'
        ? inner.replace('#/$defs/', io === 'output' ? REF : INPUT_MARK)
        : renameRefs(inner, io),
    ]),
  )
}

/** The OpenAPI 3.1 document of the endpoint table: what /api/v1/openapi.json answers. */
export function openApiDocument(list: readonly NamedEndpoint[], { version = '1' } = {}) {
  const writer = new SchemaWriter(schemaNames(list))
  const paths: Record<string, Record<string, Operation>> = {}
  for (const entry of list) {
    const path = `/${entry.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`
    ;(paths[path] ??= {})[entry.method.toLowerCase()] = operation(entry, writer)
  }
  const tags = [...new Set(list.map((entry) => entry.tag))].map((name) => ({
    name,
    description: TAGS[name] ?? name,
  }))
  const { schemas, inputNames } = writer.components()
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'Landbanking API',
      version,
      description: ABOUT,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/api/v1' }],
    tags,
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The token answered by POST /auth/login',
        },
      },
      responses: sharedResponses(),
      headers: {
        RetryAfter: {
          description: 'Seconds to wait before trying again',
          schema: { type: 'integer', minimum: 1 },
        },
      },
      schemas: {
        Failure: {
          type: 'object',
          required: ['status', 'message', 'data'],
          properties: {
            status: {
              type: 'string',
              description: 'What went wrong, e.g. unauthorized, forbidden, notFound',
            },
            message: { type: 'string' },
            data: { description: 'null, or details such as a request_id' },
          },
        },
        ValidationFailure: {
          type: 'object',
          required: ['status', 'message', 'data'],
          properties: {
            status: { const: VALIDATION_STATUS },
            message: { type: 'string', description: 'The first field message' },
            data: {
              type: 'object',
              description: 'Each invalid field with its messages',
              additionalProperties: { type: 'array', items: { type: 'string' } },
            },
          },
        },
        ...sortedByName(schemas),
      },
    },
  }
  const written = JSON.parse(
    JSON.stringify(document).replace(
      INPUT_REF,
      (_, id: string) => `${REF}${inputNames.get(id) ?? id}`,
    ),
  ) as typeof document
  const paged = withPageShape(written) as typeof document
  ;(paged.components.schemas as Record<string, JsonSchema>).Page = PAGE
  paged.components.schemas = sortedByName(
    paged.components.schemas as Record<string, JsonSchema>,
  ) as typeof paged.components.schemas
  return paged
}

const PAGE_KEYS = ['page', 'page_size', 'total', 'total_pages', 'totalPages']

/** The one shape of every list's page: named `Page`, which each list's page extends with its `items`. */
const PAGE: JsonSchema = {
  type: 'object',
  description:
    'What every page of a list says besides its items: 10 items a page; a page past the end is empty',
  properties: {
    page: { type: 'integer', minimum: 1, description: 'The page, from 1' },
    page_size: { type: 'integer', minimum: 1, description: 'How many items a page holds' },
    total: { type: 'integer', minimum: 0, description: 'How many items the filters match' },
    total_pages: { type: 'integer', minimum: 1, description: 'How many pages they make' },
    totalPages: {
      type: 'integer',
      minimum: 1,
      deprecated: true,
      description: 'The same as total_pages, under the name the original clients read',
    },
  },
  required: PAGE_KEYS,
}

/** Every object holding the page fields, written as `Page` and what it adds (its items, any totals). */
function withPageShape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withPageShape)
  if (!value || typeof value !== 'object') return value
  const schema = Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, withPageShape(inner)]),
  ) as JsonSchema
  const properties = schema.properties as Record<string, JsonSchema> | undefined
  if (!properties || !PAGE_KEYS.every((key) => key in properties)) return schema
  const { additionalProperties: _, properties: __, required, ...rest } = schema
  return {
    ...rest,
    allOf: [{ $ref: `${REF}Page` }],
    properties: Object.fromEntries(
      Object.entries(properties).filter(([key]) => !PAGE_KEYS.includes(key)),
    ),
    required: ((required ?? []) as string[]).filter((key) => !PAGE_KEYS.includes(key)),
    unevaluatedProperties: false,
  }
}

const sortedByName = (schemas: Record<string, JsonSchema>) =>
  Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)))

/** What each group of the reference is about. */
const TAGS: Record<string, string> = {
  Health: 'Whether the API and its database answer',
  Authentication: 'Signing in, signing up and password links',
  Account: "The signed-in account's session, e-mail address and password",
  Dashboard: 'Figures for the home screen of each role',
  Notifications: "The signed-in account's notifications",
  Products: 'Land and land-investment products',
  'Payment plans': 'The instalment plans of a land product',
  Reference: 'This description of the API',
  Settings: 'Company-wide settings',
  Subscribing: 'What a purchase would cost, before subscribing',
  Subscriptions: 'Purchases of product units, their receipts and land documents',
  Payments: "A subscription's payments and their confirmation",
  Payouts: 'Investment returns paid to investors',
  Files: 'Uploaded images and documents',
  Customers: 'Customer accounts',
  Realtors: 'Realtor accounts and their downlines',
  Users: 'Staff accounts and their permissions',
  Titles: 'The title documents of paid-up plots',
  Documents: 'Statements and the verification of issued documents',
  Commissions: 'Realtor commissions and their holds',
  Audit: 'The record of who changed what',
  Reconciliation: 'Bank statements matched to payments',
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>

/** Who may call an entry, in words: what the reference and the document's x-access say. */
export function describeAccess(access: Access): string {
  if (access === 'public') return 'Anyone, signed in or not'
  if (access === 'signed-in') return 'Any signed-in account, e-mail verified or not'
  if (access === 'verified') return 'Any signed-in account with a verified e-mail'
  const parts = [
    ...(access.roles?.length ? [`the ${access.roles.join(' or ')} role`] : []),
    ...(access.permissions?.length
      ? [`one of the permissions ${access.permissions.join(', ')}`]
      : []),
  ]
  return `A verified account with ${parts.join(', or ')} (the super admin holds every permission)`
}

/** The failures most entries share, answered by reference. */
const SHARED_FAILURES = {
  BodyUnreadable:
    'The body could not be read (not JSON or form data), or a value holds a NUL character',
  QueryUnreadable: 'A query value holds a NUL character',
  NotSignedIn: 'Not signed in, or the token expired',
  NotAllowed: 'E-mail not verified, or the caller lacks the role or permission',
  NoSuchRecord: 'No such record, or not one the caller may see',
  BodyTooLarge: 'The body is larger than the API takes (4 MB)',
  InvalidInput: 'Invalid input: each field with its messages',
  ServerFailure:
    'The server failed (500), or its database is unavailable for a moment (503, with Retry-After)',
} as const

function sharedResponses() {
  return Object.fromEntries(
    Object.entries(SHARED_FAILURES).map(([name, description]) => [
      name,
      name === 'InvalidInput'
        ? validationFailure(description)
        : failure(description, name === 'ServerFailure'),
    ]),
  )
}

/** Every failure an entry can answer: those that follow from the entry, then those its handler states. */
export function failuresOf(entry: Endpoint): Partial<Record<ErrorStatus, string>> {
  const failures: Partial<Record<ErrorStatus, string>> = {}
  failures[400] = entry.body ? SHARED_FAILURES.BodyUnreadable : SHARED_FAILURES.QueryUnreadable
  if (entry.access !== 'public') {
    failures[401] = SHARED_FAILURES.NotSignedIn
    if (entry.access !== 'signed-in') failures[403] = SHARED_FAILURES.NotAllowed
  }
  if (entry.paramNames.length) failures[404] = SHARED_FAILURES.NoSuchRecord
  if (entry.body) failures[413] = entry.bodyLimit?.message ?? SHARED_FAILURES.BodyTooLarge
  if (entry.body || entry.query) failures[422] = SHARED_FAILURES.InvalidInput
  for (const [status, description] of Object.entries(entry.errors ?? {})) {
    const code = Number(status) as ErrorStatus
    failures[code] =
      failures[code] && code !== 404 && code !== 400
        ? `${failures[code]}; ${description}`
        : description
  }
  return failures
}

function operation(entry: NamedEndpoint, writer: SchemaWriter): Operation {
  const parameters = [
    ...entry.paramNames.map((name) => ({
      name,
      in: 'path',
      required: true,
      description: PATH_PARAMETERS[name] ?? `The ${name} of the record`,
      schema: jsonSchema(entry.params.shape[name], 'input'),
    })),
    ...queryParameters(entry, writer),
  ]
  const secured = entry.access !== 'public'
  const responses: Record<string, unknown> = { '200': success(entry, writer) }
  for (const [status, description] of Object.entries(failuresOf(entry))) {
    const shared = Object.entries(SHARED_FAILURES).find(([, text]) => text === description)?.[0]
    responses[status] = shared
      ? { $ref: `#/components/responses/${shared}` }
      : status === '422'
        ? validationFailure(description)
        : failure(description, status === '429')
  }
  responses.default = { $ref: '#/components/responses/ServerFailure' }

  return {
    operationId: entry.name,
    summary: entry.summary,
    description: [entry.description, `Who may call it: ${describeAccess(entry.access)}.`]
      .filter(Boolean)
      .join('\n\n'),
    tags: [entry.tag],
    ...(parameters.length ? { parameters } : {}),
    ...(entry.body ? { requestBody: requestBody(entry, entry.body, writer) } : {}),
    responses,
    security: secured ? [{ bearer: [] }] : [],
    'x-access': accessExtension(entry.access),
  }
}

const PATH_PARAMETERS: Record<string, string> = {
  id: 'The numeric id of the record',
  reference: 'The reference of the record, as its list shows it',
  uuid: 'The UUID of the record',
  code: 'The verification code printed on the document',
}

/**
 * JSON, and the same fields as a urlencoded or multipart form: the API reads all three alike. A
 * body with an object inside is JSON only (a form has no way to send one); a binary file part is
 * multipart only, the other two taking the body without it.
 */
function requestBody(entry: NamedEndpoint, body: z.ZodType, writer: SchemaWriter) {
  const schema = writer.body(entry.name, body)
  const example = entry.examples?.body === undefined ? {} : { example: entry.examples.body }
  // A body read as its exact bytes (a signed webhook) is JSON only.
  if (entry.rawBody)
    return { required: true, content: { 'application/json': { schema, ...example } } }
  const inline = jsonSchema(body, 'input')
  const properties = (inline.properties ?? {}) as Record<string, JsonSchema>
  if (Object.values(properties).some(holdsObject))
    return { required: true, content: { 'application/json': { schema, ...example } } }
  const files = Object.keys(properties).filter((name) => properties[name].format === 'binary')
  if (!files.length) {
    return {
      required: true,
      content: {
        'application/json': { schema, ...example },
        'application/x-www-form-urlencoded': { schema, ...example },
        'multipart/form-data': { schema, ...example },
      },
    }
  }
  const withoutFiles = writer.namedBody(
    `${pascal(entry.name)}WithoutFiles`,
    dropProperties(inline, files),
  )
  const encoding = Object.fromEntries(
    files.map((name) => [name, { contentType: mediaTypesOf(properties[name]).join(', ') }]),
  )
  return {
    required: true,
    content: {
      'application/json': { schema: withoutFiles, ...example },
      'application/x-www-form-urlencoded': { schema: withoutFiles, ...example },
      'multipart/form-data': { schema, encoding, ...example },
    },
  }
}

/** Whether a property holds an object (or a list of them), directly or as one of its choices. */
function holdsObject(property: JsonSchema): boolean {
  if (property.type === 'object' || property.properties || property.$ref) return true
  if (property.type === 'array') return holdsObject((property.items ?? {}) as JsonSchema)
  const choices = (property.anyOf ?? property.oneOf ?? []) as JsonSchema[]
  return choices.some(holdsObject)
}

/** A body without some properties, and without the choices that required one of them. */
function dropProperties(schema: JsonSchema, names: string[]): JsonSchema {
  const properties = Object.fromEntries(
    Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).filter(
      ([name]) => !names.includes(name),
    ),
  )
  const requires = (branch: JsonSchema) =>
    ((branch.required ?? []) as string[]).some((name) => names.includes(name))
  const { oneOf, ...rest } = schema as JsonSchema & { oneOf?: JsonSchema[] }
  const left = (oneOf ?? []).filter((branch) => !requires(branch))
  const required = [
    ...((rest.required ?? []) as string[]).filter((name) => !names.includes(name)),
    ...(left.length === 1 ? ((left[0].required ?? []) as string[]) : []),
  ]
  return {
    ...rest,
    properties,
    ...(required.length ? { required } : {}),
    ...(left.length > 1 ? { oneOf: left } : {}),
  }
}

/** The media types a file property says it holds (its contentMediaType, or one per choice). */
function mediaTypesOf(property: JsonSchema): string[] {
  if (typeof property.contentMediaType === 'string') return [property.contentMediaType]
  const choices = (property.anyOf ?? []) as JsonSchema[]
  const types = choices.flatMap((choice) =>
    typeof choice.contentMediaType === 'string' ? [choice.contentMediaType] : [],
  )
  return types.length ? types : ['application/octet-stream']
}

function accessExtension(access: Access) {
  if (typeof access === 'string') return { rule: access }
  return { rule: 'verified', roles: access.roles ?? [], permissions: access.permissions ?? [] }
}

function success(entry: NamedEndpoint, writer: SchemaWriter) {
  const { response } = entry
  if (isFileResponse(response)) {
    return {
      description: 'The file',
      content: Object.fromEntries(
        response.file.map((type) => [
          type,
          {
            schema:
              type === 'application/json'
                ? { type: 'object', description: 'A JSON document' }
                : { type: 'string', contentMediaType: type },
          },
        ]),
      ),
    }
  }
  return {
    description: entry.exportsCsv
      ? 'Done: the JSON envelope; with `?format=csv` the CSV file instead'
      : 'Done',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['status', 'message', 'data'],
          properties: {
            status: { const: '200' },
            message: { type: 'string' },
            data: writer.write(response, 'output'),
          },
        },
        ...(entry.examples?.response === undefined
          ? {}
          : {
              example: {
                status: '200',
                message: 'Request processed successfully',
                data: entry.examples.response,
              },
            }),
      },
      ...(entry.exportsCsv
        ? {
            'text/csv': {
              schema: {
                type: 'string',
                contentMediaType: 'text/csv',
                description: 'Every row the filters match, with a header row',
              },
            },
          }
        : {}),
    },
  }
}

function failure(description: string, retryAfter = false) {
  return {
    description,
    ...(retryAfter
      ? { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } }
      : {}),
    content: { 'application/json': { schema: { $ref: `${REF}Failure` } } },
  }
}

function validationFailure(description: string) {
  return {
    description,
    content: { 'application/json': { schema: { $ref: `${REF}ValidationFailure` } } },
  }
}

function queryParameters(entry: NamedEndpoint, writer: SchemaWriter) {
  if (!entry.query) return []
  const schema = writer.write(entry.query, 'input', { named: false })
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((schema.required ?? []) as string[])
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property
    return {
      name,
      in: 'query',
      required: required.has(name),
      // An empty value is no filter: a form's "All" or a search box left blank.
      ...(required.has(name) ? {} : { allowEmptyValue: true }),
      description:
        (description as string | undefined) ??
        QUERY_PARAMETERS[name] ??
        `Only the records whose ${name.replace(/_/g, ' ')} is this`,
      schema: rest,
    }
  })
}

const QUERY_PARAMETERS: Record<string, string> = {
  page: 'The page to answer, from 1; a page past the end answers an empty page',
  format: '`csv` for the CSV download of every row the filters match (the answer is then text/csv)',
  search: 'Only the records containing this text',
  from: 'From this day (YYYY-MM-DD), included',
  to: 'To this day (YYYY-MM-DD), included',
}

const ISO_DATE_PATTERN = String.raw`^\d{4}-\d{2}-\d{2}$`

/** A zod schema as JSON Schema 2020-12 (what OpenAPI 3.1 embeds): what a client sends, or what it gets back. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output', names?: Names): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    ...(names ? { metadata: names } : {}),
    override: ({ zodSchema, jsonSchema: json, path }) => {
      // A rule zod cannot write out itself is stated next to it (contract/stated.ts).
      Object.assign(json, statedKeywords(zodSchema))
      if (json.format || json.type !== 'string') return
      const format =
        (json.pattern === ISO_DATE_PATTERN ? 'date' : undefined) ??
        // Every record's `uuid` is its uuid column.
        (io === 'output' && path.at(-1) === 'uuid' && path.at(-2) === 'properties'
          ? 'uuid'
          : undefined)
      if (format) json.format = format
    },
  }) as JsonSchema
  return rest
}
