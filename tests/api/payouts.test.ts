import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  auditLog,
  notifications,
  payouts,
  profiles,
  settings,
  subscriptions,
} from '~/backend/db/schema'
import { pdfText } from '../support/pdf-text'
import { runDailyJobs } from '~/backend/jobs'
import { formatDate } from '~/contract/format'
import { addInterval } from '~/backend/dates/calendar'
import { createTestApi, type DataOf, type TestApi } from '../support/api-harness'
import {
  createCustomer,
  createInvestmentProduct,
  lagosToday,
  pay,
  subscribe,
  uploadProof,
  userIdOf,
} from './subscriptions-fixtures'

let api: TestApi
let verifier: Awaited<ReturnType<TestApi['createStaff']>>
let recorder: Awaited<ReturnType<TestApi['createStaff']>>

beforeAll(async () => {
  api = await createTestApi()
  verifier = await api.createStaff(['can_verify_transaction'])
  recorder = await api.createStaff(['can_record_payout'])
})
afterAll(async () => {
  await api?.close()
})

/** 09:00 in Lagos on a calendar day: the clock the job is given. */
const at = (day: string) => new Date(`${day}T09:00:00+01:00`)
const today = () => lagosToday()

async function confirm(reference: string) {
  const answer = await api.call('POST', 'admin/mark-transaction', {
    token: verifier.token,
    body: { reference, status: 'paid' },
  })
  expect(answer.httpStatus).toBe(200)
}

/** An investment made and confirmed: what the invest panel promised, and the started subscription. */
async function investment(
  customer: { id: number; token: string },
  amount: number,
  terms: Parameters<typeof createInvestmentProduct>[1] = {},
) {
  const product = await createInvestmentProduct(api, { minimum: 1_000, ...terms })
  const promised = await api.call('POST', `product/${product.reference}/get-investment-plan`, {
    token: customer.token,
    body: { amount },
  })
  expect(promised.httpStatus).toBe(200)
  const sub = await subscribe(api, customer.token, {
    type: 'land_investment',
    product_id: product.reference,
    amount_invested: amount,
  })
  const payment = await pay(api, customer, sub.reference, amount)
  expect(payment.httpStatus).toBe(200)
  await confirm(payment.data.reference)
  return {
    reference: sub.reference as string,
    promised: promised.data as { period: string; amount: number }[],
  }
}

/** The investment as if made `days` days ago (as the ledger's first tests need a day paid before today). */
async function madeDaysAgo(reference: string, days: number) {
  await api.db
    .update(subscriptions)
    .set({ createdAt: sql`${subscriptions.createdAt} - make_interval(days => ${days})` })
    .where(eq(subscriptions.reference, reference))
}

async function ledger(reference: string, token: string) {
  const answer = await api.call<DataOf<'payoutLedger'>>(
    'GET',
    `product-subscription/${reference}/payout`,
    { token },
  )
  expect(answer.httpStatus).toBe(200)
  return answer.data
}

/** Records payouts paid, early ones confirmed unless the body says otherwise. */
function markPaid(token: string, body: Record<string, unknown>) {
  return api.call('POST', 'admin/payout/mark-paid', {
    token,
    body: { paid_at: today(), bank_reference: 'ZEN-0001', confirm_early: true, ...body },
  })
}

const kobo = (naira: number) => Math.round(naira * 100)

describe('the ledger is made when the investment starts, from what the invest panel promised', () => {
  test.each<[number, Parameters<typeof createInvestmentProduct>[1]]>([
    [500_000, { returnPercent: 8, interval: 'months', frequencyPeriod: 3, duration: 24 }],
    [333_333.33, { returnPercent: 7.25, interval: 'months', frequencyPeriod: 6, duration: 12 }],
    [1_000.01, { returnPercent: 12.5, interval: 'weeks', frequencyPeriod: 1, duration: 5 }],
    [1_000_000, { type: 'one_time', returnPercent: 25, interval: 'months', frequencyPeriod: 12 }],
    [123_456.78, { type: 'one_time', returnPercent: 35, interval: 'months', frequencyPeriod: 18 }],
  ])('₦%s on %j: the scheduled total equals the promise to the kobo', async (amount, terms) => {
    const customer = await createCustomer(api)
    const { reference, promised } = await investment(customer, amount, terms)
    const rows = await ledger(reference, customer.token)
    expect(rows.reduce((sum, row) => sum + kobo(row.amount), 0)).toBe(
      promised.reduce((sum, row) => sum + kobo(row.amount), 0),
    )
    expect(rows.map((row) => [row.sequence, row.due_date, row.amount])).toEqual(
      promised.map((row, index) => [index + 1, row.period, row.amount]),
    )
    expect(rows.map((row) => row.includes_principal)).toEqual(
      rows.map((_, index) => index === rows.length - 1),
    )
    expect(
      rows.every(
        (row) => row.status === 'scheduled' && row.paid_at === null && row.bank_reference === null,
      ),
    ).toBe(true)
  })

  test('an investment not paid for yet has no ledger; land answers an empty one', async () => {
    const customer = await createCustomer(api)
    const product = await createInvestmentProduct(api, { minimum: 1_000 })
    const sub = await subscribe(api, customer.token, {
      type: 'land_investment',
      product_id: product.reference,
      amount_invested: 5_000,
    })
    expect(await ledger(sub.reference, customer.token)).toEqual([])
  })
})

describe('recording a payout paid', () => {
  test('the investor sees it paid, in the ledger and the totals, with a notification and an e-mail; the last payout completes the investment', async () => {
    const customer = await createCustomer(api, { firstName: 'Ngozi' })
    const { reference } = await investment(customer, 100_000, {
      returnPercent: 10,
      interval: 'months',
      frequencyPeriod: 1,
      duration: 2,
    })
    const [first, last] = await ledger(reference, customer.token)
    const proof = await uploadProof(api, await userIdOf(api, recorder.email))
    await madeDaysAgo(reference, 7)
    const paidAt = addInterval(today(), -1, 'days')
    const answer = await markPaid(recorder.token, {
      ids: [first.id],
      paid_at: paidAt,
      bank_reference: 'GTB-778812',
      proof_of_payment: proof.url,
    })
    expect(answer.httpStatus).toBe(200)
    expect(answer.message).toBe('Payout recorded as paid')

    const rows = await ledger(reference, customer.token)
    expect(rows[0]).toMatchObject({
      status: 'paid',
      paid_at: paidAt,
      bank_reference: 'GTB-778812',
      recorded_by: expect.stringMatching(/^Sam Staff\d+$/),
    })
    expect(rows[1]).toMatchObject({ status: 'scheduled', paid_at: null })
    const summary = await api.call('GET', 'payout/summary', { token: customer.token })
    expect(summary.data).toMatchObject({
      total_invested: 100_000,
      returns_received: 10_000,
      returns_expected: 10_000,
      next_payout: { due_date: last.due_date, amount: 110_000 },
      late: { count: 0, amount: 0 },
    })
    expect(summary.data.chart.at(-1)).toEqual({
      date: last.due_date,
      expected: 20_000,
      received: 10_000,
    })
    const told = await api.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customer.id), eq(notifications.title, 'Payout paid')))
    expect(told).toHaveLength(1)
    expect(told[0].body).toContain('₦10,000.00')
    expect(told[0].link).toBe(`/investment-portfolio/${reference}/payouts`)
    const mail = api.latestMail(customer.email) ?? ''
    expect(mail).toContain(`Payout recorded for ${reference}`)
    expect(mail).toContain('GTB-778812')
    // The schedule the subscription shows agrees, and the investment still pays out.
    const detail = await api.call<DataOf<'subscriptionShow'>>(
      'GET',
      `product-subscription/${reference}`,
      {
        token: customer.token,
      },
    )
    expect(detail.data.schedule.map((row) => row.status)).toEqual(['paid', 'due'])
    expect(detail.data.status).toBe('ongoing')

    expect((await markPaid(recorder.token, { ids: [last.id] })).httpStatus).toBe(200)
    const done = await api.call('GET', `product-subscription/${reference}`, {
      token: customer.token,
    })
    expect(done.data.status).toBe('completed')
    const completed = await api.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, customer.id),
          eq(notifications.title, 'Subscription completed'),
        ),
      )
    expect(completed).toHaveLength(1)
  })

  test('several at once, across investments: each investor is told of each payout', async () => {
    const a = await createCustomer(api)
    const b = await createCustomer(api)
    const one = await investment(a, 10_000, {
      returnPercent: 5,
      interval: 'months',
      frequencyPeriod: 1,
      duration: 3,
    })
    const two = await investment(b, 20_000, {
      returnPercent: 5,
      interval: 'months',
      frequencyPeriod: 1,
      duration: 3,
    })
    const ids = [
      ...(await ledger(one.reference, a.token)).slice(0, 2),
      (await ledger(two.reference, b.token))[0],
    ].map((row) => row.id)
    const answer = await markPaid(recorder.token, { ids })
    expect(answer.httpStatus).toBe(200)
    expect(answer.message).toBe('3 payouts recorded as paid')
    const paid: DataOf<'payoutMarkPaid'> = answer.data
    expect(paid.map((row) => row.status)).toEqual(['paid', 'paid', 'paid'])
    const told = async (userId: number) =>
      (
        await api.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.title, 'Payout paid')))
      ).length
    expect(await told(a.id)).toBe(2)
    expect(await told(b.id)).toBe(1)
  })

  test('refused: a customer, staff without the permission, a payout of another investment, an unknown id, twice, a future date', async () => {
    const customer = await createCustomer(api)
    const { reference } = await investment(customer, 50_000, {
      returnPercent: 4,
      interval: 'months',
      frequencyPeriod: 1,
      duration: 2,
    })
    const other = await investment(await createCustomer(api), 50_000, {
      returnPercent: 4,
      interval: 'months',
      frequencyPeriod: 1,
      duration: 2,
    })
    const [first] = await ledger(reference, customer.token)
    const [foreign] = await ledger(other.reference, recorder.token)

    expect((await markPaid(customer.token, { ids: [first.id] })).httpStatus).toBe(403)
    const staff = await api.createStaff(['can_verify_transaction', 'can_record_transaction'])
    expect((await markPaid(staff.token, { ids: [first.id] })).httpStatus).toBe(403)
    // Recording through one investment a payout of another.
    const mixed = await markPaid(recorder.token, { ids: [first.id, foreign.id], reference })
    expect(mixed.httpStatus).toBe(409)
    expect(JSON.stringify(mixed.data)).toContain('This payout belongs to another investment')
    // A customer cannot read someone else's ledger either.
    expect(
      (
        await api.call('GET', `product-subscription/${other.reference}/payout`, {
          token: customer.token,
        })
      ).httpStatus,
    ).toBe(404)
    expect(
      (await markPaid(recorder.token, { ids: ['00000000-0000-4000-8000-000000000000'] }))
        .httpStatus,
    ).toBe(404)
    expect((await markPaid(recorder.token, { ids: ['not-an-id'] })).httpStatus).toBe(404)
    const future = await markPaid(recorder.token, {
      ids: [first.id],
      paid_at: addInterval(today(), 1, 'days'),
    })
    expect(future.httpStatus).toBe(409)
    expect(JSON.stringify(future.data)).toContain('Date paid cannot be in the future')
    // Nothing of the above recorded anything.
    expect((await ledger(reference, customer.token)).map((row) => row.status)).toEqual([
      'scheduled',
      'scheduled',
    ])

    expect((await markPaid(recorder.token, { ids: [first.id] })).httpStatus).toBe(200)
    const again = await markPaid(recorder.token, { ids: [first.id], bank_reference: 'SECOND' })
    expect(again.httpStatus).toBe(409)
    expect(again.message).toBe('This payout has already been recorded as paid')
    // All or nothing: a batch holding a paid payout records none of the others.
    const [, second] = await ledger(reference, customer.token)
    expect((await markPaid(recorder.token, { ids: [second.id, first.id] })).httpStatus).toBe(409)
    expect((await ledger(reference, customer.token))[1].status).toBe('scheduled')
    expect((await ledger(reference, customer.token))[0].bank_reference).toBe('ZEN-0001')
  })

  test('staff do not record a payout on their own investment', async () => {
    const both = await api.createStaff(['can_record_payout'])
    const { reference } = await investment(
      { id: await userIdOf(api, both.email), token: both.token },
      10_000,
      { frequencyPeriod: 1, duration: 1 },
    )
    const [first] = await ledger(reference, both.token)
    expect((await markPaid(both.token, { ids: [first.id] })).httpStatus).toBe(403)
  })

  test('two requests racing for the same payout: one records it, the other is refused', async () => {
    const customer = await createCustomer(api)
    const { reference } = await investment(customer, 30_000, {
      returnPercent: 3,
      interval: 'months',
      frequencyPeriod: 1,
      duration: 2,
    })
    const [first] = await ledger(reference, customer.token)
    const answers = await Promise.all(
      ['RACE-A', 'RACE-B', 'RACE-C'].map((bank_reference) =>
        markPaid(recorder.token, { ids: [first.id], bank_reference }),
      ),
    )
    expect(answers.map((answer) => answer.httpStatus).sort()).toEqual([200, 409, 409])
    const told = await api.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customer.id), eq(notifications.title, 'Payout paid')))
    expect(told).toHaveLength(1)
    const winner = answers.find((answer) => answer.httpStatus === 200)!.data[0].bank_reference
    expect((await ledger(reference, customer.token))[0].bank_reference).toBe(winner)
  })
})

describe('a payout recorded paid before its due date', () => {
  test('is refused under confirm_early until it is confirmed, then says it was paid early, in the ledger and the audit', async () => {
    const customer = await createCustomer(api, { firstName: 'Ifeoma' })
    const { reference } = await investment(customer, 100_000, {
      returnPercent: 10,
      interval: 'months',
      frequencyPeriod: 3,
      duration: 6,
    })
    const [first] = await ledger(reference, customer.token)
    expect(first.due_date > today()).toBe(true)
    for (const confirm of [undefined, false]) {
      const refused = await markPaid(recorder.token, { ids: [first.id], confirm_early: confirm })
      expect(refused.httpStatus).toBe(409)
      expect(refused.data).toEqual({
        confirm_early: [
          `This payout is not due until ${formatDate(first.due_date)}: tick "Paid before the due date" to record it paid early`,
        ],
      })
    }
    expect((await ledger(reference, customer.token))[0]).toMatchObject({
      status: 'scheduled',
      paid_at: null,
      paid_early: false,
    })

    expect((await markPaid(recorder.token, { ids: [first.id] })).httpStatus).toBe(200)
    expect((await ledger(reference, customer.token))[0]).toMatchObject({
      status: 'paid',
      paid_at: today(),
      paid_early: true,
    })
    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payout.paid'), eq(auditLog.recordReference, first.id)))
    expect(entry.summary).toContain(`, early (due ${formatDate(first.due_date)})`)
  })
})

describe('the daily job moves payouts between scheduled, due and late; it never pays them', () => {
  test('due on its date and through the grace days, late after; on the Late tab, the portfolio and the dashboard count', async () => {
    await api.db
      .update(settings)
      .set({ value: { value: 3 } })
      .where(eq(settings.key, 'payout_grace_days'))
    const customer = await createCustomer(api)
    const { reference } = await investment(customer, 40_000, {
      returnPercent: 5,
      interval: 'days',
      frequencyPeriod: 10,
      duration: 20,
    })
    const [first] = await ledger(reference, customer.token)
    const firstDate = first.due_date as string
    const admin = await api.createStaff([], 'super_admin')
    /** The dashboard's count and the list it opens: they must agree; answers the list. */
    const payoutsDue = async () => {
      const count = (await api.call('GET', 'dashboard-summary', { token: admin.token })).data.staff
        .payouts_due as number
      const references: string[] = []
      for (let page = 1; ; page++) {
        const answer = await api.call<DataOf<'subscriptionList'>>(
          'GET',
          `product-subscription?type=land_investment&due=payout&page=${page}`,
          { token: admin.token },
        )
        references.push(...answer.data.items.map((row) => row.reference))
        if (page >= answer.data.totalPages) break
      }
      expect(references).toHaveLength(count)
      return references
    }
    expect(await payoutsDue()).not.toContain(reference)

    await runDailyJobs(api.db, at(addInterval(firstDate, -1, 'days')))
    expect((await ledger(reference, customer.token))[0].status).toBe('scheduled')
    await runDailyJobs(api.db, at(firstDate))
    expect((await ledger(reference, customer.token))[0].status).toBe('due')
    const dueList = await api.call<DataOf<'payoutList'>>(
      'GET',
      `admin/payout?status=due&search=${reference}`,
      {
        token: recorder.token,
      },
    )
    expect(dueList.data.items.map((row) => row.id)).toEqual([first.id])
    expect(await payoutsDue()).toContain(reference)

    await runDailyJobs(api.db, at(addInterval(firstDate, 3, 'days')))
    expect((await ledger(reference, customer.token))[0].status).toBe('due')
    await runDailyJobs(api.db, at(addInterval(firstDate, 4, 'days')))
    const late = (await ledger(reference, customer.token))[0]
    expect(late).toMatchObject({ status: 'late', days_late: 4, paid_at: null })
    const lateList = await api.call('GET', `admin/payout?status=late&search=${reference}`, {
      token: recorder.token,
    })
    expect(lateList.data).toMatchObject({ total_count: 1, total_amount: 2_000 })
    expect(lateList.data.items[0]).toMatchObject({
      id: first.id,
      subscription_reference: reference,
      status: 'late',
    })
    const summary = await api.call<DataOf<'payoutSummary'>>('GET', 'payout/summary', {
      token: customer.token,
    })
    expect(summary.data.late).toEqual({ count: 1, amount: 2_000 })
    expect(summary.data.late_payouts.map((row) => row.id)).toEqual([first.id])
    expect(await payoutsDue()).toContain(reference)
    const [row] = await api.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.reference, reference))
    expect(row.status).toBe('ongoing')

    // Recorded paid, it leaves the count and the list; the job leaves paid payouts alone.
    expect((await markPaid(recorder.token, { ids: [first.id] })).httpStatus).toBe(200)
    expect(await payoutsDue()).not.toContain(reference)
    await runDailyJobs(api.db, at(addInterval(firstDate, 40, 'days')))
    const after = await ledger(reference, customer.token)
    expect(after.map((payout) => payout.status)).toEqual(['paid', 'late'])
    const [still] = await api.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.reference, reference))
    expect(still.status).toBe('ongoing')
  })

  test('the admin list: tabs by status, the date range and the total of every match', async () => {
    const customer = await createCustomer(api, { firstName: 'Zainab' })
    const { reference } = await investment(customer, 10_000, {
      returnPercent: 10,
      interval: 'months',
      frequencyPeriod: 1,
      duration: 3,
    })
    const rows = await ledger(reference, customer.token)
    const scheduled = await api.call('GET', `admin/payout?status=scheduled&search=${reference}`, {
      token: recorder.token,
    })
    expect(scheduled.data).toMatchObject({ total_count: 3, total_amount: 13_000 })
    const ranged = await api.call<DataOf<'payoutList'>>(
      'GET',
      `admin/payout?status=scheduled&search=${reference}&from=${rows[1].due_date}&to=${rows[1].due_date}`,
      {
        token: recorder.token,
      },
    )
    expect(ranged.data.items.map((row) => row.id)).toEqual([rows[1].id])
    expect((await api.call('GET', 'admin/payout', { token: customer.token })).httpStatus).toBe(403)
    const byName = await api.call(
      'GET',
      `admin/payout?search=${encodeURIComponent(customer.lastName)}`,
      { token: recorder.token },
    )
    expect(byName.data.total_count).toBe(3)
    const rowsInDb = await api.db.select().from(payouts).where(eq(payouts.uuid, rows[0].id))
    expect(rowsInDb[0].principal).toBe(0)
  })
})

describe('the day paid lies between the day the investment was made and today (in the platform time zone)', () => {
  test('1999-01-01, or the day before the investment was made, is refused under the date; that day and today are recorded', async () => {
    const customer = await createCustomer(api)
    const { reference } = await investment(customer, 30_000, {
      returnPercent: 3,
      interval: 'months',
      frequencyPeriod: 1,
      duration: 3,
    })
    // Made at 23:30 UTC ten days ago: 00:30 the next day in Lagos, so that next day is when it started.
    const utcDay = addInterval(today(), -10, 'days')
    await api.db
      .update(subscriptions)
      .set({ createdAt: new Date(`${utcDay}T23:30:00Z`) })
      .where(eq(subscriptions.reference, reference))
    const startedOn = addInterval(utcDay, 1, 'days')
    const [first, second, third] = await ledger(reference, customer.token)

    const ancient = await markPaid(recorder.token, { ids: [first.id], paid_at: '1999-01-01' })
    expect(ancient.httpStatus).toBe(409)
    const [y, m, d] = startedOn.split('-')
    expect(ancient.data).toEqual({
      paid_at: [`Date paid cannot be before the investment started (${d}/${m}/${y})`],
    })
    const dayBefore = await markPaid(recorder.token, { ids: [first.id], paid_at: utcDay })
    expect(dayBefore.httpStatus).toBe(409)
    expect(dayBefore.data.paid_at).toEqual([
      `Date paid cannot be before the investment started (${d}/${m}/${y})`,
    ])
    expect((await ledger(reference, customer.token)).map((row) => row.status)).toEqual([
      'scheduled',
      'scheduled',
      'scheduled',
    ])

    expect(
      (await markPaid(recorder.token, { ids: [first.id], paid_at: startedOn })).httpStatus,
    ).toBe(200)
    expect(
      (await markPaid(recorder.token, { ids: [second.id], paid_at: today() })).httpStatus,
    ).toBe(200)
    // A batch across investments is held to each one's start: one made today refuses yesterday for both.
    const other = await investment(await createCustomer(api), 30_000, {
      returnPercent: 3,
      interval: 'months',
      frequencyPeriod: 1,
      duration: 3,
    })
    const [otherFirst] = await ledger(other.reference, recorder.token)
    const mixed = await markPaid(recorder.token, {
      ids: [third.id, otherFirst.id],
      paid_at: addInterval(today(), -1, 'days'),
    })
    expect(mixed.httpStatus).toBe(409)
    expect((await ledger(reference, customer.token))[2].status).toBe('scheduled')
  })
})

describe('a payout account set or changed holds payouts; each payout keeps the account it was paid into', () => {
  const account = { bank: 'gtbank', account_number: '0123456789', account_name: 'Ngozi Eze' }

  async function investorWithAccount() {
    const registered = await api.registerUser('customer')
    const investor = {
      id: await userIdOf(api, registered.email),
      token: registered.token,
      email: registered.email,
      password: registered.password,
    }
    const { reference } = await investment(investor, 100_000, {
      returnPercent: 10,
      interval: 'months',
      frequencyPeriod: 1,
      duration: 3,
    })
    const saved = await api.call('POST', 'account/profile', {
      token: investor.token,
      body: { ...account, current_password: investor.password },
    })
    expect(saved.httpStatus).toBe(200)
    return { investor, reference }
  }

  /** As if the payout account had been changed `hours` ago. */
  async function accountChangedHoursAgo(userId: number, hours: number) {
    await api.db
      .update(profiles)
      .set({ payoutAccountChangedAt: new Date(Date.now() - hours * 3_600_000) })
      .where(eq(profiles.userId, userId))
  }

  test('held for 72 hours: staff see it on the payout, recording it answers 409; after the hold it is recorded with the account', async () => {
    const { investor, reference } = await investorWithAccount()
    const [first, second] = await ledger(reference, recorder.token)
    expect(first.account_hold).toEqual({
      changed_at: expect.any(String),
      held_until: expect.any(String),
    })
    const hold = first.account_hold!
    const hours = (Date.parse(hold.held_until) - Date.parse(hold.changed_at)) / 3_600_000
    expect(hours).toBe(72)
    const listed = await api.call('GET', `admin/payout?status=scheduled&search=${reference}`, {
      token: recorder.token,
    })
    expect(listed.data.items[0].account_hold).toEqual(first.account_hold)

    const held = await markPaid(recorder.token, { ids: [first.id] })
    expect(held.httpStatus).toBe(409)
    expect(held.message).toMatch(
      new RegExp(
        `^Payout account changed on \\d{2}/\\d{2}/\\d{4}: held until \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}\\. The payouts of ${reference} can be recorded paid once the hold ends\\.$`,
      ),
    )
    expect((await ledger(reference, investor.token))[0]).toMatchObject({
      status: 'scheduled',
      paid_at: null,
      paid_to: null,
    })

    // 71 hours later it is still held; 72 hours later it is not.
    await accountChangedHoursAgo(investor.id, 71)
    expect((await markPaid(recorder.token, { ids: [first.id] })).httpStatus).toBe(409)
    await accountChangedHoursAgo(investor.id, 72)
    const recorded = await markPaid(recorder.token, { ids: [first.id] })
    expect(recorded.httpStatus).toBe(200)
    const paidTo = {
      bank: 'gtbank',
      bank_name: 'Guaranty Trust Bank (GTBank)',
      account_number: '0123456789',
      account_name: 'Ngozi Eze',
    }
    expect(recorded.data[0]).toMatchObject({ status: 'paid', paid_to: paidTo, account_hold: null })
    expect(api.latestMail(investor.email)).toContain(
      'Paid to: Guaranty Trust Bank (GTBank), account ending 6789',
    )

    // A new account later holds the next payout again, and the paid one still shows where it went.
    const moved = await api.call('POST', 'account/profile', {
      token: investor.token,
      body: {
        bank: 'zenith',
        account_number: '5555555555',
        account_name: 'Ngozi Eze',
        current_password: investor.password,
      },
    })
    expect(moved.httpStatus).toBe(200)
    const after = await ledger(reference, investor.token)
    expect(after[0]).toMatchObject({ paid_to: paidTo, account_hold: null })
    expect(after[1].account_hold).not.toBeNull()
    expect((await markPaid(recorder.token, { ids: [second.id] })).httpStatus).toBe(409)
  })

  test('the hold follows the setting; an account saved before holds existed holds nothing; no account on file records none', async () => {
    const { investor, reference } = await investorWithAccount()
    const [first] = await ledger(reference, recorder.token)
    const admin = await api.createStaff(['can_modify_setting'])
    await accountChangedHoursAgo(investor.id, 2)
    expect((await markPaid(recorder.token, { ids: [first.id] })).httpStatus).toBe(409)
    const setTo = async (value: number) =>
      expect(
        (
          await api.call('POST', 'admin/setting', {
            token: admin.token,
            body: { type: 'payout_account_hold_hours', value },
          })
        ).httpStatus,
      ).toBe(200)
    await setTo(1)
    try {
      expect((await ledger(reference, recorder.token))[0].account_hold).toBeNull()
      expect((await markPaid(recorder.token, { ids: [first.id] })).httpStatus).toBe(200)
    } finally {
      await setTo(72)
    }

    const older = await investorWithAccount()
    await api.db
      .update(profiles)
      .set({ payoutAccountChangedAt: null })
      .where(eq(profiles.userId, older.investor.id))
    const [olderFirst] = await ledger(older.reference, recorder.token)
    expect(olderFirst.account_hold).toBeNull()
    expect(
      (await markPaid(recorder.token, { ids: [olderFirst.id] })).data[0].paid_to,
    ).toMatchObject({ account_number: '0123456789' })

    const without = await createCustomer(api)
    const plain = await investment(without, 10_000, {
      returnPercent: 10,
      interval: 'months',
      frequencyPeriod: 1,
      duration: 1,
    })
    const [only] = await ledger(plain.reference, recorder.token)
    const paid = await markPaid(recorder.token, { ids: [only.id] })
    expect(paid.httpStatus).toBe(200)
    expect(paid.data[0].paid_to).toBeNull()
  })

  test('the statement prints the account each paid payout went into, in the PDF and the CSV; so does the payouts export', async () => {
    const { investor, reference } = await investorWithAccount()
    await accountChangedHoursAgo(investor.id, 80)
    const [first] = await ledger(reference, recorder.token)
    expect((await markPaid(recorder.token, { ids: [first.id] })).httpStatus).toBe(200)

    const pdf = await api.call('GET', `product-subscription/${reference}/statement`, {
      token: investor.token,
    })
    expect(pdf.httpStatus).toBe(200)
    const text = pdfText(Buffer.from(await pdf.response.arrayBuffer()))
    const [y, m, d] = today().split('-')
    expect(text).toContain(
      `Payout 1 was paid on ${d}/${m}/${y} into Guaranty Trust Bank (GTBank) · 0123456789 · Ngozi Eze.`,
    )
    const csv = await api.call('GET', `product-subscription/${reference}/statement?format=csv`, {
      token: investor.token,
    })
    const csvText = await csv.response.text()
    expect(csvText).toContain(
      'Payout 1, paid into Guaranty Trust Bank (GTBank) · 0123456789 · Ngozi Eze',
    )
    expect(csvText).toMatch(/Payout 2,[^\n]*Scheduled/)

    const exported = await api.call(
      'GET',
      `admin/payout?status=paid&search=${reference}&format=csv`,
      { token: recorder.token },
    )
    const lines = (await exported.response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    expect(lines[0]).toContain('paid_to_bank,paid_to_account_number,paid_to_account_name')
    expect(lines[1]).toContain('Guaranty Trust Bank (GTBank),0123456789,Ngozi Eze')
  })
})

describe('a payout proof opens for whoever may see the investment, and for nobody else', () => {
  test('the investor, its realtor, staff who see every subscription and staff who record payouts open it; others get 404', async () => {
    const realtor = await api.registerUser('realtor')
    const customer = await createCustomer(api, { realtorId: await userIdOf(api, realtor.email) })
    const { reference } = await investment(customer, 20_000, {
      returnPercent: 5,
      interval: 'months',
      frequencyPeriod: 1,
      duration: 2,
    })
    const [first] = await ledger(reference, customer.token)
    const proof = await uploadProof(api, await userIdOf(api, recorder.email))
    expect(
      (await markPaid(recorder.token, { ids: [first.id], proof_of_payment: proof.url })).httpStatus,
    ).toBe(200)
    const shown = (await ledger(reference, customer.token))[0].proof_of_payment as string
    expect(shown).toBe(proof.url)
    const open = async (token: string) =>
      (await api.call('GET', shown.replace(/^\/api\/v1\//, ''), { token })).httpStatus

    expect(await open(customer.token)).toBe(200)
    expect(await open(realtor.token)).toBe(200)
    expect(await open(recorder.token)).toBe(200)
    expect(await open((await api.createStaff(['can_record_payout'])).token)).toBe(200)
    expect(await open(verifier.token)).toBe(200)

    expect(await open((await createCustomer(api)).token)).toBe(404)
    expect(await open((await api.registerUser('realtor')).token)).toBe(404)
    expect(await open((await api.createStaff(['can_modify_product'])).token)).toBe(404)
  })
})
