/**
 * Every list of the endpoint table (an entry whose answer is a page) refuses a query it cannot
 * honour instead of answering the whole unfiltered list: `page=abc`, `page=0` and a value outside
 * each enum parameter answer 422 naming the parameter. Valid values, and empty ones (a form with
 * nothing chosen), still answer 200.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { isFileResponse, type Endpoint } from '~/contract/endpoint'
import { endpoints } from '~/contract/endpoints'
import { jsonSchema } from '~/backend/reference/openapi'
import { createTestApi, type TestApi } from '../support/api-harness'
import { quietMailLog } from '../support/quiet'
import { buildWorld, worldClientOf, type World } from '../support/security-world'

let api: TestApi
let world: World

beforeAll(async () => {
  quietMailLog()
  api = await createTestApi()
  world = await buildWorld(worldClientOf(api))
}, 180_000)

afterAll(async () => {
  await api?.close()
})

const isPage = (schema: z.ZodType) => schema instanceof z.ZodObject && 'totalPages' in schema.shape

/** A page, or an object holding one (a list with its totals). */
function answersPage(entry: Endpoint) {
  if (isFileResponse(entry.response) || !(entry.response instanceof z.ZodObject)) return false
  return (
    isPage(entry.response) ||
    Object.values(entry.response.shape as Record<string, z.ZodType>).some(isPage)
  )
}

const lists = Object.entries(endpoints as Record<string, Endpoint>).filter(
  ([, entry]) => entry.method === 'GET' && answersPage(entry),
)

/** The query's enum parameters and their values, as the OpenAPI document declares them. */
function enumParams(entry: Endpoint) {
  const properties = (jsonSchema(entry.query!, 'input').properties ?? {}) as Record<
    string,
    { enum?: string[] }
  >
  return Object.entries(properties).flatMap(([name, property]) =>
    property.enum ? [{ name, values: property.enum }] : [],
  )
}

function pathOf(name: string, entry: Endpoint) {
  const params: Record<string, string> = {
    reference: name === 'paymentPlanList' ? world.land.reference : world.completed.reference,
  }
  return entry.path.replace(/:([A-Za-z_]+)/g, (_, param: string) => params[param])
}

const get = (path: string) => api.call('GET', path, { token: world.superAdmin.token })

test('the walk covers every list, each with a page parameter', () => {
  expect(lists.map(([name]) => name)).toEqual(
    expect.arrayContaining([
      'subscriptionList',
      'productList',
      'arrearsList',
      'notificationList',
      'auditList',
    ]),
  )
  expect(lists.length).toBeGreaterThanOrEqual(15)
  for (const [, entry] of lists)
    expect(entry.paramNames.every((param) => param === 'reference')).toBe(true)
})

describe.each(lists)('%s', (name, entry) => {
  const path = () => pathOf(name, entry)

  test('a page that is not a page number is refused under `page`', async () => {
    for (const page of ['abc', '0', '-1', '1.5']) {
      const answer = await get(`${path()}?page=${page}`)
      expect(answer.httpStatus, `page=${page}`).toBe(422)
      expect(answer.status).toBe('payloadValidationError')
      expect(Object.keys(answer.data), `page=${page}`).toEqual(['page'])
    }
  })

  test('a value outside an enum parameter is refused under its name', async () => {
    for (const { name: param } of enumParams(entry)) {
      const answer = await get(`${path()}?${param}=not-a-${param}`)
      expect(answer.httpStatus, param).toBe(422)
      expect(Object.keys(answer.data), param).toEqual([param])
    }
  })

  test('valid and empty values still answer the list', async () => {
    expect((await get(`${path()}?page=2`)).httpStatus).toBe(200)
    const empty = await get(`${path()}?page=`)
    expect(empty.httpStatus).toBe(200)
    for (const { name: param, values } of enumParams(entry)) {
      const chosen = values.find((value) => value !== 'csv')
      if (chosen)
        expect((await get(`${path()}?${param}=${chosen}`)).httpStatus, `${param}=${chosen}`).toBe(
          200,
        )
      expect((await get(`${path()}?${param}=`)).httpStatus, `${param}=`).toBe(200)
    }
  })
})
