import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApi, type TestApi } from '../support/api-harness'
import {
  createCustomer,
  createInvestmentProduct,
  createLandProduct,
  pay,
  setBankDetails,
  subscribe,
  userIdOf,
} from './subscriptions-fixtures'

// Amounts are checked after converting to kobo: what rounds to nothing is refused wherever money enters.

let api: TestApi
let admin: string
let recorder: { id: number; token: string }
let customer: Awaited<ReturnType<typeof createCustomer>>

beforeAll(async () => {
  api = await createTestApi()
  admin = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token
  const staff = await api.createStaff(['can_record_transaction'])
  recorder = { id: await userIdOf(api, staff.email), token: staff.token }
  customer = await createCustomer(api)
  await setBankDetails(api)
})
afterAll(async () => {
  await api?.close()
})

const land = (extra: Record<string, unknown> = {}) => ({
  type: 'land',
  name: 'Serviced plots',
  description: 'Serviced plots',
  location: 'Epe, Lagos',
  amount: 1_000,
  land_type: 'plot',
  size: 300,
  size_in_measurement: 'sqm',
  ...extra,
})

describe('payments', () => {
  test('₦0.001 from the subscriber or recorded by staff is refused; the real amount goes through', async () => {
    const product = await createLandProduct(api, { amount: 1_000 })
    const { reference } = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
    })
    for (const payer of [customer, recorder]) {
      const tiny = await pay(api, payer, reference, 0.001)
      expect(tiny.httpStatus).toBe(422)
      expect(tiny.data).toEqual({ amount: ['Amount must be at least ₦0.01'] })
      expect((await pay(api, payer, reference, '0.004')).data).toEqual({
        amount: ['Amount must be at least ₦0.01'],
      })
    }
    const listed = await api.call('GET', `product-subscription/${reference}/transaction`, {
      token: customer.token,
    })
    expect(listed.data.items).toEqual([])
    expect((await pay(api, customer, reference, 1_000)).httpStatus).toBe(200)
  })
})

describe('investing', () => {
  test('an amount of less than a kobo is refused by the plan, the subscription and staff creating one; a kobo works', async () => {
    const product = await createInvestmentProduct(api, { minimum: 0.01 })
    const plan = (amount: unknown) =>
      api.call('POST', `product/${product.reference}/get-investment-plan`, {
        token: customer.token,
        body: { amount },
      })
    expect((await plan(0.001)).data).toEqual({ amount: ['Amount must be at least ₦0.01'] })
    expect((await plan(0.01)).httpStatus).toBe(200)

    const invest = (amount: unknown) =>
      api.call('POST', 'product-subscription', {
        token: customer.token,
        body: { type: 'land_investment', product_id: product.reference, amount_invested: amount },
      })
    expect((await invest(0.001)).data).toEqual({
      amount_invested: ['Amount invested must be at least ₦0.01'],
    })
    const staffCreate = await api.call('POST', 'admin/create-subscription', {
      token: admin,
      body: { customer: customer.reference, product: product.reference, amount_invested: 0.004 },
    })
    expect(staffCreate.data).toEqual({
      amount_invested: ['Amount invested must be at least ₦0.01'],
    })
    const invested = await invest(0.01)
    expect(invested.httpStatus).toBe(200)
    expect(invested.data.meta.amount_invested).toBe(0.01)
  })
})

describe('products and plans', () => {
  test('product amounts, deposits, minimums and a discount that leave less than a kobo are refused', async () => {
    const create = (body: Record<string, unknown>) =>
      api.call('POST', 'admin/product', { token: admin, body })
    expect((await create(land({ amount: 0.001 }))).data).toEqual({
      amount: ['Amount must be at least ₦0.01'],
    })
    expect((await create(land({ initial_deposit_amount: 0 }))).data).toEqual({
      initial_deposit_amount: ['Initial deposit must be at least ₦0.01'],
    })
    expect((await create(land({ discount_percentage: 100 }))).data).toEqual({
      discount_percentage: ['Discount percentage leaves a price below ₦0.01'],
    })
    const investment = await create({
      type: 'land_investment',
      name: 'Farmland income',
      description: 'Farmland income',
      minimum_amount: 0.004,
      investment_return: 8,
      land_investment_type: 'one_time',
      frequency_period: 3,
      interval: 'months',
    })
    expect(investment.data).toEqual({ minimum_amount: ['Minimum amount must be at least ₦0.01'] })

    // A kobo at 50 %: the half kobo off rounds up, so the price it would charge is nothing.
    expect((await create(land({ amount: 0.01, discount_percentage: 50 }))).data).toEqual({
      discount_percentage: ['Discount percentage leaves a price below ₦0.01'],
    })
    const cheap = await create(land({ amount: 0.01, discount_percentage: 10 }))
    expect(cheap.httpStatus).toBe(200)
    expect(cheap.data.amount).toBe(0.01)
  })

  test('a payment plan of less than a kobo is refused; a real one is saved', async () => {
    const product = await createLandProduct(api, { amount: 1_000 })
    const addPlan = (amount: unknown) =>
      api.call('POST', `admin/product/${product.reference}/payment-plan`, {
        token: admin,
        body: { amount, duration: 3, duration_type: 'months' },
      })
    expect((await addPlan(0.001)).data).toEqual({ amount: ['Amount must be at least ₦0.01'] })
    expect((await addPlan('0')).data).toEqual({ amount: ['Amount must be at least ₦0.01'] })
    expect((await addPlan(1_200)).httpStatus).toBe(200)
  })
})
