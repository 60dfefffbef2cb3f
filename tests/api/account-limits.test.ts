/**
 * Limits on what mails an address someone typed, so nobody can mail-bomb it: sign-up per client address,
 * accounts made by staff and realtors per creating account and per client address, and a cap on
 * every e-mail to one address, whatever flow sends it. Each refuses past its number with 429 and a
 * clear message, and the same request under the limit works.
 */
import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { rateLimitEvents, users } from '~/backend/db/schema'
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

/** Moves one bucket's counted events (for one key, or all) back in time, as if the window had passed. */
async function age(bucket: string, seconds: number, key?: string) {
  await api.db
    .update(rateLimitEvents)
    .set({ createdAt: sql`${rateLimitEvents.createdAt} - make_interval(secs => ${seconds})` })
    .where(
      key === undefined
        ? eq(rateLimitEvents.bucket, bucket)
        : and(eq(rateLimitEvents.bucket, bucket), eq(rateLimitEvents.key, key)),
    )
}

let counter = 0
const freshEmail = (label: string) => `${label}-${++counter}-${Date.now().toString(36)}@example.com`

const signUp = (email: string, clientIp?: string) =>
  api.call('POST', 'auth/register', {
    body: { email, password: 'password-123', first_name: 'Ada', last_name: 'Eze' },
    clientIp,
  })

const addCustomer = (token: string, email: string, clientIp?: string) =>
  api.call('POST', 'admin/customer', {
    token,
    body: { email, first_name: 'Bola', last_name: 'Ade' },
    clientIp,
  })

async function accountExists(email: string) {
  const [row] = await api.db.select({ total: count() }).from(users).where(eq(users.email, email))
  return Number(row.total) > 0
}

/** Mails of another kind than the flow under test, through the same mail module every flow uses. */
async function mailDirectly(to: string, times: number) {
  for (let index = 0; index < times; index++) {
    await sendMail(api.db, {
      to,
      subject: `Notice ${index + 1}`,
      text: 'A notice from Land Banking.',
    })
  }
}

describe('sign-up', () => {
  test('20 sign-ups an hour from one client address (behind a trusted proxy); the 21st answers 429 with a message', async () => {
    const address = '203.0.113.20'
    for (let index = 0; index < LIMITS.signUpFromAddress.max; index++) {
      expect((await signUp(freshEmail('signup'), address)).httpStatus, `sign-up ${index + 1}`).toBe(
        200,
      )
    }
    const email = freshEmail('signup-refused')
    const refused = await signUp(email, address)
    expect(refused.httpStatus).toBe(429)
    expect(refused.status).toBe('tooManyRequests')
    expect(refused.message).toBe(LIMITS.signUpFromAddress.message)
    expect(Number(refused.response.headers.get('retry-after'))).toBeLessThanOrEqual(3600)
    // Retry-After says when the address's oldest sign-up leaves the hour: with all ten minutes old, fifty minutes.
    await api.db
      .update(rateLimitEvents)
      .set({ createdAt: sql`now() - interval '10 minutes'` })
      .where(eq(rateLimitEvents.key, address))
    const retryAfter = Number(
      (await signUp(freshEmail('signup-later'), address)).response.headers.get('retry-after'),
    )
    expect(retryAfter).toBeGreaterThanOrEqual(2999)
    expect(retryAfter).toBeLessThanOrEqual(3000)
    expect(await accountExists(email)).toBe(false)
    expect(api.mailCount(email)).toBe(0)

    // Someone at another address, or with no address known (no trusted proxy), still signs up.
    expect((await signUp(freshEmail('signup-other'), '198.51.100.20')).httpStatus).toBe(200)
    expect((await signUp(freshEmail('signup-direct'))).httpStatus).toBe(200)

    // An hour later the address signs up again.
    await age('sign-up-ip', 3600, address)
    expect((await signUp(email, address)).httpStatus).toBe(200)
    expect(api.mailCount(email)).toBe(1)
  })
})

describe('accounts made for others', () => {
  test('a realtor adds 30 customers an hour; the 31st answers 429 with a message, and other creators are not held up', async () => {
    const realtor = await api.registerUser('realtor')
    for (let index = 0; index < LIMITS.accountsCreatedByAccount.max; index++) {
      expect(
        (await addCustomer(realtor.token, freshEmail('by-realtor'))).httpStatus,
        `customer ${index + 1}`,
      ).toBe(200)
    }
    const email = freshEmail('by-realtor-refused')
    const refused = await addCustomer(realtor.token, email)
    expect(refused.httpStatus).toBe(429)
    expect(refused.message).toBe(LIMITS.accountsCreatedByAccount.message)
    expect(await accountExists(email)).toBe(false)
    expect(api.mailCount(email)).toBe(0)

    const otherRealtor = await api.registerUser('realtor')
    expect((await addCustomer(otherRealtor.token, freshEmail('by-other-realtor'))).httpStatus).toBe(
      200,
    )

    await age('accounts-created', 3600)
    expect((await addCustomer(realtor.token, email)).httpStatus).toBe(200)
    expect(api.mailCount(email)).toBe(1)
  })

  test('staff creations count too, per creating account, and 60 an hour from one client address', async () => {
    const address = '203.0.113.21'
    const first = await api.createStaff(['can_modify_customer', 'can_modify_realtor'])
    const second = await api.createStaff(['can_modify_customer'])
    const third = await api.createStaff(['can_modify_customer'])
    // Customers and realtors share the creating account's budget.
    for (let index = 0; index < 29; index++) {
      expect((await addCustomer(first.token, freshEmail('by-staff'), address)).httpStatus).toBe(200)
    }
    const realtor = await api.call('POST', 'admin/realtor', {
      token: first.token,
      body: {
        email: freshEmail('realtor-by-staff'),
        first_name: 'Chidi',
        last_name: 'Okafor',
        business_name: 'Okafor Homes',
      },
      clientIp: address,
    })
    expect(realtor.httpStatus).toBe(200)
    const refusedForAccount = await addCustomer(first.token, freshEmail('by-staff'), address)
    expect(refusedForAccount.httpStatus).toBe(429)
    expect(refusedForAccount.message).toBe(LIMITS.accountsCreatedByAccount.message)

    for (let index = 0; index < 30; index++) {
      expect((await addCustomer(second.token, freshEmail('by-staff-2'), address)).httpStatus).toBe(
        200,
      )
    }
    const refusedForAddress = await addCustomer(third.token, freshEmail('by-staff-3'), address)
    expect(refusedForAddress.httpStatus).toBe(429)
    expect(refusedForAddress.message).toBe(LIMITS.accountsCreatedFromAddress.message)
    // The same colleague elsewhere is not held up.
    expect(
      (await addCustomer(third.token, freshEmail('by-staff-3'), '198.51.100.21')).httpStatus,
    ).toBe(200)
  })
})

describe('e-mails to one address', () => {
  test('at most 10 an hour, whatever the flow: reset links stop silently, sign-up and creation are refused with a message', async () => {
    const staff = await api.createStaff(['can_modify_customer'])
    const email = freshEmail('capped')
    expect((await addCustomer(staff.token, email)).httpStatus).toBe(200)
    // Reset links fill the cap (3 per 15 minutes per address typed, so the quarter-hours pass).
    for (let round = 0; round < 3; round++) {
      for (let request = 0; request < 3; request++) {
        expect(
          (await api.call('POST', 'auth/forgot-password', { body: { email } })).httpStatus,
        ).toBe(200)
      }
      await age('forgot-password', 15 * 60)
      await age('mail', 15 * 60)
    }
    expect(api.mailCount(email)).toBe(10)

    // Past the cap the answer is the same banner, and nothing is sent.
    const reset = await api.call('POST', 'auth/forgot-password', { body: { email } })
    expect(reset.httpStatus).toBe(200)
    expect(reset.message).toBe('Password reset email sent')
    expect(api.mailCount(email)).toBe(10)

    // Signing up with the address is refused with the cap's message (not as a taken address).
    const signUpAnswer = await signUp(email)
    expect(signUpAnswer.httpStatus).toBe(429)
    expect(signUpAnswer.message).toBe(LIMITS.mailToAddressHour.message)

    // An address nobody holds, mailed 10 times by other flows: sign-up and creation are refused, nothing is created or sent.
    const unregistered = freshEmail('capped-new')
    await mailDirectly(unregistered, 10)
    const refusedSignUp = await signUp(unregistered)
    expect(refusedSignUp.httpStatus).toBe(429)
    expect(refusedSignUp.message).toBe(LIMITS.mailToAddressHour.message)
    const refusedCreation = await addCustomer(staff.token, unregistered)
    expect(refusedCreation.httpStatus).toBe(429)
    expect(refusedCreation.message).toBe(LIMITS.mailToAddressHour.message)
    expect(await accountExists(unregistered)).toBe(false)
    expect(api.mailCount(unregistered)).toBe(10)

    // Other addresses are not held up; an hour later this one signs up.
    expect((await signUp(freshEmail('uncapped'))).httpStatus).toBe(200)
    await age('mail-to', 3600, unregistered)
    expect((await signUp(unregistered)).httpStatus).toBe(200)
    expect(api.mailCount(unregistered)).toBe(11)
  })

  test('a code resend past the cap answers 429 with the message, and the live code still works', async () => {
    const email = freshEmail('capped-code')
    const registered = await signUp(email)
    expect(registered.httpStatus).toBe(200)
    const code = /code is (\d{6})/.exec(api.latestMail(email) ?? '')?.[1]
    await mailDirectly(email, 9)
    await api.db.execute(sql`update email_codes set sent_at = now() - interval '61 seconds'`)
    const resend = await api.call('POST', 'send-otp', { token: registered.data.token })
    expect(resend.httpStatus).toBe(429)
    expect(resend.message).toBe(LIMITS.mailToAddressHour.message)
    expect(api.mailCount(email)).toBe(10)
    expect(
      (
        await api.call('POST', 'verify-email', {
          token: registered.data.token,
          body: { otp: code },
        })
      ).httpStatus,
    ).toBe(200)
  })

  test('at most 30 a day, even when each hour stays under 10', async () => {
    const email = freshEmail('capped-day')
    for (let hour = 0; hour < 3; hour++) {
      await mailDirectly(email, 10)
      await age('mail-to', 3600, email)
    }
    const refused = await signUp(email)
    expect(refused.httpStatus).toBe(429)
    expect(refused.message).toBe(LIMITS.mailToAddressDay.message)
    await age('mail-to', 21 * 3600, email)
    expect((await signUp(email)).httpStatus).toBe(200)
  })

  test('security notices are never capped: an e-mail, password or payout account change reaches the holder past 10 routine e-mails', async () => {
    const staff = await api.createStaff(['can_modify_customer'])
    const customer = await api.registerUser('customer')
    const capped = async () => {
      const before = api.mailCount(customer.email)
      await expect(
        sendMail(api.db, { to: customer.email, subject: 'Routine', text: 'A routine e-mail.' }),
      ).rejects.toBeInstanceOf(MailCapReached)
      expect(api.mailCount(customer.email)).toBe(before)
    }
    const subjects = () =>
      api.mailsTo(customer.email).map((mail) => /^Subject: (.*)$/m.exec(mail)?.[1] ?? '')
    // Its sign-up code counts too: routine mail up to the hour's cap of 10.
    await mailDirectly(customer.email, 10 - api.mailCount(customer.email))
    await capped()

    // The payout account: changed with the password, told at once.
    const profile = {
      bank: 'access',
      account_number: '1234567890',
      account_name: 'Ada Obi',
      current_password: customer.password,
    }
    expect(
      (await api.call('POST', 'account/profile', { token: customer.token, body: profile }))
        .httpStatus,
    ).toBe(200)
    expect(subjects()).toContain('Your payout account was changed')

    // An e-mail change asked for from the account: the old address is told (the link to the new one is routine mail).
    const asked = await api.call('POST', 'account/email', {
      token: customer.token,
      body: { email: freshEmail('moving'), current_password: customer.password },
    })
    expect(asked.httpStatus, asked.message).toBe(200)
    expect(subjects()).toContain('A change of your email address was requested')

    // The password changed in Settings.
    const next = 'password-456'
    const changed = await api.call('POST', 'change-password', {
      token: customer.token,
      body: { current_password: customer.password, password: next, password_confirmation: next },
    })
    expect(changed.httpStatus, changed.message).toBe(200)
    expect(subjects()).toContain('Your Land Banking password was changed')

    // Staff move the e-mail: the old address is told.
    const moved = freshEmail('moved-by-staff')
    const edited = await api.call('POST', `admin/customer/${customer.user.uuid}`, {
      token: staff.token,
      body: { first_name: 'Ada', last_name: 'Obi', email: moved },
    })
    expect(edited.httpStatus).toBe(200)
    expect(subjects()).toContain('Your Land Banking email address was changed')
    // Routine mail to the old address is still capped.
    await capped()
  })
})
