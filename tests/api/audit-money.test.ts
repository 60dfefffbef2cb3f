import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  auditLog,
  commissions,
  paymentPlans,
  payouts,
  products,
  subscriptions,
  transactions,
} from '~/backend/db/schema'
import { runDailyJobs } from '~/backend/jobs'
import { addInterval } from '~/backend/dates/calendar'
import { addDays } from '~/contract/title-rules'
import { formatDate } from '~/contract/format'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApi, type TestApi } from '../support/api-harness'
import {
  createCustomer,
  createInvestmentProduct,
  createLandProduct,
  createPlan,
  lagosToday,
  pay,
  subscribe,
  uploadProof,
  userIdOf,
  yesterdayMorning,
} from './subscriptions-fixtures'

/**
 * The audit trail of money and land: each change to products, plans, subscriptions, payments,
 * titles, payouts and commissions leaves exactly one entry, written in the change's transaction.
 */

type Staff = Awaited<ReturnType<TestApi['createStaff']>>
type Customer = Awaited<ReturnType<typeof createCustomer>>

let api: TestApi
let superAdmin: { token: string; user: { reference: string } }
let productStaff: Staff
let verifier: Staff
let otherVerifier: Staff
let recorder: Staff
let modifier: Staff

beforeAll(async () => {
  api = await createTestApi()
  superAdmin = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)
  productStaff = await api.createStaff(['can_modify_product'])
  verifier = await api.createStaff(['can_verify_transaction'])
  otherVerifier = await api.createStaff(['can_verify_transaction'])
  recorder = await api.createStaff(['can_record_transaction', 'can_verify_transaction'])
  modifier = await api.createStaff(['can_modify_subscription'])
})
afterAll(async () => {
  await api?.close()
})

type Row = typeof auditLog.$inferSelect

/** Entries whose record is this reference, oldest first, of one action when given. */
async function entriesOf(reference: string, action?: string): Promise<Row[]> {
  return api.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.recordReference, reference),
        action ? eq(auditLog.action, action) : undefined,
      ),
    )
    .orderBy(asc(auditLog.id))
}

/** The one entry of an action on a record: fails when there is none or more than one. */
async function onlyEntry(reference: string, action: string) {
  const rows = await entriesOf(reference, action)
  expect(rows, `${action} entries of ${reference}`).toHaveLength(1)
  return rows[0]
}

const entryCount = async () =>
  (await api.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0].n

const ok = (answer: { status: string; message: string; data: unknown }) =>
  expect(answer.status, `${answer.message} ${JSON.stringify(answer.data)}`).toBe('200')

const markTx = (
  token: string,
  reference: string,
  status: 'paid' | 'not_confirmed',
  reason?: string,
) =>
  api.call('POST', 'admin/mark-transaction', {
    token,
    body: { reference, status, ...(reason === undefined ? {} : { reason }) },
  })

const landBody = {
  type: 'land',
  name: 'Audit Acres',
  description: 'Serviced plots with a gatehouse',
  location: 'Epe, Lagos',
  amount: 5_000_000,
  land_type: 'plot',
  size: 600,
  size_in_measurement: 'sqm',
}

describe('products and payment plans', () => {
  test('creating and changing a product: one entry each, by the staff member, with the price in naira before and after', async () => {
    const created = await api.call('POST', 'admin/product', {
      token: productStaff.token,
      body: landBody,
    })
    ok(created)
    const reference = created.data.reference as string
    const added = await onlyEntry(reference, 'product.created')
    expect(added).toMatchObject({
      actorReference: productStaff.user.reference,
      recordType: 'product',
      summary: `Added product Audit Acres (${reference}): ₦5,000,000.00`,
    })
    expect(added.actorName).toMatch(/^Sam Staff\d+$/)
    expect(added.changes).toMatchObject({
      amount: { before: null, after: 5_000_000 },
      name: { before: null, after: 'Audit Acres' },
      type: { before: null, after: 'land' },
    })

    const changed = await api.call('POST', `admin/product/${reference}`, {
      token: productStaff.token,
      body: { ...landBody, amount: 6_250_000.5 },
    })
    ok(changed)
    const updated = await onlyEntry(reference, 'product.updated')
    expect(updated).toMatchObject({
      actorReference: productStaff.user.reference,
      recordType: 'product',
      summary: `Changed product Audit Acres (${reference}): amount`,
    })
    expect(updated.changes).toEqual({ amount: { before: 5_000_000, after: 6_250_000.5 } })

    // Saved again unchanged: nothing to record, as for people and settings.
    ok(
      await api.call('POST', `admin/product/${reference}`, {
        token: productStaff.token,
        body: { ...landBody, amount: 6_250_000.5 },
      }),
    )
    expect(await entriesOf(reference, 'product.updated')).toHaveLength(1)

    // Refused (the type of a product cannot change): nothing is recorded.
    const before = await entryCount()
    const refused = await api.call('POST', `admin/product/${reference}`, {
      token: productStaff.token,
      body: { ...landBody, type: 'land_investment' },
    })
    expect(refused.httpStatus).toBe(422)
    expect(await entryCount()).toBe(before)
  })

  test('a payment plan added, changed and deleted: record type plan, its uuid, the product related', async () => {
    const product = await api.call('POST', 'admin/product', {
      token: superAdmin.token,
      body: landBody,
    })
    ok(product)
    const reference = product.data.reference as string
    const path = `admin/product/${reference}/payment-plan`
    const created = await api.call('POST', path, {
      token: superAdmin.token,
      body: { amount: 6_000_000, duration: 6, duration_type: 'months' },
    })
    ok(created)
    const uuid = created.data.uuid as string
    const added = await onlyEntry(uuid, 'plan.created')
    expect(added).toMatchObject({
      actorReference: superAdmin.user.reference,
      recordType: 'plan',
      related: [reference],
      summary: `Added payment plan ₦6,000,000.00 over 6 months to product ${reference}`,
    })
    expect(added.changes).toMatchObject({
      amount: { before: null, after: 6_000_000 },
      duration: { before: null, after: 6 },
      grace_days: { before: null, after: 7 },
    })

    ok(
      await api.call('POST', `${path}/${uuid}`, {
        token: superAdmin.token,
        body: { amount: 6_500_000, duration: 6, duration_type: 'months', late_fee_percent: 2 },
      }),
    )
    const changed = await onlyEntry(uuid, 'plan.updated')
    expect(changed).toMatchObject({
      recordType: 'plan',
      related: [reference],
      actorReference: superAdmin.user.reference,
    })
    expect(changed.summary).toBe(
      `Changed payment plan ₦6,500,000.00 over 6 months of product ${reference}: amount, late fee percent`,
    )
    expect(changed.changes).toEqual({
      amount: { before: 6_000_000, after: 6_500_000 },
      late_fee_percent: { before: 0, after: 2 },
    })
    ok(
      await api.call('POST', `${path}/${uuid}`, {
        token: superAdmin.token,
        body: { amount: 6_500_000, duration: 6, duration_type: 'months', late_fee_percent: 2 },
      }),
    )
    expect(await entriesOf(uuid, 'plan.updated')).toHaveLength(1)

    // A plan below the product's price is refused: no entry.
    const before = await entryCount()
    expect(
      (
        await api.call('POST', path, {
          token: superAdmin.token,
          body: { amount: 100, duration: 6, duration_type: 'months' },
        })
      ).httpStatus,
    ).toBe(409)
    expect(
      (
        await api.call('POST', `${path}/${uuid}`, {
          token: superAdmin.token,
          body: { amount: 100, duration: 6, duration_type: 'months' },
        })
      ).httpStatus,
    ).toBe(409)
    expect(await entryCount()).toBe(before)

    ok(await api.call('POST', `${path}/${uuid}/delete`, { token: superAdmin.token }))
    const deleted = await onlyEntry(uuid, 'plan.deleted')
    expect(deleted).toMatchObject({
      recordType: 'plan',
      related: [reference],
      summary: `Deleted payment plan ₦6,500,000.00 over 6 months of product ${reference}`,
    })
    // Deleting it again is a 404 and records nothing.
    expect(
      (await api.call('POST', `${path}/${uuid}/delete`, { token: superAdmin.token })).httpStatus,
    ).toBe(404)
    expect(await entriesOf(uuid)).toHaveLength(3)
  })
})

describe('subscriptions', () => {
  test('a customer subscribing and staff adding one: subscription.created by whoever did it, with the customer and product related', async () => {
    const customer = await createCustomer(api, { firstName: 'Amaka' })
    const product = await createLandProduct(api, { amount: 2_000_000 })
    const own = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    const mine = await onlyEntry(own.reference, 'subscription.created')
    expect(mine).toMatchObject({
      actorReference: customer.reference,
      recordType: 'subscription',
      related: [customer.reference, product.reference],
    })
    expect(mine.summary).toBe(
      `Added subscription ${own.reference} to Lekki, Lagos (${product.reference}) for Amaka ${customer.lastName} (${customer.reference}): ₦2,000,000.00`,
    )
    expect(mine.changes).toMatchObject({
      status: { before: null, after: 'awaiting_payment' },
      total_amount: { before: null, after: 2_000_000 },
      payment_mode: { before: null, after: 'full' },
    })

    // The same idempotency key twice: one subscription, one entry.
    const keyed = await createLandProduct(api, { amount: 1_000_000 })
    const body = {
      type: 'land',
      product_id: keyed.reference,
      payment_mode: 'full',
      idempotency_key: 'audit-key-1',
    }
    const first = await subscribe(api, customer.token, body)
    const again = await subscribe(api, customer.token, body)
    expect(again.reference).toBe(first.reference)
    await onlyEntry(first.reference, 'subscription.created')

    const other = await createLandProduct(api, { amount: 3_000_000 })
    const byStaff = await api.call('POST', 'admin/create-subscription', {
      token: modifier.token,
      body: { customer: customer.reference, product: other.reference },
    })
    ok(byStaff)
    const staffEntry = await onlyEntry(byStaff.data.reference, 'subscription.created')
    expect(staffEntry).toMatchObject({
      actorReference: modifier.user.reference,
      related: [customer.reference, other.reference],
    })
    expect(staffEntry.summary).toContain('₦3,000,000.00')

    // A second unpaid subscription to the same product is refused: nothing recorded.
    const before = await entryCount()
    expect(
      (
        await api.call('POST', 'admin/create-subscription', {
          token: modifier.token,
          body: { customer: customer.reference, product: other.reference },
        })
      ).httpStatus,
    ).toBe(409)
    expect(await entryCount()).toBe(before)

    const cancelled = await api.call(
      'POST',
      `admin/product-subscription/${byStaff.data.reference}/cancel`,
      { token: modifier.token },
    )
    ok(cancelled)
    const cancel = await onlyEntry(byStaff.data.reference, 'subscription.cancelled')
    expect(cancel).toMatchObject({
      actorReference: modifier.user.reference,
      related: [customer.reference, other.reference],
      summary: `Cancelled subscription ${byStaff.data.reference} of Amaka ${customer.lastName} (${customer.reference}) to ${other.reference}`,
      changes: { status: { before: 'awaiting_payment', after: 'cancelled' } },
    })
    // Cancelling it again is refused and records nothing.
    expect(
      (
        await api.call('POST', `admin/product-subscription/${byStaff.data.reference}/cancel`, {
          token: modifier.token,
        })
      ).httpStatus,
    ).toBe(409)
    expect(await entriesOf(byStaff.data.reference, 'subscription.cancelled')).toHaveLength(1)

    // Each record's history (GET admin/audit?record=) finds what concerns it.
    const history = await api.call('GET', `admin/audit?record=${customer.reference}`, {
      token: superAdmin.token,
    })
    expect(history.httpStatus).toBe(200)
    const actions = history.data.items.map(
      (item: { action: string; record: { reference: string } }) =>
        `${item.action} ${item.record.reference}`,
    )
    expect(actions).toEqual(
      expect.arrayContaining([
        `subscription.created ${own.reference}`,
        `subscription.created ${byStaff.data.reference}`,
        `subscription.cancelled ${byStaff.data.reference}`,
      ]),
    )
  })
})

describe('payments', () => {
  async function awaiting(amount = 1_500_000, customer?: Customer) {
    const buyer = customer ?? (await createCustomer(api))
    const product = await createLandProduct(api, { amount })
    const sub = await subscribe(api, buyer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    return { buyer, product, reference: sub.reference as string }
  }

  test('proof sent by the customer, confirmed by staff: transaction.submitted then transaction.confirmed with the amount', async () => {
    const { buyer, product, reference } = await awaiting(1_500_000)
    const payment = await pay(api, buyer, reference, 1_500_000)
    ok(payment)
    const trx = payment.data.reference as string
    const sent = await onlyEntry(trx, 'transaction.submitted')
    expect(sent).toMatchObject({
      actorReference: buyer.reference,
      recordType: 'transaction',
      related: [reference, buyer.reference, product.reference],
      summary: `Sent proof of payment ${trx} of ₦1,500,000.00 for ${reference}`,
    })
    expect(sent.changes).toMatchObject({
      status: { before: null, after: 'awaiting_confirmation' },
      amount: { before: null, after: 1_500_000 },
    })

    ok(await markTx(verifier.token, trx, 'paid'))
    const confirmed = await onlyEntry(trx, 'transaction.confirmed')
    expect(confirmed).toMatchObject({
      actorReference: verifier.user.reference,
      related: [reference, buyer.reference, product.reference],
      summary: `Marked ${trx} of ${reference} as paid: ₦1,500,000.00`,
      changes: {
        status: { before: 'awaiting_confirmation', after: 'paid' },
        subscription_status: { before: 'awaiting_payment_confirmation', after: 'completed' },
        total_amount_paid: { before: 0, after: 1_500_000 },
      },
    })
    // Marking it again is refused: still one entry, and no transaction.rejected.
    expect((await markTx(otherVerifier.token, trx, 'not_confirmed', 'Duplicate')).httpStatus).toBe(
      409,
    )
    expect(await entriesOf(trx)).toHaveLength(2)
  })

  test('a payment recorded by staff for a customer, rejected by another with the reason', async () => {
    const { buyer, product, reference } = await awaiting(800_000)
    const proof = await uploadProof(api, await userIdOf(api, recorder.email))
    const recorded = await api.call('POST', `product-subscription/${reference}/transaction`, {
      token: recorder.token,
      body: { amount: 800_000, proof_of_payment: proof.url, paid_at: yesterdayMorning() },
    })
    ok(recorded)
    const trx = recorded.data.reference as string
    const entry = await onlyEntry(trx, 'transaction.recorded')
    expect(entry).toMatchObject({
      actorReference: recorder.user.reference,
      related: [reference, buyer.reference, product.reference],
      summary: `Recorded payment ${trx} of ₦800,000.00 for ${buyer.firstName} ${buyer.lastName} (${buyer.reference}) on ${reference}`,
    })
    expect(await entriesOf(trx, 'transaction.submitted')).toHaveLength(0)

    // Four eyes: the one who recorded it may not mark it; a rejection without a reason is refused. Neither is recorded.
    const before = await entryCount()
    const own = await markTx(recorder.token, trx, 'paid')
    expect(own.httpStatus).toBe(403)
    expect((await markTx(verifier.token, trx, 'not_confirmed', '  ')).httpStatus).toBe(422)
    expect(await entryCount()).toBe(before)

    ok(await markTx(verifier.token, trx, 'not_confirmed', 'No such transfer on the statement'))
    const rejected = await onlyEntry(trx, 'transaction.rejected')
    expect(rejected).toMatchObject({
      actorReference: verifier.user.reference,
      summary: `Marked ${trx} of ${reference} as not confirmed: ₦800,000.00. Reason: No such transfer on the statement`,
      changes: {
        status: { before: 'awaiting_confirmation', after: 'not_confirmed' },
        not_confirmed_reason: { before: null, after: 'No such transfer on the statement' },
        subscription_status: { before: 'awaiting_payment_confirmation', after: 'awaiting_payment' },
      },
    })
    expect(await entriesOf(trx, 'transaction.confirmed')).toHaveLength(0)
  })

  test('a staff member cannot confirm a payment on their own subscription, and it leaves no entry', async () => {
    const ownerStaff = await api.createStaff(['can_verify_transaction'])
    const product = await createLandProduct(api, { amount: 400_000 })
    const sub = await subscribe(api, ownerStaff.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    const payment = await pay(
      api,
      { id: await userIdOf(api, ownerStaff.email), token: ownerStaff.token },
      sub.reference,
      400_000,
    )
    ok(payment)
    const before = await entryCount()
    expect((await markTx(ownerStaff.token, payment.data.reference, 'paid')).httpStatus).toBe(403)
    expect(await entryCount()).toBe(before)
  })

  test('two marks of the same transaction at once: one wins, exactly one transaction.confirmed entry', async () => {
    const { buyer, reference } = await awaiting(900_000)
    const payment = await pay(api, buyer, reference, 900_000)
    ok(payment)
    const trx = payment.data.reference as string
    const answers = await Promise.all([
      markTx(verifier.token, trx, 'paid'),
      markTx(otherVerifier.token, trx, 'paid'),
    ])
    expect(answers.map((answer) => answer.httpStatus).sort()).toEqual([200, 409])
    await onlyEntry(trx, 'transaction.confirmed')
    expect(await entriesOf(trx, 'transaction.rejected')).toHaveLength(0)
  })
})

describe('commissions', () => {
  test('earned on a confirmed payment by whoever confirmed it; paid one entry per entry; voided with the reason', async () => {
    const payer = await api.createStaff(['can_pay_commissions'])
    const upper = await api.registerUser('realtor')
    const realtor = await api.registerUser('realtor', { referral: upper.user.reference })
    const registered = await api.registerUser('customer', { referral: realtor.user.reference })
    const buyer = { id: await userIdOf(api, registered.email), token: registered.token }
    const product = await createLandProduct(api, { amount: 1_000_000 })
    const sub = await subscribe(api, buyer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    const payment = await pay(api, buyer, sub.reference, 1_000_000)
    ok(payment)
    const trx = payment.data.reference as string
    ok(await markTx(verifier.token, trx, 'paid'))

    const rows = await api.db
      .select()
      .from(commissions)
      .innerJoin(transactions, eq(transactions.id, commissions.transactionId))
      .where(eq(transactions.reference, trx))
      .orderBy(asc(commissions.level))
    expect(rows).toHaveLength(2)
    const [level1, level2] = rows.map((row) => row.commissions)
    const earned = await onlyEntry(level1.uuid, 'commission.earned')
    expect(earned).toMatchObject({
      actorReference: verifier.user.reference,
      recordType: 'commission',
      related: [
        realtor.user.reference,
        registered.user.reference,
        sub.reference,
        product.reference,
        trx,
      ],
    })
    // 5 % of ₦1,000,000 = ₦50,000, less 5 % withheld: ₦47,500.
    expect(earned.summary).toBe(
      `${realtor.user.first_name} ${realtor.user.last_name} (${realtor.user.reference}) earned a level 1 commission of ₦47,500.00 net on ${trx} of ${sub.reference}`,
    )
    expect(earned.changes).toMatchObject({
      gross: { before: null, after: 50_000 },
      net: { before: null, after: 47_500 },
      status: { before: null, after: 'earned' },
    })
    await onlyEntry(level2.uuid, 'commission.earned')
    // Confirmed and earned in the same transaction: the confirmation is recorded once, as are the entries.
    await onlyEntry(trx, 'transaction.confirmed')

    const paid = await api.call('POST', 'admin/commission/mark-paid', {
      token: payer.token,
      body: {
        ids: [level1.uuid, level2.uuid],
        paid_at: lagosToday(),
        bank_reference: 'NIP/AUDIT/1',
      },
    })
    ok(paid)
    for (const entry of [level1, level2]) {
      const paidEntry = await onlyEntry(entry.uuid, 'commission.paid')
      expect(paidEntry).toMatchObject({
        actorReference: payer.user.reference,
        changes: {
          status: { before: 'earned', after: 'paid' },
          bank_reference: { before: null, after: 'NIP/AUDIT/1' },
          paid_at: { before: null, after: lagosToday() },
        },
      })
      expect(paidEntry.summary).toContain('bank reference NIP/AUDIT/1')
    }
    // Paying them again is refused: still one commission.paid each.
    const before = await entryCount()
    expect(
      (
        await api.call('POST', 'admin/commission/mark-paid', {
          token: payer.token,
          body: { ids: [level1.uuid], paid_at: lagosToday(), bank_reference: 'X' },
        })
      ).httpStatus,
    ).toBe(409)
    expect(await entryCount()).toBe(before)

    // Voiding: cancelling a subscription voids its entries not yet paid (written here as another rule would leave them).
    const customer = await createCustomer(api)
    const small = await createLandProduct(api, { amount: 100_000 })
    const cancelling = await subscribe(api, customer.token, {
      type: 'land',
      product_id: small.reference,
      payment_mode: 'full',
    })
    const sent = await pay(api, customer, cancelling.reference, 100_000)
    const [link] = await api.db
      .select({ subscriptionId: subscriptions.id, transactionId: transactions.id })
      .from(transactions)
      .innerJoin(subscriptions, eq(subscriptions.id, transactions.subscriptionId))
      .where(eq(transactions.reference, sent.data.reference))
    const [toVoid] = await api.db
      .insert(commissions)
      .values({
        realtorId: await userIdOf(api, realtor.email),
        customerId: customer.id,
        subscriptionId: link.subscriptionId,
        transactionId: link.transactionId,
        level: 1,
        rate: 5,
        withholdingTaxRate: 5,
        gross: 500_000,
        withholdingTax: 25_000,
        net: 475_000,
      })
      .returning()
    ok(
      await api.call('POST', `admin/product-subscription/${cancelling.reference}/cancel`, {
        token: modifier.token,
      }),
    )
    const voided = await onlyEntry(toVoid.uuid, 'commission.voided')
    expect(voided).toMatchObject({
      actorReference: modifier.user.reference,
      related: [
        realtor.user.reference,
        customer.reference,
        cancelling.reference,
        small.reference,
        sent.data.reference,
      ],
      changes: {
        status: { before: 'earned', after: 'void' },
        void_reason: { before: null, after: 'Subscription cancelled' },
      },
    })
    expect(voided.summary).toBe(
      `Voided the level 1 commission of ₦4,750.00 of ${realtor.user.first_name} ${realtor.user.last_name} (${realtor.user.reference}) on ${cancelling.reference}: Subscription cancelled`,
    )
    await onlyEntry(cancelling.reference, 'subscription.cancelled')
  })
})

describe('titles', () => {
  test('a step recorded, then corrected: title.step_recorded each time, the step and date said, the correction before and after', async () => {
    const titles = await api.createStaff(['can_manage_titles'])
    const buyer = await createCustomer(api)
    const product = await createLandProduct(api, { amount: 2_000_000 })
    const sub = await subscribe(api, buyer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    const payment = await pay(api, buyer, sub.reference, 2_000_000)
    ok(await markTx(verifier.token, payment.data.reference, 'paid'))
    const reference = sub.reference as string
    // Completed a few days ago, so a correction can move the step's date earlier.
    await api.db
      .update(subscriptions)
      .set({ completedAt: new Date(Date.now() - 5 * 86_400_000) })
      .where(eq(subscriptions.reference, reference))
    const record = (body: Record<string, unknown>) =>
      api.call('POST', `admin/product-subscription/${reference}/title`, {
        token: titles.token,
        body,
      })
    const today = lagosToday()

    // Out of order (a later step first) is refused: nothing recorded.
    const before = await entryCount()
    expect((await record({ step: 'deed', date: today })).httpStatus).toBe(409)
    expect(await entryCount()).toBe(before)

    ok(await record({ step: 'allocation_letter', date: today, note: 'Collected at the office' }))
    const first = await onlyEntry(reference, 'title.step_recorded')
    expect(first).toMatchObject({
      actorReference: titles.user.reference,
      recordType: 'title',
      related: [buyer.reference, product.reference],
      summary: `Recorded title step Allocation letter issued of ${reference}: done on ${formatDate(`${today}T12:00:00Z`, 'UTC')}`,
    })
    expect(first.changes).toMatchObject({
      step: { before: null, after: 'allocation_letter' },
      date: { before: null, after: today },
      note: { before: null, after: 'Collected at the office' },
    })

    const earlier = addDays(today, -1)
    ok(await record({ step: 'allocation_letter', date: earlier, note: 'Collected at the office' }))
    const both = await entriesOf(reference, 'title.step_recorded')
    expect(both).toHaveLength(2)
    expect(both[1].summary).toBe(
      `Corrected title step Allocation letter issued of ${reference}: done on ${formatDate(`${earlier}T12:00:00Z`, 'UTC')}`,
    )
    expect(both[1].changes).toEqual({ date: { before: today, after: earlier } })
  })
})

describe('payouts', () => {
  test('two payouts recorded at once: one payout.paid each, with the amount and bank reference', async () => {
    const payoutStaff = await api.createStaff(['can_record_payout'])
    const investor = await createCustomer(api, { firstName: 'Ngozi' })
    const product = await createInvestmentProduct(api, {
      minimum: 1_000,
      returnPercent: 10,
      interval: 'months',
      frequencyPeriod: 1,
      duration: 2,
    })
    const sub = await subscribe(api, investor.token, {
      type: 'land_investment',
      product_id: product.reference,
      amount_invested: 100_000,
    })
    const payment = await pay(api, investor, sub.reference, 100_000)
    ok(await markTx(verifier.token, payment.data.reference, 'paid'))
    const ledger = await api.db
      .select()
      .from(payouts)
      .innerJoin(subscriptions, eq(subscriptions.id, payouts.subscriptionId))
      .where(eq(subscriptions.reference, sub.reference))
      .orderBy(asc(payouts.sequence))
    const [first, last] = ledger.map((row) => row.payouts)

    // A payout on one's own investment is refused (four eyes): no entry.
    const before = await entryCount()
    // The investment was made today: a payout is not paid before it.
    const paidAt = lagosToday()
    const markPaid = (token: string) =>
      api.call('POST', 'admin/payout/mark-paid', {
        token,
        body: {
          ids: [first.uuid, last.uuid],
          paid_at: paidAt,
          bank_reference: 'GTB-42',
          confirm_early: true,
        },
      })
    expect((await markPaid(investor.token)).httpStatus).toBe(403)
    expect(await entryCount()).toBe(before)

    ok(await markPaid(payoutStaff.token))
    for (const [payout, amount] of [
      [first, '₦10,000.00'],
      [last, '₦110,000.00'],
    ] as const) {
      const entry = await onlyEntry(payout.uuid, 'payout.paid')
      expect(entry).toMatchObject({
        actorReference: payoutStaff.user.reference,
        recordType: 'payout',
        related: [sub.reference, investor.reference, product.reference],
        summary:
          `Recorded payout ${payout.sequence} of ${sub.reference} to Ngozi ${investor.lastName} (${investor.reference}) as paid: ` +
          `${amount} on ${formatDate(paidAt)}, early (due ${formatDate(payout.dueDate)}), bank reference GTB-42`,
        changes: {
          status: { before: 'scheduled', after: 'paid' },
          paid_at: { before: null, after: paidAt },
          bank_reference: { before: null, after: 'GTB-42' },
        },
      })
    }
    // Recording them again is refused: still one entry each.
    expect((await markPaid(payoutStaff.token)).httpStatus).toBe(409)
    expect(await entriesOf(first.uuid)).toHaveLength(1)
  })
})

// Last: the jobs run at future dates and would touch what the tests above leave behind.
describe('the daily jobs write their entries as "system"', () => {
  const at = (day: string) => new Date(`${day}T09:00:00+01:00`)

  test('an unpaid subscription expired by the job: subscription.expired by system', async () => {
    const customer = await createCustomer(api)
    const product = await createLandProduct(api, { amount: 500_000, units: 3 })
    const sub = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    const day = addInterval(lagosToday(), 8, 'days')
    await runDailyJobs(api.db, at(day))
    await runDailyJobs(api.db, at(day))
    const entry = await onlyEntry(sub.reference, 'subscription.expired')
    expect(entry).toMatchObject({
      actorId: null,
      actorReference: null,
      actorName: 'system',
      clientIp: null,
      related: [customer.reference, product.reference],
      changes: { status: { before: 'awaiting_payment', after: 'expired' } },
    })
    expect(entry.summary).toBe(
      `Cancelled unpaid subscription ${sub.reference} of ${customer.firstName} ${customer.lastName} (${customer.reference}): not paid within 7 days`,
    )
    const listed = await api.call('GET', `admin/audit?actor=system&record=${sub.reference}`, {
      token: superAdmin.token,
    })
    expect(
      listed.data.items.map((item: { action: string; actor: unknown }) => [
        item.action,
        item.actor,
      ]),
    ).toEqual([['subscription.expired', { reference: null, name: 'system' }]])
  })

  async function lateInstalments(rules: {
    lateFeePercent: number
    defaultAction: 'reprice' | 'cancel'
  }) {
    const customer = await createCustomer(api)
    const product = await createLandProduct(api, {
      amount: 1_000_000,
      initialDeposit: 400_000,
      units: 5,
    })
    const plan = await createPlan(api, product.id, {
      amount: 1_000_000,
      duration: 3,
      durationType: 'months',
    })
    await api.db
      .update(paymentPlans)
      .set({
        graceDays: 7,
        lateFeePercent: rules.lateFeePercent,
        defaultAfterDays: 30,
        defaultAction: rules.defaultAction,
      })
      .where(eq(paymentPlans.id, plan.id))
    const sub = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'installment',
      payment_id: plan.uuid,
    })
    const deposit = await pay(api, customer, sub.reference, 400_000)
    ok(await markTx(verifier.token, deposit.data.reference, 'paid'))
    const [row] = await api.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.reference, sub.reference))
    return {
      customer,
      product,
      reference: sub.reference as string,
      due: row.nextPaymentDate!,
      totalKobo: row.totalAmount,
    }
  }

  test('a late fee and the reprice of a default: subscription.late_fee and subscription.repriced by system, once however often the job runs', async () => {
    const { customer, product, reference, due, totalKobo } = await lateInstalments({
      lateFeePercent: 2,
      defaultAction: 'reprice',
    })
    // The product costs more now: the unpaid balance is repriced at the new price.
    await api.db.update(products).set({ amount: 1_200_000_00 }).where(eq(products.id, product.id))
    const feeDay = addInterval(due, 8, 'days')
    await Promise.all([runDailyJobs(api.db, at(feeDay)), runDailyJobs(api.db, at(feeDay))])
    const fee = await onlyEntry(reference, 'subscription.late_fee')
    expect(fee).toMatchObject({
      actorName: 'system',
      actorReference: null,
      related: [customer.reference, product.reference],
    })
    // 2 % of the ₦300,000 instalment (₦600,000 after the deposit, over two).
    expect(fee.summary).toMatch(
      new RegExp(`^Charged a late fee of ₦6,000.00 on ${reference}: Late fee: 2% of instalment 1`),
    )
    expect(fee.changes).toMatchObject({
      total_amount: { before: totalKobo / 100, after: totalKobo / 100 + 6_000 },
    })

    const defaultDay = addInterval(due, 31, 'days')
    await runDailyJobs(api.db, at(defaultDay))
    await runDailyJobs(api.db, at(defaultDay))
    const repriced = await onlyEntry(reference, 'subscription.repriced')
    expect(repriced).toMatchObject({
      actorName: 'system',
      actorId: null,
      related: [customer.reference, product.reference],
    })
    expect(repriced.summary).toMatch(
      new RegExp(`^Repriced ${reference} for default: Instalment 1 due on`),
    )
    expect(repriced.changes).toMatchObject({ unit_price: { before: 1_000_000, after: 1_200_000 } })
    expect(await entriesOf(reference, 'subscription.defaulted')).toHaveLength(0)
  })

  test('a default that cancels: subscription.defaulted by system with the status before and after', async () => {
    const { customer, product, reference, due } = await lateInstalments({
      lateFeePercent: 0,
      defaultAction: 'cancel',
    })
    await runDailyJobs(api.db, at(addInterval(due, 31, 'days')))
    const entry = await onlyEntry(reference, 'subscription.defaulted')
    expect(entry).toMatchObject({
      actorName: 'system',
      actorReference: null,
      related: [customer.reference, product.reference],
      changes: { status: { before: 'ongoing', after: 'cancelled' } },
    })
    expect(entry.summary).toMatch(
      new RegExp(
        `^Cancelled ${reference} for default: Instalment 1 due on .* the subscription is cancelled`,
      ),
    )
    expect(await entriesOf(reference, 'subscription.late_fee')).toHaveLength(0)
  })
})
