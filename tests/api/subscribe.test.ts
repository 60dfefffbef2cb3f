import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { notifications, products, subscriptions } from '~/backend/db/schema'
import { addInterval } from '~/backend/dates/calendar'
import { createTestApi, type TestApi } from '../support/api-harness'
import {
  createCustomer,
  createInvestmentProduct,
  createLandProduct,
  createPlan,
  lagosToday,
  subscribe,
} from './subscriptions-fixtures'

let api: TestApi
let buyer: Awaited<ReturnType<typeof createCustomer>>
beforeAll(async () => {
  api = await createTestApi()
  buyer = await createCustomer(api)
})
afterAll(async () => {
  await api?.close()
})

async function productRow(id: number) {
  const [row] = await api.db.select().from(products).where(eq(products.id, id))
  return row
}

describe('POST product/{reference}/payment-plan/{id}/get-payment-structure', () => {
  test('the deposit today, then equal instalments a step apart, the last taking the remainder', async () => {
    const product = await createLandProduct(api, { amount: 1_500_000, initialDeposit: 300_000 })
    const plan = await createPlan(api, product.id, {
      amount: 1_600_000,
      duration: 4,
      durationType: 'months',
    })
    const answer = await api.call(
      'POST',
      `product/${product.reference}/payment-plan/${plan.uuid}/get-payment-structure`,
      { token: buyer.token },
    )
    expect(answer.httpStatus).toBe(200)
    const today = lagosToday()
    expect(answer.data).toEqual([
      { period: today, amount: 300_000 },
      { period: addInterval(today, 1, 'months'), amount: 433_333.33 },
      { period: addInterval(today, 2, 'months'), amount: 433_333.33 },
      { period: addInterval(today, 3, 'months'), amount: 433_333.34 },
    ])
  })

  test("'full' answers the discounted price due today", async () => {
    const product = await createLandProduct(api, { amount: 2_000_000, discount: 5 })
    const answer = await api.call(
      'POST',
      `product/${product.reference}/payment-plan/full/get-payment-structure`,
      { token: buyer.token },
    )
    expect(answer.data).toEqual([{ period: lagosToday(), amount: 1_900_000 }])
  })

  test('priced for a quantity: every row for all the plots, with the quantity and the row for one plot, as subscribing charges it', async () => {
    const product = await createLandProduct(api, {
      amount: 1_000_000,
      initialDeposit: 250_000,
      units: 5,
    })
    const plan = await createPlan(api, product.id, {
      amount: 1_000_000.01,
      duration: 4,
      durationType: 'months',
    })
    const path = `product/${product.reference}/payment-plan/${plan.uuid}/get-payment-structure`
    const answer = await api.call('POST', path, { token: buyer.token, body: { quantity: 3 } })
    expect(answer.httpStatus).toBe(200)
    const today = lagosToday()
    expect(answer.data).toEqual([
      { period: today, amount: 750_000, quantity: 3, unit_amount: 250_000 },
      {
        period: addInterval(today, 1, 'months'),
        amount: 750_000,
        quantity: 3,
        unit_amount: 250_000,
      },
      {
        period: addInterval(today, 2, 'months'),
        amount: 750_000,
        quantity: 3,
        unit_amount: 250_000,
      },
      {
        period: addInterval(today, 3, 'months'),
        amount: 750_000.03,
        quantity: 3,
        unit_amount: 250_000.01,
      },
    ])
    const subscribed = await subscribe(api, buyer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'installment',
      payment_id: plan.uuid,
      quantity: 3,
    })
    expect(subscribed.total_amount).toBe(3_000_000.03)
    expect(
      subscribed.schedule.map((row: { period: string; amount: number }) => ({
        period: row.period,
        amount: row.amount,
      })),
    ).toEqual(
      (answer.data as { period: string; amount: number }[]).map((row) => ({
        period: row.period,
        amount: row.amount,
      })),
    )
  })

  test("'full' for two plots: the discount worked out on one plot, then doubled", async () => {
    const product = await createLandProduct(api, { amount: 1.01, discount: 50 })
    const answer = await api.call(
      'POST',
      `product/${product.reference}/payment-plan/full/get-payment-structure`,
      {
        token: buyer.token,
        body: { quantity: 2 },
      },
    )
    expect(answer.data).toEqual([
      { period: lagosToday(), amount: 1, quantity: 2, unit_amount: 0.5 },
    ])
  })

  test('a quantity beyond the plots left or the most one subscription may buy is refused under the quantity', async () => {
    const product = await createLandProduct(api, { amount: 1_000_000, units: 2 })
    const path = `product/${product.reference}/payment-plan/full/get-payment-structure`
    const tooMany = await api.call('POST', path, { token: buyer.token, body: { quantity: 3 } })
    expect(tooMany.httpStatus).toBe(409)
    expect(tooMany.data).toEqual({ quantity: ['Only 2 plots are left'] })
    for (const quantity of [0, 11, 1.5, 'two']) {
      const answer = await api.call('POST', path, { token: buyer.token, body: { quantity } })
      expect(answer.httpStatus).toBe(422)
      expect(Object.keys(answer.data as object)).toEqual(['quantity'])
    }
  })

  test("another product's plan, a malformed id and an unknown product are 404s", async () => {
    const product = await createLandProduct(api)
    const other = await createLandProduct(api)
    const plan = await createPlan(api, other.id, { amount: 6_000_000, duration: 6 })
    for (const path of [
      `product/${product.reference}/payment-plan/${plan.uuid}/get-payment-structure`,
      `product/${product.reference}/payment-plan/not-a-uuid/get-payment-structure`,
      `product/PRD-NOPE/payment-plan/${plan.uuid}/get-payment-structure`,
    ]) {
      const answer = await api.call('POST', path, { token: buyer.token })
      expect(answer.httpStatus).toBe(404)
    }
  })

  test('needs a signed-in user', async () => {
    const product = await createLandProduct(api)
    const answer = await api.call(
      'POST',
      `product/${product.reference}/payment-plan/full/get-payment-structure`,
    )
    expect(answer.httpStatus).toBe(401)
  })
})

describe('POST product/{reference}/get-investment-plan', () => {
  test('dated payouts for the amount', async () => {
    const product = await createInvestmentProduct(api, {
      minimum: 100_000,
      returnPercent: 12.5,
      frequencyPeriod: 6,
      duration: 12,
    })
    const answer = await api.call('POST', `product/${product.reference}/get-investment-plan`, {
      token: buyer.token,
      body: { amount: '1,000,000' },
    })
    expect(answer.httpStatus).toBe(200)
    const today = lagosToday()
    expect(answer.data).toEqual([
      { period: addInterval(today, 6, 'months'), amount: 125_000 },
      { period: addInterval(today, 12, 'months'), amount: 1_125_000 },
    ])
  })

  test('an amount below the minimum is a field error on amount', async () => {
    const product = await createInvestmentProduct(api, { minimum: 500_000 })
    const answer = await api.call('POST', `product/${product.reference}/get-investment-plan`, {
      token: buyer.token,
      body: { amount: 499_999.99 },
    })
    expect(answer.httpStatus).toBe(409)
    expect(answer.status).toBe('conflict')
    expect(answer.data).toEqual({ amount: ['Amount must be at least ₦500,000.00'] })
  })

  test('a missing amount is required; a land product is not found', async () => {
    const product = await createInvestmentProduct(api)
    const missing = await api.call('POST', `product/${product.reference}/get-investment-plan`, {
      token: buyer.token,
      body: {},
    })
    expect(missing.data).toEqual({ amount: ['Enter the amount'] })
    const land = await createLandProduct(api)
    const wrong = await api.call('POST', `product/${land.reference}/get-investment-plan`, {
      token: buyer.token,
      body: { amount: 1 },
    })
    expect(wrong.httpStatus).toBe(404)
  })
})

describe('POST product-subscription: validation', () => {
  test('missing fields answer per field', async () => {
    const answer = await api.call('POST', 'product-subscription', { token: buyer.token, body: {} })
    expect(answer.httpStatus).toBe(422)
    expect(answer.data).toMatchObject({
      type: ['Choose the type'],
      product_id: ['Choose a product'],
    })
  })

  test('an unknown product, a type that does not match, a missing or foreign plan', async () => {
    const land = await createLandProduct(api)
    const other = await createLandProduct(api)
    const foreignPlan = await createPlan(api, other.id, { amount: 6_000_000, duration: 6 })

    const unknown = await api.call('POST', 'product-subscription', {
      token: buyer.token,
      body: { type: 'land', product_id: 'PRD-NOTHERE', payment_mode: 'full' },
    })
    expect(unknown.data).toEqual({ product_id: ['The selected product is invalid'] })

    const mismatch = await api.call('POST', 'product-subscription', {
      token: buyer.token,
      body: { type: 'land_investment', product_id: land.reference, amount_invested: 1_000_000 },
    })
    expect(mismatch.httpStatus).toBe(409)
    expect(Object.keys(mismatch.data)).toEqual(['type'])

    const noPlan = await api.call('POST', 'product-subscription', {
      token: buyer.token,
      body: { type: 'land', product_id: land.reference, payment_mode: 'installment' },
    })
    expect(noPlan.data).toEqual({ payment_id: ['Choose a payment plan'] })

    const foreign = await api.call('POST', 'product-subscription', {
      token: buyer.token,
      body: {
        type: 'land',
        product_id: land.reference,
        payment_mode: 'installment',
        payment_id: foreignPlan.uuid,
      },
    })
    expect(foreign.data).toEqual({
      payment_id: ['The selected payment plan does not belong to this product'],
    })

    const malformed = await api.call('POST', 'product-subscription', {
      token: buyer.token,
      body: {
        type: 'land',
        product_id: land.reference,
        payment_mode: 'installment',
        payment_id: "1' or 1=1",
      },
    })
    expect(malformed.httpStatus).toBe(409)
  })

  test('an investment needs an amount at least the minimum', async () => {
    const product = await createInvestmentProduct(api, { minimum: 250_000 })
    const missing = await api.call('POST', 'product-subscription', {
      token: buyer.token,
      body: { type: 'land_investment', product_id: product.reference, payment_mode: 'full' },
    })
    expect(missing.data).toEqual({ amount_invested: ['Enter the amount to invest'] })
    const low = await api.call('POST', 'product-subscription', {
      token: buyer.token,
      body: {
        type: 'land_investment',
        product_id: product.reference,
        payment_mode: 'full',
        amount_invested: 100_000,
      },
    })
    expect(low.data).toEqual({ amount_invested: ['Amount invested must be at least ₦250,000.00'] })
  })

  test('an unavailable product is refused with a clear message', async () => {
    const product = await createLandProduct(api, { isAvailable: false })
    const answer = await api.call('POST', 'product-subscription', {
      token: buyer.token,
      body: { type: 'land', product_id: product.reference, payment_mode: 'full' },
    })
    expect(answer.httpStatus).toBe(409)
    expect(answer.status).toBe('productUnavailable')
    expect(answer.message).toBe('This product is no longer available')
  })

  test('needs a verified, signed-in user', async () => {
    const product = await createLandProduct(api)
    const anonymous = await api.call('POST', 'product-subscription', {
      body: { type: 'land', product_id: product.reference },
    })
    expect(anonymous.httpStatus).toBe(401)
  })
})

describe('POST product-subscription: what it creates', () => {
  test('land in full: awaiting payment of the discounted price today, one payment row, a notification', async () => {
    const product = await createLandProduct(api, { amount: 3_000_000, discount: 10 })
    const data = await subscribe(api, buyer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    expect(data).toMatchObject({
      type: 'land',
      status: 'awaiting_payment',
      payment_mode: 'full',
      payment_plan: null,
      total_amount: 2_700_000,
      total_amount_paid: 0,
      amount_left: 2_700_000,
      duration_left: 1,
      next_payment_amount: 2_700_000,
      next_payment_date: lagosToday(),
      completed_at: null,
      is_user: true,
      meta: { amount_invested: 2_700_000 },
      product: {
        reference: product.reference,
        type: 'land',
        location: 'Lekki, Lagos',
        amount: 3_000_000,
      },
      schedule: [
        {
          kind: 'payment',
          sequence: 0,
          period: lagosToday(),
          amount: 2_700_000,
          status: 'due',
          settled_at: null,
        },
      ],
    })
    expect(data.reference).toMatch(/^SUB-[A-Z2-9]{8}$/)
    expect(data.user).toEqual({
      reference: buyer.reference,
      full_name: `${buyer.firstName} ${buyer.lastName}`,
      email: buyer.email,
    })
    const sent = await api.db.select().from(notifications).where(eq(notifications.userId, buyer.id))
    expect(
      sent.some((n) => n.title === 'Subscription created' && n.body.includes(data.reference)),
    ).toBe(true)
  })

  test('land by instalments: the deposit is the next payment, the schedule follows the plan', async () => {
    const product = await createLandProduct(api, { amount: 5_000_000, initialDeposit: 1_000_000 })
    const plan = await createPlan(api, product.id, {
      amount: 5_500_000,
      duration: 5,
      durationType: 'weeks',
    })
    const data = await subscribe(api, buyer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'installment',
      payment_id: plan.uuid,
    })
    const today = lagosToday()
    expect(data).toMatchObject({
      payment_mode: 'installment',
      payment_plan: { uuid: plan.uuid, amount: 5_500_000, duration: 5, duration_type: 'weeks' },
      total_amount: 5_500_000,
      next_payment_amount: 1_000_000,
      next_payment_date: today,
      duration_left: 5,
    })
    expect(data.schedule.map((row) => [row.period, row.amount])).toEqual([
      [today, 1_000_000],
      [addInterval(today, 1, 'weeks'), 1_125_000],
      [addInterval(today, 2, 'weeks'), 1_125_000],
      [addInterval(today, 3, 'weeks'), 1_125_000],
      [addInterval(today, 4, 'weeks'), 1_125_000],
    ])
  })

  test('an investment: payment mode full, the amount invested due today, payout rows', async () => {
    const product = await createInvestmentProduct(api, {
      minimum: 200_000,
      returnPercent: 8,
      interval: 'weeks',
      frequencyPeriod: 2,
      duration: 6,
    })
    const data = await subscribe(api, buyer.token, {
      type: 'land_investment',
      product_id: product.reference,
      payment_mode: 'installment',
      amount_invested: '300,000.50',
    })
    const today = lagosToday()
    expect(data).toMatchObject({
      type: 'land_investment',
      payment_mode: 'full',
      status: 'awaiting_payment',
      meta: { amount_invested: 300_000.5 },
      next_payment_amount: 300_000.5,
      next_payment_date: today,
    })
    expect(data.schedule).toEqual([
      {
        kind: 'payout',
        sequence: 0,
        period: addInterval(today, 2, 'weeks'),
        amount: 24_000.04,
        status: 'due',
        settled_at: null,
        reason: null,
      },
      {
        kind: 'payout',
        sequence: 1,
        period: addInterval(today, 4, 'weeks'),
        amount: 24_000.04,
        status: 'due',
        settled_at: null,
        reason: null,
      },
      {
        kind: 'payout',
        sequence: 2,
        period: addInterval(today, 6, 'weeks'),
        amount: 324_000.54,
        status: 'due',
        settled_at: null,
        reason: null,
      },
    ])
  })
})

describe('idempotency', () => {
  test('the same key twice gives one subscription, answered both times', async () => {
    const product = await createLandProduct(api, { units: 5 })
    const body = {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
      idempotency_key: 'form-1234',
    }
    const first = await subscribe(api, buyer.token, body)
    const second = await subscribe(api, buyer.token, body)
    expect(second.reference).toBe(first.reference)
    const [{ total }] = await api.db
      .select({ total: count() })
      .from(subscriptions)
      .where(eq(subscriptions.productId, product.id))
    expect(Number(total)).toBe(1)
    expect((await productRow(product.id)).unitAvailable).toBe(4)
  })

  test('concurrent double submits of one form make one subscription and take one unit', async () => {
    const product = await createLandProduct(api, { units: 5 })
    const body = {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
      idempotency_key: 'double-click',
    }
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.call('POST', 'product-subscription', { token: buyer.token, body }),
      ),
    )
    expect(answers.map((answer) => answer.httpStatus)).toEqual([200, 200, 200, 200, 200])
    expect(new Set(answers.map((answer) => answer.data.reference)).size).toBe(1)
    expect((await productRow(product.id)).unitAvailable).toBe(4)
  })

  test('a retry after the last unit went to that same submit still answers it', async () => {
    const product = await createLandProduct(api, { units: 1 })
    const body = {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
      idempotency_key: 'last-unit',
    }
    const first = await subscribe(api, buyer.token, body)
    const retry = await api.call('POST', 'product-subscription', { token: buyer.token, body })
    expect(retry.httpStatus).toBe(200)
    expect(retry.data.reference).toBe(first.reference)
  })

  test('keys belong to their user: another customer with the same key gets its own subscription', async () => {
    const product = await createLandProduct(api)
    const other = await createCustomer(api)
    const body = {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
      idempotency_key: 'shared-key',
    }
    const mine = await subscribe(api, buyer.token, body)
    const theirs = await subscribe(api, other.token, body)
    expect(theirs.reference).not.toBe(mine.reference)
    expect(theirs.is_user).toBe(true)
  })
})

describe('unit reservation', () => {
  test('each subscription takes a unit; the last makes the product unavailable; then a clear refusal', async () => {
    const product = await createLandProduct(api, { units: 2 })
    await subscribe(api, buyer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    expect(await productRow(product.id)).toMatchObject({ unitAvailable: 1, isAvailable: true })
    // Another buyer: one customer holds at most one unpaid subscription to a product.
    const second = await createCustomer(api)
    await subscribe(api, second.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    expect(await productRow(product.id)).toMatchObject({ unitAvailable: 0, isAvailable: false })
    const refused = await api.call('POST', 'product-subscription', {
      token: buyer.token,
      body: { type: 'land', product_id: product.reference, payment_mode: 'full' },
    })
    expect(refused.httpStatus).toBe(409)
    expect(refused.message).toBe('This product is no longer available')
    expect(await productRow(product.id)).toMatchObject({ unitAvailable: 0, isAvailable: false })
  })

  test('an investment sold by quantity reserves a unit too', async () => {
    const product = await createInvestmentProduct(api, { units: 1 })
    await subscribe(api, buyer.token, {
      type: 'land_investment',
      product_id: product.reference,
      amount_invested: 500_000,
    })
    expect(await productRow(product.id)).toMatchObject({ unitAvailable: 0, isAvailable: false })
  })

  test('a refused subscription leaves no rows behind', async () => {
    const product = await createLandProduct(api, { units: 0, isAvailable: true })
    const refused = await api.call('POST', 'product-subscription', {
      token: buyer.token,
      body: { type: 'land', product_id: product.reference, payment_mode: 'full' },
    })
    expect(refused.httpStatus).toBe(409)
    const rows = await api.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.productId, product.id))
    expect(rows).toHaveLength(0)
  })
})
