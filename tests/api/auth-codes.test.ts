import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { emailCodes } from '~/backend/db/schema'
import { createTestApi, type TestApi } from '../support/api-harness'
import { codeIn, registerOnly, userRow } from './auth-support'

let api: TestApi
beforeAll(async () => {
  api = await createTestApi()
})
afterAll(async () => {
  await api?.close()
})

const EXPIRED = 'This code has expired. Request a new one.'

async function codeRow(email: string) {
  const { id } = await userRow(api, email)
  const [row] = await api.db.select().from(emailCodes).where(eq(emailCodes.userId, id))
  return { userId: id, row }
}

/** Pretends the last code went out `seconds` ago, so the resend cooldown has passed. */
async function backdateSend(email: string, seconds = 61) {
  const { userId } = await codeRow(email)
  await api.db
    .update(emailCodes)
    .set({ sentAt: new Date(Date.now() - seconds * 1000) })
    .where(eq(emailCodes.userId, userId))
}

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('the one-time code', () => {
  test('is 6 digits, lives 10 minutes, is stored hashed, and verifies the address once', async () => {
    const { email, token } = await registerOnly(api)
    const code = codeIn(api.latestMail(email))!
    expect(code).toMatch(/^\d{6}$/)
    const { row } = await codeRow(email)
    expect(row.codeHash).not.toContain(code)
    const lifetime = row.expiresAt.getTime() - row.sentAt.getTime()
    expect(Math.abs(lifetime - 10 * 60_000)).toBeLessThan(5_000)

    const answer = await api.call('POST', 'verify-email', { token, body: { otp: code } })
    expect(answer.status).toBe('200')
    expect(answer.message).toBe('Email verified successfully')
    expect(answer.data).toMatchObject({ email, email_verified: true })
    expect((await api.call('GET', 'auth/me', { token })).data.email_verified).toBe(true)
    expect((await codeRow(email)).row).toBeUndefined()
  })

  test('must be 6 digits', async () => {
    const { token } = await registerOnly(api)
    for (const [otp, message] of [
      [undefined, 'Enter your code'],
      ['', 'Enter your code'],
      ['12345', 'Code must be 6 digits'],
      ['12a456', 'Code must be 6 digits'],
    ] as const) {
      const answer = await api.call('POST', 'verify-email', { token, body: { otp } })
      expect(answer.httpStatus).toBe(422)
      expect(answer.data).toEqual({ otp: [message] })
    }
  })

  test('needs a signed-in user', async () => {
    expect((await api.call('POST', 'verify-email', { body: { otp: '123456' } })).httpStatus).toBe(
      401,
    )
    expect((await api.call('POST', 'send-otp')).httpStatus).toBe(401)
  })

  test('expires after 10 minutes', async () => {
    const { email, token } = await registerOnly(api)
    const code = codeIn(api.latestMail(email))!
    const { userId } = await codeRow(email)
    await api.db
      .update(emailCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailCodes.userId, userId))
    const answer = await api.call('POST', 'verify-email', { token, body: { otp: code } })
    expect(answer.httpStatus).toBe(409)
    expect(answer.data).toEqual({ otp: [EXPIRED] })
    expect(answer.message).toBe(EXPIRED)
    expect((await api.call('GET', 'auth/me', { token })).data.email_verified).toBe(false)
  })

  test('dies after 5 wrong tries, counting them down', async () => {
    const { email, token } = await registerOnly(api)
    const code = codeIn(api.latestMail(email))!
    const wrong = wrongCodeFor(code)
    const messages = []
    for (let attempt = 1; attempt <= 5; attempt++) {
      messages.push(
        (await api.call('POST', 'verify-email', { token, body: { otp: wrong } })).data.otp[0],
      )
    }
    expect(messages).toEqual([
      'The code is incorrect. 4 tries left.',
      'The code is incorrect. 3 tries left.',
      'The code is incorrect. 2 tries left.',
      'The code is incorrect. 1 try left.',
      EXPIRED,
    ])
    const right = await api.call('POST', 'verify-email', { token, body: { otp: code } })
    expect(right.data).toEqual({ otp: [EXPIRED] })
    expect((await api.call('GET', 'auth/me', { token })).data.email_verified).toBe(false)
  })

  test('parallel guesses cannot spend more than 5 tries', async () => {
    const { email, token } = await registerOnly(api)
    const code = codeIn(api.latestMail(email))!
    const wrong = wrongCodeFor(code)
    await Promise.all(
      Array.from({ length: 12 }, () =>
        api.call('POST', 'verify-email', { token, body: { otp: wrong } }),
      ),
    )
    expect((await codeRow(email)).row.attempts).toBe(5)
  })

  test('a resend within 60 seconds is refused with a message; after it a new code replaces the old', async () => {
    const { email, token } = await registerOnly(api)
    const first = codeIn(api.latestMail(email))!
    const early = await api.call('POST', 'send-otp', { token })
    expect(early.httpStatus).toBe(429)
    expect(early.message).toMatch(/^Please wait (60|59|58) seconds before requesting a new code$/)
    expect(api.mailCount(email)).toBe(1)

    await backdateSend(email, 30)
    expect((await api.call('POST', 'send-otp', { token })).message).toMatch(
      /^Please wait (30|29|28) seconds/,
    )

    await backdateSend(email)
    const resent = await api.call('POST', 'send-otp', { token })
    expect(resent.status).toBe('200')
    expect(resent.message).toBe('A new code has been sent to your email')
    expect(api.mailCount(email)).toBe(2)
    const second = codeIn(api.latestMail(email))!
    if (second !== first) {
      expect((await api.call('POST', 'verify-email', { token, body: { otp: first } })).status).toBe(
        'conflict',
      )
    }
    expect((await api.call('POST', 'verify-email', { token, body: { otp: second } })).status).toBe(
      '200',
    )
  })

  test('a fresh code gets 5 fresh tries', async () => {
    const { email, token } = await registerOnly(api)
    const first = codeIn(api.latestMail(email))!
    for (let attempt = 0; attempt < 5; attempt++) {
      await api.call('POST', 'verify-email', { token, body: { otp: wrongCodeFor(first) } })
    }
    await backdateSend(email)
    await api.call('POST', 'send-otp', { token })
    expect((await codeRow(email)).row.attempts).toBe(0)
    const second = codeIn(api.latestMail(email))!
    expect((await api.call('POST', 'verify-email', { token, body: { otp: second } })).status).toBe(
      '200',
    )
  })

  test('at most 3 code or reset e-mails go to one account in 15 minutes', async () => {
    const { email, token } = await registerOnly(api) // mail 1
    await backdateSend(email)
    expect((await api.call('POST', 'send-otp', { token })).status).toBe('200') // mail 2
    await backdateSend(email)
    expect((await api.call('POST', 'send-otp', { token })).status).toBe('200') // mail 3
    await backdateSend(email)
    const fourth = await api.call('POST', 'send-otp', { token })
    expect(fourth.httpStatus).toBe(429)
    expect(fourth.message).toBe('Too many e-mails requested. Please wait 15 minutes and try again.')
    expect(api.mailCount(email)).toBe(3)

    // forgot-password still answers its usual banner, but no fourth e-mail goes out.
    const forgot = await api.call('POST', 'auth/forgot-password', { body: { email } })
    expect(forgot.status).toBe('200')
    expect(forgot.message).toBe('Password reset email sent')
    expect(api.mailCount(email)).toBe(3)
  })

  test('a verified user has nothing to resend or verify', async () => {
    const { token } = await api.registerUser('customer')
    const resend = await api.call('POST', 'send-otp', { token })
    expect(resend.httpStatus).toBe(409)
    expect(resend.message).toBe('Your email is already verified')
    const verify = await api.call('POST', 'verify-email', { token, body: { otp: '000000' } })
    expect(verify.status).toBe('200')
    expect(verify.message).toBe('Email already verified')
  })
})
