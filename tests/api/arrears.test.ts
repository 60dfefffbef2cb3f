import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { daysBetween } from '~/contract/arrears-rules'
import { formatDate } from '~/contract/format'
import {
  lateFees,
  notifications,
  paymentPlans,
  products,
  subscriptionHistory,
  subscriptions,
  users,
} from '~/backend/db/schema'
import { runDailyJobs } from '~/backend/jobs'
import { arrearsFor } from '~/backend/subscriptions/arrears'
import { addInterval } from '~/backend/dates/calendar'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApi, type TestApi } from '../support/api-harness'
import {
  createCustomer,
  createLandProduct,
  createPlan,
  lagosToday,
  pay,
  subscribe,
} from './subscriptions-fixtures'

/** 09:00 in Lagos on a calendar day: the injected clock the daily job runs on. */
const at = (day: string) => new Date(`${day}T09:00:00+01:00`)

let api: TestApi
let admin: string

async function landProduct(extra: Record<string, unknown> = {}) {
  const answer = await api.call('POST', 'admin/product', {
    token: admin,
    body: {
      name: 'Arrears Acres',
      type: 'land',
      description: 'Plots',
      location: 'Epe, Lagos',
      amount: 1_000_000,
      ...extra,
    },
  })
  expect(answer.status, JSON.stringify(answer.data)).toBe('200')
  return answer.data.reference as string
}

beforeAll(async () => {
  api = await createTestApi()
  admin = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token
})
afterAll(async () => {
  await api?.close()
})

describe('payment plans carry their late-payment rules', () => {
  test('defaults, values given, and kept when a change leaves them out', async () => {
    const reference = await landProduct()
    const plain = await api.call('POST', `admin/product/${reference}/payment-plan`, {
      token: admin,
      body: { amount: 1_200_000, duration: 4, duration_type: 'months' },
    })
    expect(plain.data).toMatchObject({
      grace_days: 7,
      late_fee_percent: 0,
      default_after_days: 90,
      default_action: 'reprice',
    })
    const strict = await api.call('POST', `admin/product/${reference}/payment-plan`, {
      token: admin,
      body: {
        amount: 1_200_000,
        duration: 4,
        duration_type: 'months',
        grace_days: 3,
        late_fee_percent: 2.5,
        default_after_days: 60,
        default_action: 'cancel',
      },
    })
    expect(strict.data).toMatchObject({
      grace_days: 3,
      late_fee_percent: 2.5,
      default_after_days: 60,
      default_action: 'cancel',
    })
    const changed = await api.call(
      'POST',
      `admin/product/${reference}/payment-plan/${strict.data.uuid}`,
      {
        token: admin,
        body: { amount: 1_300_000, duration: 4, duration_type: 'months' },
      },
    )
    expect(changed.data).toMatchObject({
      amount: 1_300_000,
      grace_days: 3,
      late_fee_percent: 2.5,
      default_after_days: 60,
      default_action: 'cancel',
    })
  })

  test('refused with a message on the field', async () => {
    const reference = await landProduct()
    const plan = { amount: 1_200_000, duration: 4, duration_type: 'months' }
    const post = (body: Record<string, unknown>) =>
      api.call('POST', `admin/product/${reference}/payment-plan`, {
        token: admin,
        body: { ...plan, ...body },
      })
    const bad = await post({
      grace_days: 91,
      late_fee_percent: 51,
      default_after_days: 731,
      default_action: 'forgive',
    })
    expect(bad.httpStatus).toBe(422)
    expect(bad.data).toEqual({
      grace_days: ['Grace days must be at most 90'],
      late_fee_percent: ['Late fee must be at most 50'],
      default_after_days: ['Default after must be at most 730'],
      default_action: ['The selected default action is invalid'],
    })
    const before = await post({ grace_days: 30, default_after_days: 30 })
    expect(before.httpStatus).toBe(422)
    expect(before.data).toEqual({
      default_after_days: ['Default after must be more days than the grace days'],
    })
  })
})

describe('the daily job moves a late subscription through due, grace, fee, buckets and default', () => {
  test('each reminder once, the fee once, the default once, even with two runs at the same time', async () => {
    const verifier = await api.createStaff(['can_verify_transaction'])
    const staff = await api.createStaff(['can_modify_subscription'])
    const customer = await createCustomer(api, { firstName: 'Kemi' })
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
      .set({ graceDays: 7, lateFeePercent: 2, defaultAfterDays: 90, defaultAction: 'reprice' })
      .where(eq(paymentPlans.id, plan.id))
    const sub = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'installment',
      payment_id: plan.uuid,
    })
    const deposit = await pay(api, customer, sub.reference, 400_000)
    const marked = await api.call('POST', 'admin/mark-transaction', {
      token: verifier.token,
      body: { reference: deposit.data.reference, status: 'paid' },
    })
    expect(marked.httpStatus).toBe(200)
    const [row] = await api.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.reference, sub.reference))
    const due = row.nextPaymentDate!
    const twice = (day: string) =>
      Promise.all([runDailyJobs(api.db, at(day)), runDailyJobs(api.db, at(day))])
    const count = async (title: string, userId = customer.id) =>
      (
        await api.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.title, title)))
      ).length
    const arrearsOn = async (day: string) => {
      const [s] = await api.db.select().from(subscriptions).where(eq(subscriptions.id, row.id))
      return (await arrearsFor(api.db, [s], day)).get(row.id)
    }

    await twice(due)
    expect(await count('Payment due today')).toBe(1)
    expect((await arrearsOn(due))?.daysInArrears).toBe(0)

    const day1 = addInterval(due, 1, 'days')
    await twice(day1)
    await twice(day1)
    expect(await count('Payment overdue')).toBe(1)
    expect(await arrearsOn(day1)).toMatchObject({
      daysInArrears: 1,
      bucket: '1-30',
      amountOverdueKobo: 30_000_000,
    })
    const mail = api.latestMail(customer.email) ?? ''
    expect(mail).toContain('₦300,000.00 is overdue')
    expect(mail).toContain(`Use ${sub.reference} as the narration of your transfer.`)
    expect(mail).toContain(
      `a late fee of ₦6,000.00 is added on ${formatDate(addInterval(due, 8, 'days'))}`,
    )
    expect(mail).toContain(
      `After ${formatDate(addInterval(due, 90, 'days'))} the balance is repriced at the current price.`,
    )

    // Last day of grace: no fee yet. The day after: one fee, whatever how often the job runs.
    await twice(addInterval(due, 7, 'days'))
    expect(await count('Payment overdue')).toBe(2)
    expect(
      await api.db.select().from(lateFees).where(eq(lateFees.subscriptionId, row.id)),
    ).toHaveLength(0)
    const feeDay = addInterval(due, 8, 'days')
    await twice(feeDay)
    await twice(addInterval(due, 9, 'days'))
    const fees = await api.db.select().from(lateFees).where(eq(lateFees.subscriptionId, row.id))
    expect(fees.map((f) => [f.instalment, f.amount, f.chargedOn])).toEqual([[1, 600_000, feeDay]])
    expect(fees[0].reason).toContain('2% of instalment 1 (₦300,000.00 due on')
    expect(await count('Late fee added')).toBe(1)
    expect(await arrearsOn(feeDay)).toMatchObject({
      daysInArrears: 8,
      amountOverdueKobo: 30_600_000,
    })
    const [afterFee] = await api.db.select().from(subscriptions).where(eq(subscriptions.id, row.id))
    expect(afterFee.totalAmount).toBe(100_600_000)

    await twice(addInterval(due, 30, 'days'))
    expect(await count('Payment overdue')).toBe(3)
    expect((await arrearsOn(addInterval(due, 31, 'days')))?.bucket).toBe('31-60')
    expect((await arrearsOn(addInterval(due, 61, 'days')))?.bucket).toBe('61-90')

    // The price has risen by a fifth: after default_after_days the unpaid ₦600,000.00 becomes ₦720,000.00.
    await api.db.update(products).set({ amount: 120_000_000 }).where(eq(products.id, product.id))
    await twice(addInterval(due, 90, 'days'))
    expect(
      await api.db
        .select()
        .from(subscriptionHistory)
        .where(eq(subscriptionHistory.subscriptionId, row.id)),
    ).toHaveLength(0)
    const defaultDay = addInterval(due, 91, 'days')
    const mailsBefore = api.mailCount(customer.email)
    await twice(defaultDay)
    // Told by e-mail too, once, in the same words as the notification.
    expect(api.mailCount(customer.email)).toBe(mailsBefore + 1)
    const defaultMail = api.latestMail(customer.email) ?? ''
    expect(defaultMail).toContain(`Balance repriced for non-payment: ${sub.reference}`)
    expect(defaultMail).toContain(
      'the unpaid balance of ₦600,000.00 is repriced at the current price to ₦720,000.00',
    )
    await twice(addInterval(due, 92, 'days'))
    expect(api.mailCount(customer.email)).toBe(mailsBefore + 1)
    const history = await api.db
      .select()
      .from(subscriptionHistory)
      .where(eq(subscriptionHistory.subscriptionId, row.id))
    expect(history).toHaveLength(1)
    expect(history[0]).toMatchObject({ event: 'repriced', instalment: 1 })
    expect(history[0].detail).toContain(
      'the unpaid balance of ₦600,000.00 is repriced at the current price to ₦720,000.00',
    )
    expect(await count('Balance repriced for non-payment')).toBe(1)
    const [staffRow] = await api.db.select().from(users).where(eq(users.email, staff.email))
    expect(await count('Balance repriced for non-payment', staffRow.id)).toBe(1)
    // The detail the plan panel shows carries the entry: when, what and why.
    const shown = await api.call('GET', `product-subscription/${sub.reference}`, {
      token: customer.token,
    })
    expect(shown.data.history).toEqual([
      { date: at(defaultDay).toISOString(), event: 'repriced', detail: history[0].detail },
    ])
    expect(shown.data.history[0].detail).toContain(
      `Instalment 1 due on ${formatDate(due)} was still unpaid after ${formatDate(addInterval(due, 90, 'days'))} (90 days)`,
    )
    const [repriced] = await api.db.select().from(subscriptions).where(eq(subscriptions.id, row.id))
    // Instalment 2 was missed too, so it carries its own fee.
    expect(
      await api.db.select().from(lateFees).where(eq(lateFees.subscriptionId, row.id)),
    ).toHaveLength(2)
    expect(repriced.totalAmount).toBe(40_000_000 + 72_000_000 + 1_200_000)
    expect(await arrearsOn(defaultDay)).toMatchObject({
      bucket: '90+',
      amountOverdueKobo: 73_200_000,
    })

    // Paying what is overdue, fee included, oldest first: out of arrears.
    const choices = await api.call('GET', `product-subscription/${sub.reference}/payment-details`, {
      token: customer.token,
    })
    expect(choices.data.choices.map((c: { amount: number }) => c.amount)).toEqual([
      360_000, 366_000, 726_000, 732_000,
    ])
    const paid = await pay(api, customer, sub.reference, 732_000)
    expect(paid.httpStatus, JSON.stringify(paid.data)).toBe(200)
    await api.call('POST', 'admin/mark-transaction', {
      token: verifier.token,
      body: { reference: paid.data.reference, status: 'paid' },
    })
    const [done] = await api.db.select().from(subscriptions).where(eq(subscriptions.id, row.id))
    expect(done.status).toBe('completed')
  })

  test('a cancel plan gives the units back, and the subscription stays cancelled', async () => {
    const verifier = await api.createStaff(['can_verify_transaction'])
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
      .set({ graceDays: 0, lateFeePercent: 0, defaultAfterDays: 30, defaultAction: 'cancel' })
      .where(eq(paymentPlans.id, plan.id))
    const sub = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'installment',
      payment_id: plan.uuid,
      quantity: 2,
    })
    const deposit = await pay(api, customer, sub.reference, 800_000)
    await api.call('POST', 'admin/mark-transaction', {
      token: verifier.token,
      body: { reference: deposit.data.reference, status: 'paid' },
    })
    const [row] = await api.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.reference, sub.reference))
    await Promise.all([
      runDailyJobs(api.db, at(addInterval(row.nextPaymentDate!, 31, 'days'))),
      runDailyJobs(api.db, at(addInterval(row.nextPaymentDate!, 31, 'days'))),
    ])
    const [cancelled] = await api.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, row.id))
    expect(cancelled.status).toBe('cancelled')
    const [stock] = await api.db.select().from(products).where(eq(products.id, product.id))
    expect(stock.unitAvailable).toBe(5)
    const history = await api.db
      .select()
      .from(subscriptionHistory)
      .where(eq(subscriptionHistory.subscriptionId, row.id))
    expect(history.map((h) => h.event)).toEqual(['cancelled'])
    // The 30-days-late reminder goes out in the same run, so the cancellation need not be the newest file.
    const subjects = api.mailsTo(customer.email).map((mail) => /^Subject: (.*)$/m.exec(mail)?.[1])
    expect(
      subjects.filter(
        (subject) => subject === `Subscription cancelled for non-payment: ${sub.reference}`,
      ),
    ).toHaveLength(1)
    const shown = await api.call('GET', `product-subscription/${sub.reference}`, {
      token: customer.token,
    })
    expect(shown.data.history.map((h: { event: string }) => h.event)).toEqual(['cancelled'])
    const late = await pay(api, customer, sub.reference, 600_000)
    expect(late.httpStatus).not.toBe(200)
  })

  test('the answers carry the amount overdue, days and bucket, and the late fee as its own entry', async () => {
    const verifier = await api.createStaff(['can_verify_transaction'])
    const customer = await createCustomer(api)
    const product = await createLandProduct(api, { amount: 1_000_000, initialDeposit: 400_000 })
    const plan = await createPlan(api, product.id, {
      amount: 1_000_000,
      duration: 3,
      durationType: 'months',
    })
    await api.db.update(paymentPlans).set({ lateFeePercent: 2 }).where(eq(paymentPlans.id, plan.id))
    const sub = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'installment',
      payment_id: plan.uuid,
    })
    const deposit = await pay(api, customer, sub.reference, 400_000)
    await api.call('POST', 'admin/mark-transaction', {
      token: verifier.token,
      body: { reference: deposit.data.reference, status: 'paid' },
    })
    const [row] = await api.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.reference, sub.reference))
    // Move the schedule back so the first instalment fell due ten days ago (by the real clock the answers use).
    const shift = daysBetween(lagosToday(), row.nextPaymentDate!) + 10
    await api.db.execute(
      sql`update schedule_entries set due_date = due_date - ${shift}::int where subscription_id = ${row.id}`,
    )
    await api.db.execute(
      sql`update subscriptions set next_payment_date = next_payment_date - ${shift}::int where id = ${row.id}`,
    )
    await runDailyJobs(api.db, new Date())
    const detail = await api.call('GET', `product-subscription/${sub.reference}`, {
      token: customer.token,
    })
    expect(detail.data).toMatchObject({
      amount_overdue: 306_000,
      days_in_arrears: 10,
      arrears_bucket: '1-30',
      history: [],
    })
    const fee = detail.data.schedule.find((entry: { kind: string }) => entry.kind === 'late_fee')
    expect(fee).toMatchObject({
      sequence: 1,
      amount: 6_000,
      status: 'due',
      reason: expect.stringContaining('Late fee: 2% of instalment 1'),
    })
    const list = await api.call('GET', 'product-subscription?due=arrears', {
      token: customer.token,
    })
    expect(list.data.items.map((s: { reference: string }) => s.reference)).toContain(sub.reference)
  })
})

describe('GET admin/arrears', () => {
  test('totals per bucket, filters, and the next step; the dashboard list holds the same subscriptions', async () => {
    const staff = await api.createStaff(['can_record_transaction'])
    const verifier = await api.createStaff(['can_verify_transaction'])
    const product = await createLandProduct(api, { amount: 1_000_000, initialDeposit: 400_000 })
    const plan = await createPlan(api, product.id, {
      amount: 1_000_000,
      duration: 3,
      durationType: 'months',
    })
    await api.db.update(paymentPlans).set({ lateFeePercent: 2 }).where(eq(paymentPlans.id, plan.id))
    const late = async (days: number) => {
      const customer = await createCustomer(api, { firstName: `Late${days}` })
      const sub = await subscribe(api, customer.token, {
        type: 'land',
        product_id: product.reference,
        payment_mode: 'installment',
        payment_id: plan.uuid,
      })
      const deposit = await pay(api, customer, sub.reference, 400_000)
      await api.call('POST', 'admin/mark-transaction', {
        token: verifier.token,
        body: { reference: deposit.data.reference, status: 'paid' },
      })
      const [row] = await api.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.reference, sub.reference))
      const shift = daysBetween(lagosToday(), row.nextPaymentDate!) + days
      await api.db.execute(
        sql`update schedule_entries set due_date = due_date - ${shift}::int where subscription_id = ${row.id}`,
      )
      await api.db.execute(
        sql`update subscriptions set next_payment_date = next_payment_date - ${shift}::int where id = ${row.id}`,
      )
      return sub.reference as string
    }
    const three = await late(3)
    const forty = await late(40)
    const answer = await api.call('GET', `admin/arrears?product=${product.reference}`, {
      token: staff.token,
    })
    expect(answer.httpStatus).toBe(200)
    expect(answer.data.totals.find((t: { bucket: string }) => t.bucket === '1-30')).toEqual({
      bucket: '1-30',
      count: 1,
      amount_overdue: 300_000,
    })
    expect(answer.data.totals.find((t: { bucket: string }) => t.bucket === '31-60')).toMatchObject({
      bucket: '31-60',
      count: 1,
    })
    expect(answer.data.subscriptions.items.map((i: { reference: string }) => i.reference)).toEqual([
      forty,
      three,
    ])
    const first = answer.data.subscriptions.items[1]
    expect(first).toMatchObject({
      days_in_arrears: 3,
      arrears_bucket: '1-30',
      amount_overdue: 300_000,
    })
    expect(first.next_step).toEqual({
      kind: 'late_fee',
      date: addInterval(addInterval(lagosToday(), -3, 'days'), 8, 'days'),
      amount: 6_000,
    })
    const bucket = await api.call(
      'GET',
      `admin/arrears?product=${product.reference}&bucket=31-60`,
      { token: staff.token },
    )
    expect(bucket.data.subscriptions.items.map((i: { reference: string }) => i.reference)).toEqual([
      forty,
    ])
    const search = await api.call('GET', `admin/arrears?search=${three}`, { token: staff.token })
    expect(search.data.subscriptions.items.map((i: { reference: string }) => i.reference)).toEqual([
      three,
    ])
    // Every subscription /arrears lists is one the dashboard's `due=arrears` list holds.
    const dashboard = await api.call('GET', 'product-subscription?due=arrears', { token: admin })
    const listed = dashboard.data.items.map((i: { reference: string }) => i.reference)
    expect(listed).toEqual(expect.arrayContaining([three, forty]))
  })
})
