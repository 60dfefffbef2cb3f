import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditLog, notifications, profiles, users } from '~/backend/db/schema'
import { LIMITS } from '~/backend/rate-limit'
import { createTestApi, type TestApi } from '../support/api-harness'
import { createCustomer } from './subscriptions-fixtures'

let api: TestApi
beforeAll(async () => {
  api = await createTestApi()
})
afterAll(async () => {
  await api?.close()
})

const fullProfile = {
  phone: '0803 123 4567',
  address: '12 Admiralty Way, Lekki Phase 1, Lagos',
  next_of_kin_name: 'Chiamaka Eze',
  next_of_kin_phone: '+234 805 555 0101',
  next_of_kin_relationship: 'Sister',
  bank: 'gtbank',
  account_number: '0123456789',
  account_name: 'Ngozi Eze',
}

describe('account/profile', () => {
  test('a customer saves a profile with a payout account and reads it back', async () => {
    const customer = await api.registerUser('customer')
    const empty = await api.call('GET', 'account/profile', { token: customer.token })
    expect(empty.httpStatus).toBe(200)
    expect(empty.data).toMatchObject({ phone: '', address: '', bank: '', account_number: '' })

    const saved = await api.call('POST', 'account/profile', {
      token: customer.token,
      body: { ...fullProfile, current_password: customer.password },
    })
    expect(saved.httpStatus, saved.message).toBe(200)
    expect(saved.message).toBe('Profile saved')
    const read = await api.call('GET', 'account/profile', { token: customer.token })
    expect(read.data).toEqual({
      ...fullProfile,
      bank_name: 'Guaranty Trust Bank (GTBank)',
      registered_company: false,
      registered_company_request: null,
    })
  })

  test('a 9-digit account number is refused under its field, with the message', async () => {
    const customer = await createCustomer(api)
    const answer = await api.call('POST', 'account/profile', {
      token: customer.token,
      body: { ...fullProfile, account_number: '012345678' },
    })
    expect(answer.httpStatus).toBe(422)
    expect(answer.data.account_number).toEqual(['Enter the 10-digit account number'])
    expect(
      (await api.call('GET', 'account/profile', { token: customer.token })).data.account_number,
    ).toBe('')
  })

  test('an account number with letters, or 11 digits, is refused the same way', async () => {
    const customer = await createCustomer(api)
    for (const account_number of ['01234567a9', '01234567890']) {
      const answer = await api.call('POST', 'account/profile', {
        token: customer.token,
        body: { ...fullProfile, account_number },
      })
      expect(answer.data.account_number).toEqual(['Enter the 10-digit account number'])
    }
  })

  test('a bank that is not on the list is refused', async () => {
    const customer = await createCustomer(api)
    const answer = await api.call('POST', 'account/profile', {
      token: customer.token,
      body: { ...fullProfile, bank: 'bank-of-nowhere' },
    })
    expect(answer.httpStatus).toBe(422)
    expect(answer.data.bank).toEqual(['Choose your bank from the list'])
  })

  test('half a payout account or half a next of kin names what is missing', async () => {
    const customer = await createCustomer(api)
    const answer = await api.call('POST', 'account/profile', {
      token: customer.token,
      body: {
        phone: '08031234567',
        account_number: '0123456789',
        next_of_kin_name: 'Chiamaka Eze',
      },
    })
    expect(answer.httpStatus).toBe(422)
    expect(answer.data).toMatchObject({
      bank: ['Choose your bank from the list'],
      account_name: ['Enter the name on the account'],
      next_of_kin_phone: ["Enter your next of kin's phone number"],
      next_of_kin_relationship: ['Enter how they are related to you'],
    })
  })

  test('a bad phone number is refused; an empty profile clears what was saved', async () => {
    const customer = await api.registerUser('customer')
    const bad = await api.call('POST', 'account/profile', {
      token: customer.token,
      body: { phone: 'call me' },
    })
    expect(bad.data.phone).toEqual(['Enter a phone number such as 0803 123 4567'])
    await api.call('POST', 'account/profile', {
      token: customer.token,
      body: { ...fullProfile, current_password: customer.password },
    })
    const cleared = await api.call('POST', 'account/profile', {
      token: customer.token,
      body: { current_password: customer.password },
    })
    expect(cleared.httpStatus).toBe(200)
    expect(cleared.data).toMatchObject({ phone: '', bank: '', account_number: '', bank_name: '' })
  })

  test('staff keep contact details but have no payout account', async () => {
    const staff = await api.createStaff([])
    const contact = { phone: '08031234567', address: 'Head office, Ikoyi' }
    expect(
      (await api.call('POST', 'account/profile', { token: staff.token, body: contact })).httpStatus,
    ).toBe(200)
    const refused = await api.call('POST', 'account/profile', {
      token: staff.token,
      body: { ...contact, bank: 'zenith', account_number: '0123456789', account_name: 'Sam Staff' },
    })
    expect(refused.httpStatus).toBe(409)
    expect(refused.data.bank).toEqual(['Only customers have a payout account'])
  })
})

describe('the payout account changes only with the password, and the holder is told', () => {
  const saveAs = (token: string, body: Record<string, unknown>) =>
    api.call('POST', 'account/profile', { token, body })
  const profileOf = async (token: string) =>
    (await api.call('GET', 'account/profile', { token })).data
  const toldOf = async (email: string) => {
    const [user] = await api.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    return api.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, user.id), eq(notifications.title, 'Payout account changed')),
      )
  }
  const noticesTo = (email: string) =>
    api.mailsTo(email).filter((mail) => mail.includes('Subject: Your payout account was changed'))

  test('a session alone cannot set or change it: no password, or a wrong one, is refused under the password and saves nothing', async () => {
    const customer = await api.registerUser('customer')
    const withoutPassword = await saveAs(customer.token, fullProfile)
    expect(withoutPassword.httpStatus).toBe(409)
    expect(withoutPassword.data).toEqual({
      current_password: ['Enter your current password to change your payout account'],
    })
    const wrong = await saveAs(customer.token, {
      ...fullProfile,
      current_password: 'not-my-password',
    })
    expect(wrong.httpStatus).toBe(409)
    expect(wrong.data).toEqual({ current_password: ['The current password is incorrect'] })
    // Nothing of the form was saved, not even the other fields, and nobody was told anything.
    expect(await profileOf(customer.token)).toMatchObject({
      phone: '',
      address: '',
      bank: '',
      account_number: '',
    })
    expect(await toldOf(customer.email)).toEqual([])
    expect(noticesTo(customer.email)).toEqual([])

    // With the password it is saved; changing it again, or removing it, needs the password again.
    expect(
      (await saveAs(customer.token, { ...fullProfile, current_password: customer.password }))
        .httpStatus,
    ).toBe(200)
    const moved = await saveAs(customer.token, {
      ...fullProfile,
      account_number: '9999999999',
      account_name: 'A Thief',
    })
    expect(moved.data).toEqual({
      current_password: ['Enter your current password to change your payout account'],
    })
    const removed = await saveAs(customer.token, {
      ...fullProfile,
      bank: '',
      account_number: '',
      account_name: '',
    })
    expect(removed.data).toEqual({
      current_password: ['Enter your current password to change your payout account'],
    })
    expect(await profileOf(customer.token)).toMatchObject({
      bank: 'gtbank',
      account_number: '0123456789',
      account_name: 'Ngozi Eze',
    })
  })

  test('other edits need no password while the account stays as it is (a wrong password typed is then ignored)', async () => {
    const customer = await api.registerUser('customer')
    expect(
      (await saveAs(customer.token, { ...fullProfile, current_password: customer.password }))
        .httpStatus,
    ).toBe(200)
    const contact = await saveAs(customer.token, {
      ...fullProfile,
      address: '3 Bourdillon Road, Ikoyi',
      account_number: '012 345 6789',
    })
    expect(contact.httpStatus, JSON.stringify(contact.data)).toBe(200)
    expect(contact.data).toMatchObject({
      address: '3 Bourdillon Road, Ikoyi',
      account_number: '0123456789',
    })
    const typed = await saveAs(customer.token, {
      ...fullProfile,
      phone: '0805 555 0199',
      current_password: 'typed-by-mistake',
    })
    expect(typed.httpStatus).toBe(200)
    expect((await toldOf(customer.email)).length).toBe(1)
  })

  test('a change is told at once in the app and by e-mail, audited, and starts the hold on payouts', async () => {
    const customer = await api.registerUser('customer')
    expect(
      (await saveAs(customer.token, { ...fullProfile, current_password: customer.password }))
        .httpStatus,
    ).toBe(200)
    const changed = await saveAs(customer.token, {
      ...fullProfile,
      bank: 'zenith',
      account_number: '2233445566',
      current_password: customer.password,
    })
    expect(changed.httpStatus).toBe(200)
    expect(changed.data).toMatchObject({
      bank: 'zenith',
      bank_name: 'Zenith Bank',
      account_number: '2233445566',
    })

    const told = await toldOf(customer.email)
    expect(told).toHaveLength(2)
    expect(told.map((row) => row.body).join(' ')).toContain('Zenith Bank, account ending 5566')
    expect(told[0].body).toMatch(/Payouts are held until \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\./)
    expect(told[0].body).toContain(
      'If you did not make this change, change your password and contact us at once.',
    )
    const mails = noticesTo(customer.email)
    expect(mails).toHaveLength(2)
    expect(mails.at(-1)).toContain('Zenith Bank, account ending 5566')
    // The full number is not in the notice: only its last four digits.
    expect(mails.at(-1)).not.toContain('2233445566')

    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.recordReference, customer.user.reference),
          eq(auditLog.action, 'profile.payout_account_changed'),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(1)
    expect(entry.actorReference).toBe(customer.user.reference)
    expect(entry.changes).toMatchObject({
      bank: { before: 'gtbank', after: 'zenith' },
      account_number: { before: '0123456789', after: '2233445566' },
    })
    expect(entry.summary).toContain(
      'changed the payout account to Zenith Bank, account ending 5566',
    )
    expect(JSON.stringify(entry)).not.toContain(customer.password)

    const [row] = await api.db
      .select({ changedAt: profiles.payoutAccountChangedAt })
      .from(profiles)
      .where(eq(profiles.userId, told[0].userId))
    expect(Date.now() - row.changedAt!.getTime()).toBeLessThan(60_000)
  })

  test('wrong passwords count as failed sign-ins of the account: the session cannot be used to guess it', async () => {
    const customer = await api.registerUser('customer')
    for (let attempt = 0; attempt < LIMITS.failedLoginMinute.max; attempt++) {
      expect(
        (await saveAs(customer.token, { ...fullProfile, current_password: `guess-${attempt}` }))
          .httpStatus,
      ).toBe(409)
    }
    const refused = await saveAs(customer.token, {
      ...fullProfile,
      current_password: customer.password,
    })
    expect(refused.httpStatus).toBe(429)
    expect(refused.message).toBe(LIMITS.failedLoginMinute.message)
    expect((await profileOf(customer.token)).account_number).toBe('')
  })
})

describe('admin/customer/:id/profile', () => {
  test('staff who may view customers read a customer profile; others may not', async () => {
    const registered = await api.registerUser('customer')
    const customer = { ...registered, reference: registered.user.reference as string }
    await api.call('POST', 'account/profile', {
      token: customer.token,
      body: { ...fullProfile, current_password: customer.password },
    })
    const viewer = await api.createStaff(['can_view_customer'])
    const shown = await api.call('GET', `admin/customer/${customer.reference}/profile`, {
      token: viewer.token,
    })
    expect(shown.httpStatus).toBe(200)
    expect(shown.data).toMatchObject({
      account_number: '0123456789',
      bank_name: 'Guaranty Trust Bank (GTBank)',
      address: fullProfile.address,
    })

    const stranger = await api.createStaff(['can_modify_product'])
    expect(
      (
        await api.call('GET', `admin/customer/${customer.reference}/profile`, {
          token: stranger.token,
        })
      ).httpStatus,
    ).toBe(403)
    const other = await createCustomer(api)
    expect(
      (
        await api.call('GET', `admin/customer/${customer.reference}/profile`, {
          token: other.token,
        })
      ).httpStatus,
    ).toBe(403)
    expect(
      (await api.call('GET', 'admin/customer/CUS-NOPE/profile', { token: viewer.token }))
        .httpStatus,
    ).toBe(404)
  })
})

describe('company details setting', () => {
  test('staff with the settings permission save the company details; the RC number is kept as "RC …"', async () => {
    const editor = await api.createStaff(['can_modify_setting'])
    const before = await api.call('GET', 'admin/setting/company_details', { token: editor.token })
    expect(before.data).toEqual({ name: 'Land Banking', address: '', rc_number: '', phone: '' })
    const saved = await api.call('POST', 'admin/setting', {
      token: editor.token,
      body: {
        type: 'company_details',
        name: 'Palmgrove Estates Ltd',
        address: '3 Bourdillon Road, Ikoyi, Lagos',
        rc_number: '1234567',
        phone: '01 234 5678',
      },
    })
    expect(saved.httpStatus, saved.message).toBe(200)
    expect(saved.message).toBe('Company details saved')
    const after = await api.call('GET', 'admin/setting/company_details', { token: editor.token })
    expect(after.data).toEqual({
      name: 'Palmgrove Estates Ltd',
      address: '3 Bourdillon Road, Ikoyi, Lagos',
      rc_number: 'RC 1234567',
      phone: '01 234 5678',
    })

    const badRc = await api.call('POST', 'admin/setting', {
      token: editor.token,
      body: { type: 'company_details', name: 'X', rc_number: 'ABC' },
    })
    expect(badRc.httpStatus).toBe(422)
    expect(badRc.data.rc_number).toEqual(['Enter the RC number, such as RC 1234567'])
    const without = await api.createStaff([])
    expect(
      (await api.call('GET', 'admin/setting/company_details', { token: without.token })).httpStatus,
    ).toBe(403)
  })
})
