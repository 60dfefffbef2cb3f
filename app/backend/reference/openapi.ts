import { z } from 'zod'
import { isFileResponse, type Access, type Endpoint } from '~/contract/endpoint'
import { VALIDATION_STATUS } from '~/contract/envelope'

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

/** The OpenAPI 3.1 document of the endpoint table: what /api/v1/openapi.json answers. */
export function openApiDocument(list: readonly NamedEndpoint[], { version = '1' } = {}) {
  const paths: Record<string, Record<string, Operation>> = {}
  for (const entry of list) {
    const path = `/${entry.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`
    ;(paths[path] ??= {})[entry.method.toLowerCase()] = operation(entry)
  }
  const tags = [...new Set(list.map((entry) => entry.tag))].map((name) => ({ name }))
  return {
    openapi: '3.1.0',
    info: { title: 'Landbanking API', version, description: ABOUT },
    servers: [{ url: '/api/v1' }],
    tags,
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token answered by POST /auth/login' } },
      schemas: {
        Failure: {
          type: 'object',
          required: ['status', 'message', 'data'],
          properties: {
            status: { type: 'string', description: 'What went wrong, e.g. unauthorized, forbidden, notFound' },
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
      },
    },
  }
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>

/** Who may call an entry, in words: what the reference and the document's x-access say. */
export function describeAccess(access: Access): string {
  if (access === 'public') return 'Anyone, signed in or not'
  if (access === 'signed-in') return 'Any signed-in account, e-mail verified or not'
  if (access === 'verified') return 'Any signed-in account with a verified e-mail'
  const parts = [
    ...(access.roles?.length ? [`the ${access.roles.join(' or ')} role`] : []),
    ...(access.permissions?.length ? [`one of the permissions ${access.permissions.join(', ')}`] : []),
  ]
  return `A verified account with ${parts.join(', or ')} (the super admin holds every permission)`
}

function operation(entry: NamedEndpoint): Operation {
  const parameters = [
    ...entry.paramNames.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...queryParameters(entry.query),
  ]
  const secured = entry.access !== 'public'
  const responses: Record<string, unknown> = { '200': success(entry) }
  if (secured) {
    responses['401'] = failure('Not signed in, or the token expired')
    responses['403'] = failure('E-mail not verified, or the caller lacks the role or permission')
  }
  if (entry.paramNames.length) responses['404'] = failure('No such record, or not one the caller may see')
  if (entry.body || entry.query) {
    responses['422'] = {
      description: 'Invalid input: each field with its messages',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ValidationFailure' } } },
    }
  }
  responses.default = failure('Any other failure (400, 409, 413, 429, 500, 503)')

  return {
    operationId: entry.name,
    summary: entry.summary,
    description: [entry.description, `Who may call it: ${describeAccess(entry.access)}.`].filter(Boolean).join('\n\n'),
    tags: [entry.tag],
    ...(parameters.length ? { parameters } : {}),
    ...(entry.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(entry.body, 'input') } } } }
      : {}),
    responses,
    security: secured ? [{ bearer: [] }] : [],
    'x-access': accessExtension(entry.access),
  }
}

function accessExtension(access: Access) {
  if (typeof access === 'string') return { rule: access }
  return { rule: 'verified', roles: access.roles ?? [], permissions: access.permissions ?? [] }
}

function success(entry: NamedEndpoint) {
  const { response } = entry
  if (isFileResponse(response)) {
    return {
      description: 'The file',
      content: Object.fromEntries(response.file.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
    }
  }
  return {
    description: entry.exportsCsv ? 'Done: the JSON envelope, or with ?format=csv the CSV file' : 'Done',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['status', 'message', 'data'],
          properties: {
            status: { const: '200' },
            message: { type: 'string' },
            data: jsonSchema(response, 'output'),
          },
        },
      },
      ...(entry.exportsCsv ? { 'text/csv': { schema: { type: 'string', contentMediaType: 'text/csv' } } } : {}),
    },
  }
}

function failure(description: string) {
  return { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } } }
}

function queryParameters(query: z.ZodType | undefined) {
  if (!query) return []
  const schema = jsonSchema(query, 'input')
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((schema.required ?? []) as string[])
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }))
}

/** A zod schema as JSON Schema 2020-12 (what OpenAPI 3.1 embeds): what a client sends, or what it gets back. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema
  return rest
}
