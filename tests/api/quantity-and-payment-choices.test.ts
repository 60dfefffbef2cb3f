import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { products, scheduleEntries, subscriptions } from '~/backend/db/schema'
import { addInterval } from '~/backend/dates/calendar'
import { createTestApi, type DataOf, type SentJson, type TestApi } from '../support/api-harness'
import {
  createCustomer,
  createInvestmentProduct,
  createLandProduct,
  createPlan,
  lagosToday,
  pay,
  setBankDetails,
  subscribe,
  uploadProof,
  userIdOf,
  yesterdayMorning,
} from './subscriptions-fixtures'

type Staff = Awaited<ReturnType<TestApi['createStaff']>>
type Customer = Awaited<ReturnType<typeof createCustomer>>

let api: TestApi
let buyer: Customer
let verifier: Staff
let recorder: Staff
let modifier: Staff

beforeAll(async () => {
  api = await createTestApi()
  buyer = await createCustomer(api)
  verifier = await api.createStaff(['can_verify_transaction'])
  recorder = await api.createStaff(['can_record_transaction'])
  modifier = await api.createStaff(['can_modify_subscription'])
  await setBankDetails(api)
})
afterAll(async () => {
  await api?.close()
})

const get = <T = SentJson>(path: string, token: string) => api.call<T>('GET', path, { token })
const mark = (reference: string, status: 'paid' | 'not_confirmed') =>
  api.call('POST', 'admin/mark-transaction', {
    token: verifier.token,
    body: {
      reference,
      status,
      ...(status === 'not_confirmed' ? { reason: 'The transfer is not on the statement' } : {}),
    },
  })
const buy = (body: Record<string, unknown>, token = buyer.token) =>
  api.call('POST', 'product-subscription', { token, body })

async function unitsLeft(id: number) {
  const [row] = await api.db
    .select({ left: products.unitAvailable, available: products.isAvailable })
    .from(products)
    .where(eq(products.id, id))
  return row
}

describe('buying several plots', () => {
  test('a quantity of 2 doubles the price, the discount and every instalment, and takes 2 units', async () => {
    const product = await createLandProduct(api, { amount: 2_000_000, discount: 2.5, units: 5 })
    const full = await subscribe(api, buyer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
      quantity: 2,
    })
    // ₦2,000,000 less 2.5 % is ₦1,950,000 a plot.
    expect(full).toMatchObject({
      quantity: 2,
      total_amount: 3_900_000,
      next_payment_amount: 3_900_000,
      amount_left: 3_900_000,
    })
    expect(full.schedule.map((row) => row.amount)).toEqual([3_900_000])
    expect(await unitsLeft(product.id)).toEqual({ left: 3, available: true })

    const byPlan = await createLandProduct(api, {
      amount: 900_000,
      initialDeposit: 250_000,
      units: 10,
    })
    const plan = await createPlan(api, byPlan.id, { amount: 1_000_000.01, duration: 4 })
    const instalments = await subscribe(api, buyer.token, {
      type: 'land',
      product_id: byPlan.reference,
      payment_mode: 'installment',
      payment_id: plan.uuid,
      quantity: 3,
    })
    expect(instalments).toMatchObject({
      quantity: 3,
      total_amount: 3_000_000.03,
      next_payment_amount: 750_000,
    })
    expect(instalments.schedule.map((row) => row.amount)).toEqual([
      750_000, 750_000, 750_000, 750_000.03,
    ])
    expect(await unitsLeft(byPlan.id)).toEqual({ left: 7, available: true })
  })

  test('without a quantity it is 1; buying the last units makes the product unavailable', async () => {
    const product = await createLandProduct(api, { amount: 100_000, units: 3 })
    const one = await subscribe(api, buyer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    expect(one).toMatchObject({ quantity: 1, total_amount: 100_000 })
    const other = await createCustomer(api)
    const rest = await subscribe(api, other.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
      quantity: 2,
    })
    expect(rest).toMatchObject({ quantity: 2, total_amount: 200_000 })
    expect(await unitsLeft(product.id)).toEqual({ left: 0, available: false })
  })

  test('more than the units left, or than 10, is a field message under quantity, and nothing is taken', async () => {
    const product = await createLandProduct(api, { amount: 100_000, units: 2 })
    const over = await buy({
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
      quantity: 3,
    })
    expect(over.httpStatus).toBe(409)
    expect(over.data).toEqual({ quantity: ['Only 2 plots are left'] })
    const eleven = await buy({
      type: 'land',
      product_id: (await createLandProduct(api)).reference,
      payment_mode: 'full',
      quantity: 11,
    })
    expect(eleven.httpStatus).toBe(422)
    expect(eleven.data).toEqual({ quantity: ['Quantity must be a whole number from 1 to 10'] })
    expect(await unitsLeft(product.id)).toEqual({ left: 2, available: true })
    const rows = await api.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.productId, product.id))
    expect(rows).toHaveLength(0)
  })

  test('the same customer buys again once the first is paid for; the product still shows the buyer as subscribed', async () => {
    const customer = await createCustomer(api)
    const product = await createLandProduct(api, { amount: 100_000, units: 6 })
    const first = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
      quantity: 2,
    })
    const payment = await pay(api, customer, first.reference, 200_000)
    expect(payment.httpStatus).toBe(200)
    await mark(payment.data.reference, 'paid')
    const second = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
      quantity: 3,
    })
    expect(second).toMatchObject({ quantity: 3, total_amount: 300_000, status: 'awaiting_payment' })
    expect(await unitsLeft(product.id)).toEqual({ left: 1, available: true })
    const shown = await get(`product/${product.reference}`, customer.token)
    expect(shown.data).toMatchObject({
      has_subscribed: true,
      unit_available: 1,
      is_available: true,
    })
  })

  test('cancelling gives every unit bought back to stock', async () => {
    const product = await createLandProduct(api, { amount: 100_000, units: 4 })
    const bought = await subscribe(api, buyer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
      quantity: 4,
    })
    expect(await unitsLeft(product.id)).toEqual({ left: 0, available: false })
    const cancelled = await api.call(
      'POST',
      `admin/product-subscription/${bought.reference}/cancel`,
      { token: modifier.token },
    )
    expect(cancelled.httpStatus).toBe(200)
    expect(await unitsLeft(product.id)).toEqual({ left: 4, available: true })
  })

  test('staff adding a subscription for a customer choose the quantity too', async () => {
    const customer = await createCustomer(api)
    const product = await createLandProduct(api, { amount: 100_000, units: 5 })
    const create = (quantity: number) =>
      api.call('POST', 'admin/create-subscription', {
        token: modifier.token,
        body: { customer: customer.reference, product: product.reference, quantity },
      })
    const refused = await create(6)
    expect(refused.httpStatus).toBe(409)
    expect(refused.data).toEqual({ quantity: ['Only 5 plots are left'] })
    const made = await create(3)
    expect(made.httpStatus).toBe(200)
    expect(made.data).toMatchObject({ quantity: 3, total_amount: 300_000 })
    expect(await unitsLeft(product.id)).toEqual({ left: 2, available: true })
  })

  test('an investment keeps its amount and refuses a quantity', async () => {
    const product = await createInvestmentProduct(api, { minimum: 500_000 })
    const refused = await buy({
      type: 'land_investment',
      product_id: product.reference,
      amount_invested: 500_000,
      quantity: 2,
    })
    expect(refused.httpStatus).toBe(422)
    expect(refused.data).toEqual({
      quantity: ['An investment is bought by its amount, not by quantity'],
    })
    const invested = await subscribe(api, buyer.token, {
      type: 'land_investment',
      product_id: product.reference,
      amount_invested: 750_000,
    })
    expect(invested).toMatchObject({ quantity: 1, total_amount: 750_000 })
  })
})

describe('paying several instalments, or the whole balance', () => {
  /** ₦1,000,000.01 over 4 months with a ₦250,000 deposit: 250,000 × 3 then 250,000.01. */
  async function byInstalments(owner: Customer) {
    const product = await createLandProduct(api, { amount: 900_000, initialDeposit: 250_000 })
    const plan = await createPlan(api, product.id, {
      amount: 1_000_000.01,
      duration: 4,
      durationType: 'months',
    })
    return (
      await subscribe(api, owner.token, {
        type: 'land',
        product_id: product.reference,
        payment_mode: 'installment',
        payment_id: plan.uuid,
      })
    ).reference as string
  }

  async function scheduleStatus(reference: string) {
    const [s] = await api.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.reference, reference))
    const rows = await api.db
      .select()
      .from(scheduleEntries)
      .where(eq(scheduleEntries.subscriptionId, s.id))
      .orderBy(scheduleEntries.sequence)
    return rows.map((row) => (row.settledAt ? 'paid' : 'due'))
  }

  test('the deposit and the next instalment at once: both marked paid only once confirmed, the next date moves on', async () => {
    const customer = await createCustomer(api)
    const reference = await byInstalments(customer)
    const payment = await pay(api, customer, reference, 500_000)
    expect(payment.httpStatus).toBe(200)
    expect(await scheduleStatus(reference)).toEqual(['due', 'due', 'due', 'due'])
    await mark(payment.data.reference, 'paid')
    expect(await scheduleStatus(reference)).toEqual(['paid', 'paid', 'due', 'due'])
    const sub = (await get(`product-subscription/${reference}`, customer.token)).data
    expect(sub).toMatchObject({
      status: 'ongoing',
      total_amount_paid: 500_000,
      duration_left: 2,
      next_payment_amount: 250_000,
      next_payment_date: addInterval(lagosToday(), 2, 'months'),
    })
    const details = await get(`product-subscription/${reference}/payment-details`, customer.token)
    expect(details.data.choices).toEqual([
      { instalments: 1, fees: 0, amount: 250_000, whole: false, overdue: false },
      { instalments: 2, fees: 0, amount: 500_000.01, whole: true, overdue: false },
    ])
  })

  test('the whole balance at once completes it; a payment not confirmed settles nothing', async () => {
    const customer = await createCustomer(api)
    const reference = await byInstalments(customer)
    const doubtful = await pay(api, customer, reference, 1_000_000.01)
    await mark(doubtful.data.reference, 'not_confirmed')
    expect(await scheduleStatus(reference)).toEqual(['due', 'due', 'due', 'due'])
    const whole = await pay(api, customer, reference, '1,000,000.01')
    expect(whole.httpStatus).toBe(200)
    await mark(whole.data.reference, 'paid')
    expect(await scheduleStatus(reference)).toEqual(['paid', 'paid', 'paid', 'paid'])
    const sub = (await get(`product-subscription/${reference}`, customer.token)).data
    expect(sub).toMatchObject({
      status: 'completed',
      amount_left: 0,
      duration_left: 0,
      next_payment_amount: null,
      next_payment_date: null,
    })
  })

  test('an amount between the choices, or part of an instalment, is a field message', async () => {
    const customer = await createCustomer(api)
    const reference = await byInstalments(customer)
    for (const amount of [100_000, 600_000, 1_000_000, 1_000_000.02]) {
      const refused = await pay(api, customer, reference, amount)
      expect(refused.httpStatus).toBe(409)
      expect(refused.data).toEqual({
        amount: [
          'Amount must be the next instalment or several instalments: one of ₦250,000.00, ₦500,000.00, ₦750,000.00 or ₦1,000,000.01',
        ],
      })
    }
    expect(await scheduleStatus(reference)).toEqual(['due', 'due', 'due', 'due'])
  })

  test('staff recording a payment have the same choices', async () => {
    const customer = await createCustomer(api)
    const reference = await byInstalments(customer)
    const record = async (amount: number) => {
      const proof = await uploadProof(api, await userIdOf(api, recorder.email))
      return api.call('POST', `product-subscription/${reference}/transaction`, {
        token: recorder.token,
        body: { amount, proof_of_payment: proof.url, paid_at: yesterdayMorning() },
      })
    }
    const odd = await record(300_000)
    expect(odd.httpStatus).toBe(409)
    expect(odd.data.amount[0]).toMatch(/^Amount must be the next instalment or several instalments/)
    const three = await record(750_000)
    expect(three.httpStatus).toBe(200)
    await mark(three.data.reference, 'paid')
    expect(await scheduleStatus(reference)).toEqual(['paid', 'paid', 'paid', 'due'])
  })

  test('several plots by instalments: the choices are the scaled instalments', async () => {
    const customer = await createCustomer(api)
    const product = await createLandProduct(api, {
      amount: 900_000,
      initialDeposit: 250_000,
      units: 5,
    })
    const plan = await createPlan(api, product.id, { amount: 1_000_000.01, duration: 4 })
    const sub = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'installment',
      payment_id: plan.uuid,
      quantity: 2,
    })
    const details = await get<DataOf<'paymentDetails'>>(
      `product-subscription/${sub.reference}/payment-details`,
      customer.token,
    )
    expect(details.data.choices.map((choice) => choice.amount)).toEqual([
      500_000, 1_000_000, 1_500_000, 2_000_000.02,
    ])
  })
})
