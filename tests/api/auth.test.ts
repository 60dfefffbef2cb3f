import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { setSuspended } from '~/backend/auth/service'
import { apiTokens, rateLimitEvents, users } from '~/backend/db/schema'
import { PERMISSIONS } from '~/contract/permissions'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApi, type TestApi } from '../support/api-harness'
import { codeIn, notificationTitles, registerOnly, uniqueEmail, userRow } from './auth-support'

let api: TestApi
beforeAll(async () => {
  api = await createTestApi()
})
afterAll(async () => {
  await api?.close()
})

const INVALID = 'These credentials do not match our records'

describe('auth/login', () => {
  test('the super admin created at first start signs in and gets the session user, holding every permission, and a token', async () => {
    const answer = await api.call('POST', 'auth/login', {
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    })
    expect(answer.httpStatus).toBe(200)
    expect(answer.status).toBe('200')
    expect(answer.data.user).toMatchObject({
      first_name: 'Admin',
      last_name: 'User',
      role: 'super_admin',
      email: ADMIN_EMAIL,
      email_verified: true,
    })
    // It holds every permission, so a client that shows what the permissions allow shows it everything.
    expect([...answer.data.user.permissions].sort()).toEqual([...PERMISSIONS].sort())
    expect(answer.data.token).toMatch(/^[\w-]{40,}$/)
  })

  test('the e-mail is matched whatever its case and surrounding spaces', async () => {
    const answer = await api.call('POST', 'auth/login', {
      body: { email: `  ${ADMIN_EMAIL.toUpperCase()} `, password: ADMIN_PASSWORD },
    })
    expect(answer.status).toBe('200')
  })

  test('missing fields answer payloadValidationError per field', async () => {
    const answer = await api.call('POST', 'auth/login', { body: {} })
    expect(answer.httpStatus).toBe(422)
    expect(answer.status).toBe('payloadValidationError')
    expect(answer.data).toEqual({
      email: ['Enter your email'],
      password: ['Enter your password'],
    })
  })

  test('a wrong password and an unknown e-mail answer the same', async () => {
    const wrong = await api.call('POST', 'auth/login', {
      body: { email: ADMIN_EMAIL, password: 'nope-nope' },
    })
    const unknown = await api.call('POST', 'auth/login', {
      body: { email: 'ghost@example.com', password: 'nope-nope' },
    })
    expect(wrong.httpStatus).toBe(401)
    expect(unknown.httpStatus).toBe(401)
    expect(wrong.message).toBe(INVALID)
    expect({ ...unknown, response: null }).toEqual({ ...wrong, response: null })
  })

  test('the token is stored hashed: the database never holds it as issued', async () => {
    const { token } = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)
    const rows = await api.db.select({ tokenHash: apiTokens.tokenHash }).from(apiTokens)
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.some((row) => row.tokenHash === token)).toBe(false)
  })
})

describe('sign-in rate limits', () => {
  test('the 11th failed sign-in for one account within a minute answers 429 with a message, even with the right password', async () => {
    const { email, password } = await api.registerUser('customer')
    for (let attempt = 1; attempt <= 10; attempt++) {
      const answer = await api.call('POST', 'auth/login', {
        body: { email, password: `wrong-${attempt}` },
      })
      expect(answer.httpStatus, `attempt ${attempt}`).toBe(401)
    }
    const eleventh = await api.call('POST', 'auth/login', { body: { email, password } })
    expect(eleventh.httpStatus).toBe(429)
    expect(eleventh.status).toBe('tooManyRequests')
    expect(eleventh.message).toBe(
      'Too many failed sign-in attempts. Please wait a minute and try again.',
    )
    // Keyed on the account: others still sign in.
    expect(
      (
        await api.call('POST', 'auth/login', {
          body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
        })
      ).status,
    ).toBe('200')
  })

  test('the limit counts an unregistered e-mail the same way, so it reveals nothing', async () => {
    const email = uniqueEmail('nobody')
    for (let attempt = 1; attempt <= 10; attempt++) {
      await api.call('POST', 'auth/login', { body: { email, password: 'whatever-1' } })
    }
    expect(
      (await api.call('POST', 'auth/login', { body: { email, password: 'whatever-1' } }))
        .httpStatus,
    ).toBe(429)
  })

  test('past 100 failures in an hour the account is refused until the hour has passed', async () => {
    const { email, password } = await api.registerUser('customer')
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000)
    await api.db.insert(rateLimitEvents).values(
      Array.from({ length: 99 }, () => ({
        bucket: 'failed-login',
        key: email,
        createdAt: tenMinutesAgo,
      })),
    )
    const hundredth = await api.call('POST', 'auth/login', {
      body: { email, password: 'wrong-password' },
    })
    expect(hundredth.httpStatus).toBe(401)
    const next = await api.call('POST', 'auth/login', { body: { email, password } })
    expect(next.httpStatus).toBe(429)
    expect(next.message).toBe('Too many failed sign-in attempts. Please try again later.')

    // An hour later the old failures no longer count.
    await api.db
      .update(rateLimitEvents)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(and(eq(rateLimitEvents.bucket, 'failed-login'), eq(rateLimitEvents.key, email)))
    expect((await api.call('POST', 'auth/login', { body: { email, password } })).status).toBe('200')
  })

  test('behind a trusted proxy, failures are also counted per client address', async () => {
    const address = '203.0.113.77'
    await api.db
      .insert(rateLimitEvents)
      .values(Array.from({ length: 50 }, () => ({ bucket: 'failed-login-ip', key: address })))
    const fromThere = await api.call('POST', 'auth/login', {
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      clientIp: address,
    })
    expect(fromThere.httpStatus).toBe(429)
    const elsewhere = await api.call('POST', 'auth/login', {
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      clientIp: '198.51.100.1',
    })
    expect(elsewhere.status).toBe('200')
  })
})

describe('suspended accounts', () => {
  test('are refused at sign-in and lose every token', async () => {
    const { email, password, token } = await api.registerUser('customer')
    const second = await api.login(email, password)
    const { id } = await userRow(api, email)
    await setSuspended(api.db, id, true)

    expect(await api.db.select().from(apiTokens).where(eq(apiTokens.userId, id))).toEqual([])
    for (const old of [token, second.token]) {
      expect((await api.call('GET', 'auth/me', { token: old })).httpStatus).toBe(401)
    }
    const refused = await api.call('POST', 'auth/login', { body: { email, password } })
    expect(refused.httpStatus).toBe(403)
    expect(refused.message).toBe('Your account has been suspended. Please contact support.')
    expect(refused.data).toBeNull()
    // A wrong password says nothing about the suspension.
    const wrong = await api.call('POST', 'auth/login', {
      body: { email, password: 'not-it-at-all' },
    })
    expect(wrong.httpStatus).toBe(401)
    expect(wrong.message).toBe(INVALID)

    await setSuspended(api.db, id, false)
    expect((await api.call('POST', 'auth/login', { body: { email, password } })).status).toBe('200')
  })

  test('a token issued before the suspension flag was set directly is refused too', async () => {
    const { email, token } = await api.registerUser('customer')
    await api.db.update(users).set({ isSuspended: true }).where(eq(users.email, email))
    expect((await api.call('GET', 'auth/me', { token })).httpStatus).toBe(401)
  })
})

describe('the envelope', () => {
  test('unknown paths answer a 404 envelope', async () => {
    const answer = await api.call('GET', 'no/such/thing')
    expect(answer.httpStatus).toBe(404)
    expect(answer.status).toBe('notFound')
    expect(answer.message).toBe('Route not found')
    expect(answer.data).toBeNull()
  })

  test('a known path with the wrong method answers 405 and names the allowed methods', async () => {
    const answer = await api.call('GET', 'auth/login')
    expect(answer.httpStatus).toBe(405)
    expect(answer.status).toBe('methodNotAllowed')
    expect(answer.response.headers.get('allow')).toBe('POST')
  })

  test('a protected endpoint without a token, or with a made-up one, answers 401', async () => {
    expect((await api.call('GET', 'auth/me')).httpStatus).toBe(401)
    const madeUp = await api.call('GET', 'auth/me', { token: 'x'.repeat(43) })
    expect(madeUp.httpStatus).toBe(401)
    expect(madeUp.status).toBe('unauthorized')
  })

  test('malformed JSON answers 400 with a message', async () => {
    const answer = await api.call('POST', 'auth/login', {
      raw: '{"email":',
      headers: { 'content-type': 'application/json' },
    })
    expect(answer.httpStatus).toBe(400)
    expect(answer.message).toBe('The request body is not valid JSON')
  })

  test('a plain urlencoded form post is read like JSON', async () => {
    const answer = await api.call('POST', 'auth/login', {
      raw: new URLSearchParams({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(answer.status).toBe('200')
  })
})

describe('registration', () => {
  test('a customer registers, is signed in unverified, gets a 6-digit code by e-mail and one welcome', async () => {
    const { email, token, user } = await registerOnly(api, 'customer')
    expect(user).toMatchObject({
      role: 'customer',
      email,
      email_verified: false,
      business_name: null,
      permissions: [],
    })
    expect(user.reference).toMatch(/^CUS-/)
    expect(codeIn(api.latestMail(email))).toMatch(/^\d{6}$/)
    const me = await api.call('GET', 'auth/me', { token })
    expect(me.data).toEqual(user)
    const row = await userRow(api, email)
    expect(row.passwordHash).toMatch(/^\$argon2id\$/)
    expect(await notificationTitles(api, row.id)).toEqual(['Welcome to Land Banking'])
  })

  test('the helper flow: the code from the outbox verifies the address', async () => {
    const customer = await api.registerUser('customer')
    expect(customer.user).toMatchObject({ role: 'customer', email_verified: true })
  })

  test('a realtor registers with a business name', async () => {
    const { user } = await registerOnly(api, 'realtor', { business_name: '  Eze Estates Ltd ' })
    expect(user).toMatchObject({
      role: 'realtor',
      business_name: 'Eze Estates Ltd',
      email_verified: false,
    })
    expect(user.reference).toMatch(/^RLT-/)
  })

  test('a realtor needs a business name', async () => {
    for (const business_name of [undefined, '', '   ']) {
      const answer = await api.call('POST', 'auth/register', {
        body: {
          email: uniqueEmail('r'),
          password: 'password-123',
          first_name: 'A',
          last_name: 'B',
          role: 'realtor',
          business_name,
        },
      })
      expect(answer.httpStatus).toBe(422)
      expect(answer.status).toBe('payloadValidationError')
      expect(answer.data).toEqual({ business_name: ['Enter your business name'] })
    }
  })

  test('every missing field answers with its label', async () => {
    const answer = await api.call('POST', 'auth/register', { body: {} })
    expect(answer.data).toEqual({
      first_name: ['Enter your first name'],
      last_name: ['Enter your last name'],
      email: ['Enter your email'],
      password: ['Enter your password'],
    })
    const blank = await api.call('POST', 'auth/register', {
      body: { first_name: ' ', last_name: '', email: '', password: '' },
    })
    expect(blank.data).toEqual(answer.data)
    const emptyRealtor = await api.call('POST', 'auth/register', { body: { role: 'realtor' } })
    expect(Object.keys(emptyRealtor.data)).toEqual([
      'first_name',
      'last_name',
      'email',
      'password',
      'business_name',
    ])
    const short = await api.call('POST', 'auth/register', {
      body: { email: 'not-an-email', password: 'short', first_name: 'A', last_name: 'B' },
    })
    expect(short.data).toEqual({
      email: ['Email must be a valid email'],
      password: ['Password must be at least 8 characters'],
    })
  })

  test('only customer and realtor can be chosen', async () => {
    const answer = await api.call('POST', 'auth/register', {
      body: {
        email: uniqueEmail('sneaky'),
        password: 'password-123',
        first_name: 'A',
        last_name: 'B',
        role: 'super_admin',
      },
    })
    expect(answer.status).toBe('payloadValidationError')
    expect(Object.keys(answer.data)).toEqual(['role'])
  })

  test('a taken e-mail, in any case, is a field error', async () => {
    const { email } = await registerOnly(api)
    const again = await api.call('POST', 'auth/register', {
      body: {
        email: email.toUpperCase(),
        password: 'password-123',
        first_name: 'A',
        last_name: 'B',
      },
    })
    expect(again.httpStatus).toBe(409)
    expect(again.data).toEqual({ email: ['The email has already been taken'] })
  })

  test("a realtor's referral reference (?ref=) links the customer to that realtor", async () => {
    const realtor = await registerOnly(api, 'realtor')
    const realtorRow = await userRow(api, realtor.email)
    const referred = await registerOnly(api, 'customer', { referral: realtor.user.reference })
    expect((await userRow(api, referred.email)).realtorId).toBe(realtorRow.id)
    const typedInLowerCase = await registerOnly(api, 'customer', {
      referral: realtor.user.reference.toLowerCase(),
    })
    expect((await userRow(api, typedInLowerCase.email)).realtorId).toBe(realtorRow.id)
  })

  test('a referral that names no realtor registers the customer unlinked', async () => {
    const customer = await registerOnly(api, 'customer')
    for (const referral of ['RLT-NOSUCH00', customer.user.reference]) {
      const other = await registerOnly(api, 'customer', { referral })
      expect((await userRow(api, other.email)).realtorId).toBeNull()
    }
  })
})

describe('logout, auth/me and change-password', () => {
  test('auth/me answers the session user of the token', async () => {
    const { token } = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)
    const me = await api.call('GET', 'auth/me', { token })
    expect(me.status).toBe('200')
    expect(me.data).toMatchObject({
      email: ADMIN_EMAIL,
      role: 'super_admin',
      first_name: 'Admin',
      email_verified: true,
    })
    expect([...me.data.permissions].sort()).toEqual([...PERMISSIONS].sort())
  })

  test('logout kills that token only', async () => {
    const first = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)
    const second = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)
    const answer = await api.call('POST', 'logout', { token: first.token })
    expect(answer.status).toBe('200')
    expect((await api.call('GET', 'auth/me', { token: first.token })).httpStatus).toBe(401)
    expect((await api.call('POST', 'logout', { token: first.token })).httpStatus).toBe(401)
    expect((await api.call('GET', 'auth/me', { token: second.token })).status).toBe('200')
  })

  test('a wrong current password is a field error and changes nothing', async () => {
    const { email, password, token } = await api.registerUser('customer')
    const answer = await api.call('POST', 'change-password', {
      token,
      body: {
        current_password: 'not-my-password',
        password: 'brand-new-pass',
        password_confirmation: 'brand-new-pass',
      },
    })
    expect(answer.httpStatus).toBe(409)
    expect(answer.data).toEqual({ current_password: ['The current password is incorrect'] })
    expect((await api.call('GET', 'auth/me', { token })).status).toBe('200')
    expect((await api.call('POST', 'auth/login', { body: { email, password } })).status).toBe('200')
  })

  test('the fields are required and the confirmation must match', async () => {
    const { token } = await api.registerUser('customer')
    const empty = await api.call('POST', 'change-password', { token, body: {} })
    expect(empty.data).toEqual({
      current_password: ['Enter your current password'],
      password: ['Enter your new password'],
      password_confirmation: ['Confirm your password'],
    })
    const mismatch = await api.call('POST', 'change-password', {
      token,
      body: {
        current_password: 'password-123',
        password: 'brand-new-pass',
        password_confirmation: 'brand-new-pasz',
      },
    })
    expect(mismatch.data).toEqual({ password_confirmation: ['Passwords do not match'] })
  })

  test('success changes the password and revokes every token', async () => {
    const { email, password, token } = await api.registerUser('customer')
    const other = await api.login(email, password)
    const answer = await api.call('POST', 'change-password', {
      token,
      body: {
        current_password: password,
        password: 'brand-new-pass',
        password_confirmation: 'brand-new-pass',
      },
    })
    expect(answer.status).toBe('200')
    expect(answer.message).toBe('Password changed successfully')
    for (const old of [token, other.token]) {
      expect((await api.call('GET', 'auth/me', { token: old })).httpStatus).toBe(401)
    }
    expect((await api.call('POST', 'auth/login', { body: { email, password } })).httpStatus).toBe(
      401,
    )
    expect(
      (await api.call('POST', 'auth/login', { body: { email, password: 'brand-new-pass' } }))
        .status,
    ).toBe('200')
  })
})
