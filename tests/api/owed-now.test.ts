import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { daysBetween } from '~/contract/arrears-rules'
import { paymentPlans, subscriptions } from '~/backend/db/schema'
import { runDailyJobs } from '~/backend/jobs'
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

async function markPaid(reference: string) {
  const marked = await api.call('POST', 'admin/mark-transaction', {
    token: verifier.token,
    body: { reference, status: 'paid' },
  })
  expect(marked.httpStatus, marked.message).toBe(200)
}

/**
 * ₦1,000,000 of land on a 4-month plan with a 2% late fee: ₦400,000 down, then 3 × ₦200,000. The
 * deposit is paid and the schedule moved back, so that instalments 1 and 2 are overdue with a
 * ₦4,000 fee each (₦408,000 overdue) and instalment 3 is still to come (₦608,000 in all).
 */
async function twoInstalmentsOverdue(
  quantity = 1,
  customer?: Awaited<ReturnType<typeof createCustomer>>,
) {
  customer ??= await createCustomer(api, { firstName: 'Ngozi' })
  const product = await createLandProduct(api, {
    amount: 1_000_000,
    initialDeposit: 400_000,
    units: 5,
    location: 'Ibeju, Lagos',
  })
  const plan = await createPlan(api, product.id, {
    amount: 1_000_000,
    duration: 4,
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
    ...(quantity > 1 ? { quantity } : {}),
  })
  const deposit = await pay(api, customer, sub.reference, 400_000 * quantity)
  expect(deposit.httpStatus, deposit.message).toBe(200)
  await markPaid(deposit.data.reference)
  const [row] = await api.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.reference, sub.reference))
  const shift = daysBetween(lagosToday(), row.nextPaymentDate!) + 40
  await api.db.execute(
    sql`update schedule_entries set due_date = due_date - ${shift}::int where subscription_id = ${row.id}`,
  )
  await api.db.execute(
    sql`update subscriptions set next_payment_date = next_payment_date - ${shift}::int where id = ${row.id}`,
  )
  await runDailyJobs(api.db, new Date())
  return { customer, reference: sub.reference as string, product }
}

describe('what is overdue: its sum and parts, a choice of its own, and words that never call a fee an instalment', () => {
  test('the subscription, the pay choices, the dashboard and the e-mail say "You owe ₦408,000.00 now"', async () => {
    const { customer, reference } = await twoInstalmentsOverdue()
    const detail = await api.call('GET', `product-subscription/${reference}`, {
      token: customer.token,
    })
    expect(detail.data).toMatchObject({
      amount_overdue: 408_000,
      overdue_parts: {
        amount: 408_000,
        instalments: 2,
        instalments_amount: 400_000,
        late_fees: 2,
        late_fees_amount: 8_000,
      },
      // The terms it was sold under, shown again after purchase.
      terms: {
        grace_days: 7,
        late_fee_percent: 2,
        default_after_days: 90,
        default_action: 'reprice',
      },
      // The business's day, which the pages decide "Overdue" on.
      today: lagosToday(),
    })

    const details = await api.call('GET', `product-subscription/${reference}/payment-details`, {
      token: customer.token,
    })
    expect(details.data.choices).toEqual([
      { instalments: 1, fees: 0, amount: 200_000, whole: false, overdue: false },
      { instalments: 2, fees: 0, amount: 400_000, whole: false, overdue: false },
      // Two instalments and one fee: not "Next 3 instalments".
      { instalments: 2, fees: 1, amount: 404_000, whole: false, overdue: false },
      { instalments: 2, fees: 2, amount: 408_000, whole: false, overdue: true },
      { instalments: 3, fees: 2, amount: 608_000, whole: true, overdue: false },
    ])

    const dashboard = await api.call('GET', 'dashboard-summary', { token: customer.token })
    expect(dashboard.data.own.next_payment).toMatchObject({
      reference,
      overdue: true,
      owed_now: {
        amount: 408_000,
        instalments: 2,
        instalments_amount: 400_000,
        late_fees: 2,
        late_fees_amount: 8_000,
      },
    })

    // The reminder names every fee added and the sum owed now, with where to pay it.
    const mail = api.latestMail(customer.email) ?? ''
    expect(mail).toContain(
      'You owe ₦408,000.00 now: 2 instalments (₦400,000.00) and 2 late fees (₦8,000.00).',
    )
    expect(mail).toMatch(/Late fees added: ₦4,000\.00 on \d\d\/\d\d\/\d{4} and ₦4,000\.00 on /)
    expect(mail).toContain(`Pay what is overdue at `)
    expect(mail).toContain(`/subscriptions/${reference}/pay`)

    // Paying what is overdue is accepted, and described as such.
    const paid = await pay(api, customer, reference, 408_000)
    expect(paid.httpStatus, paid.message).toBe(200)
    expect(paid.data.description).toMatch(
      /^What is overdue: instalments 1 to 2 of 3 and 2 late fees for /,
    )
  })

  test('on two purchases in arrears the dashboard owes the sum of both, and names the share the button pays', async () => {
    const { customer, reference: first } = await twoInstalmentsOverdue()
    const { reference: second } = await twoInstalmentsOverdue(2, customer)
    const dashboard = await api.call('GET', 'dashboard-summary', { token: customer.token })
    // ₦408,000 on the first; twice that on the second, of 2 plots.
    expect(dashboard.data.own.land.overdue_now).toEqual({ amount: 1_224_000, purchases: 2 })
    const shown = dashboard.data.own.next_payment
    expect([first, second]).toContain(shown.reference)
    expect(shown.owed_now.amount).toBe(shown.reference === first ? 408_000 : 816_000)

    const { customer: alone } = await twoInstalmentsOverdue()
    const single = await api.call('GET', 'dashboard-summary', { token: alone.token })
    expect(single.data.own.land.overdue_now).toEqual({ amount: 408_000, purchases: 1 })
  })

  test('the description follows the amount chosen: the whole balance is not "Instalment 1 of 3"', async () => {
    const { customer, reference } = await twoInstalmentsOverdue()
    const whole = await pay(api, customer, reference, 608_000)
    expect(whole.httpStatus, whole.message).toBe(200)
    expect(whole.data.description).toMatch(
      /^Whole balance: instalments 1 to 3 of 3 and 2 late fees for /,
    )
    const { customer: other, reference: second } = await twoInstalmentsOverdue()
    const one = await pay(api, other, second, 200_000)
    expect(one.data.description).toMatch(/^Instalment 1 of 3 for /)
    const { customer: third, reference: third_ } = await twoInstalmentsOverdue()
    const two = await pay(api, third, third_, 400_000)
    expect(two.data.description).toMatch(/^Instalments 1 to 2 of 3 for /)
  })

  test('"On N plots" counts plots: a purchase of 2 plots counts 2', async () => {
    const { customer } = await twoInstalmentsOverdue(2)
    const dashboard = await api.call('GET', 'dashboard-summary', { token: customer.token })
    expect(dashboard.data.own.land).toMatchObject({ count: 1, units: 2 })
  })
})
