/**
 * Limits under parallel requests: counting and recording are one locked step, so exactly the
 * limit gets through. Runs on PGlite and, in the test command's PostgreSQL pass
 * (TEST_DATABASE_URL), on a real server with a pool of connections where the requests truly race.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MailCapReached, sendMail } from '~/backend/mail'
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

const tally = (answers: { httpStatus: number }[]) => {
  const byStatus: Record<number, number> = {}
  for (const answer of answers) byStatus[answer.httpStatus] = (byStatus[answer.httpStatus] ?? 0) + 1
  return byStatus
}

describe('parallel requests', () => {
  test('40 wrong passwords at once for one account: exactly 10 are checked, 30 answer 429', async () => {
    const { email, password } = await api.registerUser()
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => login(email, 'wrong-password')),
    )
    expect(tally(answers)).toEqual({ 401: 10, 429: 30 })
    for (const answer of answers.filter((answer) => answer.httpStatus === 429)) {
      expect(answer.message).toBe(LIMITS.failedLoginMinute.message)
    }
    expect((await login(email, password)).httpStatus).toBe(429)
  })

  test('right passwords are not counted as failures once checked', async () => {
    const { email, password } = await api.registerUser()
    // An attempt counts while its password is being checked: ten at once fit under the limit.
    const signedIn = await Promise.all(Array.from({ length: 10 }, () => login(email, password)))
    expect(tally(signedIn)).toEqual({ 200: 10 })
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await login(email, password)).httpStatus).toBe(200)
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await login(email, 'wrong-password')).httpStatus).toBe(401)
    expect((await login(email, 'wrong-password')).httpStatus).toBe(429)
  })

  test('60 wrong passwords at once from one client address on many accounts: exactly 50 are checked', async () => {
    const address = '203.0.113.40'
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        login(`spray-race-${index % 6}@example.com`, 'wrong-password', address),
      ),
    )
    // Six accounts of ten tries each stay within each account's limit: only the address's limit refuses.
    expect(tally(answers)).toEqual({ 401: 50, 429: 10 })
    for (const answer of answers.filter((answer) => answer.httpStatus === 429)) {
      expect(answer.message).toBe(LIMITS.failedLoginFromAddress.message)
    }
  })

  test('30 sign-ups at once from one client address: exactly 20 succeed', async () => {
    const address = '203.0.113.41'
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        api.call('POST', 'auth/register', {
          body: {
            email: `race-signup-${index}@example.com`,
            password: 'password-123',
            first_name: 'Ada',
            last_name: 'Eze',
          },
          clientIp: address,
        }),
      ),
    )
    expect(tally(answers)).toEqual({ 200: 20, 429: 10 })
  })

  test('40 customers added at once by one realtor: exactly 30 are created', async () => {
    const realtor = await api.registerUser('realtor')
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        api.call('POST', 'admin/customer', {
          token: realtor.token,
          body: {
            email: `race-customer-${index}@example.com`,
            first_name: 'Bola',
            last_name: 'Ade',
          },
        }),
      ),
    )
    expect(tally(answers)).toEqual({ 200: 30, 429: 10 })
    const list = await api.call('GET', 'admin/customer', { token: realtor.token })
    expect(list.data.totalPages).toBe(3)
  })

  test('10 reset requests at once for one account: 3 answered, and the account gets 3 e-mails in all', async () => {
    const { email } = await api.registerUser()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.call('POST', 'auth/forgot-password', { body: { email } }),
      ),
    )
    expect(tally(answers)).toEqual({ 200: 3, 429: 7 })
    // The account's budget of 3 in 15 minutes: its sign-up code, then two links.
    expect(api.mailCount(email)).toBe(3)
  })

  test('20 e-mails at once to one address: exactly 10 are sent', async () => {
    const to = 'race-mail@example.com'
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        sendMail(api.db, { to, subject: `Notice ${index}`, text: 'A notice.' }),
      ),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10)
    const refused = results.filter((result) => result.status === 'rejected')
    expect(refused).toHaveLength(10)
    for (const result of refused)
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(MailCapReached)
    expect(api.mailCount(to)).toBe(10)
  })
})
