import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApi, type TestApi } from '../support/api-harness'

let api: TestApi
beforeAll(async () => {
  api = await createTestApi()
})
afterAll(async () => {
  await api?.close()
})

describe('auth/login', () => {
  test('the super admin created at first start signs in and gets every permission', async () => {
    const answer = await api.call('POST', 'auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })
    expect(answer.httpStatus).toBe(200)
    expect(answer.status).toBe('200')
    expect(answer.data.user).toMatchObject({ role: 'super_admin', email: ADMIN_EMAIL, email_verified: true })
    expect(answer.data.token).toMatch(/^[\w-]{40,}$/)
  })

  test('missing fields answer payloadValidationError per field', async () => {
    const answer = await api.call('POST', 'auth/login', { body: {} })
    expect(answer.httpStatus).toBe(422)
    expect(answer.status).toBe('payloadValidationError')
    expect(answer.data).toEqual({
      email: ['Email is a required field'],
      password: ['Password is a required field'],
    })
  })

  test('a wrong password and an unknown e-mail answer the same', async () => {
    const wrong = await api.call('POST', 'auth/login', { body: { email: ADMIN_EMAIL, password: 'nope-nope' } })
    const unknown = await api.call('POST', 'auth/login', { body: { email: 'ghost@example.com', password: 'nope-nope' } })
    expect(wrong.httpStatus).toBe(401)
    expect(unknown.httpStatus).toBe(401)
    expect(wrong.message).toBe(unknown.message)
  })
})

describe('the envelope', () => {
  test('unknown paths answer a 404 envelope', async () => {
    const answer = await api.call('GET', 'no/such/thing')
    expect(answer.httpStatus).toBe(404)
    expect(answer.status).toBe('notFound')
    expect(answer.data).toBeNull()
  })

  test('a protected endpoint without a token answers 401', async () => {
    const answer = await api.call('GET', 'auth/me')
    expect(answer.httpStatus).toBe(401)
  })

  test('malformed JSON answers 400 with a message', async () => {
    const answer = await api.call('POST', 'auth/login', { raw: '{"email":', headers: { 'content-type': 'application/json' } })
    expect(answer.httpStatus).toBe(400)
    expect(answer.message).toBe('The request body is not valid JSON')
  })
})

describe('registration', () => {
  test('a customer registers, gets a code by e-mail and verifies it', async () => {
    const customer = await api.registerUser('customer')
    expect(customer.user).toMatchObject({ role: 'customer', email_verified: true })
  })

  test('a realtor needs a business name', async () => {
    const answer = await api.call('POST', 'auth/register', {
      body: { email: 'r@example.com', password: 'password-123', first_name: 'A', last_name: 'B', role: 'realtor' },
    })
    expect(answer.status).toBe('payloadValidationError')
    expect(answer.data.business_name).toEqual(['Business name is a required field'])
  })
})
