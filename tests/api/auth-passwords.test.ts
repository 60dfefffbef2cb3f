import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createAccount, sendSetPasswordLink } from '~/backend/auth/service'
import { passwordTokens } from '~/backend/db/schema'
import { createTestApi, type TestApi } from '../support/api-harness'
import {
  linkIn,
  notificationTitles,
  registerOnly,
  tokenIn,
  uniqueEmail,
  userRow,
} from './auth-support'

let api: TestApi
beforeAll(async () => {
  api = await createTestApi()
})
afterAll(async () => {
  await api?.close()
})

const INVALID_LINK = 'This link is invalid or has expired'

async function requestReset(email: string) {
  const answer = await api.call('POST', 'auth/forgot-password', { body: { email } })
  expect(answer.status).toBe('200')
  return tokenIn(api.latestMail(email))!
}

const resetBody = (email: string, token: string, password = 'a-new-password') => ({
  email,
  token,
  password,
  password_confirmation: password,
})

async function tokenRows(email: string) {
  const { id } = await userRow(api, email)
  return api.db.select().from(passwordTokens).where(eq(passwordTokens.userId, id))
}

describe('forgot-password', () => {
  test('answers the same for a known and an unknown e-mail, and mails only the known one', async () => {
    const { email } = await api.registerUser('customer')
    const ghost = uniqueEmail('ghost')
    const known = await api.call('POST', 'auth/forgot-password', { body: { email } })
    const unknown = await api.call('POST', 'auth/forgot-password', { body: { email: ghost } })
    expect({ ...known, response: null }).toEqual({ ...unknown, response: null })
    expect(known).toMatchObject({
      httpStatus: 200,
      status: '200',
      message: 'Password reset email sent',
      data: null,
    })
    expect(api.mailCount(email)).toBe(2) // the code at registration, then the link
    expect(api.mailCount(ghost)).toBe(0)
  })

  test('the fourth request for one address in 15 minutes answers 429 with a message, known or not', async () => {
    const { email } = await api.registerUser('customer')
    const ghost = uniqueEmail('ghost')
    for (const address of [email, ghost]) {
      for (let attempt = 1; attempt <= 3; attempt++) {
        expect(
          (await api.call('POST', 'auth/forgot-password', { body: { email: address } })).status,
        ).toBe('200')
      }
    }
    const known = await api.call('POST', 'auth/forgot-password', { body: { email } })
    const unknown = await api.call('POST', 'auth/forgot-password', { body: { email: ghost } })
    expect(known.httpStatus).toBe(429)
    expect(known.message).toBe('Too many e-mails requested. Please wait 15 minutes and try again.')
    expect({ ...known, response: null }).toEqual({ ...unknown, response: null })
  })

  test('the e-mail is required and must look like one', async () => {
    expect((await api.call('POST', 'auth/forgot-password', { body: {} })).data).toEqual({
      email: ['Enter your email'],
    })
    expect(
      (await api.call('POST', 'auth/forgot-password', { body: { email: 'nope' } })).data,
    ).toEqual({
      email: ['Email must be a valid email'],
    })
  })
})

describe('the reset link', () => {
  test('opens with verify-password-token, sets a new password, signs in and ends older sessions', async () => {
    const { email, password, token: oldSession } = await api.registerUser('customer')
    const token = await requestReset(email)
    expect(linkIn(api.latestMail(email))).toMatch(
      /^http:\/\/localhost:3000\/reset-password\?token=[\w-]{40,}&email=/,
    )
    const rows = await tokenRows(email)
    expect(rows).toHaveLength(1)
    expect(rows[0].tokenHash).not.toBe(token)
    expect(
      Math.abs(rows[0].expiresAt.getTime() - rows[0].createdAt.getTime() - 3600_000),
    ).toBeLessThan(5_000)

    const opened = await api.call('POST', 'auth/verify-password-token', { body: { token } })
    expect(opened.status).toBe('200')
    expect(opened.data).toMatchObject({ email, purpose: 'reset' })
    expect(opened.data.name).toMatch(/^Ada Obi\d+$/)

    const reset = await api.call('POST', 'auth/reset-password', { body: resetBody(email, token) })
    expect(reset.status).toBe('200')
    expect(reset.message).toBe('Password reset successfully')
    expect(reset.data.user).toMatchObject({ email, email_verified: true })
    expect((await api.call('GET', 'auth/me', { token: reset.data.token })).status).toBe('200')
    expect((await api.call('GET', 'auth/me', { token: oldSession })).httpStatus).toBe(401)
    expect((await api.call('POST', 'auth/login', { body: { email, password } })).httpStatus).toBe(
      401,
    )
    expect(
      (await api.call('POST', 'auth/login', { body: { email, password: 'a-new-password' } }))
        .status,
    ).toBe('200')
  })

  test('works once', async () => {
    const { email } = await api.registerUser('customer')
    const token = await requestReset(email)
    expect(
      (await api.call('POST', 'auth/reset-password', { body: resetBody(email, token) })).status,
    ).toBe('200')
    const again = await api.call('POST', 'auth/reset-password', {
      body: resetBody(email, token, 'another-password'),
    })
    expect(again.httpStatus).toBe(409)
    expect(again.message).toBe(INVALID_LINK)
    const opened = await api.call('POST', 'auth/verify-password-token', { body: { token } })
    expect(opened.httpStatus).toBe(404)
    expect(opened.message).toBe(INVALID_LINK)
    expect(
      (await api.call('POST', 'auth/login', { body: { email, password: 'another-password' } }))
        .httpStatus,
    ).toBe(401)
  })

  test('using one link kills the other links of the account', async () => {
    const { email } = await api.registerUser('customer')
    const first = await requestReset(email)
    const second = await requestReset(email)
    expect(
      (await api.call('POST', 'auth/reset-password', { body: resetBody(email, second) })).status,
    ).toBe('200')
    expect(
      (await api.call('POST', 'auth/verify-password-token', { body: { token: first } })).httpStatus,
    ).toBe(404)
  })

  test('expires after an hour', async () => {
    const { email } = await api.registerUser('customer')
    const token = await requestReset(email)
    const { id } = await userRow(api, email)
    await api.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.userId, id))
    expect(
      (await api.call('POST', 'auth/verify-password-token', { body: { token } })).httpStatus,
    ).toBe(404)
    const reset = await api.call('POST', 'auth/reset-password', { body: resetBody(email, token) })
    expect(reset.httpStatus).toBe(409)
    expect(reset.message).toBe(INVALID_LINK)
  })

  test('a made-up token, or a token sent with another e-mail, is refused', async () => {
    const { email } = await api.registerUser('customer')
    const other = await api.registerUser('customer')
    const token = await requestReset(email)
    expect(
      (await api.call('POST', 'auth/verify-password-token', { body: { token: 'made-up-token' } }))
        .httpStatus,
    ).toBe(404)
    expect(
      (await api.call('POST', 'auth/reset-password', { body: resetBody(other.email, token) }))
        .message,
    ).toBe(INVALID_LINK)
    // The refused attempt did not spend the link.
    expect(
      (await api.call('POST', 'auth/reset-password', { body: resetBody(email, token) })).status,
    ).toBe('200')
  })

  test('the new password and its confirmation are required and must match', async () => {
    const { email } = await api.registerUser('customer')
    const token = await requestReset(email)
    const empty = await api.call('POST', 'auth/reset-password', { body: { email, token } })
    expect(empty.data).toEqual({
      password: ['Enter your password'],
      password_confirmation: ['Confirm your password'],
    })
    const mismatch = await api.call('POST', 'auth/reset-password', {
      body: { email, token, password: 'a-new-password', password_confirmation: 'a-new-passwort' },
    })
    expect(mismatch.data).toEqual({ password_confirmation: ['Passwords do not match'] })
  })

  test('a reset through the mailed link also proves the address of an unverified account', async () => {
    const { email } = await registerOnly(api)
    const token = await requestReset(email)
    const reset = await api.call('POST', 'auth/reset-password', { body: resetBody(email, token) })
    expect(reset.data.user.email_verified).toBe(true)
  })

  test('a suspended account gets no link, and its earlier links stop working', async () => {
    const { email } = await api.registerUser('customer')
    const token = await requestReset(email)
    const { setSuspended } = await import('~/backend/auth/service')
    const { id } = await userRow(api, email)
    await setSuspended(api.db, id, true)
    const before = api.mailCount(email)
    expect((await api.call('POST', 'auth/forgot-password', { body: { email } })).status).toBe('200')
    expect(api.mailCount(email)).toBe(before)
    expect(
      (await api.call('POST', 'auth/verify-password-token', { body: { token } })).httpStatus,
    ).toBe(404)
  })
})

describe('the set-password link of a staff-made account', () => {
  async function staffMade() {
    const email = uniqueEmail('made')
    const user = await createAccount(api.db, {
      email,
      firstName: 'Tunde',
      lastName: 'Bello',
      role: 'customer',
    })
    await sendSetPasswordLink(api.db, user)
    const mail = api.latestMail(email)
    return { email, user, mail, token: tokenIn(mail)! }
  }

  test('lasts 7 days, works once, signs in, and the first sign-in brings one welcome', async () => {
    const { email, user, mail, token } = await staffMade()
    expect(linkIn(mail)).toMatch(/^http:\/\/localhost:3000\/set-password\?token=/)
    const [row] = await tokenRows(email)
    expect(row.purpose).toBe('set')
    expect(
      Math.abs(row.expiresAt.getTime() - row.createdAt.getTime() - 7 * 24 * 3600_000),
    ).toBeLessThan(5_000)

    // No password yet: nothing signs in.
    expect(
      (await api.call('POST', 'auth/login', { body: { email, password: 'anything-1' } }))
        .httpStatus,
    ).toBe(401)
    expect(await notificationTitles(api, user.id)).toEqual([])

    const opened = await api.call('POST', 'auth/verify-password-token', { body: { token } })
    expect(opened.data).toEqual({ email, name: 'Tunde Bello', purpose: 'set' })
    const set = await api.call('POST', 'auth/reset-password', {
      body: { ...resetBody(email, token, 'my-own-password'), on_new_password: true },
    })
    expect(set.status).toBe('200')
    expect(set.message).toBe('Password set successfully')
    expect(set.data.user).toMatchObject({ email, email_verified: true, first_name: 'Tunde' })
    expect(await notificationTitles(api, user.id)).toEqual(['Welcome to Land Banking'])

    expect(
      (
        await api.call('POST', 'auth/reset-password', {
          body: resetBody(email, token, 'other-password'),
        })
      ).message,
    ).toBe(INVALID_LINK)
    await api.login(email, 'my-own-password')
    await api.login(email, 'my-own-password')
    expect(await notificationTitles(api, user.id)).toEqual(['Welcome to Land Banking'])
  })

  test('is refused after 7 days', async () => {
    const { email, token } = await staffMade()
    const { id } = await userRow(api, email)
    await api.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.userId, id))
    expect(
      (await api.call('POST', 'auth/verify-password-token', { body: { token } })).httpStatus,
    ).toBe(404)
    expect(
      (await api.call('POST', 'auth/reset-password', { body: resetBody(email, token) })).httpStatus,
    ).toBe(409)
  })

  test('a staff-made account signing in with a password given by staff gets its welcome at that first sign-in', async () => {
    const email = uniqueEmail('given')
    const user = await createAccount(api.db, {
      email,
      firstName: 'Kemi',
      lastName: 'Ade',
      role: 'admin',
      password: 'given-password',
      emailVerified: true,
    })
    expect(await notificationTitles(api, user.id)).toEqual([])
    await api.login(email, 'given-password')
    await api.login(email, 'given-password')
    expect(await notificationTitles(api, user.id)).toEqual(['Welcome to Land Banking'])
  })
})
