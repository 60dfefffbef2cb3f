import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditLog, notifications, products, subscriptions, transactions } from '~/backend/db/schema'
import { runDailyJobs } from '~/backend/jobs'
import { expireUnconfirmedPayments, unconfirmedExpiryReason } from '~/backend/subscriptions/expiry'
import { addInterval } from '~/backend/dates/calendar'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApi, type TestApi } from '../support/api-harness'
import {
  createCustomer,
  createInvestmentProduct,
  createLandProduct,
  createPlan,
  lagosToday,
  pay,
  subscribe,
} from './subscriptions-fixtures'

/**
 * Hoarding through made-up proofs: a customer holds at most 10 units of a product without a
 * confirmed payment, and a payment staff never confirm expires with its units. Runs on PGlite and,
 * in the PostgreSQL pass (TEST_DATABASE_URL), where the parallel requests below really race.
 */

let api: TestApi
let admin: string
let verifier: Awaited<ReturnType<TestApi['createStaff']>>
let modifier: Awaited<ReturnType<TestApi['createStaff']>>

beforeAll(async () => {
  api = await createTestApi()
  admin = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token
  verifier = await api.createStaff(['can_verify_transaction'])
  modifier = await api.createStaff(['can_modify_subscription'])
})
afterAll(async () => {
  await api?.close()
})

type Customer = Awaited<ReturnType<typeof createCustomer>>

const subscribeTo = (customer: Customer, productReference: string, quantity: number) =>
  api.call('POST', 'product-subscription', {
    token: customer.token,
    body: { type: 'land', product_id: productReference, payment_mode: 'full', quantity },
  })

/** Subscribes for `quantity` plots of ₦100,000.00 and sends a proof nobody checks: the attack. */
async function holdUnconfirmed(customer: Customer, productReference: string, quantity: number) {
  const { reference } = await subscribe(api, customer.token, {
    type: 'land',
    product_id: productReference,
    payment_mode: 'full',
    quantity,
  })
  const sent = await pay(api, customer, reference, 100_000 * quantity)
  expect(sent.status, sent.message).toBe('200')
  return { reference: reference as string, transaction: sent.data.reference as string }
}

async function unitsLeft(productId: number) {
  const [row] = await api.db.select().from(products).where(eq(products.id, productId))
  return row.unitAvailable
}

async function subscriptionRow(reference: string) {
  const [row] = await api.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.reference, reference))
  return row
}

async function transactionRow(reference: string) {
  const [row] = await api.db
    .select()
    .from(transactions)
    .where(eq(transactions.reference, reference))
  return row
}

/** Units the customer holds on the product in subscriptions nothing is confirmed on. */
async function heldUnconfirmed(userId: number, productId: number) {
  const rows = await api.db
    .select({
      status: subscriptions.status,
      quantity: subscriptions.quantity,
      paid: subscriptions.totalAmountPaid,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.productId, productId)))
  return rows
    .filter(
      (row) =>
        (row.status === 'awaiting_payment' || row.status === 'awaiting_payment_confirmation') &&
        row.paid === 0,
    )
    .reduce((sum, row) => sum + row.quantity, 0)
}

const notificationsOf = (userId: number) =>
  api.db.select().from(notifications).where(eq(notifications.userId, userId))

/** 09:00 in Lagos, `days` after the day a payment was sent. */
const daysAfter = (sentAt: Date, days: number) =>
  new Date(`${addInterval(lagosToday(sentAt), days, 'days')}T09:00:00+01:00`)

const markPaid = (transaction: string) =>
  api.call('POST', 'admin/mark-transaction', {
    token: verifier.token,
    body: { reference: transaction, status: 'paid' },
  })

describe('at most 10 units of a product held without a confirmed payment', () => {
  test('two made-up proofs no longer take all 20 plots: the second purchase is refused on quantity, others still buy, and a confirmed payment frees the customer to buy again', async () => {
    const hoarder = await createCustomer(api)
    const product = await createLandProduct(api, { amount: 100_000, units: 20 })
    await holdUnconfirmed(hoarder, product.reference, 10)

    for (const quantity of [10, 1]) {
      const refused = await subscribeTo(hoarder, product.reference, quantity)
      expect(refused.httpStatus).toBe(409)
      expect(refused.data).toEqual({
        quantity: [
          'You already hold 10 plots of this product without a confirmed payment, the most one customer may hold until a payment is confirmed. Subscribe again once one is.',
        ],
      })
    }
    const byStaff = await api.call('POST', 'admin/create-subscription', {
      token: modifier.token,
      body: { customer: hoarder.reference, product: product.reference, quantity: 1 },
    })
    expect(byStaff.httpStatus).toBe(409)
    expect(byStaff.data.quantity[0]).toContain(
      'This customer already holds 10 plots of this product without a confirmed payment',
    )
    expect(await unitsLeft(product.id)).toBe(10)

    // Someone else buys the rest as usual.
    const other = await createCustomer(api)
    expect((await subscribeTo(other, product.reference, 4)).status).toBe('200')
    expect(await unitsLeft(product.id)).toBe(6)

    // Another product is another count.
    const elsewhere = await createLandProduct(api, { amount: 100_000, units: 20 })
    expect((await subscribeTo(hoarder, elsewhere.reference, 10)).status).toBe('200')
  })

  test('part of the cap left: what fits is allowed and the message says how much more', async () => {
    const customer = await createCustomer(api)
    const product = await createLandProduct(api, { amount: 100_000, units: 20 })
    const first = await holdUnconfirmed(customer, product.reference, 6)
    const tooMany = await subscribeTo(customer, product.reference, 5)
    expect(tooMany.data).toEqual({
      quantity: [
        'You already hold 6 plots of this product without a confirmed payment: at most 4 plots more until a payment is confirmed (10 in all)',
      ],
    })
    expect((await subscribeTo(customer, product.reference, 4)).status).toBe('200')
    expect(await heldUnconfirmed(customer.id, product.id)).toBe(10)

    // Once staff confirm the first payment, its 6 plots are paid for and no longer count.
    expect((await markPaid(first.transaction)).status).toBe('200')
    expect(await heldUnconfirmed(customer.id, product.id)).toBe(4)
    const [waiting] = await api.db
      .select({ reference: subscriptions.reference })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, customer.id),
          eq(subscriptions.productId, product.id),
          eq(subscriptions.status, 'awaiting_payment'),
        ),
      )
    expect((await pay(api, customer, waiting.reference, 400_000)).status).toBe('200')
    expect((await subscribeTo(customer, product.reference, 6)).status).toBe('200')
    expect(await unitsLeft(product.id)).toBe(4)
  })

  test('an investment counts one unit a subscription', async () => {
    const investor = await createCustomer(api)
    const product = await createInvestmentProduct(api, { minimum: 1_000 })
    const invest = () =>
      api.call('POST', 'product-subscription', {
        token: investor.token,
        body: { type: 'land_investment', product_id: product.reference, amount_invested: 1_000 },
      })
    for (let index = 0; index < 10; index++) {
      const made = await invest()
      expect(made.status, made.message).toBe('200')
      expect((await pay(api, investor, made.data.reference, 1_000)).status).toBe('200')
    }
    const eleventh = await invest()
    expect(eleventh.httpStatus).toBe(409)
    expect(eleventh.data.quantity[0]).toContain(
      'You already hold 10 units of this product without a confirmed payment',
    )
  })

  test('parallel purchases by one customer holding 8 plots unconfirmed: none takes it past 10', async () => {
    const hoarder = await createCustomer(api)
    const product = await createLandProduct(api, { amount: 100_000, units: 30 })
    await holdUnconfirmed(hoarder, product.reference, 8)

    const tooMany = await Promise.all(
      Array.from({ length: 6 }, () => subscribeTo(hoarder, product.reference, 3)),
    )
    expect(tooMany.filter((answer) => answer.httpStatus >= 500)).toEqual([])
    expect(tooMany.map((answer) => answer.httpStatus)).toEqual(Array(6).fill(409))
    expect(await heldUnconfirmed(hoarder.id, product.id)).toBe(8)
    expect(await unitsLeft(product.id)).toBe(22)

    // What fits: one of them wins, the rest are refused, the count ends at exactly 10.
    const fitting = await Promise.all(
      Array.from({ length: 6 }, () => subscribeTo(hoarder, product.reference, 2)),
    )
    expect(fitting.filter((answer) => answer.httpStatus >= 500)).toEqual([])
    expect(fitting.filter((answer) => answer.status === '200')).toHaveLength(1)
    expect(await heldUnconfirmed(hoarder.id, product.id)).toBe(10)
    expect(await unitsLeft(product.id)).toBe(20)
  })

  test('proofs and purchases sent at once, several rounds: the customer never holds more than 10 unconfirmed', async () => {
    const hoarder = await createCustomer(api)
    const product = await createLandProduct(api, { amount: 100_000, units: 200 })
    // Each round sends the proof of the purchase still unpaid while four more purchases of 3 race it.
    let unpaid: string | null = (
      await subscribe(api, hoarder.token, {
        type: 'land',
        product_id: product.reference,
        payment_mode: 'full',
        quantity: 3,
      })
    ).reference
    for (let round = 0; round < 10; round++) {
      const proof = unpaid ? pay(api, hoarder, unpaid, 300_000) : null
      const purchases = await Promise.all(
        Array.from({ length: 4 }, () => subscribeTo(hoarder, product.reference, 3)),
      )
      const sent = await proof
      expect([sent, ...purchases].filter((answer) => answer && answer.httpStatus >= 500)).toEqual(
        [],
      )
      expect(await heldUnconfirmed(hoarder.id, product.id)).toBeLessThanOrEqual(10)
      const made = purchases.find((answer) => answer.status === '200')
      if (made) unpaid = made.data.reference
      else if (sent?.status === '200') unpaid = null
    }
    expect(await heldUnconfirmed(hoarder.id, product.id)).toBeLessThanOrEqual(10)
    expect(200 - (await unitsLeft(product.id))!).toBe(await heldUnconfirmed(hoarder.id, product.id))
  })
})

describe('a payment left unconfirmed expires', () => {
  test('with nothing confirmed before: the payment is not confirmed, the subscription expires, its plots go back on sale, the customer is told once', async () => {
    const customer = await createCustomer(api)
    const product = await createLandProduct(api, { amount: 100_000, units: 10 })
    const held = await holdUnconfirmed(customer, product.reference, 10)
    expect(await unitsLeft(product.id)).toBe(0)
    const sentAt = (await transactionRow(held.transaction)).createdAt

    // Six days on it still waits for staff.
    await expireUnconfirmedPayments(api.db, daysAfter(sentAt, 6))
    expect((await subscriptionRow(held.reference)).status).toBe('awaiting_payment_confirmation')
    expect((await transactionRow(held.transaction)).status).toBe('awaiting_confirmation')

    // The seventh day, through the daily run.
    await runDailyJobs(api.db, daysAfter(sentAt, 7))
    expect(await transactionRow(held.transaction)).toMatchObject({
      status: 'not_confirmed',
      notConfirmedReason: unconfirmedExpiryReason(7),
      markedById: null,
    })
    expect(await subscriptionRow(held.reference)).toMatchObject({
      status: 'expired',
      nextPaymentAmount: null,
    })
    expect(await unitsLeft(product.id)).toBe(10)
    const told = (await notificationsOf(customer.id)).filter(
      (n) => n.title === 'Subscription expired',
    )
    expect(told).toHaveLength(1)
    expect(told[0].body).toContain(`your payment of ₦1,000,000.00 for ${held.reference}`)
    expect(told[0].body).toContain(
      `(${held.transaction}), was not confirmed within 7 days, so it has expired`,
    )
    expect(told[0].body).toContain(
      'the subscription has expired too and what it held is back on sale',
    )
    const mail = api.latestMail(customer.email) ?? ''
    expect(mail).toContain(
      `Subject: Your payment ${held.transaction} for ${held.reference} has expired`,
    )
    expect(mail).toContain("contact us with your bank's confirmation")

    // Once only, however often the job runs; staff can no longer confirm it; the customer sees why.
    const mails = api.mailCount(customer.email)
    await runDailyJobs(api.db, daysAfter(sentAt, 8))
    expect(api.mailCount(customer.email)).toBe(mails)
    expect(await unitsLeft(product.id)).toBe(10)
    expect((await markPaid(held.transaction)).httpStatus).toBe(409)
    const listed = await api.call('GET', `product-subscription/${held.reference}/transaction`, {
      token: customer.token,
    })
    expect(listed.data.items[0]).toMatchObject({
      status: 'not_confirmed',
      not_confirmed_reason: unconfirmedExpiryReason(7),
    })
    const entries = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordReference, held.reference))
    expect(entries.map((entry) => [entry.action, entry.actorName])).toContainEqual([
      'subscription.expired',
      'system',
    ])

    // The plots are for sale again, to anyone, this customer too.
    expect((await subscribeTo(customer, product.reference, 10)).status).toBe('200')
  })

  test('with an earlier payment confirmed: only the payment expires and the purchase goes back to ongoing, its plots kept', async () => {
    const customer = await createCustomer(api)
    const product = await createLandProduct(api, {
      amount: 1_200_000,
      initialDeposit: 200_000,
      units: 5,
    })
    const plan = await createPlan(api, product.id, { amount: 1_200_000, duration: 6 })
    const { reference } = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'installment',
      payment_id: plan.uuid,
    })
    const deposit = await pay(api, customer, reference, 200_000)
    expect((await markPaid(deposit.data.reference)).status).toBe('200')
    expect((await subscriptionRow(reference)).status).toBe('ongoing')
    const instalment = await pay(api, customer, reference, 200_000)
    expect(instalment.status, instalment.message).toBe('200')
    const sentAt = (await transactionRow(instalment.data.reference)).createdAt

    await runDailyJobs(api.db, daysAfter(sentAt, 7))
    expect((await transactionRow(instalment.data.reference)).status).toBe('not_confirmed')
    expect(await subscriptionRow(reference)).toMatchObject({
      status: 'ongoing',
      totalAmountPaid: 20_000_000,
    })
    expect(await unitsLeft(product.id)).toBe(4)
    const told = (await notificationsOf(customer.id)).filter((n) => n.title === 'Payment expired')
    expect(told).toHaveLength(1)
    expect(told[0].body).toContain('Your subscription is as it was before this payment.')
    expect(api.latestMail(customer.email)).toContain('send the proof again at')
    // The customer may send it again.
    expect((await pay(api, customer, reference, 200_000)).status).toBe('200')
  })

  test('staff confirming while the job expires the payment: one of the two wins, never both', async () => {
    for (let round = 0; round < 3; round++) {
      const customer = await createCustomer(api)
      const product = await createLandProduct(api, { amount: 100_000, units: 3 })
      const held = await holdUnconfirmed(customer, product.reference, 1)
      const sentAt = (await transactionRow(held.transaction)).createdAt
      const [marked] = await Promise.all([
        markPaid(held.transaction),
        expireUnconfirmedPayments(api.db, daysAfter(sentAt, 7)),
      ])
      const payment = await transactionRow(held.transaction)
      const subscription = await subscriptionRow(held.reference)
      if (marked.status === '200') {
        expect([payment.status, subscription.status, await unitsLeft(product.id)]).toEqual([
          'paid',
          'completed',
          2,
        ])
      } else {
        expect(marked.httpStatus).toBe(409)
        expect([payment.status, subscription.status, await unitsLeft(product.id)]).toEqual([
          'not_confirmed',
          'expired',
          3,
        ])
      }
    }
  })

  test('the confirmation days are a setting staff with can_modify_setting change (1 to 90)', async () => {
    const get = (token: string) =>
      api.call('GET', 'admin/setting/unconfirmed_payment_expiry_days', { token })
    expect((await get(admin)).data).toEqual({ value: 7 })
    expect((await get(modifier.token)).httpStatus).toBe(403)
    const set = (value: unknown, token = admin) =>
      api.call('POST', 'admin/setting', {
        token,
        body: { type: 'unconfirmed_payment_expiry_days', value },
      })
    expect((await set(3, modifier.token)).httpStatus).toBe(403)
    expect((await set(0)).data).toEqual({ value: ['Confirmation days must be at least 1'] })
    expect((await set(91)).data).toEqual({ value: ['Confirmation days must be at most 90'] })
    expect((await set('')).data).toEqual({ value: ['Enter the confirmation days'] })
    const saved = await set('2')
    expect(saved.message).toBe('Unconfirmed payment expiry updated successfully')
    expect((await get(admin)).data).toEqual({ value: 2 })
    try {
      const customer = await createCustomer(api)
      const product = await createLandProduct(api, { amount: 100_000, units: 2 })
      const held = await holdUnconfirmed(customer, product.reference, 2)
      const sentAt = (await transactionRow(held.transaction)).createdAt
      await expireUnconfirmedPayments(api.db, daysAfter(sentAt, 1))
      expect((await subscriptionRow(held.reference)).status).toBe('awaiting_payment_confirmation')
      await expireUnconfirmedPayments(api.db, daysAfter(sentAt, 2))
      expect((await subscriptionRow(held.reference)).status).toBe('expired')
      expect((await transactionRow(held.transaction)).notConfirmedReason).toBe(
        unconfirmedExpiryReason(2),
      )
      expect(await unitsLeft(product.id)).toBe(2)
    } finally {
      await set(7)
    }
  })
})
