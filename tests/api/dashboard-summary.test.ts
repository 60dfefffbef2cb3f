import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { payouts, subscriptions, users } from '~/backend/db/schema'
import { refreshPayoutStatuses } from '~/backend/payout-ledger/ledger'
import { addInterval } from '~/backend/dates/calendar'
import { weekStart } from '~/contract/dashboard-rules'
import { createTestApi, type TestApi } from '../support/api-harness'
import {
  createCustomer,
  createInvestmentProduct,
  createLandProduct,
  createPlan,
  lagosToday,
  pay,
  subscribe,
  userIdOf,
} from './subscriptions-fixtures'

type Staff = Awaited<ReturnType<TestApi['createStaff']>>
type Customer = Awaited<ReturnType<typeof createCustomer>>

let api: TestApi
let verifier: Staff
const today = lagosToday()
const monday = weekStart(today)

const summary = (token: string) => api.call('GET', 'dashboard-summary', { token })
const get = (path: string, token: string) => api.call('GET', path, { token })

async function paid(payer: { id: number; token: string }, reference: string, amount: number) {
  const payment = await pay(api, payer, reference, amount)
  expect(payment.httpStatus, payment.message).toBe(200)
  const marked = await api.call('POST', 'admin/mark-transaction', {
    token: verifier.token,
    body: { reference: payment.data.reference, status: 'paid' },
  })
  expect(marked.httpStatus, marked.message).toBe(200)
}

/** Land of ₦900,000 with a ₦250,000 deposit and a 4-month plan of ₦1,000,000 (₦250,000 now, then 3 × ₦250,000). */
async function plotByPlan(owner: { token: string }) {
  const product = await createLandProduct(api, {
    amount: 900_000,
    initialDeposit: 250_000,
    location: 'Epe, Lagos',
  })
  const plan = await createPlan(api, product.id, { amount: 1_000_000, duration: 4 })
  const created = await subscribe(api, owner.token, {
    type: 'land',
    product_id: product.reference,
    payment_mode: 'installment',
    payment_id: plan.uuid,
  })
  return { reference: created.reference as string, product }
}

async function investment(owner: Customer, amount = 1_000_000) {
  const product = await createInvestmentProduct(api, {
    minimum: 500_000,
    returnPercent: 10,
    frequencyPeriod: 3,
    duration: 12,
  })
  const created = await subscribe(api, owner.token, {
    type: 'land_investment',
    product_id: product.reference,
    amount_invested: amount,
  })
  return created.reference as string
}

/** Moves a subscription's next date, as the passing of time would. */
const setNextDate = (reference: string, date: string) =>
  api.db
    .update(subscriptions)
    .set({ nextPaymentDate: date })
    .where(eq(subscriptions.reference, reference))

/** Moves an investment's first payout to a date, and its status with it as the daily job would. */
async function setFirstPayoutDate(reference: string, date: string) {
  const [s] = await api.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.reference, reference))
  await api.db
    .update(payouts)
    .set({ dueDate: date })
    .where(and(eq(payouts.subscriptionId, s.id), eq(payouts.sequence, 1)))
  await refreshPayoutStatuses(api.db, new Date())
}

/** Every row of a list, page after page. */
async function allOf(path: string, token: string) {
  const references: string[] = []
  for (let page = 1; ; page++) {
    const answer = await get(`${path}${path.includes('?') ? '&' : '?'}page=${page}`, token)
    expect(answer.httpStatus, answer.message).toBe(200)
    references.push(...answer.data.items.map((item: { reference: string }) => item.reference))
    if (page >= answer.data.totalPages) return references.sort()
  }
}

beforeAll(async () => {
  api = await createTestApi()
  verifier = await api.createStaff(['can_verify_transaction'])
})
afterAll(async () => {
  await api?.close()
})

describe('a customer with one plot part-paid', () => {
  test('sees what is paid, the balance, the next payment and the plot’s progress', async () => {
    const ada = await createCustomer(api, { firstName: 'Ada' })
    const empty = await summary(ada.token)
    expect(empty.httpStatus).toBe(200)
    expect(empty.data).toMatchObject({
      today,
      week_start: monday,
      own: {
        land: {
          count: 0,
          units: 0,
          amount_paid: 0,
          balance: 0,
          plots: [],
          overdue_now: { amount: 0, purchases: 0 },
        },
        next_payment: null,
        investments: { active: 0, portfolio_value: 0, next_payout: null },
      },
      realtor: null,
      staff: null,
    })

    const { reference, product } = await plotByPlan(ada)
    // Before paying: the deposit is due today.
    expect((await summary(ada.token)).data.own.next_payment).toEqual({
      reference,
      type: 'land',
      title: `Epe, Lagos (${product.reference})`,
      amount: 250_000,
      date: today,
      overdue: false,
      owed_now: null,
    })

    await paid(ada, reference, 250_000)
    const { own } = (await summary(ada.token)).data
    expect(own.land).toEqual({
      count: 1,
      units: 1,
      amount_paid: 250_000,
      balance: 750_000,
      plots: [
        {
          reference,
          title: `Epe, Lagos (${product.reference})`,
          status: 'ongoing',
          total_amount: 1_000_000,
          total_amount_paid: 250_000,
          balance: 750_000,
          paid_percent: 25,
        },
      ],
      overdue_now: { amount: 0, purchases: 0 },
    })
    expect(own.next_payment).toEqual({
      reference,
      type: 'land',
      title: `Epe, Lagos (${product.reference})`,
      amount: 250_000,
      date: addInterval(today, 1, 'months'),
      overdue: false,
      owed_now: null,
    })
    expect(own.investments).toEqual({ active: 0, portfolio_value: 0, next_payout: null })
  })

  test('an investment paying out adds to the portfolio value and shows its next payout', async () => {
    const ben = await createCustomer(api, { firstName: 'Ben' })
    const reference = await investment(ben, 1_000_000)
    // Not yet paid for: owed, not at work.
    const owed = (await summary(ben.token)).data.own
    expect(owed.investments).toEqual({ active: 0, portfolio_value: 0, next_payout: null })
    expect(owed.next_payment).toMatchObject({
      reference,
      type: 'land_investment',
      amount: 1_000_000,
      date: today,
    })

    await paid(ben, reference, 1_000_000)
    const own = (await summary(ben.token)).data.own
    expect(own.next_payment).toBeNull()
    expect(own.investments).toEqual({
      active: 1,
      portfolio_value: 1_000_000,
      next_payout: expect.objectContaining({
        reference,
        amount: 100_000,
        date: addInterval(today, 3, 'months'),
        overdue: false,
      }),
    })
    // Land figures are not mixed with the investment.
    expect(own.land).toMatchObject({ count: 0, amount_paid: 0, balance: 0 })
  })

  test('a payment waiting for confirmation is not asked for again; an overdue instalment says so', async () => {
    const chi = await createCustomer(api, { firstName: 'Chi' })
    const { reference } = await plotByPlan(chi)
    const sent = await pay(api, chi, reference, 250_000)
    expect(sent.httpStatus).toBe(200)
    expect((await summary(chi.token)).data.own.next_payment).toBeNull()
    await api.call('POST', 'admin/mark-transaction', {
      token: verifier.token,
      body: { reference: sent.data.reference, status: 'paid' },
    })
    const lastWeek = addInterval(today, -7, 'days')
    await setNextDate(reference, lastWeek)
    expect((await summary(chi.token)).data.own.next_payment).toMatchObject({
      reference,
      date: lastWeek,
      overdue: true,
    })
  })
})

describe('staff counts, each matching the list it links to', () => {
  test('payments awaiting confirmation, payouts due, subscriptions in arrears, new customers this week', async () => {
    const superAdmin = await api.createStaff([], 'super_admin')
    const before = (await summary(superAdmin.token)).data.staff

    const c1 = await createCustomer(api)
    const c2 = await createCustomer(api)
    // Awaiting confirmation: a land payment and an investment payment.
    const landWaiting = (await plotByPlan(c1)).reference
    expect((await pay(api, c1, landWaiting, 250_000)).httpStatus).toBe(200)
    const investmentWaiting = await investment(c2)
    expect((await pay(api, c2, investmentWaiting, 1_000_000)).httpStatus).toBe(200)
    // In arrears: an ongoing plan whose instalment was due yesterday; not one due today, nor an unpaid one.
    const late = (await plotByPlan(c1)).reference
    await paid(c1, late, 250_000)
    await setNextDate(late, addInterval(today, -1, 'days'))
    const dueToday = (await plotByPlan(c2)).reference
    await paid(c2, dueToday, 250_000)
    await setNextDate(dueToday, today)
    const unpaid = (await plotByPlan(c2)).reference
    await setNextDate(unpaid, addInterval(today, -3, 'days'))
    // Payout due: an ongoing investment whose ledger has a payout dated today; not one dated tomorrow.
    const payoutToday = await investment(c1)
    await paid(c1, payoutToday, 1_000_000)
    await setFirstPayoutDate(payoutToday, today)
    const payoutTomorrow = await investment(c2)
    await paid(c2, payoutTomorrow, 1_000_000)
    await setFirstPayoutDate(payoutTomorrow, addInterval(today, 1, 'days'))
    // A customer from before this week.
    const old = await createCustomer(api)
    await api.db
      .update(users)
      .set({ createdAt: new Date(`${addInterval(monday, -1, 'days')}T12:00:00+01:00`) })
      .where(eq(users.id, old.id))

    const staff = (await summary(superAdmin.token)).data.staff
    expect(staff.awaiting_confirmation).toEqual({
      land: before.awaiting_confirmation.land + 1,
      investment: before.awaiting_confirmation.investment + 1,
    })
    expect(staff.in_arrears).toBe(before.in_arrears + 1)
    expect(staff.payouts_due).toBe(before.payouts_due + 1)

    const token = superAdmin.token
    const confirmingLand = await allOf(
      'product-subscription?type=land&status=awaiting_payment_confirmation',
      token,
    )
    expect(confirmingLand).toHaveLength(staff.awaiting_confirmation.land)
    expect(confirmingLand).toContain(landWaiting)
    const confirmingInvestments = await allOf(
      'product-subscription?type=land_investment&status=awaiting_payment_confirmation',
      token,
    )
    expect(confirmingInvestments).toHaveLength(staff.awaiting_confirmation.investment)
    expect(confirmingInvestments).toContain(investmentWaiting)

    const arrears = await allOf('product-subscription?type=land&due=arrears', token)
    expect(arrears).toHaveLength(staff.in_arrears)
    expect(arrears).toContain(late)
    expect(arrears).not.toContain(dueToday)
    expect(arrears).not.toContain(unpaid)
    const payouts = await allOf('product-subscription?type=land_investment&due=payout', token)
    expect(payouts).toHaveLength(staff.payouts_due)
    expect(payouts).toContain(payoutToday)
    expect(payouts).not.toContain(payoutTomorrow)

    // Every customer of this database but the one from last week registered this week.
    const customers = await api.db
      .select({ reference: users.reference })
      .from(users)
      .where(eq(users.role, 'customer'))
    const thisWeek = customers
      .map((row) => row.reference)
      .filter((reference) => reference !== old.reference)
      .sort()
    expect(staff.new_customers_this_week).toBe(thisWeek.length)
    expect(await allOf(`admin/customer?registered_from=${monday}`, token)).toEqual(thisWeek)
    expect(await allOf('admin/customer', token)).toContain(old.reference)

    // A filter the list does not know is refused under its name, and a customer's own list keeps to its own rows.
    const unknown = await get('product-subscription?type=land&due=soon', token)
    expect(unknown.httpStatus).toBe(422)
    expect(unknown.data).toHaveProperty('due')
    expect(await allOf('product-subscription?type=land&due=arrears', c1.token)).toEqual([late])
    expect(await allOf('product-subscription?type=land&due=arrears', c2.token)).toEqual([])
  })

  test('a bad registered_from is a field error', async () => {
    const superAdmin = await api.createStaff([], 'super_admin')
    const answer = await get('admin/customer?registered_from=2026-02-30', superAdmin.token)
    expect(answer.httpStatus).toBe(422)
    expect(answer.data).toHaveProperty('registered_from')
  })
})

describe('cards follow the permissions they summarise', () => {
  test.each([
    [
      [],
      {
        awaiting_confirmation: null,
        payouts_due: null,
        in_arrears: null,
        new_customers_this_week: null,
      },
    ],
    [
      ['can_view_customer'],
      {
        awaiting_confirmation: null,
        payouts_due: null,
        in_arrears: null,
        new_customers_this_week: 'n',
      },
    ],
    [
      ['can_modify_product', 'can_modify_setting'],
      {
        awaiting_confirmation: null,
        payouts_due: null,
        in_arrears: null,
        new_customers_this_week: null,
      },
    ],
    [
      ['can_verify_transaction'],
      {
        awaiting_confirmation: 'o',
        payouts_due: 'n',
        in_arrears: 'n',
        new_customers_this_week: null,
      },
    ],
    [
      ['can_record_transaction', 'can_modify_customer'],
      {
        awaiting_confirmation: 'o',
        payouts_due: 'n',
        in_arrears: 'n',
        new_customers_this_week: 'n',
      },
    ],
  ] as const)('an admin with %j', async (permissions, shape) => {
    const admin = await api.createStaff([...permissions])
    const answer = await summary(admin.token)
    expect(answer.httpStatus).toBe(200)
    expect(answer.data.realtor).toBeNull()
    const expected = Object.fromEntries(
      Object.entries(shape).map(([key, kind]) => [
        key,
        kind === null
          ? null
          : kind === 'n'
            ? expect.any(Number)
            : { land: expect.any(Number), investment: expect.any(Number) },
      ]),
    )
    expect(answer.data.staff).toEqual(expected)
  })

  test('customers and realtors get no staff figures; only realtors get the realtor part', async () => {
    const customer = await createCustomer(api)
    expect((await summary(customer.token)).data).toMatchObject({ realtor: null, staff: null })
    const realtor = await api.registerUser('realtor')
    expect((await summary(realtor.token)).data).toMatchObject({
      realtor: {
        customers_total: 0,
        customers: [],
        referral_signups_this_week: 0,
        commissions: { earned: 0, paid: 0, balance: 0 },
      },
      staff: null,
    })
  })

  test('needs a signed-in, verified user', async () => {
    expect((await api.call('GET', 'dashboard-summary')).httpStatus).toBe(401)
  })
})

describe('a realtor', () => {
  test('sees its customers’ payment progress and this week’s sign-ups through its link', async () => {
    const realtor = await api.registerUser('realtor')
    const realtorId = await userIdOf(api, realtor.email)
    const referred = await api.registerUser('customer', { referral: realtor.user.reference })
    const referredId = await userIdOf(api, referred.email)
    // Added by the realtor itself: its customer, but not a sign-up through the link.
    const added = await api.call('POST', 'admin/customer', {
      token: realtor.token,
      body: {
        first_name: 'Added',
        last_name: 'ByRealtor',
        email: `added-${Date.now()}@example.com`,
      },
    })
    expect(added.httpStatus, added.message).toBe(200)
    // Signed up through the link last week.
    const earlier = await createCustomer(api, { realtorId })
    await api.db
      .update(users)
      .set({ createdAt: new Date(`${addInterval(monday, -3, 'days')}T12:00:00+01:00`) })
      .where(inArray(users.id, [earlier.id]))
    // Someone else's customer.
    await createCustomer(api)

    const { reference } = await plotByPlan({ token: referred.token })
    await paid({ id: referredId, token: referred.token }, reference, 250_000)

    const part = (await summary(realtor.token)).data.realtor
    expect(part.customers_total).toBe(3)
    expect(part.referral_signups_this_week).toBe(1)
    expect(
      part.customers.map((customer: { reference: string }) => customer.reference).sort(),
    ).toEqual([referred.user.reference, added.data.reference, earlier.reference].sort())
    expect(
      part.customers.find(
        (customer: { reference: string }) => customer.reference === referred.user.reference,
      ),
    ).toEqual({
      reference: referred.user.reference,
      full_name: `${referred.user.first_name} ${referred.user.last_name}`,
      subscriptions: 1,
      amount_paid: 250_000,
      total_amount: 1_000_000,
      paid_percent: 25,
      subscriptions_in_arrears: 0,
    })
    expect(part.customers_in_arrears).toBe(0)
    expect(
      part.customers.find(
        (customer: { reference: string }) => customer.reference === earlier.reference,
      ),
    ).toMatchObject({
      subscriptions: 0,
      amount_paid: 0,
      paid_percent: 0,
    })
  })
})

describe('a realtor is told which of its customers are in arrears', () => {
  test('on its dashboard and its customer list; another realtor’s customer in arrears is not counted', async () => {
    const realtor = await api.registerUser('realtor')
    const realtorId = await userIdOf(api, realtor.email)
    const behind = await createCustomer(api, { realtorId, firstName: 'Behind' })
    const onTime = await createCustomer(api, { realtorId, firstName: 'OnTime' })
    const someoneElses = await createCustomer(api)
    const late = (await plotByPlan(behind)).reference
    await paid(behind, late, 250_000)
    await setNextDate(late, addInterval(today, -5, 'days'))
    const alsoLate = (await plotByPlan(behind)).reference
    await paid(behind, alsoLate, 250_000)
    await setNextDate(alsoLate, addInterval(today, -1, 'days'))
    const current = (await plotByPlan(onTime)).reference
    await paid(onTime, current, 250_000)
    await setNextDate(current, today)
    const otherLate = (await plotByPlan(someoneElses)).reference
    await paid(someoneElses, otherLate, 250_000)
    await setNextDate(otherLate, addInterval(today, -5, 'days'))

    const part = (await summary(realtor.token)).data.realtor
    expect(part.customers_in_arrears).toBe(1)
    const inArrearsOf = (reference: string) =>
      part.customers.find((customer: { reference: string }) => customer.reference === reference)
        ?.subscriptions_in_arrears
    expect(inArrearsOf(behind.reference)).toBe(2)
    expect(inArrearsOf(onTime.reference)).toBe(0)

    const list = await get('admin/customer', realtor.token)
    expect(list.httpStatus, list.message).toBe(200)
    expect(
      Object.fromEntries(
        list.data.items.map((item: { reference: string; subscriptions_in_arrears: number }) => [
          item.reference,
          item.subscriptions_in_arrears,
        ]),
      ),
    ).toEqual({ [behind.reference]: 2, [onTime.reference]: 0 })
  })
})
