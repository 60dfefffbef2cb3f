import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { products, subscriptions } from '~/backend/db/schema'
import { createTestApi, type TestApi } from '../support/api-harness'
import { createCustomer, createLandProduct, createPlan } from './subscriptions-fixtures'

/**
 * Runs on PGlite and, in the test command's PostgreSQL pass (TEST_DATABASE_URL), on a real server
 * with a pool of connections, where the requests truly race for the same product row.
 */
let api: TestApi
beforeAll(async () => {
  api = await createTestApi()
})
afterAll(async () => {
  await api?.close()
})

describe('100 customers racing for 10 units', () => {
  test('exactly 10 succeed, the others hear the product is no longer available, nothing is oversold', async () => {
    const product = await createLandProduct(api, { amount: 1_000_000, units: 10 })
    const plan = await createPlan(api, product.id, { amount: 1_200_000, duration: 6 })
    const customers = await Promise.all(Array.from({ length: 100 }, () => createCustomer(api)))

    const answers = await Promise.all(
      customers.map((customer, index) =>
        api.call('POST', 'product-subscription', {
          token: customer.token,
          body:
            index % 2
              ? { type: 'land', product_id: product.reference, payment_mode: 'full' }
              : {
                  type: 'land',
                  product_id: product.reference,
                  payment_mode: 'installment',
                  payment_id: plan.uuid,
                },
        }),
      ),
    )

    expect(answers.filter((answer) => answer.httpStatus >= 500)).toEqual([])
    const won = answers.filter((answer) => answer.httpStatus === 200)
    const lost = answers.filter((answer) => answer.httpStatus !== 200)
    expect(won).toHaveLength(10)
    expect(lost).toHaveLength(90)
    for (const answer of lost) {
      expect(answer.httpStatus).toBe(409)
      expect(answer.message).toBe('This product is no longer available')
    }
    expect(new Set(won.map((answer) => answer.data.reference)).size).toBe(10)

    const [after] = await api.db.select().from(products).where(eq(products.id, product.id))
    expect(after).toMatchObject({ unitAvailable: 0, isAvailable: false })
    const [{ total }] = await api.db
      .select({ total: count() })
      .from(subscriptions)
      .where(eq(subscriptions.productId, product.id))
    expect(Number(total)).toBe(10)
  })

  test('cancelling while others buy: units always add up', async () => {
    const product = await createLandProduct(api, { amount: 500_000, units: 5 })
    const staff = await api.createStaff(['can_modify_subscription'])
    const first = await Promise.all(Array.from({ length: 5 }, () => createCustomer(api)))
    const taken = await Promise.all(
      first.map((customer) =>
        api.call('POST', 'product-subscription', {
          token: customer.token,
          body: { type: 'land', product_id: product.reference, payment_mode: 'full' },
        }),
      ),
    )
    expect(taken.every((answer) => answer.httpStatus === 200)).toBe(true)

    // Two cancellations race with ten buyers; ten more come once both are answered, so whatever the
    // order, exactly two of the twenty get the freed units.
    const racing = await Promise.all(Array.from({ length: 10 }, () => createCustomer(api)))
    const late = await Promise.all(Array.from({ length: 10 }, () => createCustomer(api)))
    const buy = (customer: { token: string }) =>
      api.call('POST', 'product-subscription', {
        token: customer.token,
        body: { type: 'land', product_id: product.reference, payment_mode: 'full' },
      })
    const [cancelA, cancelB, ...boughtRacing] = await Promise.all([
      api.call('POST', `admin/product-subscription/${taken[0].data.reference}/cancel`, {
        token: staff.token,
      }),
      api.call('POST', `admin/product-subscription/${taken[1].data.reference}/cancel`, {
        token: staff.token,
      }),
      ...racing.map(buy),
    ])
    expect([cancelA.httpStatus, cancelB.httpStatus]).toEqual([200, 200])
    const bought = [...boughtRacing, ...(await Promise.all(late.map(buy)))]
    expect(bought.filter((answer) => answer.httpStatus >= 500)).toEqual([])
    for (const answer of bought.filter((answer) => answer.httpStatus !== 200)) {
      expect(answer.httpStatus).toBe(409)
      expect(answer.message).toBe('This product is no longer available')
    }
    const wins = bought.filter((answer) => answer.httpStatus === 200).length
    const [after] = await api.db.select().from(products).where(eq(products.id, product.id))
    const live = await api.db
      .select({ status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.productId, product.id))
    const active = live.filter((row) => row.status !== 'cancelled').length
    expect(active).toBe(5)
    expect(after.unitAvailable).toBe(0)
    expect(after.isAvailable).toBe(false)
    expect(wins).toBe(2)
  })
})
