import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { notifications, products, subscriptions } from '~/backend/db/schema'
import { runDailyJobs } from '~/backend/jobs'
import { expireUnpaidSubscriptions } from '~/backend/subscriptions/expiry'
import { addInterval } from '~/backend/dates/calendar'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApi, type TestApi } from '../support/api-harness'
import {
  createCustomer,
  createInvestmentProduct,
  createLandProduct,
  lagosToday,
  pay,
  subscribe,
} from './subscriptions-fixtures'

/**
 * Stock hoarding: one unpaid subscription per customer per product, and unpaid ones expire.
 * Runs on PGlite and, in the PostgreSQL pass (TEST_DATABASE_URL), where the race below is real.
 */

let api: TestApi
let admin: string
let modifier: Awaited<ReturnType<TestApi['createStaff']>>

beforeAll(async () => {
  api = await createTestApi()
  admin = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token
  modifier = await api.createStaff(['can_modify_subscription'])
})
afterAll(async () => {
  await api?.close()
})

const subscribeTo = (token: string, productReference: string) =>
  api.call('POST', 'product-subscription', {
    token,
    body: { type: 'land', product_id: productReference },
  })

async function unitsLeft(productId: number) {
  const [row] = await api.db.select().from(products).where(eq(products.id, productId))
  return { units: row.unitAvailable, available: row.isAvailable }
}

async function row(reference: string) {
  const [found] = await api.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.reference, reference))
  return found
}

const titlesOf = async (userId: number) =>
  (await api.db.select().from(notifications).where(eq(notifications.userId, userId))).map(
    (n) => n.title,
  )

/** 09:00 in Lagos, `days` after the day a subscription was made. */
const daysAfter = (createdAt: Date, days: number) =>
  new Date(`${addInterval(lagosToday(createdAt), days, 'days')}T09:00:00+01:00`)

describe('one unpaid subscription per customer per product', () => {
  test('a second subscribe is refused and names the first; after paying, or for another product, it works', async () => {
    const customer = await createCustomer(api)
    const product = await createLandProduct(api, { amount: 100_000, units: 5 })
    const first = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
    })

    const second = await subscribeTo(customer.token, product.reference)
    expect(second.httpStatus).toBe(409)
    expect(second.message).toBe(
      `You already have an unpaid subscription to this product (${first.reference}). Pay for it, or wait until it expires, before subscribing again.`,
    )
    expect(second.data).toEqual({ subscription: first.reference })
    expect(await unitsLeft(product.id)).toEqual({ units: 4, available: true })

    // Staff adding one for the customer hear the same.
    const byStaff = await api.call('POST', 'admin/create-subscription', {
      token: modifier.token,
      body: { customer: customer.reference, product: product.reference },
    })
    expect(byStaff.httpStatus).toBe(409)
    expect(byStaff.message).toBe(
      `This customer already has an unpaid subscription to this product (${first.reference}). It must be paid, or expire, before another is added.`,
    )

    const other = await createLandProduct(api, { amount: 100_000, units: 5 })
    expect((await subscribeTo(customer.token, other.reference)).httpStatus).toBe(200)

    // Once a payment is sent the first is no longer unpaid, so a second unit may be bought.
    expect((await pay(api, customer, first.reference, 100_000)).httpStatus).toBe(200)
    expect((await subscribeTo(customer.token, product.reference)).httpStatus).toBe(200)
    expect(await unitsLeft(product.id)).toEqual({ units: 3, available: true })
  })

  test('five subscribes at once by one customer to a five-unit product: one wins, the stock stays for others', async () => {
    const hoarder = await createCustomer(api)
    const product = await createLandProduct(api, { amount: 100_000, units: 5 })
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => subscribeTo(hoarder.token, product.reference)),
    )
    expect(answers.filter((answer) => answer.httpStatus >= 500)).toEqual([])
    const won = answers.filter((answer) => answer.httpStatus === 200)
    expect(won).toHaveLength(1)
    for (const answer of answers.filter((a) => a.httpStatus !== 200)) {
      expect(answer.httpStatus).toBe(409)
      expect(answer.message).toContain(
        `You already have an unpaid subscription to this product (${won[0].data.reference})`,
      )
    }
    expect(await unitsLeft(product.id)).toEqual({ units: 4, available: true })
    const others = await Promise.all(Array.from({ length: 4 }, () => createCustomer(api)))
    for (const other of others)
      expect((await subscribeTo(other.token, product.reference)).httpStatus).toBe(200)
  })

  test('the same idempotency key twice at once still answers the one subscription', async () => {
    const customer = await createCustomer(api)
    const product = await createInvestmentProduct(api, { minimum: 1_000 })
    const body = {
      type: 'land_investment',
      product_id: product.reference,
      amount_invested: 1_000,
      idempotency_key: 'double-click-1',
    }
    const [a, b] = await Promise.all(
      [0, 1].map(() => api.call('POST', 'product-subscription', { token: customer.token, body })),
    )
    expect([a.httpStatus, b.httpStatus]).toEqual([200, 200])
    expect(a.data.reference).toBe(b.data.reference)
  })
})

describe('unpaid subscriptions expire', () => {
  test('warned the day before, expired on the day with the unit back on sale, told by notification and e-mail; once only', async () => {
    const customer = await createCustomer(api)
    const product = await createLandProduct(api, { amount: 100_000, units: 1 })
    const { reference } = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
    })
    expect(await unitsLeft(product.id)).toEqual({ units: 0, available: false })
    const createdAt = (await row(reference)).createdAt
    const expiresOn = addInterval(lagosToday(createdAt), 7, 'days')
    const [yyyy, mm, dd] = expiresOn.split('-')

    const warnings = () =>
      api.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, customer.id),
            eq(notifications.title, 'Subscription expires tomorrow'),
          ),
        )
    // Five days on: nothing yet.
    await expireUnpaidSubscriptions(api.db, daysAfter(createdAt, 5))
    expect(await warnings()).toHaveLength(0)
    // The day before: a warning, once however often the job runs.
    await expireUnpaidSubscriptions(api.db, daysAfter(createdAt, 6))
    await expireUnpaidSubscriptions(api.db, daysAfter(createdAt, 6))
    const warning = await warnings()
    expect(warning).toHaveLength(1)
    expect(warning[0].body).toContain(`${reference}`)
    expect(warning[0].body).toContain(`expires on ${dd}/${mm}/${yyyy}. Pay ₦100,000.00`)
    expect(api.latestMail(customer.email)).toContain(
      `Subject: Your subscription ${reference} expires on ${dd}/${mm}/${yyyy}`,
    )
    expect((await row(reference)).status).toBe('awaiting_payment')

    // The day itself, through the daily run: expired, the unit back, the customer told.
    await runDailyJobs(api.db, daysAfter(createdAt, 7))
    expect(await row(reference)).toMatchObject({ status: 'expired', nextPaymentAmount: null })
    expect(await unitsLeft(product.id)).toEqual({ units: 1, available: true })
    expect(await titlesOf(customer.id)).toContain('Subscription expired')
    expect(api.latestMail(customer.email)).toContain(
      `Subject: Your subscription ${reference} has expired`,
    )
    const mails = api.mailCount(customer.email)
    await expireUnpaidSubscriptions(api.db, daysAfter(createdAt, 8))
    expect(
      (await titlesOf(customer.id)).filter((title) => title === 'Subscription expired'),
    ).toHaveLength(1)
    expect(await unitsLeft(product.id)).toEqual({ units: 1, available: true })
    expect(api.mailCount(customer.email)).toBe(mails)

    // The API shows it expired; it can neither be paid nor cancelled; the customer may subscribe again.
    const detail = await api.call('GET', `product-subscription/${reference}`, {
      token: customer.token,
    })
    expect(detail.data.status).toBe('expired')
    expect((await pay(api, customer, reference, 100_000)).httpStatus).toBe(409)
    const cancel = await api.call('POST', `admin/product-subscription/${reference}/cancel`, {
      token: admin,
    })
    expect(cancel.httpStatus).toBe(409)
    expect(cancel.message).toBe('This subscription has expired: it was not paid in time')
    expect((await subscribeTo(customer.token, product.reference)).httpStatus).toBe(200)
  })

  test('a subscription with a payment waiting or made does not expire', async () => {
    const customer = await createCustomer(api)
    const waiting = await subscribe(api, customer.token, {
      type: 'land',
      product_id: (await createLandProduct(api, { amount: 5_000 })).reference,
    })
    await pay(api, customer, waiting.reference, 5_000)
    const createdAt = (await row(waiting.reference)).createdAt
    await expireUnpaidSubscriptions(api.db, daysAfter(createdAt, 30))
    expect((await row(waiting.reference)).status).toBe('awaiting_payment_confirmation')
  })

  test('the expiry days are a setting staff with can_modify_setting change (1 to 90)', async () => {
    const get = (token: string) =>
      api.call('GET', 'admin/setting/unpaid_subscription_expiry_days', { token })
    expect((await get(admin)).data).toEqual({ value: 7 })
    expect((await get(modifier.token)).httpStatus).toBe(403)
    const set = (value: unknown, token = admin) =>
      api.call('POST', 'admin/setting', {
        token,
        body: { type: 'unpaid_subscription_expiry_days', value },
      })
    expect((await set(3, modifier.token)).httpStatus).toBe(403)
    expect((await set(0)).data).toEqual({ value: ['Expiry days must be at least 1'] })
    expect((await set(91)).data).toEqual({ value: ['Expiry days must be at most 90'] })
    expect((await set('')).data).toEqual({ value: ['Enter the expiry days'] })
    const saved = await set('2')
    expect(saved.message).toBe('Unpaid subscription expiry updated successfully')
    expect((await get(admin)).data).toEqual({ value: 2 })

    const customer = await createCustomer(api)
    const product = await createLandProduct(api, { amount: 5_000, units: 2 })
    const { reference } = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
    })
    const createdAt = (await row(reference)).createdAt
    await expireUnpaidSubscriptions(api.db, daysAfter(createdAt, 1))
    expect(await titlesOf(customer.id)).toContain('Subscription expires tomorrow')
    expect((await row(reference)).status).toBe('awaiting_payment')
    await expireUnpaidSubscriptions(api.db, daysAfter(createdAt, 2))
    expect((await row(reference)).status).toBe('expired')
    expect(await unitsLeft(product.id)).toEqual({ units: 2, available: true })
    await set(7)
  })
})
