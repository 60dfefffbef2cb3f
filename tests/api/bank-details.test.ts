import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { settings } from '~/backend/db/schema'
import { createTestApi, type TestApi } from '../support/api-harness'
import {
  createCustomer,
  createLandProduct,
  pay,
  subscribe,
  uploadProof,
  userIdOf,
  yesterdayMorning,
} from './subscriptions-fixtures'

let api: TestApi

// A fresh install: no bank details until staff fill them in.
beforeAll(async () => {
  api = await createTestApi({ bankDetails: false })
})
afterAll(async () => {
  await api?.close()
})

const NO_DETAILS = 'Payment details are not available yet; please contact us'

describe('no proof of payment while the bank details are not set', () => {
  test('the subscriber and staff recording a payment are refused with 409; once set, both go through', async () => {
    const customer = await createCustomer(api)
    const recorder = await api.createStaff(['can_record_transaction', 'can_modify_subscription'])
    const settingsEditor = await api.createStaff(['can_modify_setting'])
    const product = await createLandProduct(api, { amount: 900_000 })
    const sub = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })

    const details = await api.call('GET', `product-subscription/${sub.reference}/payment-details`, {
      token: customer.token,
    })
    expect(details.httpStatus).toBe(200)
    expect(details.data.bank_details).toEqual({
      account_number: '',
      account_name: '',
      bank_name: '',
    })

    const byCustomer = await pay(api, customer, sub.reference, 900_000)
    expect([byCustomer.httpStatus, byCustomer.message]).toEqual([409, NO_DETAILS])

    const recorderProof = await uploadProof(api, await userIdOf(api, recorder.email))
    const byStaff = await api.call('POST', `product-subscription/${sub.reference}/transaction`, {
      token: recorder.token,
      body: { amount: 900_000, proof_of_payment: recorderProof.url, paid_at: yesterdayMorning() },
    })
    expect([byStaff.httpStatus, byStaff.message]).toEqual([409, NO_DETAILS])
    const listed = await api.call('GET', `product-subscription/${sub.reference}/transaction`, {
      token: customer.token,
    })
    expect(listed.data.items).toEqual([])

    // Only part of the details is still not an account to pay into.
    await api.db
      .update(settings)
      .set({ value: { account_number: '0123456789', account_name: ' ', bank_name: 'Zenith Bank' } })
      .where(eq(settings.key, 'bank_details'))
    expect((await pay(api, customer, sub.reference, 900_000)).httpStatus).toBe(409)

    const saved = await api.call('POST', 'admin/setting', {
      token: settingsEditor.token,
      body: {
        type: 'bank_details',
        account_number: '0123456789',
        account_name: 'Land Banking Ltd',
        bank_name: 'Zenith Bank',
      },
    })
    expect(saved.httpStatus).toBe(200)
    const paid = await pay(api, customer, sub.reference, 900_000)
    expect(paid.httpStatus, paid.message).toBe(200)
    expect(paid.data.status).toBe('awaiting_confirmation')
  })
})
