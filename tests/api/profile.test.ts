import { afterAll, beforeAll, describe, expect, test } from 'vitest'
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
    const customer = await createCustomer(api)
    const empty = await api.call('GET', 'account/profile', { token: customer.token })
    expect(empty.httpStatus).toBe(200)
    expect(empty.data).toMatchObject({ phone: '', address: '', bank: '', account_number: '' })

    const saved = await api.call('POST', 'account/profile', { token: customer.token, body: fullProfile })
    expect(saved.httpStatus, saved.message).toBe(200)
    expect(saved.message).toBe('Profile saved')
    const read = await api.call('GET', 'account/profile', { token: customer.token })
    expect(read.data).toEqual({ ...fullProfile, bank_name: 'Guaranty Trust Bank (GTBank)', registered_company: false, registered_company_request: null })
  })

  test('a 9-digit account number is refused under its field, with the message', async () => {
    const customer = await createCustomer(api)
    const answer = await api.call('POST', 'account/profile', { token: customer.token, body: { ...fullProfile, account_number: '012345678' } })
    expect(answer.httpStatus).toBe(422)
    expect(answer.data.account_number).toEqual(['Enter the 10-digit account number'])
    expect((await api.call('GET', 'account/profile', { token: customer.token })).data.account_number).toBe('')
  })

  test('an account number with letters, or 11 digits, is refused the same way', async () => {
    const customer = await createCustomer(api)
    for (const account_number of ['01234567a9', '01234567890']) {
      const answer = await api.call('POST', 'account/profile', { token: customer.token, body: { ...fullProfile, account_number } })
      expect(answer.data.account_number).toEqual(['Enter the 10-digit account number'])
    }
  })

  test('a bank that is not on the list is refused', async () => {
    const customer = await createCustomer(api)
    const answer = await api.call('POST', 'account/profile', { token: customer.token, body: { ...fullProfile, bank: 'bank-of-nowhere' } })
    expect(answer.httpStatus).toBe(422)
    expect(answer.data.bank).toEqual(['Choose your bank from the list'])
  })

  test('half a payout account or half a next of kin names what is missing', async () => {
    const customer = await createCustomer(api)
    const answer = await api.call('POST', 'account/profile', {
      token: customer.token,
      body: { phone: '08031234567', account_number: '0123456789', next_of_kin_name: 'Chiamaka Eze' },
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
    const customer = await createCustomer(api)
    const bad = await api.call('POST', 'account/profile', { token: customer.token, body: { phone: 'call me' } })
    expect(bad.data.phone).toEqual(['Enter a phone number such as 0803 123 4567'])
    await api.call('POST', 'account/profile', { token: customer.token, body: fullProfile })
    const cleared = await api.call('POST', 'account/profile', { token: customer.token, body: {} })
    expect(cleared.httpStatus).toBe(200)
    expect(cleared.data).toMatchObject({ phone: '', bank: '', account_number: '', bank_name: '' })
  })

  test('staff keep contact details but have no payout account', async () => {
    const staff = await api.createStaff([])
    const contact = { phone: '08031234567', address: 'Head office, Ikoyi' }
    expect((await api.call('POST', 'account/profile', { token: staff.token, body: contact })).httpStatus).toBe(200)
    const refused = await api.call('POST', 'account/profile', { token: staff.token, body: { ...contact, bank: 'zenith', account_number: '0123456789', account_name: 'Sam Staff' } })
    expect(refused.httpStatus).toBe(422)
    expect(refused.data.bank).toEqual(['Only customers have a payout account'])
  })
})

describe('admin/customer/:id/profile', () => {
  test('staff who may view customers read a customer profile; others may not', async () => {
    const customer = await createCustomer(api)
    await api.call('POST', 'account/profile', { token: customer.token, body: fullProfile })
    const viewer = await api.createStaff(['can_view_customer'])
    const shown = await api.call('GET', `admin/customer/${customer.reference}/profile`, { token: viewer.token })
    expect(shown.httpStatus).toBe(200)
    expect(shown.data).toMatchObject({ account_number: '0123456789', bank_name: 'Guaranty Trust Bank (GTBank)', address: fullProfile.address })

    const stranger = await api.createStaff(['can_modify_product'])
    expect((await api.call('GET', `admin/customer/${customer.reference}/profile`, { token: stranger.token })).httpStatus).toBe(403)
    const other = await createCustomer(api)
    expect((await api.call('GET', `admin/customer/${customer.reference}/profile`, { token: other.token })).httpStatus).toBe(403)
    expect((await api.call('GET', 'admin/customer/CUS-NOPE/profile', { token: viewer.token })).httpStatus).toBe(404)
  })
})

describe('company details setting', () => {
  test('staff with the settings permission save the company details; the RC number is kept as "RC …"', async () => {
    const editor = await api.createStaff(['can_modify_setting'])
    const before = await api.call('GET', 'admin/setting/company_details', { token: editor.token })
    expect(before.data).toEqual({ name: 'Land Banking', address: '', rc_number: '', phone: '' })
    const saved = await api.call('POST', 'admin/setting', {
      token: editor.token,
      body: { type: 'company_details', name: 'Palmgrove Estates Ltd', address: '3 Bourdillon Road, Ikoyi, Lagos', rc_number: '1234567', phone: '01 234 5678' },
    })
    expect(saved.httpStatus, saved.message).toBe(200)
    expect(saved.message).toBe('Company details saved')
    const after = await api.call('GET', 'admin/setting/company_details', { token: editor.token })
    expect(after.data).toEqual({ name: 'Palmgrove Estates Ltd', address: '3 Bourdillon Road, Ikoyi, Lagos', rc_number: 'RC 1234567', phone: '01 234 5678' })

    const badRc = await api.call('POST', 'admin/setting', { token: editor.token, body: { type: 'company_details', name: 'X', rc_number: 'ABC' } })
    expect(badRc.httpStatus).toBe(422)
    expect(badRc.data.rc_number).toEqual(['Enter the RC number, such as RC 1234567'])
    const without = await api.createStaff([])
    expect((await api.call('GET', 'admin/setting/company_details', { token: without.token })).httpStatus).toBe(403)
  })
})
