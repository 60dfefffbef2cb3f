import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { endpoint, type HttpMethod } from '~/contract/endpoint'
import { endpoints } from '~/contract/endpoints'
import { servedRoutes } from '~/backend'
import { createRouter, implement } from '~/backend/http/router'

const entry = (method: HttpMethod, path: string) =>
  endpoint({
    method,
    path,
    tag: 'Test',
    summary: 'A test route',
    access: 'public',
    response: z.null(),
  })
const answer = async () => ({ data: null })

/** A table of entries and a handler for each, as the API's own are made. */
function routerOf(table: Record<string, ReturnType<typeof entry>>) {
  return createRouter(
    table,
    Object.fromEntries(
      Object.entries(table).map(([name, found]) => [name, implement(found, answer)]),
    ),
  )
}

const router = routerOf({
  productList: entry('GET', 'product'),
  planList: entry('GET', 'product/:reference/payment-plan'),
  planUpdate: entry('POST', 'admin/product/:reference/payment-plan/:uuid'),
  productUpdate: entry('POST', 'admin/product/:reference'),
  receipt: entry('GET', 'product-subscription/:reference/transaction/:id/download-receipt'),
})

describe('router', () => {
  test('matches a fixed path, with or without slashes around it, and names the entry', () => {
    expect(router.match('GET', 'product').route).toMatchObject({
      name: 'productList',
      method: 'GET',
      path: 'product',
    })
    expect(router.match('GET', '/product/').route).toMatchObject({ path: 'product' })
  })

  test('fills :name placeholders with the decoded segment', () => {
    const found = router.match('POST', '/admin/product/PRD-AB12/payment-plan/1f2e-3d')
    expect(found.route).toMatchObject({ path: 'admin/product/:reference/payment-plan/:uuid' })
    expect(found.params).toEqual({ reference: 'PRD-AB12', uuid: '1f2e-3d' })
    expect(router.match('GET', 'product/PRD%2001/payment-plan').params).toEqual({
      reference: 'PRD 01',
    })
    // A malformed escape is passed on as typed rather than failing the request.
    expect(router.match('GET', 'product/%E0%A4%A/payment-plan').params).toEqual({
      reference: '%E0%A4%A',
    })
  })

  test('a placeholder never spans a slash, and paths match whole', () => {
    expect(router.match('POST', 'admin/product/PRD-1/extra').route).toBeNull()
    expect(router.match('GET', 'product/PRD-1/payment-plan/more').route).toBeNull()
    expect(router.match('GET', 'productx').route).toBeNull()
  })

  test('an unknown path finds nothing and allows nothing (answered 404)', () => {
    expect(router.match('GET', 'no/such/thing')).toEqual({ route: null, params: {}, allowed: [] })
  })

  test('a known path with another method lists the methods it allows (answered 405)', () => {
    const found = router.match('DELETE', 'admin/product/PRD-1')
    expect(found.route).toBeNull()
    expect(found.allowed).toEqual(['POST'])
  })

  test('regular-expression characters in a path are literal', () => {
    const dotted = routerOf({ file: entry('GET', 'files/a.b') })
    expect(dotted.match('GET', 'files/a.b').route).not.toBeNull()
    expect(dotted.match('GET', 'files/aXb').route).toBeNull()
  })

  test('a static segment wins over a parameter, whatever the order of the table', () => {
    const tables = [
      { show: entry('GET', 'admin/customer/:id'), exported: entry('GET', 'admin/customer/export') },
      { exported: entry('GET', 'admin/customer/export'), show: entry('GET', 'admin/customer/:id') },
    ]
    for (const table of tables) {
      const ordered = routerOf(table)
      expect(ordered.match('GET', 'admin/customer/export').route?.name).toBe('exported')
      expect(ordered.match('GET', 'admin/customer/CUS-1').route?.name).toBe('show')
    }
  })

  test('a handler under a name that is not its own entry is refused when the router is made', () => {
    const table = { first: entry('GET', 'first'), second: entry('GET', 'second') }
    const swapped = {
      first: implement(table.second, answer),
      second: implement(table.first, answer),
    }
    expect(() => createRouter(table, swapped)).toThrow(
      'The handler under first does not answer the entry first',
    )
  })

  test("the API serves exactly the endpoint table's entries, each under its own name", () => {
    expect(servedRoutes.map((route) => route.name).sort()).toEqual(Object.keys(endpoints).sort())
    for (const route of servedRoutes)
      expect(route.endpoint).toBe(endpoints[route.name as keyof typeof endpoints])
  })
})
