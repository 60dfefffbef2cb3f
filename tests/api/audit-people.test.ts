import { asc, gt, max } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditLog } from '~/backend/db/schema'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApi, type TestApi } from '../support/api-harness'
import { codeIn, registerOnly, tokenIn, uniqueEmail, userRow } from './auth-support'

/**
 * The audit trail of accounts, people and settings: each change or security event leaves exactly
 * one entry naming who did it, the record, a plain summary and the fields that changed, and never
 * a password, token or code.
 */

type Staff = Awaited<ReturnType<TestApi['createStaff']>>
type Entry = typeof auditLog.$inferSelect

let api: TestApi
let superAdmin: { token: string; user: { reference: string } }
let peopleAdmin: Staff

beforeAll(async () => {
  api = await createTestApi()
  superAdmin = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)
  peopleAdmin = await api.createStaff([
    'can_view_customer',
    'can_modify_customer',
    'can_view_realtor',
    'can_modify_realtor',
    'can_modify_user',
    'can_modify_setting',
  ])
})
afterAll(async () => {
  await api?.close()
})

async function lastId() {
  const [row] = await api.db.select({ id: max(auditLog.id) }).from(auditLog)
  return Number(row?.id ?? 0)
}

/** The entries an action wrote: everything after the newest entry before it. */
async function entriesOf(action: () => Promise<unknown>): Promise<Entry[]> {
  const before = await lastId()
  await action()
  return api.db.select().from(auditLog).where(gt(auditLog.id, before)).orderBy(asc(auditLog.id))
}

/** Exactly one entry, which the test then describes. */
async function onlyEntryOf(action: () => Promise<unknown>) {
  const entries = await entriesOf(action)
  expect(entries.map((entry) => entry.action)).toHaveLength(1)
  return entries[0]
}

/** Fails the test when a secret shows anywhere in the entry. */
function expectNoSecret(entry: Entry, ...secrets: (string | null | undefined)[]) {
  const json = JSON.stringify(entry)
  for (const secret of secrets) if (secret) expect(json).not.toContain(secret)
}

const expectOk = (answer: { httpStatus: number; message: string }) =>
  expect(answer.httpStatus, answer.message).toBe(200)

describe('sign-in', () => {
  test('a sign-in to an unknown e-mail leaves one failure naming the e-mail typed, the client address and the user agent', async () => {
    const email = uniqueEmail('ghost')
    const password = 'never-stored-1'
    let answer: Awaited<ReturnType<TestApi['call']>> | undefined
    const entry = await onlyEntryOf(async () => {
      answer = await api.call('POST', 'auth/login', {
        body: { email, password },
        clientIp: '203.0.113.9',
        headers: { 'user-agent': 'AuditProbe/1.0 (tests)' },
      })
    })
    expect(answer!.httpStatus).toBe(401)
    expect(entry).toMatchObject({
      action: 'auth.sign_in_failed',
      actorId: null,
      actorReference: null,
      actorName: email,
      recordType: 'account',
      recordReference: email,
      clientIp: '203.0.113.9',
      userAgent: 'AuditProbe/1.0 (tests)',
    })
    expect(entry.summary).toBe(`Failed sign-in as ${email}: no such account`)
    expectNoSecret(entry, password)
  })

  test("a wrong password leaves one failure on that account's record, by that account", async () => {
    const customer = await api.registerUser('customer')
    const wrong = 'wrong-password-9'
    const entry = await onlyEntryOf(async () => {
      const answer = await api.call('POST', 'auth/login', {
        body: { email: customer.email, password: wrong },
        clientIp: '198.51.100.4',
      })
      expect(answer.httpStatus).toBe(401)
    })
    expect(entry).toMatchObject({
      action: 'auth.sign_in_failed',
      actorReference: customer.user.reference,
      actorName: `${customer.user.first_name} ${customer.user.last_name}`,
      recordType: 'account',
      recordReference: customer.user.reference,
      clientIp: '198.51.100.4',
    })
    expect(entry.summary).toContain(`as ${customer.email}: wrong password`)
    expectNoSecret(entry, wrong, customer.password)
  })

  test('a sign-in leaves one entry by the user who signed in, with no token in it', async () => {
    const customer = await api.registerUser('customer')
    let token = ''
    const entry = await onlyEntryOf(async () => {
      const answer = await api.call('POST', 'auth/login', {
        body: { email: customer.email, password: customer.password },
        headers: { 'user-agent': 'Browser/2' },
      })
      expectOk(answer)
      token = answer.data.token
    })
    expect(entry).toMatchObject({
      action: 'auth.sign_in',
      actorReference: customer.user.reference,
      recordType: 'account',
      recordReference: customer.user.reference,
      userAgent: 'Browser/2',
      changes: null,
    })
    expect(entry.summary).toBe(
      `${customer.user.reference} (${customer.user.first_name} ${customer.user.last_name}) signed in as ${customer.email}`,
    )
    expectNoSecret(entry, token, customer.password)
  })

  test('a suspended account that signs in is refused and the refusal is recorded as a failure', async () => {
    const customer = await api.registerUser('customer')
    expectOk(
      await api.call('POST', `admin/customer/${customer.user.reference}/suspend`, {
        token: peopleAdmin.token,
        body: { is_suspended: true },
      }),
    )
    const entry = await onlyEntryOf(async () => {
      const answer = await api.call('POST', 'auth/login', {
        body: { email: customer.email, password: customer.password },
      })
      expect(answer.httpStatus).toBe(403)
    })
    expect(entry).toMatchObject({
      action: 'auth.sign_in_failed',
      actorReference: customer.user.reference,
      recordReference: customer.user.reference,
    })
    expect(entry.summary).toContain('the account is suspended')
  })

  test('the rate limit still refuses the 11th failure in a minute; refused attempts are not checked, so not recorded', async () => {
    const email = uniqueEmail('flood')
    const entries = await entriesOf(async () => {
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        expect(
          (await api.call('POST', 'auth/login', { body: { email, password: 'guess-1234' } }))
            .httpStatus,
        ).toBe(401)
      }
      expect(
        (await api.call('POST', 'auth/login', { body: { email, password: 'guess-1234' } }))
          .httpStatus,
      ).toBe(429)
    })
    expect(entries).toHaveLength(10)
    expect(new Set(entries.map((entry) => entry.action))).toEqual(new Set(['auth.sign_in_failed']))
  })

  test('signing out leaves one entry by the user', async () => {
    const customer = await api.registerUser('customer')
    const entry = await onlyEntryOf(async () =>
      expectOk(await api.call('POST', 'logout', { token: customer.token })),
    )
    expect(entry).toMatchObject({
      action: 'auth.sign_out',
      actorReference: customer.user.reference,
      recordType: 'account',
      recordReference: customer.user.reference,
    })
    expect(entry.summary).toContain('signed out')
    expectNoSecret(entry, customer.token)
  })
})

describe('registration and the e-mail address', () => {
  test("a customer's sign-up through a realtor's link is recorded on the new customer, by the customer, naming the realtor", async () => {
    const realtor = await api.registerUser('realtor')
    const password = 'password-123'
    const email = uniqueEmail('signup')
    let reference = ''
    const entry = await onlyEntryOf(async () => {
      const answer = await api.call('POST', 'auth/register', {
        body: {
          email,
          password,
          first_name: 'Ngozi',
          last_name: 'Eze',
          role: 'customer',
          referral: realtor.user.reference,
        },
      })
      expectOk(answer)
      reference = answer.data.user.reference
    })
    expect(entry).toMatchObject({
      action: 'auth.registered',
      actorReference: reference,
      actorName: 'Ngozi Eze',
      recordType: 'customer',
      recordReference: reference,
      related: [realtor.user.reference],
    })
    expect(entry.summary).toBe(
      `${reference} (Ngozi Eze) registered as a customer with ${email} through ${realtor.user.reference}'s link`,
    )
    expect(entry.changes).toEqual({
      email: { before: null, after: email },
      first_name: { before: null, after: 'Ngozi' },
      last_name: { before: null, after: 'Eze' },
      realtor: { before: null, after: realtor.user.reference },
    })
    expectNoSecret(entry, password, codeIn(api.latestMail(email)))
  })

  test('a realtor sign-up is recorded as a realtor with its business name', async () => {
    let reference = ''
    const entry = await onlyEntryOf(async () => {
      reference = (await registerOnly(api, 'realtor')).user.reference
    })
    expect(entry).toMatchObject({
      action: 'auth.registered',
      recordType: 'realtor',
      recordReference: reference,
      actorReference: reference,
    })
    // Fields added empty (no upline) are left out of a new record's changes.
    expect(entry.changes).toEqual({
      email: { before: null, after: expect.stringMatching(/^realtor-.*@example\.com$/) },
      first_name: { before: null, after: 'Ngozi' },
      last_name: { before: null, after: 'Eze' },
      business_name: { before: null, after: 'Eze Estates' },
    })
  })

  test('verifying the e-mail with the code leaves one entry; a wrong code leaves none', async () => {
    const person = await registerOnly(api, 'customer')
    const code = codeIn(api.latestMail(person.email))!
    const wrong = code === '000000' ? '111111' : '000000'
    expect(
      await entriesOf(async () =>
        expect(
          (await api.call('POST', 'verify-email', { token: person.token, body: { otp: wrong } }))
            .httpStatus,
        ).toBe(409),
      ),
    ).toEqual([])
    const entry = await onlyEntryOf(async () =>
      expectOk(
        await api.call('POST', 'verify-email', { token: person.token, body: { otp: code } }),
      ),
    )
    expect(entry).toMatchObject({
      action: 'auth.email_verified',
      actorReference: person.user.reference,
      recordReference: person.user.reference,
      changes: { email_verified: { before: false, after: true } },
    })
    expectNoSecret(entry, code)
  })

  test('an e-mail change leaves one entry when asked for and one when confirmed through the link', async () => {
    const customer = await api.registerUser('customer')
    const wanted = uniqueEmail('moved')
    const asked = await onlyEntryOf(async () =>
      expectOk(
        await api.call('POST', 'account/email', {
          token: customer.token,
          body: { email: wanted, current_password: customer.password },
        }),
      ),
    )
    expect(asked).toMatchObject({
      action: 'auth.email_change_requested',
      actorReference: customer.user.reference,
      recordReference: customer.user.reference,
      changes: { pending_email: { before: null, after: wanted } },
    })
    expect(asked.summary).toContain(`from ${customer.email} to ${wanted}`)
    const token = tokenIn(api.latestMail(wanted))!
    const confirmed = await onlyEntryOf(async () =>
      expectOk(await api.call('POST', 'auth/confirm-email', { body: { token } })),
    )
    expect(confirmed).toMatchObject({
      action: 'auth.email_changed',
      actorReference: customer.user.reference,
      recordReference: customer.user.reference,
      changes: { email: { before: customer.email, after: wanted } },
    })
    expectNoSecret(asked, token, customer.password)
    expectNoSecret(confirmed, token)
  })
})

describe('passwords', () => {
  test('a password change leaves one entry without either password; a wrong current password leaves none', async () => {
    const customer = await api.registerUser('customer')
    const next = 'brand-new-secret-7'
    const refused = await entriesOf(async () => {
      const answer = await api.call('POST', 'change-password', {
        token: customer.token,
        body: { current_password: 'not-my-password', password: next, password_confirmation: next },
      })
      expect(answer.httpStatus).toBe(409)
    })
    expect(refused).toEqual([])
    const entry = await onlyEntryOf(async () =>
      expectOk(
        await api.call('POST', 'change-password', {
          token: customer.token,
          body: {
            current_password: customer.password,
            password: next,
            password_confirmation: next,
          },
        }),
      ),
    )
    expect(entry).toMatchObject({
      action: 'auth.password_changed',
      actorReference: customer.user.reference,
      recordReference: customer.user.reference,
      changes: null,
    })
    expectNoSecret(entry, next, customer.password, customer.token)
  })

  test('a reset request is recorded only for an account that exists, and the answers stay the same', async () => {
    const customer = await api.registerUser('customer')
    const ghost = uniqueEmail('nobody')
    let unknownAnswer: unknown
    expect(
      await entriesOf(async () => {
        const answer = await api.call('POST', 'auth/forgot-password', { body: { email: ghost } })
        unknownAnswer = {
          httpStatus: answer.httpStatus,
          message: answer.message,
          data: answer.data,
        }
      }),
    ).toEqual([])
    const entry = await onlyEntryOf(async () => {
      const answer = await api.call('POST', 'auth/forgot-password', {
        body: { email: customer.email },
      })
      expect({ httpStatus: answer.httpStatus, message: answer.message, data: answer.data }).toEqual(
        unknownAnswer,
      )
    })
    expect(entry).toMatchObject({
      action: 'auth.password_reset_requested',
      actorReference: null,
      actorName: 'Signed-out visitor',
      recordType: 'account',
      recordReference: customer.user.reference,
    })
    const token = tokenIn(api.latestMail(customer.email))!
    expectNoSecret(entry, token)

    const next = 'reset-secret-42'
    const done = await onlyEntryOf(async () =>
      expectOk(
        await api.call('POST', 'auth/reset-password', {
          body: { email: customer.email, token, password: next, password_confirmation: next },
        }),
      ),
    )
    expect(done).toMatchObject({
      action: 'auth.password_reset',
      actorReference: customer.user.reference,
      recordReference: customer.user.reference,
    })
    expect(done.summary).toContain('reset the password')
    expectNoSecret(done, token, next)
  })
})

describe('the profile', () => {
  const profile = {
    phone: '0803 123 4567',
    address: '12 Admiralty Way, Lekki',
    bank: 'gtbank',
    account_number: '0123456789',
    account_name: 'Ngozi Eze',
  }

  test('saving a profile records the fields that changed; saving it unchanged records nothing', async () => {
    const customer = await api.registerUser('customer')
    const first = await onlyEntryOf(async () =>
      expectOk(
        await api.call('POST', 'account/profile', {
          token: customer.token,
          body: { ...profile, current_password: customer.password },
        }),
      ),
    )
    // Setting the payout account is an action of its own.
    expect(first).toMatchObject({
      action: 'profile.payout_account_changed',
      actorReference: customer.user.reference,
      recordType: 'customer',
      recordReference: customer.user.reference,
    })
    expect(first.changes).toMatchObject({
      phone: { before: '', after: profile.phone },
      account_number: { before: '', after: '0123456789' },
    })
    expect(
      await entriesOf(async () =>
        expectOk(
          await api.call('POST', 'account/profile', { token: customer.token, body: profile }),
        ),
      ),
    ).toEqual([])
    const second = await onlyEntryOf(async () =>
      expectOk(
        await api.call('POST', 'account/profile', {
          token: customer.token,
          body: { ...profile, address: '3 Bourdillon Road, Ikoyi' },
        }),
      ),
    )
    expect(second.changes).toEqual({
      address: { before: profile.address, after: '3 Bourdillon Road, Ikoyi' },
    })
    expect(second.summary).toBe(
      `${customer.user.reference} (${customer.user.first_name} ${customer.user.last_name}) updated the profile: address`,
    )
  })
})

describe('customers, realtors and users', () => {
  test('staff add, change, suspend and reinstate a customer: one entry each, by the staff member', async () => {
    const email = uniqueEmail('made')
    let reference = ''
    const created = await onlyEntryOf(async () => {
      const answer = await api.call('POST', 'admin/customer', {
        token: peopleAdmin.token,
        body: { first_name: 'Bola', last_name: 'Ade', email },
      })
      expectOk(answer)
      reference = answer.data.reference
    })
    expect(created).toMatchObject({
      action: 'customer.created',
      actorReference: peopleAdmin.user.reference,
      recordType: 'customer',
      recordReference: reference,
      changes: {
        email: { before: null, after: email },
        first_name: { before: null, after: 'Bola' },
        last_name: { before: null, after: 'Ade' },
      },
    })
    expect(created.summary).toBe(
      `Added customer ${reference} (Bola Ade) with ${email}; a set-password link was mailed`,
    )
    expectNoSecret(created, tokenIn(api.latestMail(email)))

    const updated = await onlyEntryOf(async () =>
      expectOk(
        await api.call('POST', `admin/customer/${reference}`, {
          token: peopleAdmin.token,
          body: { first_name: 'Bola', last_name: 'Adeyemi', email },
        }),
      ),
    )
    expect(updated).toMatchObject({
      action: 'customer.updated',
      actorReference: peopleAdmin.user.reference,
      recordReference: reference,
      changes: { last_name: { before: 'Ade', after: 'Adeyemi' } },
    })
    expect(updated.summary).toBe(`Changed customer ${reference} (Bola Ade): last name`)

    const suspended = await onlyEntryOf(async () =>
      expectOk(
        await api.call('POST', `admin/customer/${reference}/suspend`, {
          token: peopleAdmin.token,
          body: {},
        }),
      ),
    )
    expect(suspended).toMatchObject({
      action: 'customer.suspended',
      recordReference: reference,
      changes: { is_suspended: { before: false, after: true } },
    })
    const reinstated = await onlyEntryOf(async () =>
      expectOk(
        await api.call('POST', `admin/customer/${reference}/suspend`, {
          token: peopleAdmin.token,
          body: {},
        }),
      ),
    )
    expect(reinstated).toMatchObject({
      action: 'customer.reinstated',
      recordReference: reference,
      changes: { is_suspended: { before: true, after: false } },
    })
    expect(reinstated.summary).toBe(`Reinstated customer ${reference} (Bola Adeyemi)`)
  })

  test('a refused change leaves no entry: an invalid e-mail, a taken one, or a caller without the permission', async () => {
    const viewer = await api.createStaff(['can_view_customer'])
    const customer = await api.registerUser('customer')
    const refused = await entriesOf(async () => {
      expect(
        (
          await api.call('POST', 'admin/customer', {
            token: peopleAdmin.token,
            body: { first_name: 'X', last_name: 'Y', email: 'not-an-email' },
          })
        ).httpStatus,
      ).toBe(422)
      expect(
        (
          await api.call('POST', 'admin/customer', {
            token: peopleAdmin.token,
            body: { first_name: 'X', last_name: 'Y', email: customer.email },
          })
        ).httpStatus,
      ).toBe(409)
      expect(
        (
          await api.call('POST', `admin/customer/${customer.user.reference}/suspend`, {
            token: viewer.token,
            body: {},
          })
        ).httpStatus,
      ).toBe(403)
      expect(
        (
          await api.call('POST', 'admin/setting', {
            token: viewer.token,
            body: { type: 'subscription_due_reminder_day', value: 9 },
          })
        ).httpStatus,
      ).toBe(403)
    })
    expect(refused).toEqual([])
  })

  test("a realtor's upline and registered-company change appear in its changes, with both uplines related", async () => {
    const upline = await api.registerUser('realtor')
    const email = uniqueEmail('agent')
    let reference = ''
    const created = await onlyEntryOf(async () => {
      const answer = await api.call('POST', 'admin/realtor', {
        token: peopleAdmin.token,
        body: { first_name: 'Tunde', last_name: 'Bello', email, business_name: 'Bello Homes' },
      })
      expectOk(answer)
      reference = answer.data.reference
    })
    expect(created).toMatchObject({
      action: 'realtor.created',
      recordType: 'realtor',
      recordReference: reference,
    })
    expect(created.changes).toMatchObject({ business_name: { before: null, after: 'Bello Homes' } })

    const updated = await onlyEntryOf(async () =>
      expectOk(
        await api.call('POST', `admin/realtor/${reference}`, {
          token: peopleAdmin.token,
          body: {
            first_name: 'Tunde',
            last_name: 'Bello',
            email,
            business_name: 'Bello Homes',
            upline: upline.user.reference,
            registered_company: true,
          },
        }),
      ),
    )
    expect(updated).toMatchObject({
      action: 'realtor.updated',
      actorReference: peopleAdmin.user.reference,
      recordReference: reference,
      related: [upline.user.reference],
      changes: {
        upline: { before: null, after: upline.user.reference },
        registered_company: { before: false, after: true },
      },
    })

    const suspended = await onlyEntryOf(async () =>
      expectOk(
        await api.call('POST', `admin/realtor/${reference}/suspend`, {
          token: peopleAdmin.token,
          body: { is_suspended: true },
        }),
      ),
    )
    expect(suspended).toMatchObject({ action: 'realtor.suspended', recordReference: reference })
    // Asking for the state it already has changes nothing, and records nothing.
    expect(
      await entriesOf(async () =>
        expectOk(
          await api.call('POST', `admin/realtor/${reference}/suspend`, {
            token: peopleAdmin.token,
            body: { is_suspended: true },
          }),
        ),
      ),
    ).toEqual([])
  })

  test("a staff user's permission change is its own entry with the lists before and after; an e-mail change is user.updated", async () => {
    const email = uniqueEmail('staff')
    let reference = ''
    const created = await onlyEntryOf(async () => {
      const answer = await api.call('POST', 'admin/user', {
        token: superAdmin.token,
        body: {
          first_name: 'Kemi',
          last_name: 'Ojo',
          email,
          permissions: ['can_view_realtor', 'can_view_customer'],
        },
      })
      expectOk(answer)
      reference = answer.data.reference
    })
    expect(created).toMatchObject({
      action: 'user.created',
      actorReference: superAdmin.user.reference,
      recordType: 'user',
      recordReference: reference,
    })
    expect(created.changes).toMatchObject({
      permissions: { before: null, after: ['can_view_customer', 'can_view_realtor'] },
    })

    const permissions = await onlyEntryOf(async () =>
      expectOk(
        await api.call('POST', `admin/user/${reference}/update`, {
          token: superAdmin.token,
          body: { permissions: ['can_view_customer', 'can_modify_customer'] },
        }),
      ),
    )
    expect(permissions).toMatchObject({
      action: 'user.permissions_changed',
      recordReference: reference,
      changes: {
        permissions: {
          before: ['can_view_customer', 'can_view_realtor'],
          after: ['can_modify_customer', 'can_view_customer'],
        },
      },
    })
    expect(permissions.summary).toBe(
      `Changed the permissions of ${reference} (Kemi Ojo): granted can_modify_customer; removed can_view_realtor`,
    )

    const moved = uniqueEmail('staff-moved')
    const emailChange = await onlyEntryOf(async () =>
      expectOk(
        await api.call('POST', `admin/user/${reference}/update`, {
          token: superAdmin.token,
          body: { email: moved, permissions: ['can_view_customer', 'can_modify_customer'] },
        }),
      ),
    )
    expect(emailChange).toMatchObject({
      action: 'user.updated',
      recordReference: reference,
      changes: { email: { before: email, after: moved } },
    })

    const suspended = await onlyEntryOf(async () =>
      expectOk(
        await api.call('POST', `admin/user/${reference}/suspend`, {
          token: superAdmin.token,
          body: {},
        }),
      ),
    )
    expect(suspended).toMatchObject({
      action: 'user.suspended',
      recordType: 'user',
      recordReference: reference,
    })
    const reinstated = await onlyEntryOf(async () =>
      expectOk(
        await api.call('POST', `admin/user/${reference}/suspend`, {
          token: superAdmin.token,
          body: {},
        }),
      ),
    )
    expect(reinstated).toMatchObject({ action: 'user.reinstated', recordReference: reference })
  })

  test("the customer's history in GET admin/audit lists what was done to it", async () => {
    const customer = await api.registerUser('customer')
    const row = await userRow(api, customer.email)
    expectOk(
      await api.call('POST', `admin/customer/${row.reference}/suspend`, {
        token: peopleAdmin.token,
        body: { is_suspended: true },
      }),
    )
    const history = await api.call('GET', `admin/audit?record=${row.reference}`, {
      token: superAdmin.token,
    })
    expectOk(history)
    const actions = history.data.items.map((entry: { action: string }) => entry.action)
    expect(actions).toEqual(
      expect.arrayContaining(['customer.suspended', 'auth.email_verified', 'auth.registered']),
    )
    const suspension = history.data.items.find(
      (entry: { action: string }) => entry.action === 'customer.suspended',
    )
    expect(suspension.actor).toEqual({
      reference: peopleAdmin.user.reference,
      name: `${peopleAdmin.user.first_name} ${peopleAdmin.user.last_name}`,
    })
  })
})

describe('settings', () => {
  test('a bank details change records before and after of each field that changed, on the setting', async () => {
    const details = {
      account_number: '9876543210',
      account_name: 'Land Banking Ltd',
      bank_name: 'GTBank',
    }
    const entry = await onlyEntryOf(async () =>
      expectOk(
        await api.call('POST', 'admin/setting', {
          token: peopleAdmin.token,
          body: { type: 'bank_details', ...details },
        }),
      ),
    )
    expect(entry).toMatchObject({
      action: 'setting.updated',
      actorReference: peopleAdmin.user.reference,
      recordType: 'setting',
      recordReference: 'bank_details',
      changes: {
        account_number: { before: '0123456789', after: '9876543210' },
        bank_name: { before: 'Zenith Bank', after: 'GTBank' },
      },
    })
    expect(Object.keys(entry.changes!).sort()).toEqual(['account_number', 'bank_name'])
    expect(entry.summary).toBe(
      'Changed setting bank_details: account_number from "0123456789" to "9876543210", bank_name from "Zenith Bank" to "GTBank"',
    )
  })

  test('a one-number setting records its value; saving the same value records nothing; an invalid one is refused with no entry', async () => {
    const entry = await onlyEntryOf(async () =>
      expectOk(
        await api.call('POST', 'admin/setting', {
          token: peopleAdmin.token,
          body: { type: 'unpaid_subscription_expiry_days', value: 12 },
        }),
      ),
    )
    expect(entry).toMatchObject({
      recordReference: 'unpaid_subscription_expiry_days',
      changes: { value: { before: 7, after: 12 } },
    })
    expect(entry.summary).toBe('Changed setting unpaid_subscription_expiry_days: from 7 to 12')
    expect(
      await entriesOf(async () => {
        expectOk(
          await api.call('POST', 'admin/setting', {
            token: peopleAdmin.token,
            body: { type: 'unpaid_subscription_expiry_days', value: 12 },
          }),
        )
        expect(
          (
            await api.call('POST', 'admin/setting', {
              token: peopleAdmin.token,
              body: { type: 'unpaid_subscription_expiry_days', value: 0 },
            })
          ).httpStatus,
        ).toBe(422)
      }),
    ).toEqual([])
  })

  test('commission rates record each rate that changed', async () => {
    const current = (
      await api.call('GET', 'admin/setting/commission_rates', { token: superAdmin.token })
    ).data
    const entry = await onlyEntryOf(async () =>
      expectOk(
        await api.call('POST', 'admin/setting', {
          token: superAdmin.token,
          body: { type: 'commission_rates', ...current, level_1: current.level_1 + 1 },
        }),
      ),
    )
    expect(entry).toMatchObject({
      recordReference: 'commission_rates',
      changes: { level_1: { before: current.level_1, after: current.level_1 + 1 } },
    })
    expect(Object.keys(entry.changes!)).toEqual(['level_1'])
  })
})
