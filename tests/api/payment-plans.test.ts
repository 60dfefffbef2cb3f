import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApi,
  type DataOf,
  type TestApi,
} from '../support/api-harness'

let api: TestApi
let admin: string
let customer: string
let realtor: string
let staffNone: string
let staffView: string
let staffModify: string
let staffSubscriptions: string

async function createProduct(body: Record<string, unknown>) {
  const answer = await api.call('POST', 'admin/product', {
    token: admin,
    body: { name: 'Epe Gardens', ...body },
  })
  expect(answer.status, JSON.stringify(answer.data)).toBe('200')
  return answer.data.reference as string
}

const landProduct = (extra: Record<string, unknown> = {}) =>
  createProduct({
    type: 'land',
    description: 'Plots',
    location: 'Epe, Lagos',
    amount: 1_000_000,
    ...extra,
  })

async function createPlan(reference: string, body: Record<string, unknown>, token = admin) {
  const answer = await api.call('POST', `admin/product/${reference}/payment-plan`, { token, body })
  expect(answer.status, JSON.stringify(answer.data)).toBe('200')
  return answer.data
}

beforeAll(async () => {
  api = await createTestApi()
  admin = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token
  customer = (await api.registerUser('customer')).token
  realtor = (await api.registerUser('realtor')).token
  staffNone = (await api.createStaff(['can_modify_product'])).token
  staffView = (await api.createStaff(['can_view_payment_plan'])).token
  staffModify = (await api.createStaff(['can_modify_payment_plan'])).token
  staffSubscriptions = (await api.createStaff(['can_modify_subscription'])).token
})
afterAll(async () => {
  await api?.close()
})

describe('estimated_duration_payment', () => {
  test('with the product initial deposit: (plan amount − deposit) / (duration − 1)', async () => {
    const reference = await landProduct({ initial_deposit_amount: 200_000 })
    const plan = await createPlan(reference, {
      amount: 1_300_000,
      duration: 5,
      duration_type: 'months',
    })
    expect(plan).toMatchObject({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      amount: 1_300_000,
      duration: 5,
      duration_type: 'months',
      initial_deposit: 200_000,
      estimated_duration_payment: 275_000,
    })
  })

  test('without one the deposit is amount / duration, and instalments are rounded to the kobo', async () => {
    const reference = await landProduct()
    const plan = await createPlan(reference, {
      amount: '1,000,000',
      duration: 3,
      duration_type: 'weeks',
    })
    // 1,000,000 / 3 = 333,333.33 deposit; (1,000,000 − 333,333.33) / 2 = 333,333.335 → 333,333.34,
    // what the payment structure charges (the last instalment takes the remainder, 333,333.33).
    expect(plan).toMatchObject({
      initial_deposit: 333_333.33,
      estimated_duration_payment: 333_333.34,
    })
  })

  test('follows the product deposit when it changes', async () => {
    const reference = await landProduct()
    await createPlan(reference, { amount: 1_200_000, duration: 4, duration_type: 'months' })
    const edited = await api.call('POST', `admin/product/${reference}`, {
      token: admin,
      body: {
        type: 'land',
        description: 'Plots',
        location: 'Epe, Lagos',
        amount: 1_000_000,
        initial_deposit_amount: 300_000,
      },
    })
    expect(edited.status).toBe('200')
    const plans = await api.call('GET', `product/${reference}/payment-plan`, { token: admin })
    expect(plans.data.items[0]).toMatchObject({
      initial_deposit: 300_000,
      estimated_duration_payment: 300_000,
    })
  })
})

describe('GET product/{reference}/payment-plan', () => {
  let reference: string
  beforeAll(async () => {
    reference = await landProduct()
    for (let index = 1; index <= 11; index++) {
      await createPlan(reference, {
        amount: 1_000_000 + index * 10_000,
        duration: 2 + index,
        duration_type: 'months',
      })
    }
  })

  test('customers, realtors and staff who view, change or sell plans see them; other staff do not', async () => {
    const path = `product/${reference}/payment-plan`
    expect((await api.call('GET', path)).httpStatus).toBe(401)
    for (const token of [customer, realtor, staffView, staffModify, staffSubscriptions, admin]) {
      expect((await api.call('GET', path, { token })).status).toBe('200')
    }
    const refused = await api.call('GET', path, { token: staffNone })
    expect(refused.httpStatus).toBe(403)
  })

  test('pages of 10, newest first; plan_count on the product', async () => {
    const first = await api.call('GET', `product/${reference}/payment-plan`, { token: customer })
    expect(first.data).toMatchObject({ page: 1, totalPages: 2 })
    expect(first.data.items).toHaveLength(10)
    expect(first.data.items[0].amount).toBe(1_110_000)
    const second = await api.call<DataOf<'paymentPlanList'>>(
      'GET',
      `product/${reference}/payment-plan?page=2`,
      {
        token: customer,
      },
    )
    expect(second.data.items.map((plan) => plan.amount)).toEqual([1_010_000])
    const product = await api.call('GET', `product/${reference}`, { token: customer })
    expect(product.data.plan_count).toBe(11)
  })

  test('an unknown product answers 404', async () => {
    expect(
      (await api.call('GET', 'product/PRD-NOSUCH00/payment-plan', { token: customer })).httpStatus,
    ).toBe(404)
  })
})

describe('changing plans', () => {
  test('only can_modify_payment_plan (or the super admin) may create, update or delete', async () => {
    const reference = await landProduct()
    const body = { amount: 1_100_000, duration: 6, duration_type: 'months' }
    const plan = await createPlan(reference, body, staffModify)
    const paths = [
      `admin/product/${reference}/payment-plan`,
      `admin/product/${reference}/payment-plan/${plan.uuid}`,
      `admin/product/${reference}/payment-plan/${plan.uuid}/delete`,
    ]
    for (const path of paths) {
      expect((await api.call('POST', path, { body })).httpStatus).toBe(401)
      for (const token of [customer, realtor, staffNone, staffView, staffSubscriptions]) {
        const answer = await api.call('POST', path, { token, body })
        expect(answer.httpStatus, `${path}`).toBe(403)
      }
    }
  })

  test('create, update and delete answer their success messages; a deleted plan is gone', async () => {
    const reference = await landProduct()
    const created = await api.call('POST', `admin/product/${reference}/payment-plan`, {
      token: staffModify,
      body: { amount: 1_100_000, duration: 6, duration_type: 'months' },
    })
    expect(created.message).toBe('Payment plan created successfully')
    const uuid = created.data.uuid
    const updated = await api.call('POST', `admin/product/${reference}/payment-plan/${uuid}`, {
      token: staffModify,
      body: { amount: 1_210_000, duration: 12, duration_type: 'weeks' },
    })
    expect(updated.message).toBe('Payment plan updated successfully')
    expect(updated.data).toMatchObject({
      uuid,
      amount: 1_210_000,
      duration: 12,
      duration_type: 'weeks',
    })
    const deleted = await api.call(
      'POST',
      `admin/product/${reference}/payment-plan/${uuid}/delete`,
      {
        token: staffModify,
      },
    )
    expect(deleted.status).toBe('200')
    expect(deleted.message).toBe('Payment plan deleted successfully')
    const listed = await api.call('GET', `product/${reference}/payment-plan`, {
      token: staffModify,
    })
    expect(listed.data.items).toEqual([])
    const again = await api.call('POST', `admin/product/${reference}/payment-plan/${uuid}`, {
      token: staffModify,
      body: { amount: 1_210_000, duration: 12, duration_type: 'weeks' },
    })
    expect(again.httpStatus).toBe(404)
    expect(
      (
        await api.call('POST', `admin/product/${reference}/payment-plan/not-a-uuid/delete`, {
          token: admin,
        })
      ).httpStatus,
    ).toBe(404)
  })

  test('a plan of another product is not found through this one', async () => {
    const first = await landProduct()
    const second = await landProduct()
    const plan = await createPlan(first, {
      amount: 1_100_000,
      duration: 6,
      duration_type: 'months',
    })
    const answer = await api.call(
      'POST',
      `admin/product/${second}/payment-plan/${plan.uuid}/delete`,
      { token: admin },
    )
    expect(answer.httpStatus).toBe(404)
  })

  test('validation errors per field', async () => {
    // 70 % off ₦1,000,000: paying in full costs ₦300,000, below the ₦400,000 deposit.
    const reference = await landProduct({
      initial_deposit_amount: 400_000,
      discount_percentage: 70,
    })
    const empty = await api.call('POST', `admin/product/${reference}/payment-plan`, {
      token: admin,
      body: {},
    })
    expect(empty.httpStatus).toBe(422)
    expect(empty.data).toEqual({
      amount: ['Enter the amount'],
      duration: ['Enter the duration'],
      duration_type: ['Choose the duration type'],
    })
    const bad = await api.call('POST', `admin/product/${reference}/payment-plan`, {
      token: admin,
      body: { amount: 1_000_000, duration: 1, duration_type: 'fortnights' },
    })
    expect(bad.data).toEqual({
      duration: ['Duration must be at least 2'],
      duration_type: ['The selected duration type is invalid'],
    })
    const belowDeposit = await api.call('POST', `admin/product/${reference}/payment-plan`, {
      token: admin,
      body: { amount: 400_000, duration: 4, duration_type: 'months' },
    })
    expect(belowDeposit.data).toEqual({
      amount: ['Amount must be more than the initial deposit (₦400,000.00)'],
    })
  })

  test('a deposit at or above a plan amount is refused on the product', async () => {
    const reference = await landProduct()
    await createPlan(reference, { amount: 1_000_000, duration: 3, duration_type: 'months' })
    const answer = await api.call('POST', `admin/product/${reference}`, {
      token: admin,
      body: {
        type: 'land',
        description: 'Plots',
        location: 'Epe, Lagos',
        amount: 2_000_000,
        initial_deposit_amount: 1_000_000,
      },
    })
    expect(answer.httpStatus).toBe(409)
    expect(answer.data.initial_deposit_amount[0]).toMatch(
      /^Initial deposit must be less than every payment plan's amount/,
    )
  })

  test('a plan may cost the price of paying in full or more, never less', async () => {
    const reference = await landProduct({ amount: 1_250_000 })
    const path = `admin/product/${reference}/payment-plan`
    const below = await api.call('POST', path, {
      token: admin,
      body: { amount: 1_249_999.99, duration: 4, duration_type: 'months' },
    })
    expect(below.httpStatus).toBe(409)
    expect(below.data).toEqual({
      amount: ["Amount must be at least the product's price (₦1,250,000.00)"],
    })
    const equal = await createPlan(reference, {
      amount: 1_250_000,
      duration: 4,
      duration_type: 'months',
    })
    expect(equal.amount).toBe(1_250_000)
    const lowered = await api.call('POST', `${path}/${equal.uuid}`, {
      token: admin,
      body: { amount: 1_000_000, duration: 4, duration_type: 'months' },
    })
    expect(lowered.data).toEqual({
      amount: ["Amount must be at least the product's price (₦1,250,000.00)"],
    })
    const listed = await api.call<DataOf<'paymentPlanList'>>(
      'GET',
      `product/${reference}/payment-plan`,
      { token: admin },
    )
    expect(listed.data.items.map((plan) => plan.amount)).toEqual([1_250_000])
  })

  test('with a discount the floor is the discounted price', async () => {
    const reference = await landProduct({ amount: 1_000_000, discount_percentage: 10 })
    const path = `admin/product/${reference}/payment-plan`
    const below = await api.call('POST', path, {
      token: admin,
      body: { amount: 899_999, duration: 3, duration_type: 'months' },
    })
    expect(below.data).toEqual({
      amount: ["Amount must be at least the product's price (₦900,000.00)"],
    })
    const plan = await createPlan(reference, {
      amount: 900_000,
      duration: 3,
      duration_type: 'months',
    })
    expect(plan.amount).toBe(900_000)
  })

  test('raising the price above a plan is allowed; the plan stays but new subscriptions to it are refused', async () => {
    const reference = await landProduct()
    const cheap = await createPlan(reference, {
      amount: 1_100_000,
      duration: 4,
      duration_type: 'months',
    })
    const dear = await createPlan(reference, {
      amount: 1_500_000,
      duration: 6,
      duration_type: 'months',
    })
    const raised = await api.call('POST', `admin/product/${reference}`, {
      token: admin,
      body: { type: 'land', description: 'Plots', location: 'Epe, Lagos', amount: 1_200_000 },
    })
    expect(raised.status, JSON.stringify(raised.data)).toBe('200')
    const listed = await api.call<DataOf<'paymentPlanList'>>(
      'GET',
      `product/${reference}/payment-plan`,
      { token: customer },
    )
    expect(listed.data.items.map((plan) => plan.amount)).toEqual([1_500_000, 1_100_000])
    const subscribe = (payment_id: string) =>
      api.call('POST', 'product-subscription', {
        token: customer,
        body: { type: 'land', product_id: reference, payment_mode: 'installment', payment_id },
      })
    const refused = await subscribe(cheap.uuid)
    expect(refused.httpStatus).toBe(409)
    expect(refused.data).toEqual({
      payment_id: ["This payment plan costs less than the product's price; choose another plan"],
    })
    const accepted = await subscribe(dear.uuid)
    expect(accepted.status, JSON.stringify(accepted.data)).toBe('200')
  })

  test('investments have no payment plans', async () => {
    const reference = await createProduct({
      type: 'land_investment',
      description: 'Income',
      minimum_amount: 100_000,
      investment_return: 10,
      land_investment_type: 'one_time',
      frequency_period: 12,
      interval: 'months',
    })
    const answer = await api.call('POST', `admin/product/${reference}/payment-plan`, {
      token: admin,
      body: { amount: 1_100_000, duration: 6, duration_type: 'months' },
    })
    expect(answer.httpStatus).toBe(409)
    expect(answer.message).toBe('Payment plans are for land products only')
  })
})
