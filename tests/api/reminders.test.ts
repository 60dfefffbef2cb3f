import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { notifications, settings, subscriptions } from '~/backend/db/schema'
import { runDailyJobs } from '~/backend/jobs'
import { sendDueReminders } from '~/backend/subscriptions/jobs'
import { addInterval } from '~/backend/dates/calendar'
import { createTestApi, type TestApi } from '../support/api-harness'
import {
  createCustomer,
  createLandProduct,
  createPlan,
  lagosToday,
  pay,
  subscribe,
} from './subscriptions-fixtures'

let api: TestApi
let verifier: Awaited<ReturnType<TestApi['createStaff']>>

beforeAll(async () => {
  api = await createTestApi()
  verifier = await api.createStaff(['can_verify_transaction'])
})
afterAll(async () => {
  await api?.close()
})

/** 09:00 in Lagos on a calendar day: the fixed clock the jobs run on. */
const at = (day: string, time = '09:00') => new Date(`${day}T${time}:00+01:00`)

async function titles(userId: number, title: string) {
  const rows = await api.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.title, title)))
  return rows
}

async function subscriptionRow(reference: string) {
  const [row] = await api.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.reference, reference))
  return row
}

async function markPaid(reference: string) {
  const answer = await api.call('POST', 'admin/mark-transaction', {
    token: verifier.token,
    body: { reference, status: 'paid' },
  })
  expect(answer.httpStatus).toBe(200)
}

describe('payment due reminders', () => {
  test('sent subscription_due_reminder_day days before the next payment, once per due date', async () => {
    await api.db
      .update(settings)
      .set({ value: { value: 3 } })
      .where(eq(settings.key, 'subscription_due_reminder_day'))
    const customer = await createCustomer(api, { firstName: 'Tunde' })
    const product = await createLandProduct(api, { amount: 1_000_000, initialDeposit: 400_000 })
    const plan = await createPlan(api, product.id, {
      amount: 1_000_000,
      duration: 3,
      durationType: 'months',
    })
    const sub = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'installment',
      payment_id: plan.uuid,
    })

    // The deposit is due the day it was subscribed: no reminder for what the customer just saw.
    expect(await sendDueReminders(api.db, at(lagosToday()))).toBe(0)

    const deposit = await pay(api, customer, sub.reference, 400_000)
    await markPaid(deposit.data.reference)
    const due = addInterval(lagosToday(), 1, 'months')
    expect((await subscriptionRow(sub.reference)).nextPaymentDate).toBe(due)

    // Four days ahead: too early. (The subscription and the confirmed deposit were e-mailed already.)
    const before = api.mailCount(customer.email)
    expect(await sendDueReminders(api.db, at(addInterval(due, -4, 'days'), '23:30'))).toBe(0)
    expect(api.mailCount(customer.email)).toBe(before)

    // Three days ahead (just after midnight in Lagos, still the day before in UTC): one reminder.
    expect(await sendDueReminders(api.db, at(addInterval(due, -3, 'days'), '00:30'))).toBe(1)
    const reminders = await titles(customer.id, 'Payment due reminder')
    expect(reminders).toHaveLength(1)
    const [y, m, d] = due.split('-')
    expect(reminders[0].body).toContain(`₦300,000.00 for ${sub.reference}`)
    expect(reminders[0].body).toContain(`${d}/${m}/${y}`)
    expect(api.mailCount(customer.email)).toBe(before + 1)
    const mail = api.latestMail(customer.email) ?? ''
    expect(mail).toContain(`Payment reminder: ${sub.reference} is due on ${d}/${m}/${y}`)
    expect(mail).toContain('300,000.00')
    expect(mail).toContain(`Use ${sub.reference} as the narration of your transfer`)

    // The same day again, the next days, and the whole daily run: nothing more for that date.
    expect(await sendDueReminders(api.db, at(addInterval(due, -3, 'days'), '18:00'))).toBe(0)
    expect(await sendDueReminders(api.db, at(addInterval(due, -2, 'days')))).toBe(0)
    await runDailyJobs(api.db, at(due))
    expect(await titles(customer.id, 'Payment due reminder')).toHaveLength(1)
    // On the due date itself the escalated reminder (its own step, see arrears.test.ts) goes out once.
    expect(await titles(customer.id, 'Payment due today')).toHaveLength(1)
    expect(api.mailCount(customer.email)).toBe(before + 2)

    // The next instalment gets its own reminder.
    const second = await pay(api, customer, sub.reference, 300_000)
    await markPaid(second.data.reference)
    const nextDue = addInterval(lagosToday(), 2, 'months')
    expect(await sendDueReminders(api.db, at(addInterval(nextDue, -3, 'days')))).toBe(1)
    expect(await titles(customer.id, 'Payment due reminder')).toHaveLength(2)
  })

  test('a missed day is caught up; the configured number of days is used', async () => {
    await api.db
      .update(settings)
      .set({ value: { value: 7 } })
      .where(eq(settings.key, 'subscription_due_reminder_day'))
    const customer = await createCustomer(api)
    const product = await createLandProduct(api, { amount: 500_000 })
    const plan = await createPlan(api, product.id, {
      amount: 600_000,
      duration: 2,
      durationType: 'months',
    })
    const sub = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'installment',
      payment_id: plan.uuid,
    })
    const deposit = await pay(api, customer, sub.reference, 300_000)
    await markPaid(deposit.data.reference)
    const due = addInterval(lagosToday(), 1, 'months')
    expect(await sendDueReminders(api.db, at(addInterval(due, -8, 'days')))).toBe(0)
    // The job did not run 7 days ahead; it runs 5 days ahead and still reminds.
    expect(await sendDueReminders(api.db, at(addInterval(due, -5, 'days')))).toBe(1)
    // Past the due date: nothing (the window is over).
    expect(await sendDueReminders(api.db, at(addInterval(due, 1, 'days')))).toBe(0)
  })

  test('no reminder while a payment waits for confirmation, nor for completed or investment subscriptions', async () => {
    await api.db
      .update(settings)
      .set({ value: { value: 3 } })
      .where(eq(settings.key, 'subscription_due_reminder_day'))
    const customer = await createCustomer(api)
    const product = await createLandProduct(api, { amount: 500_000 })
    const plan = await createPlan(api, product.id, {
      amount: 600_000,
      duration: 2,
      durationType: 'weeks',
    })
    const sub = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'installment',
      payment_id: plan.uuid,
    })
    const deposit = await pay(api, customer, sub.reference, 300_000)
    await markPaid(deposit.data.reference)
    await pay(api, customer, sub.reference, 300_000) // awaiting confirmation
    const due = addInterval(lagosToday(), 1, 'weeks')
    expect(await sendDueReminders(api.db, at(addInterval(due, -3, 'days')))).toBe(0)
    expect(await titles(customer.id, 'Payment due reminder')).toHaveLength(0)
  })
})
