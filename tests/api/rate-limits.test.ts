/**
 * Abuse limits (docs/configuration.md's table): the 11th failed sign-in for one account within a minute, and
 * one-time codes and reset links asked for too often or guessed at, are refused with 429 (or the
 * code dies) and a clear message; each limit holds for its window only.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { emailCodes, rateLimitEvents, users } from '~/backend/db/schema'
import { LIMITS } from '~/backend/rate-limit'
import { createTestApi, type TestApi } from '../support/api-harness'
import { quietMailLog } from '../support/quiet'

let api: TestApi

beforeAll(async () => {
  quietMailLog()
  api = await createTestApi()
})
afterAll(async () => {
  await api?.close()
})

const login = (email: string, password: string, clientIp?: string) =>
  api.call('POST', 'auth/login', { body: { email, password }, clientIp })

/** Moves an account's (or address's) counted events back in time, as if the window had passed. */
async function age(key: string, seconds: number) {
  await api.db
    .update(rateLimitEvents)
    .set({ createdAt: sql`${rateLimitEvents.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(rateLimitEvents.key, key))
}

/** The answer's Retry-After header, in seconds (NaN when missing). */
const retryAfter = (answer: { response: Response }) =>
  Number(answer.response.headers.get('retry-after') ?? NaN)

describe('failed sign-ins', () => {
  test('the 11th failed sign-in for one account within a minute answers 429 with a message, even with the right password', async () => {
    const { email, password } = await api.registerUser()
    for (let attempt = 1; attempt <= 10; attempt++) {
      const answer = await login(email, 'wrong-password')
      expect(answer.httpStatus, `attempt ${attempt}`).toBe(401)
      expect(answer.message).toBe('These credentials do not match our records')
    }
    const eleventh = await login(email, 'wrong-password')
    expect(eleventh.httpStatus).toBe(429)
    expect(eleventh.status).toBe('tooManyRequests')
    expect(eleventh.message).toBe(LIMITS.failedLoginMinute.message)
    expect(retryAfter(eleventh)).toBeGreaterThanOrEqual(1)
    expect(retryAfter(eleventh)).toBeLessThanOrEqual(60)
    // Retry-After says when the oldest failure leaves the minute: with every failure 40 seconds old, 20.
    await api.db
      .update(rateLimitEvents)
      .set({ createdAt: sql`now() - interval '40 seconds'` })
      .where(eq(rateLimitEvents.key, email))
    const later = await login(email, password)
    expect(later.httpStatus).toBe(429)
    expect(retryAfter(later)).toBeGreaterThanOrEqual(19)
    expect(retryAfter(later)).toBeLessThanOrEqual(20)

    // Other accounts are not held up.
    const other = await api.registerUser()
    expect((await login(other.email, other.password)).httpStatus).toBe(200)

    // A minute later the account signs in again.
    await age(email, 21)
    expect((await login(email, password)).httpStatus).toBe(200)
  })

  test('an address is the same account whatever its case, and an unknown address is limited alike', async () => {
    const { email } = await api.registerUser()
    for (let attempt = 0; attempt < 10; attempt++)
      await login(attempt % 2 ? email.toUpperCase() : email, 'wrong-password')
    expect((await login(email.toUpperCase(), 'wrong-password')).httpStatus).toBe(429)

    const unknown = 'nobody-here@example.com'
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await login(unknown, 'wrong-password')).httpStatus).toBe(401)
    const refused = await login(unknown, 'wrong-password')
    expect(refused.httpStatus).toBe(429)
    expect(refused.message).toBe(LIMITS.failedLoginMinute.message)
  })

  test('more than 100 failures in an hour lock the account for the hour', async () => {
    const { email, password } = await api.registerUser()
    for (let round = 0; round < 10; round++) {
      for (let attempt = 0; attempt < 10; attempt++)
        expect((await login(email, 'wrong-password')).httpStatus).toBe(401)
      await age(email, 61)
    }
    const refused = await login(email, password)
    expect(refused.httpStatus).toBe(429)
    expect(refused.message).toBe(LIMITS.failedLoginHour.message)
    // The oldest failure of the hour is ten minutes old: fifty minutes to wait.
    expect(retryAfter(refused)).toBeGreaterThan(45 * 60)
    expect(retryAfter(refused)).toBeLessThanOrEqual(50 * 60)
    await age(email, 3600)
    expect((await login(email, password)).httpStatus).toBe(200)
  })

  test('one client address failing on many accounts is held up after 50 a minute (behind a trusted proxy)', async () => {
    const address = '203.0.113.7'
    for (let attempt = 0; attempt < 50; attempt++) {
      expect(
        (await login(`spray-${attempt}@example.com`, 'password-123', address)).httpStatus,
      ).toBe(401)
    }
    const refused = await login('spray-last@example.com', 'password-123', address)
    expect(refused.httpStatus).toBe(429)
    expect(refused.message).toBe(LIMITS.failedLoginFromAddress.message)
    // Someone else, from another address, is not.
    const { email, password } = await api.registerUser()
    expect((await login(email, password, '198.51.100.1')).httpStatus).toBe(200)
  })
})

describe('one-time codes', () => {
  test('five wrong codes kill the code, the right one included; a new code works', async () => {
    const registered = await api.call('POST', 'auth/register', {
      body: {
        email: 'codes-1@example.com',
        password: 'password-123',
        first_name: 'Ada',
        last_name: 'Eze',
      },
    })
    const token = registered.data.token
    const code = /code is (\d{6})/.exec(api.latestMail('codes-1@example.com') ?? '')?.[1] ?? ''
    const wrong = code === '000000' ? '111111' : '000000'
    const messages: string[] = []
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await api.call('POST', 'verify-email', { token, body: { otp: wrong } })
      expect(answer.httpStatus).toBe(409)
      messages.push(answer.data.otp[0])
    }
    expect(messages).toEqual([
      'The code is incorrect. 4 tries left.',
      'The code is incorrect. 3 tries left.',
      'The code is incorrect. 2 tries left.',
      'The code is incorrect. 1 try left.',
      'This code has expired. Request a new one.',
    ])
    const right = await api.call('POST', 'verify-email', { token, body: { otp: code } })
    expect(right.httpStatus).toBe(409)
    expect(right.data.otp).toEqual(['This code has expired. Request a new one.'])

    await api.db.update(emailCodes).set({ sentAt: sql`now() - interval '61 seconds'` })
    expect((await api.call('POST', 'send-otp', { token })).httpStatus).toBe(200)
    const fresh = /code is (\d{6})/.exec(api.latestMail('codes-1@example.com') ?? '')?.[1]
    expect(
      (await api.call('POST', 'verify-email', { token, body: { otp: fresh } })).httpStatus,
    ).toBe(200)
  })

  test('a new code once a minute, and three code e-mails in 15 minutes at most (429 with a message)', async () => {
    const email = 'codes-2@example.com'
    const registered = await api.call('POST', 'auth/register', {
      body: { email, password: 'password-123', first_name: 'Ada', last_name: 'Eze' },
    })
    const token = registered.data.token
    const soon = await api.call('POST', 'send-otp', { token })
    expect(soon.httpStatus).toBe(429)
    expect(soon.message).toMatch(/^Please wait \d+ seconds before requesting a new code$/)
    expect(soon.message).toBe(
      `Please wait ${retryAfter(soon)} seconds before requesting a new code`,
    )
    expect(api.mailCount(email)).toBe(1)

    const [user] = await api.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    const minuteLater = () =>
      api.db
        .update(emailCodes)
        .set({ sentAt: sql`now() - interval '61 seconds'` })
        .where(eq(emailCodes.userId, user.id))
    await minuteLater()
    expect((await api.call('POST', 'send-otp', { token })).httpStatus).toBe(200)
    await minuteLater()
    expect((await api.call('POST', 'send-otp', { token })).httpStatus).toBe(200)
    await minuteLater()
    const fourth = await api.call('POST', 'send-otp', { token })
    expect(fourth.httpStatus).toBe(429)
    expect(fourth.message).toBe(LIMITS.mail.message)
    expect(retryAfter(fourth)).toBeGreaterThan(14 * 60)
    expect(retryAfter(fourth)).toBeLessThanOrEqual(15 * 60)
    expect(api.mailCount(email)).toBe(3)

    // A quarter of an hour later codes come again.
    await age(String(user.id), 15 * 60)
    expect((await api.call('POST', 'send-otp', { token })).httpStatus).toBe(200)
  })

  test('one client address guessing codes is held up after 30 a minute (behind a trusted proxy)', async () => {
    const address = '203.0.113.9'
    let refused = null
    for (let account = 0; account < 8 && !refused; account++) {
      const email = `guess-${account}@example.com`
      const registered = await api.call('POST', 'auth/register', {
        body: { email, password: 'password-123', first_name: 'Ada', last_name: 'Eze' },
      })
      for (let attempt = 0; attempt < 5; attempt++) {
        const answer = await api.call('POST', 'verify-email', {
          token: registered.data.token,
          body: { otp: '999999' },
          clientIp: address,
        })
        if (answer.httpStatus === 429) {
          refused = { answer, tries: account * 5 + attempt }
          break
        }
      }
    }
    expect(refused?.tries).toBe(30)
    expect(refused?.answer.message).toBe(LIMITS.codeCheckFromAddress.message)
  })
})

describe('reset links', () => {
  test('three reset e-mails per address in 15 minutes; the 4th request answers 429 with a message, registered or not', async () => {
    const { email } = await api.registerUser()
    for (let request = 0; request < 3; request++) {
      const answer = await api.call('POST', 'auth/forgot-password', { body: { email } })
      expect(answer.httpStatus).toBe(200)
      expect(answer.message).toBe('Password reset email sent')
    }
    const fourth = await api.call('POST', 'auth/forgot-password', { body: { email } })
    expect(fourth.httpStatus).toBe(429)
    expect(fourth.message).toBe(LIMITS.mail.message)
    expect(retryAfter(fourth)).toBeGreaterThan(14 * 60)
    // One mail budget per account (3 in 15 minutes) covers codes and links: the registration code, then two links.
    expect(api.mailCount(email)).toBe(3)

    // The same answers for an address nobody registered: the limit tells nothing about accounts.
    const unknown = 'nobody-registered@example.com'
    for (let request = 0; request < 3; request++) {
      expect(
        (await api.call('POST', 'auth/forgot-password', { body: { email: unknown } })).httpStatus,
      ).toBe(200)
    }
    expect(
      (await api.call('POST', 'auth/forgot-password', { body: { email: unknown } })).message,
    ).toBe(LIMITS.mail.message)

    await age(email, 15 * 60)
    expect((await api.call('POST', 'auth/forgot-password', { body: { email } })).httpStatus).toBe(
      200,
    )
  })

  test('a reset link works once', async () => {
    const { email } = await api.registerUser()
    await api.call('POST', 'auth/forgot-password', { body: { email } })
    const link = new URL(/https?:\/\/\S+/.exec(api.latestMail(email) ?? '')?.[0] ?? 'http://x')
    const body = {
      email,
      token: link.searchParams.get('token'),
      password: 'password-456',
      password_confirmation: 'password-456',
    }
    expect((await api.call('POST', 'auth/reset-password', { body })).httpStatus).toBe(200)
    const again = await api.call('POST', 'auth/reset-password', {
      body: { ...body, password: 'password-789', password_confirmation: 'password-789' },
    })
    expect(again.httpStatus).toBe(409)
    expect(again.message).toBe('This link is invalid or has expired')
    expect(
      (await api.call('POST', 'auth/verify-password-token', { body: { token: body.token } }))
        .httpStatus,
    ).toBe(404)
  })
})
