/**
 * GET /api/v1/openapi.json and /api/v1/docs, as a client developer would use them: the document
 * is valid OpenAPI 3.1, describes exactly the paths and methods the router serves, and says for
 * each operation what it takes, what it answers and who may call it; the reference page shows the
 * same and loads nothing from elsewhere.
 */
import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { servedRoutes as routes } from '~/backend'
import type { Access, Endpoint } from '~/contract/endpoint'
import { endpoints } from '~/contract/endpoints'
import { createTestApi, type TestApi } from '../support/api-harness'

let api: TestApi
let document: any
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

const operationsOf = (doc: any) =>
  Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
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
    const served = routes.map((route) => `${route.method} /${route.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`).sort()
    const described = operationsOf(document).map(({ key }) => key).sort()
    expect(described).toEqual(served)
  })

  test('every route the router serves is registered against its entry of the endpoint table', () => {
    const tableEntries = new Set<Endpoint>(Object.values(endpoints))
    const unregistered = routes.filter((route) => !tableEntries.has(route.endpoint)).map((route) => `${route.method} ${route.path}`)
    expect(unregistered).toEqual([])
  })

  test('each operation has a unique operationId, a summary, its parameters, its body, its answer and who may call it', () => {
    const ids = new Set<string>()
    for (const { key, operation } of operationsOf(document)) {
      expect(operation.operationId, key).toMatch(/^[a-zA-Z]+$/)
      expect(ids.has(operation.operationId), `${key}: operationId ${operation.operationId} used twice`).toBe(false)
      ids.add(operation.operationId)
      expect(operation.summary, key).toBeTruthy()
      expect(operation.description, key).toContain('Who may call it')
      expect(operation.responses['200'], key).toBeTruthy()

      const path = key.split(' ')[1]
      const pathNames = [...path.matchAll(/\{([A-Za-z_]+)\}/g)].map((found) => found[1])
      const pathParameters = (operation.parameters ?? []).filter((parameter: any) => parameter.in === 'path')
      expect(pathParameters.map((parameter: any) => parameter.name), key).toEqual(pathNames)

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
        const body = operation.requestBody?.content['application/json'].schema
        // An object, or a choice of objects (a settings post is one of several forms).
        const objects = body?.properties ? [body] : (body?.oneOf ?? body?.anyOf ?? [])
        expect(objects.length, key).toBeGreaterThan(0)
        for (const object of objects) expect(object.properties, key).toBeTruthy()
      }
    }
  })

  test('a body and an answer are described field by field, as the API checks them', () => {
    const create = operationsOf(document).find(({ key }) => key === 'POST /admin/product')!.operation
    const body = create.requestBody.content['application/json'].schema
    expect(body.properties.type.enum).toEqual(['land', 'land_investment'])
    expect(body.properties.description).toMatchObject({ type: 'string', maxLength: 5000 })
    expect(body.required).toContain('type')
    expect(create['x-access'].permissions).toEqual(['can_modify_product'])

    const list = operationsOf(document).find(({ key }) => key === 'GET /product')!.operation
    const data = list.responses['200'].content['application/json'].schema.properties.data
    expect(data.properties.items.items.properties.reference).toEqual({ type: 'string' })
    expect(list.parameters.map((parameter: any) => parameter.name)).toEqual(
      expect.arrayContaining(['type', 'available_status', 'search', 'page']),
    )
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
    expect(html).toContain('Who may call it: A verified account with one of the permissions can_modify_product')
  })

  test('runs no script and loads nothing from another host', () => {
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toMatch(/(src|href)\s*=\s*["']?(https?:)?\/\//i)
    expect(html).not.toMatch(/@import|url\(/i)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
  })
})
