import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { endpoint, type HttpMethod } from '~/contract/endpoint'
import { createRouter, implement } from '~/backend/http/router'

const route = (method: HttpMethod, path: string) =>
  implement(endpoint({ method, path, tag: 'Test', summary: 'A test route', access: 'public', response: z.null() }), async () => ({ data: null }))

const routes = [
  route('GET', 'product'),
  route('GET', 'product/:reference/payment-plan'),
  route('POST', 'admin/product/:reference/payment-plan/:uuid'),
  route('POST', 'admin/product/:reference'),
  route('GET', 'product-subscription/:reference/transaction/:id/download-receipt'),
]
const router = createRouter(routes)

describe('router', () => {
  test('matches a fixed path, with or without slashes around it', () => {
    expect(router.match('GET', 'product').route).toMatchObject({ method: 'GET', path: 'product' })
    expect(router.match('GET', '/product/').route).toMatchObject({ path: 'product' })
  })

  test('fills :name placeholders with the decoded segment', () => {
    const found = router.match('POST', '/admin/product/PRD-AB12/payment-plan/1f2e-3d')
    expect(found.route).toMatchObject({ path: 'admin/product/:reference/payment-plan/:uuid' })
    expect(found.params).toEqual({ reference: 'PRD-AB12', uuid: '1f2e-3d' })
    expect(router.match('GET', 'product/PRD%2001/payment-plan').params).toEqual({ reference: 'PRD 01' })
    // A malformed escape is passed on as typed rather than failing the request.
    expect(router.match('GET', 'product/%E0%A4%A/payment-plan').params).toEqual({ reference: '%E0%A4%A' })
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
    const dotted = createRouter([route('GET', 'files/a.b')])
    expect(dotted.match('GET', 'files/a.b').route).not.toBeNull()
    expect(dotted.match('GET', 'files/aXb').route).toBeNull()
  })
})
