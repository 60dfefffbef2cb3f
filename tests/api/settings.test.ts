import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApi, type TestApi } from '../support/api-harness'

let api: TestApi
const tokens: Record<string, string | null> = { anonymous: null }

beforeAll(async () => {
  api = await createTestApi({ bankDetails: false })
  tokens.customer = (await api.registerUser('customer')).token
  tokens.realtor = (await api.registerUser('realtor')).token
  tokens.adminNone = (await api.createStaff(['can_modify_user', 'can_modify_customer'])).token
  tokens.adminSetting = (await api.createStaff(['can_modify_setting'])).token
  tokens.superAdmin = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token
})
afterAll(async () => {
  await api?.close()
})

async function statuses(method: 'GET' | 'POST', path: string, body?: unknown) {
  const seen: Record<string, number> = {}
  for (const [caller, token] of Object.entries(tokens))
    seen[caller] = (await api.call(method, path, { token, body })).httpStatus
  return seen
}

const BANK = {
  account_number: '0123456789',
  account_name: 'Land Banking Ltd',
  bank_name: 'Zenith Bank',
}

describe('settings', () => {
  test('GET admin/setting/bank_details: every signed-in user may read it', async () => {
    expect(await statuses('GET', 'admin/setting/bank_details')).toEqual({
      anonymous: 401,
      customer: 200,
      realtor: 200,
      adminNone: 200,
      adminSetting: 200,
      superAdmin: 200,
    })
  })

  test('GET admin/setting/subscription_due_reminder_day: needs can_modify_setting; answers {value}', async () => {
    expect(await statuses('GET', 'admin/setting/subscription_due_reminder_day')).toEqual({
      anonymous: 401,
      customer: 403,
      realtor: 403,
      adminNone: 403,
      adminSetting: 200,
      superAdmin: 200,
    })
    const answer = await api.call('GET', 'admin/setting/subscription_due_reminder_day', {
      token: tokens.superAdmin,
    })
    expect(answer.data).toEqual({ value: 3 })
  })

  test('POST admin/setting: permission matrix', async () => {
    expect(
      await statuses('POST', 'admin/setting', { type: 'subscription_due_reminder_day', value: 3 }),
    ).toEqual({
      anonymous: 401,
      customer: 403,
      realtor: 403,
      adminNone: 403,
      adminSetting: 200,
      superAdmin: 200,
    })
  })

  test('bank details round trip: written by staff, read back by a customer', async () => {
    const before = await api.call('GET', 'admin/setting/bank_details', { token: tokens.customer })
    expect(before.data).toEqual({ account_number: '', account_name: '', bank_name: '' })
    const saved = await api.call('POST', 'admin/setting', {
      token: tokens.adminSetting,
      body: { type: 'bank_details', ...BANK },
    })
    expect(saved.message).toBe('Bank details updated successfully')
    const after = await api.call('GET', 'admin/setting/bank_details', { token: tokens.customer })
    expect(after.data).toEqual(BANK)
  })

  test('reminder days round trip', async () => {
    const saved = await api.call('POST', 'admin/setting', {
      token: tokens.superAdmin,
      body: { type: 'subscription_due_reminder_day', value: '14' },
    })
    expect(saved.message).toBe('Payment reminder days saved')
    const after = await api.call('GET', 'admin/setting/subscription_due_reminder_day', {
      token: tokens.adminSetting,
    })
    expect(after.data).toEqual({ value: 14 })
    const { getReminderDays } = await import('~/backend/settings/service')
    expect(await getReminderDays(api.db)).toBe(14)
  })

  test('validation', async () => {
    const post = (body: unknown) =>
      api.call('POST', 'admin/setting', { token: tokens.superAdmin, body })
    const blankBank = await post({ type: 'bank_details' })
    expect(blankBank.status).toBe('payloadValidationError')
    expect(blankBank.data).toEqual({
      account_number: ['Enter the account number'],
      account_name: ['Enter the account name'],
      bank_name: ['Choose the bank'],
    })
    expect(
      (await post({ type: 'bank_details', ...BANK, account_number: '12345abcde' })).data,
    ).toEqual({
      account_number: ['Account number must be 10 digits'],
    })
    expect((await post({ type: 'subscription_due_reminder_day' })).data).toEqual({
      value: ['Enter the reminder days'],
    })
    expect((await post({ type: 'subscription_due_reminder_day', value: '' })).data).toEqual({
      value: ['Enter the reminder days'],
    })
    expect((await post({ type: 'subscription_due_reminder_day', value: 1.5 })).data).toEqual({
      value: ['Reminder days must be a whole number'],
    })
    expect((await post({ type: 'subscription_due_reminder_day', value: 0 })).data).toEqual({
      value: ['Reminder days must be at least 1'],
    })
    expect((await post({ type: 'subscription_due_reminder_day', value: 61 })).data).toEqual({
      value: ['Reminder days must be at most 60'],
    })
    expect((await post({ type: 'subscription_due_reminder_day', value: 'soon' })).data).toEqual({
      value: ['Reminder days must be a number'],
    })
    expect((await post({ type: 'payout_grace_days', value: 61 })).data).toEqual({
      value: ['Grace days must be at most 60'],
    })
    expect((await post({ type: 'payout_grace_days', value: -1 })).data).toEqual({
      value: ['Grace days must be at least 0'],
    })
    expect(
      (await api.call('GET', 'admin/setting/payout_grace_days', { token: tokens.superAdmin })).data,
    ).toEqual({ value: 3 })
    const grace = await post({ type: 'payout_grace_days', value: 5 })
    expect(grace.message).toBe('Payout grace days saved')
    expect(
      (await api.call('GET', 'admin/setting/payout_grace_days', { token: tokens.superAdmin })).data,
    ).toEqual({ value: 5 })
    await post({ type: 'payout_grace_days', value: 3 })
    const badType = await post({ type: 'colour' })
    expect(badType.status).toBe('payloadValidationError')
    expect(badType.data).toEqual({
      type: [
        'Type must be bank_details, subscription_due_reminder_day, unpaid_subscription_expiry_days, unconfirmed_payment_expiry_days, company_details, title_step_days, payout_grace_days, commission_rates or payout_account_hold_hours',
      ],
    })
    // Nothing invalid was stored.
    const after = await api.call('GET', 'admin/setting/subscription_due_reminder_day', {
      token: tokens.superAdmin,
    })
    expect(after.data.value).toBeGreaterThanOrEqual(1)
  })

  test('payout account hold hours: 72 by default, changed by staff with can_modify_setting, from 1 to 720', async () => {
    expect(await statuses('GET', 'admin/setting/payout_account_hold_hours')).toEqual({
      anonymous: 401,
      customer: 403,
      realtor: 403,
      adminNone: 403,
      adminSetting: 200,
      superAdmin: 200,
    })
    const read = async () =>
      (
        await api.call('GET', 'admin/setting/payout_account_hold_hours', {
          token: tokens.adminSetting,
        })
      ).data
    expect(await read()).toEqual({ value: 72 })
    const post = (value: unknown, token = tokens.adminSetting) =>
      api.call('POST', 'admin/setting', {
        token,
        body: { type: 'payout_account_hold_hours', value },
      })
    expect((await post(0)).data).toEqual({ value: ['Hold hours must be at least 1'] })
    expect((await post(721)).data).toEqual({ value: ['Hold hours must be at most 720'] })
    expect((await post(24, tokens.adminNone)).httpStatus).toBe(403)
    expect(await read()).toEqual({ value: 72 })
    const saved = await post(24)
    expect(saved.message).toBe('Payout account hold saved')
    expect(await read()).toEqual({ value: 24 })
    await post(72)
  })
})
