/**
 * GET /api/v1/openapi.json and /api/v1/docs, as a client developer would use them: the document
 * is valid OpenAPI 3.1, describes exactly the paths and methods the router serves, and says for
 * each operation what it takes, what it answers and who may call it; the reference page shows the
 * same and loads nothing from elsewhere.
 */
import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { z } from 'zod'
import { servedRoutes as routes } from '~/backend'
import type { Access, Endpoint } from '~/contract/endpoint'
import { endpoints } from '~/contract/endpoints'
import { createTestApi, type TestApi } from '../support/api-harness'

/**
 * The parts of an OpenAPI 3.1 document these checks read, as they expect to find them: a part a
 * check reads through is required here, and the check fails when the document lacks it. A part
 * that may be a reference carries `$ref`, followed by `resolved`.
 */
type Schema = {
  $ref?: string
  type?: string
  format?: string
  contentEncoding?: string
  enum?: unknown[]
  required?: string[]
  properties: Record<string, Schema>
  items: Schema
  oneOf?: Schema[]
  anyOf?: Schema[]
  allOf?: Schema[]
}
type Content = Record<
  string,
  {
    schema: Schema
    example: { data?: unknown }
    encoding?: Record<string, { contentType: string }>
  }
>
type Parameter = { name: string; in: string; description?: string; schema: Schema }
type Answer = {
  $ref?: string
  description: string
  content: Content
  headers: Record<string, { $ref?: string; schema: Schema }>
}
type Operation = {
  operationId: string
  summary: string
  description: string
  parameters?: Parameter[]
  requestBody?: { content: Content }
  responses: Record<string, Answer>
  security: unknown[]
  'x-access': { permissions: string[]; roles: string[] }
}
type Document = {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, Schema> } & Record<string, Record<string, unknown>>
}

let api: TestApi
let document: Document
let answer: Response

beforeAll(async () => {
  api = await createTestApi()
  const got = await api.call('GET', 'openapi.json')
  answer = got.response
  document = JSON.parse(await answer.clone().text())
}, 120_000)

afterAll(async () => {
  await api?.close()
})

/** A schema, response or header with its `$ref` followed into components, as a client reads it. */
const resolved = <Part extends { $ref?: string } | undefined>(value: Part): Part => {
  if (!value?.$ref) return value
  const [, , kind, name] = value.$ref.split('/')
  return resolved(document.components[kind][name] as Part)
}

const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  )

describe('openapi.json', () => {
  test('is public, JSON and cacheable; a client holding the current version gets 304', async () => {
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('application/json')
    expect(answer.headers.get('cache-control')).toMatch(/public/)
    const etag = answer.headers.get('etag')
    expect(etag).toBeTruthy()
    const again = await api.call('GET', 'openapi.json', { headers: { 'if-none-match': etag! } })
    expect(again.httpStatus).toBe(304)
    expect(await again.response.text()).toBe('')
  })

  test('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0')
    const result = await new Validator().validate(document)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  test('lists every path and method the router serves, and nothing else', () => {
    const served = routes
      .map((route) => `${route.method} /${route.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`)
      .sort()
    const described = operationsOf(document)
      .map(({ key }) => key)
      .sort()
    expect(described).toEqual(served)
  })

  test('every route the router serves is registered against its entry of the endpoint table', () => {
    const tableEntries = new Set<Endpoint>(Object.values(endpoints))
    const unregistered = routes
      .filter((route) => !tableEntries.has(route.endpoint))
      .map((route) => `${route.method} ${route.path}`)
    expect(unregistered).toEqual([])
  })

  test('each operation has a unique operationId, a summary, its parameters, its body, its answer and who may call it', () => {
    const ids = new Set<string>()
    for (const { key, operation } of operationsOf(document)) {
      expect(operation.operationId, key).toMatch(/^[a-zA-Z]+$/)
      expect(
        ids.has(operation.operationId),
        `${key}: operationId ${operation.operationId} used twice`,
      ).toBe(false)
      ids.add(operation.operationId)
      expect(operation.summary, key).toBeTruthy()
      expect(operation.description, key).toContain('Who may call it')
      expect(operation.responses['200'], key).toBeTruthy()

      const path = key.split(' ')[1]
      const pathNames = [...path.matchAll(/\{([A-Za-z_]+)\}/g)].map((found) => found[1])
      const pathParameters = (operation.parameters ?? []).filter(
        (parameter) => parameter.in === 'path',
      )
      expect(
        pathParameters.map((parameter) => parameter.name),
        key,
      ).toEqual(pathNames)

      const entry = endpoints[operation.operationId as keyof typeof endpoints]
      expect(entry, `${key}: no table entry named ${operation.operationId}`).toBeTruthy()
      expect(`${entry.method} /${entry.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`).toBe(key)
      if (entry.access === 'public') {
        expect(operation.security, key).toEqual([])
      } else {
        expect(operation.security, key).toEqual([{ bearer: [] }])
        expect(operation.responses['401'], key).toBeTruthy()
      }
      const access: Access = entry.access
      if (typeof access === 'object') {
        expect(operation['x-access'].permissions, key).toEqual(access.permissions ?? [])
        expect(operation['x-access'].roles, key).toEqual(access.roles ?? [])
      }
      if ('body' in entry && entry.body) {
        const body = resolved(operation.requestBody?.content['application/json'].schema)
        // An object, or a choice of objects (a settings post is one of several forms).
        const objects = body?.properties ? [body] : (body?.oneOf ?? body?.anyOf ?? [])
        expect(objects.length, key).toBeGreaterThan(0)
        for (const object of objects) expect(object.properties, key).toBeTruthy()
      }
    }
  })

  test('a body and an answer are described field by field, as the API checks them', () => {
    const create = operationsOf(document).find(
      ({ key }) => key === 'POST /admin/product',
    )!.operation
    const body = resolved(create.requestBody!.content['application/json'].schema)
    expect(body.properties.type.enum).toEqual(['land', 'land_investment'])
    expect(body.properties.description).toMatchObject({ type: 'string', maxLength: 5000 })
    expect(body.required).toContain('type')
    expect(create['x-access'].permissions).toEqual(['can_modify_product'])

    const list = operationsOf(document).find(({ key }) => key === 'GET /product')!.operation
    const data = resolved(list.responses['200'].content['application/json'].schema.properties.data)
    expect(resolved(data.properties.items.items).properties.reference).toEqual({ type: 'string' })
    expect(list.parameters!.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['type', 'available_status', 'search', 'page']),
    )
  })
})

describe('what a generated client relies on', () => {
  const operationOf = (name: string) =>
    operationsOf(document).find(({ operation }) => operation.operationId === name)!.operation
  const statusesOf = (name: string) => Object.keys(operationOf(name).responses)

  test('each operation declares every failure its entry implies, each answering the error envelope', () => {
    for (const { key, operation } of operationsOf(document)) {
      const entry = endpoints[operation.operationId as keyof typeof endpoints] as Endpoint
      const declared = Object.keys(operation.responses)
      const expected = [
        '400',
        ...(entry.access === 'public' ? [] : ['401']),
        ...(entry.access === 'public' || entry.access === 'signed-in' ? [] : ['403']),
        ...(entry.paramNames.length ? ['404'] : []),
        ...(entry.body ? ['413'] : []),
        ...(entry.body || entry.query ? ['422'] : []),
        ...Object.keys(entry.errors ?? {}),
      ]
      expect(declared, key).toEqual(expect.arrayContaining([...new Set(expected)]))
      for (const status of declared.filter((code) => code !== '200')) {
        const answer = resolved(operation.responses[status])
        expect(answer.description, `${key} ${status}`).toBeTruthy()
        const schema = answer.content['application/json'].schema.$ref
        expect(schema, `${key} ${status}`).toBe(
          status === '422'
            ? '#/components/schemas/ValidationFailure'
            : '#/components/schemas/Failure',
        )
        if (status === '429')
          expect(resolved(answer.headers['Retry-After']).schema.type, key).toBe('integer')
      }
      for (const [status, description] of Object.entries(entry.errors ?? {})) {
        expect(resolved(operation.responses[status]).description, `${key} ${status}`).toContain(
          description,
        )
      }
    }
  })

  test('the statuses the review found undeclared are declared', () => {
    expect(statusesOf('login')).toEqual(expect.arrayContaining(['401', '403', '429']))
    expect(resolved(operationOf('login').responses['401']).description).toBe(
      'Wrong e-mail or password',
    )
    for (const name of ['payoutMarkPaid', 'commissionMarkPaid', 'verifyPasswordToken']) {
      expect(statusesOf(name), name).toContain('404')
    }
    for (const name of [
      'payoutMarkPaid',
      'commissionMarkPaid',
      'subscriptionCancel',
      'transactionMark',
      'reconciliationConfirm',
    ]) {
      expect(statusesOf(name), name).toContain('409')
    }
    expect(resolved(operationOf('login').responses['429']).headers['Retry-After']).toBeTruthy()
  })

  test('openapi.json is declared as the JSON object it is', () => {
    expect(
      operationOf('openApiDocument').responses['200'].content['application/json'].schema.type,
    ).toBe('object')
    expect(document).toBeTypeOf('object')
  })

  test('a list that exports answers its JSON page and its CSV file under their own media types', () => {
    const exports = Object.entries(endpoints).filter(
      ([, entry]) => 'exportsCsv' in entry && entry.exportsCsv,
    )
    expect(exports.length).toBeGreaterThan(3)
    for (const [name] of exports) {
      const content = operationOf(name).responses['200'].content
      expect(Object.keys(content).sort(), name).toEqual(['application/json', 'text/csv'])
      expect(content['application/json'].schema.properties.data, name).toBeTruthy()
      expect(content['text/csv'].schema, name).toMatchObject({
        type: 'string',
        contentMediaType: 'text/csv',
      })
      const format = operationOf(name).parameters!.find((parameter) => parameter.name === 'format')
      expect(format?.schema.enum, name).toEqual(['csv'])
    }
  })

  test('a body is declared as JSON, urlencoded and multipart with one schema; one holding an object, or a signed webhook, as JSON only', () => {
    for (const { key, operation } of operationsOf(document).filter(
      ({ operation }) => operation.requestBody,
    )) {
      const content = operation.requestBody!.content
      const properties = resolved(content['application/json'].schema).properties ?? {}
      const holdsObject = Object.values(properties).some(
        (property) => property.$ref || property.type === 'object' || property.anyOf,
      )
      if (key === 'POST /media/upload') continue
      const signed = (endpoints as Record<string, Endpoint>)[operation.operationId]?.rawBody
      if ((holdsObject || signed) && !content['multipart/form-data']) {
        expect(Object.keys(content), key).toEqual(['application/json'])
        continue
      }
      expect(Object.keys(content).sort(), key).toEqual([
        'application/json',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
      ])
      expect(content['multipart/form-data'].schema, key).toEqual(content['application/json'].schema)
      expect(content['application/x-www-form-urlencoded'].schema, key).toEqual(
        content['application/json'].schema,
      )
    }
  })

  test('the upload takes a binary file part in multipart bodies, and base64 in JSON and urlencoded ones', () => {
    const content = operationOf('mediaUpload').requestBody!.content
    const multipart = resolved(content['multipart/form-data'].schema)
    expect(multipart.properties.file.format).toBe('binary')
    expect(content['multipart/form-data'].encoding?.file.contentType).toBe(
      'image/png, image/jpeg, application/pdf',
    )
    for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
      const schema = resolved(content[type].schema)
      expect(schema.properties.file, type).toBeUndefined()
      expect(schema.required, type).toContain('file_in_base64')
      expect(schema.properties.file_in_base64.contentEncoding, type).toBe('base64')
    }
  })

  test('every list answers one page shape, the named Page its items extend', () => {
    expect(document.components.schemas.Page.required).toEqual([
      'page',
      'page_size',
      'total',
      'total_pages',
      'totalPages',
    ])
    const pages = Object.entries(document.components.schemas).filter(
      ([name]) => name.endsWith('Page') && name !== 'Page',
    )
    expect(pages.length).toBeGreaterThanOrEqual(8)
    for (const [name, schema] of pages) {
      expect(schema.allOf, name).toEqual([{ $ref: '#/components/schemas/Page' }])
      expect(schema.properties.items.type, name).toBe('array')
    }
    const text = JSON.stringify(document)
    expect(text.match(/"totalPages"/g)?.length).toBe(2)
  })

  test('domain objects and their pages are named schemas that operations refer to', () => {
    const names = Object.keys(document.components.schemas)
    expect(names).toEqual(
      expect.arrayContaining([
        'Product',
        'ProductPage',
        'Subscription',
        'SubscriptionPage',
        'Transaction',
        'TransactionPage',
        'CustomerRecord',
        'SessionData',
      ]),
    )
    const productList =
      operationOf('productList').responses['200'].content['application/json'].schema.properties.data
    expect(productList).toEqual({ $ref: '#/components/schemas/ProductPage' })
    expect(resolved(productList).properties.items.items).toEqual({
      $ref: '#/components/schemas/Product',
    })
    expect(
      operationOf('productShow').responses['200'].content['application/json'].schema.properties
        .data,
    ).toEqual({
      $ref: '#/components/schemas/Product',
    })
    const text = JSON.stringify(document)
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/(\w+)"/g))
      expect(names, name).toContain(name)
  })

  test('an example is what the API takes and answers: its body passes the entry checks and its answer the response schema', () => {
    const withExamples = Object.entries(endpoints).filter(
      ([, entry]) => 'examples' in entry && entry.examples,
    )
    expect(withExamples.map(([name]) => name)).toEqual(expect.arrayContaining(['login']))
    for (const [name, entry] of withExamples as [string, Endpoint][]) {
      const operation = operationOf(name)
      if (entry.examples?.body !== undefined) {
        expect(entry.body!.safeParse(entry.examples.body).error?.issues ?? [], name).toEqual([])
        expect(operation.requestBody!.content['application/json'].example, name).toEqual(
          entry.examples.body,
        )
      }
      if (entry.examples?.response !== undefined) {
        expect(
          (entry.response as z.ZodType).safeParse(entry.examples.response).error?.issues ?? [],
          name,
        ).toEqual([])
        expect(operation.responses['200'].content['application/json'].example.data, name).toEqual(
          entry.examples.response,
        )
      }
    }
  })

  test('parameters say what they are, and an e-mail field says it is one', () => {
    for (const { key, operation } of operationsOf(document)) {
      for (const parameter of operation.parameters ?? [])
        expect(parameter.description, `${key} ${parameter.name}`).toBeTruthy()
    }
    const login = resolved(operationOf('login').requestBody!.content['application/json'].schema)
    expect(login.properties.email.format).toBe('email')
    expect(document.components.schemas.Transaction.properties.uuid.format).toBe('uuid')
    expect(document.components.schemas.TitleListItem.properties.due_date.format).toBe('date')
  })
})

describe('the API reference page', () => {
  let html: string
  let page: Response

  beforeAll(async () => {
    page = (await api.call('GET', 'docs')).response
    html = await page.clone().text()
  })

  test('is HTML that lists every operation with its method, path and summary', () => {
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    for (const { key, operation } of operationsOf(document)) {
      const [method, path] = key.split(' ')
      expect(html, key).toContain(`id="${operation.operationId}"`)
      expect(html, key).toContain(`${method}</span> <code>${path.replace(/&/g, '&#38;')}</code>`)
    }
    expect(html).toContain(
      'Who may call it: A verified account with one of the permissions can_modify_product',
    )
    expect(html).toContain(
      '<td>The page to answer, from 1; a page past the end answers an empty page</td>',
    )
    expect(html).toContain('<strong>401</strong> Wrong e-mail or password')
  })

  test('runs no script and loads nothing from another host', () => {
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toMatch(/(src|href)\s*=\s*["']?(https?:)?\/\//i)
    expect(html).not.toMatch(/@import|url\(/i)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
  })
})
