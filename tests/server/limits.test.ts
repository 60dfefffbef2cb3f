/**
 * The limits as the web forms show them, against the built app behind a trusted proxy: past a
 * limit the form answers 429 and shows the limit's message above the fields, keeping what was typed
 * (except the password), for a plain post (no JavaScript) and for the script's data request alike.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { LIMITS } from '~/backend/rate-limit'
import { quietMailLog } from '../support/quiet'
import { PASSWORD } from '../support/security-world'
import {
  httpClient,
  SERVER_ADMIN,
  serverPort,
  startServer,
  webSignIn,
  type RunningServer,
} from '../support/server'

quietMailLog()

let server: RunningServer

beforeAll(async () => {
  server = await startServer({ port: serverPort(0), env: { TRUST_PROXY: 'true' } })
})

afterAll(async () => {
  await server?.stop()
})

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  })
}

/** The Retry-After of an answer, in seconds (NaN when absent). */
const secondsToWait = (response: Response) => Number(response.headers.get('retry-after') ?? NaN)

describe('limits on the web forms', () => {
  test('sign-in, forgotten password and a resent code past their limits say when to try again', async () => {
    const proxy = { 'x-forwarded-for': '203.0.113.61' }
    const email = 'web-waits@example.com'
    const registered = await post(
      '/register',
      { first_name: 'Ada', last_name: 'Eze', email, password: PASSWORD },
      proxy,
    )
    expect(registered.status).toBe(302)
    const cookie = registered.headers
      .getSetCookie()
      .find((value) => value.startsWith('__session='))!
      .split(';')[0]

    // The code was just mailed: asking for another within a minute is refused, with the wait.
    const resend = await post('/verify-email', { intent: 'resend' }, { ...proxy, cookie })
    expect(resend.status).toBe(429)
    const wait = secondsToWait(resend)
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(60)
    expect(await resend.text()).toContain(
      `Please wait ${wait} seconds before requesting a new code`,
    )

    for (let index = 0; index < LIMITS.failedLoginMinute.max; index++)
      expect((await post('/login', { email, password: `wrong-${index}` }, proxy)).status).toBe(400)
    const login = await post('/login', { email, password: 'wrong-again' }, proxy)
    expect(login.status).toBe(429)
    expect(secondsToWait(login)).toBeGreaterThan(0)
    expect(secondsToWait(login)).toBeLessThanOrEqual(LIMITS.failedLoginMinute.windowSeconds)
    expect(await login.text()).toContain(LIMITS.failedLoginMinute.message)

    // Counted per address typed, whether or not a link goes out: three requests, then the limit.
    for (let index = 0; index < LIMITS.mail.max; index++)
      expect((await post('/forgot-password', { email }, proxy)).status).toBe(302)
    const forgot = await post('/forgot-password', { email }, proxy)
    expect(forgot.status).toBe(429)
    expect(secondsToWait(forgot)).toBeGreaterThan(0)
    expect(secondsToWait(forgot)).toBeLessThanOrEqual(LIMITS.mail.windowSeconds)
    expect(await forgot.text()).toContain(LIMITS.mail.message)
  })

  test('sign-up past the client address limit shows its message on the form, with 429, never an error page', async () => {
    const proxy = { 'x-forwarded-for': '203.0.113.60' }
    const form = (index: number) => ({
      first_name: 'Ada',
      last_name: 'Eze',
      email: `web-signup-${index}@example.com`,
      password: 'password-123',
    })
    for (let index = 0; index < LIMITS.signUpFromAddress.max; index++) {
      expect((await post('/register', form(index), proxy)).status, `sign-up ${index + 1}`).toBe(302)
    }

    const plain = await post('/register', form(100), proxy)
    expect(plain.status).toBe(429)
    expect(secondsToWait(plain), 'Retry-After').toBeGreaterThan(0)
    const html = await plain.text()
    expect(html).toContain(LIMITS.signUpFromAddress.message)
    expect(html).toContain('value="web-signup-100@example.com"')
    expect(html).not.toContain('password-123')

    // An address the client wrote into X-Forwarded-For itself (before the proxy's) changes nothing.
    const spoofed = await post('/register', form(103), {
      'x-forwarded-for': `198.51.100.99, ${proxy['x-forwarded-for']}`,
    })
    expect(spoofed.status).toBe(429)

    const scripted = await post('/register.data', form(101), proxy)
    expect(scripted.status).toBeLessThan(500)
    expect(secondsToWait(scripted), 'Retry-After of the data request').toBeGreaterThan(0)
    expect(await scripted.text()).toContain(LIMITS.signUpFromAddress.message)

    // Someone behind another address signs up.
    expect(
      (await post('/register', form(102), { 'x-forwarded-for': '198.51.100.60' })).status,
    ).toBe(302)
  })

  test('adding a customer past the creating account limit shows its message in the panel, with 429', async () => {
    // A staff member who adds customers (the super admin's own creations are not counted).
    const client = httpClient(server)
    const admin = await client.call('POST', 'auth/login', { body: SERVER_ADMIN })
    const email = 'limited-staff@example.com'
    const created = await client.call('POST', 'admin/user', {
      token: admin.data.token,
      body: {
        first_name: 'Bola',
        last_name: 'Staff',
        email,
        permissions: ['can_view_customer', 'can_modify_customer'],
      },
    })
    expect(created.status, created.message).toBe('200')
    const link = new URL(/https?:\/\/\S+/.exec(await client.mail(email))?.[0] ?? 'http://x')
    const set = await client.call('POST', 'auth/reset-password', {
      body: {
        email,
        token: link.searchParams.get('token'),
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
    })
    expect(set.status, set.message).toBe('200')
    const { cookie } = await webSignIn(server.url, email, PASSWORD)
    const form = (index: number) => ({
      first_name: 'Bola',
      last_name: 'Ade',
      email: `web-customer-${index}@example.com`,
    })
    for (let index = 0; index < LIMITS.accountsCreatedByAccount.max; index++) {
      expect(
        (await post('/customers/new', form(index), { cookie })).status,
        `customer ${index + 1}`,
      ).toBe(302)
    }

    const plain = await post('/customers/new', form(100), { cookie })
    expect(plain.status).toBe(429)
    const html = await plain.text()
    expect(html).toContain(LIMITS.accountsCreatedByAccount.message)
    expect(html).toContain('value="web-customer-100@example.com"')

    const scripted = await post('/customers/new.data', form(101), { cookie })
    expect(scripted.status).toBeLessThan(500)
    expect(await scripted.text()).toContain(LIMITS.accountsCreatedByAccount.message)
  })
})
