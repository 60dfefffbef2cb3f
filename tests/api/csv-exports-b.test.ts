/**
 * CSV exports of titles, payouts, commissions and arrears: each answers `?format=csv` on its list's
 * entry with every row the same filters keep (as many as the list's total), amounts as plain
 * decimals, dates ISO, formulas defused; those the list refuses are refused the file alike.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { paymentPlans, subscriptions, users } from '~/backend/db/schema'
import { daysBetween } from '~/contract/arrears-rules'
import { createTestApi, type ItemOf, type SentJson, type TestApi } from '../support/api-harness'
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

type Registered = Awaited<ReturnType<TestApi['registerUser']>>
type Staff = Awaited<ReturnType<TestApi['createStaff']>>

let api: TestApi
let verifier: Staff
let payer: Staff
let titleStaff: Staff
let recorder: Staff
let arrearsStaff: Staff
let upline: Registered
let realtor: Registered
let buyer: Registered & { id: number }
let sneaky: Registered & { id: number }
const purchases: string[] = []

const DECIMAL = /^-?\d+\.\d{2}$/
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

beforeAll(async () => {
  api = await createTestApi()
  verifier = await api.createStaff(['can_verify_transaction'])
  payer = await api.createStaff(['can_pay_commissions'])
  titleStaff = await api.createStaff(['can_manage_titles'])
  recorder = await api.createStaff(['can_record_payout'])
  arrearsStaff = await api.createStaff(['can_record_transaction'])
  // Realtor A; realtor B signed up through A's link; two customers through B's: each purchase earns both.
  upline = await api.registerUser('realtor')
  realtor = await api.registerUser('realtor', { referral: upline.user.reference })
  const first = await api.registerUser('customer', { referral: realtor.user.reference })
  buyer = { ...first, id: await userIdOf(api, first.email) }
  const second = await api.registerUser('customer', { referral: realtor.user.reference })
  sneaky = { ...second, id: await userIdOf(api, second.email) }
  // A name a spreadsheet would run as a formula.
  await api.db
    .update(users)
    .set({ firstName: '=HYPERLINK("http://x")', lastName: 'Eze' })
    .where(eq(users.id, sneaky.id))
  for (const [who, amount] of [
    [buyer, 1_250_000.5],
    [buyer, 2_000_000],
    [buyer, 3_000_000],
    [sneaky, 999_999.99],
  ] as const) {
    purchases.push(await confirmedPurchase(who, amount))
  }
})
afterAll(async () => {
  await api?.close()
})

async function confirm(reference: string) {
  const marked = await api.call('POST', 'admin/mark-transaction', {
    token: verifier.token,
    body: { reference, status: 'paid' },
  })
  expect(marked.status, marked.message).toBe('200')
}

/** A land bought in full, the payment sent and confirmed: a title to follow and two commission entries. */
async function confirmedPurchase(who: { id: number; token: string }, amount: number) {
  const product = await createLandProduct(api, { amount })
  const sub = await subscribe(api, who.token, {
    type: 'land',
    product_id: product.reference,
    payment_mode: 'full',
  })
  const payment = await pay(api, who, sub.reference, amount)
  expect(payment.status, payment.message).toBe('200')
  await confirm(payment.data.reference)
  return sub.reference as string
}

/** Splits RFC 4180 text into rows of cells (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string) {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"'
        index++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      index++
    } else cell += char
  }
  return rows
}

/** The export as the client gets it: its status, file name, raw text and rows as objects by the header. */
async function exportOf(path: string, token: string) {
  const answer = await api.call('GET', `${path}${path.includes('?') ? '&' : '?'}format=csv`, {
    token,
  })
  const text =
    answer.httpStatus === 200
      ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(await answer.response.arrayBuffer())
      : ''
  const [header = [], ...rows] = parseCsv(text.replace(/^\uFEFF/, ''))
  return {
    status: answer.httpStatus,
    type: answer.response.headers.get('content-type') ?? '',
    disposition: answer.response.headers.get('content-disposition') ?? '',
    text,
    header,
    rows: rows.map((cells) =>
      Object.fromEntries(header.map((name, index) => [name, cells[index]])),
    ),
  }
}

/** Every item of a paged list, page by page (`pick` finds the page in the answer). */
async function everyItem<Item = Record<string, unknown>>(
  path: string,
  token: string,
  pick: (data: SentJson) => { items: Item[]; totalPages: number } = (data) => data,
) {
  const items: Item[] = []
  for (let page = 1; ; page++) {
    const answer = await api.call('GET', `${path}${path.includes('?') ? '&' : '?'}page=${page}`, {
      token,
    })
    expect(answer.httpStatus, answer.message).toBe(200)
    const list = pick(answer.data)
    items.push(...list.items)
    if (page >= list.totalPages) return items
  }
}

function expectFile(file: Awaited<ReturnType<typeof exportOf>>, list: string) {
  expect(file.status).toBe(200)
  expect(file.type).toContain('text/csv')
  expect(file.text.startsWith('\uFEFF')).toBe(true)
  expect(file.disposition).toBe(`attachment; filename="${list}-${lagosToday()}.csv"`)
}

/** The export is refused with the list's own status to those the list refuses. */
async function expectRefusedLikeList(path: string, token: string) {
  const list = await api.call('GET', path, { token })
  expect(list.httpStatus).toBeGreaterThanOrEqual(400)
  const file = await exportOf(path, token)
  expect(file.status).toBe(list.httpStatus)
  expect(file.text).toBe('')
}

describe('titles', () => {
  test('a search exports exactly the rows the list holds, in its order, with ISO days', async () => {
    const filter = `admin/title?search=${buyer.user.reference}`
    const listed = await everyItem(filter, titleStaff.token)
    expect(listed.map((item) => item.reference).sort()).toEqual(purchases.slice(0, 3).sort())
    const file = await exportOf(filter, titleStaff.token)
    expectFile(file, 'titles')
    expect(file.header).toEqual([
      'reference',
      'product_reference',
      'product',
      'customer_reference',
      'customer',
      'payment_completed_on',
      'next_step',
      'due_date',
      'overdue',
      'days_waiting',
      'last_step_on',
    ])
    expect(file.rows.map((row) => row.reference)).toEqual(listed.map((item) => item.reference))
    for (const row of file.rows) {
      expect(row.payment_completed_on).toMatch(ISO_DAY)
      expect(row.due_date).toMatch(ISO_DAY)
      expect(row.customer_reference).toBe(buyer.user.reference)
    }
    // Unfiltered: every purchase waiting for a title, the other customer's too.
    expect((await exportOf('admin/title', titleStaff.token)).rows).toHaveLength(
      (await everyItem('admin/title', titleStaff.token)).length,
    )
  })

  test('a customer named like a formula is exported with an apostrophe, inside quotes', async () => {
    const file = await exportOf(`admin/title?search=${sneaky.user.reference}`, titleStaff.token)
    expect(file.rows).toHaveLength(1)
    expect(file.rows[0].customer).toBe(`'=HYPERLINK("http://x") Eze`)
    expect(file.text).toContain(`"'=HYPERLINK(""http://x"") Eze"`)
  })

  test('refused to those the list refuses', async () => {
    await expectRefusedLikeList('admin/title', buyer.token)
    await expectRefusedLikeList('admin/title', payer.token)
  })
})

describe('commissions', () => {
  test("staff: one realtor's paid entries, then earned ones, as many as the list; amounts as decimals adding up to the list's", async () => {
    const earned = await everyItem(
      `admin/commission?realtor=${realtor.user.reference}&status=earned`,
      payer.token,
    )
    expect(earned).toHaveLength(4)
    const paid = await api.call('POST', 'admin/commission/mark-paid', {
      token: payer.token,
      body: { ids: [earned[0].id], paid_at: lagosToday(), bank_reference: 'ZEN-CSV-1' },
    })
    expect(paid.status, paid.message).toBe('200')

    for (const status of ['earned', 'paid']) {
      const filter = `admin/commission?realtor=${realtor.user.reference}&status=${status}`
      const listed = await everyItem<ItemOf<'commissionList'>>(filter, payer.token)
      const file = await exportOf(filter, payer.token)
      expectFile(file, 'commissions')
      expect(file.rows.map((row) => row.id)).toEqual(listed.map((item) => item.id))
      for (const row of file.rows) {
        expect(row.status).toBe(status)
        expect(row.realtor_reference).toBe(realtor.user.reference)
        for (const amount of [row.gross, row.withholding_tax, row.net, row.transaction_amount])
          expect(amount).toMatch(DECIMAL)
        expect(row.created_at).toMatch(ISO_INSTANT)
      }
      const kobo = (rows: Record<string, string>[]) =>
        rows.reduce((sum, row) => sum + Math.round(Number(row.net) * 100), 0)
      expect(kobo(file.rows)).toBe(
        listed.reduce((sum, item) => sum + Math.round(item.net * 100), 0),
      )
    }
    const paidFile = await exportOf(
      `admin/commission?status=paid&realtor=${realtor.user.reference}`,
      payer.token,
    )
    expect(paidFile.rows[0]).toMatchObject({ paid_at: lagosToday(), bank_reference: 'ZEN-CSV-1' })
    // ₦1,250,000.50 at 5 %: ₦62,500.03 gross, as the list shows it, in plain decimals.
    const all = await exportOf(`admin/commission?realtor=${realtor.user.reference}`, payer.token)
    expect(all.rows.map((row) => row.gross)).toContain('62500.03')
  })

  test('a realtor exports its own entries only; naming another, or the staff list, is refused like the list', async () => {
    const listed = await everyItem('commission', realtor.token)
    const file = await exportOf('commission', realtor.token)
    expectFile(file, 'commissions')
    expect(file.rows.map((row) => row.id)).toEqual(listed.map((item) => item.id))
    expect(new Set(file.rows.map((row) => row.realtor_reference))).toEqual(
      new Set([realtor.user.reference]),
    )
    const uplines = await exportOf('commission', upline.token)
    expect(uplines.rows).toHaveLength(4)
    expect(new Set(uplines.rows.map((row) => row.realtor_reference))).toEqual(
      new Set([upline.user.reference]),
    )
    await expectRefusedLikeList(`commission?realtor=${upline.user.reference}`, realtor.token)
    await expectRefusedLikeList('admin/commission', realtor.token)
    await expectRefusedLikeList('commission', buyer.token)
    await expectRefusedLikeList('admin/commission', recorder.token)
  })
})

describe('payouts', () => {
  test('per status and dates: as many rows as total_count, adding up to total_amount to the kobo', async () => {
    const investor = await createCustomer(api)
    // Weekly payouts for a year: enough rows for several pages and a date range that cuts them.
    const product = await createInvestmentProduct(api, {
      minimum: 1_000,
      returnPercent: 9.5,
      interval: 'weeks',
      frequencyPeriod: 1,
      duration: 52,
    })
    const sub = await subscribe(api, investor.token, {
      type: 'land_investment',
      product_id: product.reference,
      amount_invested: 333_333.33,
    })
    const payment = await pay(api, investor, sub.reference, 333_333.33)
    expect(payment.status, payment.message).toBe('200')
    await confirm(payment.data.reference)

    const search = sub.reference as string
    const all = await api.call('GET', `admin/payout?status=scheduled&search=${search}`, {
      token: recorder.token,
    })
    expect(all.data.total_count).toBe(52)
    const scheduled = await everyItem(
      `admin/payout?status=scheduled&search=${search}`,
      recorder.token,
    )
    const from = scheduled[3].due_date as string
    const to = scheduled[40].due_date as string
    const filter = `admin/payout?status=scheduled&search=${search}&from=${from}&to=${to}`
    const list = await api.call('GET', filter, { token: recorder.token })
    expect(list.data.total_count).toBe(38)
    const file = await exportOf(filter, recorder.token)
    expectFile(file, 'payouts')
    expect(file.rows).toHaveLength(list.data.total_count)
    expect(file.rows.map((row) => row.id)).toEqual(
      (await everyItem(filter, recorder.token)).map((item) => item.id),
    )
    for (const row of file.rows) {
      expect(row.amount).toMatch(DECIMAL)
      expect(row.principal).toMatch(DECIMAL)
      expect(row.due_date >= from && row.due_date <= to).toBe(true)
      expect(row).toMatchObject({
        status: 'scheduled',
        subscription_reference: search,
        investor_email: investor.email,
      })
    }
    const sum = file.rows.reduce((total, row) => total + Math.round(Number(row.amount) * 100), 0)
    expect(sum).toBe(Math.round(list.data.total_amount * 100))
    // Another tab under the same search: none due yet.
    expect(
      (await exportOf(`admin/payout?status=due&search=${search}`, recorder.token)).rows,
    ).toEqual([])
  })

  test('refused to those the list refuses', async () => {
    await expectRefusedLikeList('admin/payout', buyer.token)
    await expectRefusedLikeList('admin/payout', payer.token)
  })
})

describe('arrears', () => {
  test('a product and a bucket export the subscriptions the list holds, amounts as decimals', async () => {
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
      expect(deposit.status, deposit.message).toBe('200')
      await confirm(deposit.data.reference)
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
    const early = [await late(3), await late(12)]
    const later = await late(40)

    const filter = `admin/arrears?product=${product.reference}&bucket=1-30`
    const listed = await everyItem(filter, arrearsStaff.token, (data) => data.subscriptions)
    expect(listed.map((item) => item.reference).sort()).toEqual([...early].sort())
    const file = await exportOf(filter, arrearsStaff.token)
    expectFile(file, 'arrears')
    expect(file.rows.map((row) => row.reference)).toEqual(listed.map((item) => item.reference))
    expect(file.rows.map((row) => row.amount_overdue)).toEqual(['300000.00', '300000.00'])
    expect(file.rows.map((row) => row.days_in_arrears)).toEqual(['12', '3'])
    expect(file.rows[1]).toMatchObject({
      arrears_bucket: '1-30',
      next_step: 'late_fee',
      next_step_amount: '6000.00',
    })
    expect(file.rows[1].next_step_date).toMatch(ISO_DAY)

    const everyBucket = await exportOf(
      `admin/arrears?product=${product.reference}`,
      arrearsStaff.token,
    )
    expect(everyBucket.rows.map((row) => row.reference)).toEqual([later, ...early.reverse()])
  })

  test('refused to those the list refuses', async () => {
    await expectRefusedLikeList('admin/arrears', buyer.token)
    await expectRefusedLikeList('admin/arrears', titleStaff.token)
  })
})
