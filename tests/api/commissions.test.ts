import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { commissions, subscriptions, transactions } from '~/backend/db/schema'
import { CODE_PATTERN } from '~/contract/verification'
import { pdfText } from '../support/pdf-text'
import { createTestApi, type TestApi } from '../support/api-harness'
import {
  createCustomer,
  createLandProduct,
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
let realtorEditor: Staff
let a: Registered
let b: Registered
let buyer: Registered & { id: number }

const thisMonth = () => lagosToday().slice(0, 7)

beforeAll(async () => {
  api = await createTestApi()
  verifier = await api.createStaff(['can_verify_transaction'])
  payer = await api.createStaff(['can_pay_commissions'])
  realtorEditor = await api.createStaff(['can_view_realtor', 'can_modify_realtor'])
  // The chain: realtor A; realtor B signed up through A's link; a customer through B's link.
  a = await api.registerUser('realtor')
  b = await api.registerUser('realtor', { referral: a.user.reference })
  const customer = await api.registerUser('customer', { referral: b.user.reference })
  buyer = { ...customer, id: await userIdOf(api, customer.email) }
})
afterAll(async () => {
  await api?.close()
})

/** A land bought in full by the chain's customer, the payment sent and confirmed by staff. */
async function confirmedPurchase(amount: number) {
  const product = await createLandProduct(api, { amount })
  const sub = await subscribe(api, buyer.token, {
    type: 'land',
    product_id: product.reference,
    payment_mode: 'full',
  })
  const payment = await pay(api, buyer, sub.reference, amount)
  expect(payment.status).toBe('200')
  const marked = await api.call('POST', 'admin/mark-transaction', {
    token: verifier.token,
    body: { reference: payment.data.reference, status: 'paid' },
  })
  expect(marked.status).toBe('200')
  return { reference: sub.reference as string, transaction: payment.data.reference as string }
}

const own = (token: string, query = '') => api.call('GET', `commission${query}`, { token })

describe('the three-level chain', () => {
  test('uplines come from the referral link; staff see them on the realtor', async () => {
    const shown = await api.call('GET', `admin/realtor/${b.user.reference}`, {
      token: realtorEditor.token,
    })
    expect(shown.data.upline.reference).toBe(a.user.reference)
    const upper = await api.call('GET', `admin/realtor/${a.user.reference}`, {
      token: realtorEditor.token,
    })
    expect(upper.data.upline).toBeNull()
    expect(upper.data.referrals.map((realtor: { reference: string }) => realtor.reference)).toEqual(
      [b.user.reference],
    )
    expect(upper.data.referral_count).toBe(1)
  })

  test('one confirmed payment: B earns 5 % and A 3 %, each net of its withholding tax, to the kobo; paying moves the totals', async () => {
    // A trades as a registered company: 10 % withheld; B is an individual: 5 %.
    const madeCompany = await api.call('POST', `admin/realtor/${a.user.reference}`, {
      token: realtorEditor.token,
      body: {
        first_name: a.user.first_name,
        last_name: a.user.last_name,
        email: a.email,
        business_name: 'Obi Homes Ltd',
        registered_company: true,
      },
    })
    expect(madeCompany.status).toBe('200')

    const { reference, transaction } = await confirmedPurchase(1_250_000.5)

    const bList = await own(b.token)
    expect(bList.httpStatus).toBe(200)
    expect(bList.data.items).toHaveLength(1)
    // 5 % of ₦1,250,000.50 = ₦62,500.025 → ₦62,500.03; WHT 5 % = ₦3,125.0015 → ₦3,125.00.
    expect(bList.data.items[0]).toMatchObject({
      level: 1,
      gross: 62_500.03,
      withholding_tax: 3_125,
      net: 59_375.03,
      status: 'earned',
      realtor: { reference: b.user.reference },
      customer: {
        reference: buyer.user.reference,
        full_name: `${buyer.user.first_name} ${buyer.user.last_name}`,
      },
      subscription: { reference },
      transaction: { reference: transaction, amount: 1_250_000.5 },
    })
    expect(bList.data.totals).toEqual({ earned: 59_375.03, paid: 0, balance: 59_375.03, held: 0 })

    const aList = await own(a.token)
    expect(aList.data.items).toHaveLength(1)
    // 3 % = ₦37,500.015 → ₦37,500.02; WHT 10 % = ₦3,750.002 → ₦3,750.00.
    expect(aList.data.items[0]).toMatchObject({
      level: 2,
      gross: 37_500.02,
      withholding_tax: 3_750,
      net: 33_750.02,
      status: 'earned',
    })
    expect(aList.data.totals).toEqual({ earned: 33_750.02, paid: 0, balance: 33_750.02, held: 0 })

    // Staff see both, with the net per realtor, and pay B's.
    const all = await api.call('GET', 'admin/commission?status=earned', { token: payer.token })
    expect(all.httpStatus).toBe(200)
    const byRealtor = Object.fromEntries(
      all.data.by_realtor.map((row: { realtor: { reference: string }; net: number }) => [
        row.realtor.reference,
        row.net,
      ]),
    )
    expect(byRealtor).toEqual({ [b.user.reference]: 59_375.03, [a.user.reference]: 33_750.02 })
    const onlyB = await api.call('GET', `admin/commission?realtor=${b.user.reference}`, {
      token: payer.token,
    })
    expect(onlyB.data.items.map((entry: { id: string }) => entry.id)).toEqual([
      bList.data.items[0].id,
    ])

    const paid = await api.call('POST', 'admin/commission/mark-paid', {
      token: payer.token,
      body: { ids: [bList.data.items[0].id], paid_at: lagosToday(), bank_reference: 'NIP/0001' },
    })
    expect(paid.status).toBe('200')
    expect(paid.data).toEqual({ paid: 1, net: 59_375.03 })

    const after = await own(b.token)
    expect(after.data.totals).toEqual({ earned: 59_375.03, paid: 59_375.03, balance: 0, held: 0 })
    expect(after.data.items[0]).toMatchObject({
      status: 'paid',
      paid_at: lagosToday(),
      bank_reference: 'NIP/0001',
    })
    expect((await own(a.token)).data.totals.balance).toBe(33_750.02)

    const summary = await api.call('GET', 'dashboard-summary', { token: b.token })
    expect(summary.data.realtor.commissions).toEqual({
      earned: 59_375.03,
      paid: 59_375.03,
      balance: 0,
    })

    const notes = await api.call('GET', 'notification', { token: b.token })
    const note = notes.data.items.find(
      (item: { title: string }) => item.title === 'Commissions paid',
    )
    expect(note.body).toContain('₦59,375.03')
    expect(note.body).toContain('NIP/0001')
    expect(note.link).toBe('/commissions')

    // Paid once: paying it again (alone or with another) is refused and changes nothing.
    const again = await api.call('POST', 'admin/commission/mark-paid', {
      token: payer.token,
      body: {
        ids: [bList.data.items[0].id, aList.data.items[0].id],
        paid_at: lagosToday(),
        bank_reference: 'NIP/0002',
      },
    })
    expect(again.httpStatus).toBe(409)
    expect((await own(a.token)).data.items[0].status).toBe('earned')
  })

  test('a future date or a missing bank reference is refused on its field; an unknown id is a 404', async () => {
    const entry = (await own(a.token)).data.items[0]
    const future = await api.call('POST', 'admin/commission/mark-paid', {
      token: payer.token,
      body: { ids: [entry.id], paid_at: '2999-01-01', bank_reference: 'X' },
    })
    expect(future.httpStatus).toBe(409)
    expect(future.data.paid_at).toEqual(['Date paid cannot be in the future'])
    const blank = await api.call('POST', 'admin/commission/mark-paid', {
      token: payer.token,
      body: { ids: [entry.id], paid_at: lagosToday(), bank_reference: ' ' },
    })
    expect(blank.httpStatus).toBe(422)
    expect(blank.data.bank_reference).toBeDefined()
    const unknown = await api.call('POST', 'admin/commission/mark-paid', {
      token: payer.token,
      body: {
        ids: ['00000000-0000-4000-8000-000000000000'],
        paid_at: lagosToday(),
        bank_reference: 'X',
      },
    })
    expect(unknown.httpStatus).toBe(404)
  })

  test('the monthly statement: a PDF and a CSV of the month', async () => {
    const pdf = await api.call('GET', `commission/statement/${thisMonth()}`, { token: b.token })
    expect(pdf.httpStatus).toBe(200)
    expect(pdf.response.headers.get('content-type')).toBe('application/pdf')
    const text = pdfText(Buffer.from(await pdf.response.arrayBuffer()))
    expect(text).toContain('Commission Statement')
    expect(text).toContain(b.user.reference)
    expect(text).toContain('₦59,375.03')
    expect(text).toContain(`${buyer.user.first_name} ${buyer.user.last_name}`)

    const csv = await api.call('GET', `commission/statement/${thisMonth()}/csv`, { token: b.token })
    expect(csv.httpStatus).toBe(200)
    expect(csv.response.headers.get('content-type')).toContain('text/csv')
    const lines = (await csv.response.text()).trim().split('\r\n')
    expect(lines[0]).toBe(
      'date_earned,customer,customer_reference,subscription,product,transaction,level,rate_percent,gross,withholding_tax,net,status,paid_at,bank_reference',
    )
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(`${lagosToday()},`)
    expect(lines[1]).toContain(',1,5,62500.03,3125.00,59375.03,paid,')
    // A's statement holds A's entry only.
    const aCsv = await api.call('GET', `commission/statement/${thisMonth()}/csv`, {
      token: a.token,
    })
    const aLines = (await aCsv.response.text()).trim().split('\r\n')
    expect(aLines).toHaveLength(2)
    expect(aLines[1]).toContain(',2,3,37500.02,3750.00,33750.02,earned,')

    const badMonth = await api.call('GET', 'commission/statement/2026-13', { token: b.token })
    expect(badMonth.httpStatus).toBe(422)
  })

  test('a monthly statement is verifiable, and revoked once an entry it counts is voided', async () => {
    const statementCode = async (token: string) => {
      const answer = await api.call('GET', `commission/statement/${thisMonth()}`, { token })
      return (
        /\/verify\/([A-Z0-9]+)\)/.exec(
          Buffer.from(await answer.response.arrayBuffer()).toString('latin1'),
        )?.[1] ?? ''
      )
    }
    const code = await statementCode(a.token)
    expect(code).toMatch(CODE_PATTERN)
    expect(await statementCode(a.token)).toBe(code)
    const valid = await api.call('GET', `verify/${code}`, { token: null })
    expect(valid.data).toMatchObject({
      document_type: 'commission_statement',
      amount: 33750.02,
      customer_name: `${a.user.first_name} ${a.user.last_name[0]}.`,
      status: 'valid',
    })

    await api.db
      .update(commissions)
      .set({ status: 'void', voidReason: 'Entered in error', voidedAt: new Date() })
      .where(eq(commissions.realtorId, await userIdOf(api, a.user.email)))
    const revoked = await api.call('GET', `verify/${code}`, { token: null })
    expect(revoked.data).toMatchObject({
      status: 'revoked',
      revoked_reason: 'A commission this statement counts was voided',
    })
    expect(revoked.data.revoked_at).not.toBeNull()
    await api.db
      .update(commissions)
      .set({ status: 'earned', voidReason: null, voidedAt: null })
      .where(eq(commissions.realtorId, await userIdOf(api, a.user.email)))
  })
})

describe('once per transaction', () => {
  test('20 concurrent marks of one payment create one set of entries', async () => {
    const product = await createLandProduct(api, { amount: 400_000 })
    const sub = await subscribe(api, buyer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    const payment = await pay(api, buyer, sub.reference, 400_000)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.call('POST', 'admin/mark-transaction', {
          token: verifier.token,
          body: { reference: payment.data.reference, status: 'paid' },
        }),
      ),
    )
    expect(answers.filter((answer) => answer.httpStatus === 200)).toHaveLength(1)
    expect(
      answers
        .filter((answer) => answer.httpStatus !== 200)
        .every((answer) => answer.httpStatus === 409),
    ).toBe(true)
    const [trx] = await api.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.reference, payment.data.reference))
    const entries = await api.db
      .select()
      .from(commissions)
      .where(eq(commissions.transactionId, trx.id))
    expect(entries.map((entry) => [entry.level, entry.gross]).sort()).toEqual([
      [1, 2_000_000],
      [2, 1_200_000],
    ])
  })
})

describe('refusals', () => {
  test('a realtor reads only its own; a customer and staff without the permission read none', async () => {
    expect(
      (await api.call('GET', `admin/commission?realtor=${a.user.reference}`, { token: b.token }))
        .httpStatus,
    ).toBe(403)
    const asOther = await api.call('GET', `commission?realtor=${a.user.reference}`, {
      token: b.token,
    })
    expect(asOther.httpStatus).toBe(403)
    expect(asOther.message).toBe('You can only see your own commissions')
    expect(
      (
        await api.call(
          'GET',
          `commission/statement/${thisMonth()}/csv?realtor=${a.user.reference}`,
          { token: b.token },
        )
      ).httpStatus,
    ).toBe(403)
    // Staff who pay commissions read a realtor's list and statement by its reference.
    const asPayer = await api.call('GET', `commission?realtor=${a.user.reference}`, {
      token: payer.token,
    })
    expect(asPayer.data.totals).toEqual((await own(a.token)).data.totals)
    const bIds = new Set((await own(b.token)).data.items.map((entry: { id: string }) => entry.id))
    for (const entry of (await own(a.token)).data.items) expect(bIds.has(entry.id)).toBe(false)
    expect((await own(buyer.token)).httpStatus).toBe(403)
    expect((await api.call('GET', 'admin/commission', { token: buyer.token })).httpStatus).toBe(403)
    expect(
      (await api.call('GET', `commission/statement/${thisMonth()}`, { token: buyer.token }))
        .httpStatus,
    ).toBe(403)
    const entry = (await own(a.token)).data.items.find(
      (item: { status: string }) => item.status === 'earned',
    )
    for (const staff of [verifier, realtorEditor]) {
      expect((await api.call('GET', 'admin/commission', { token: staff.token })).httpStatus).toBe(
        403,
      )
      expect(
        (await api.call('GET', `commission?realtor=${a.user.reference}`, { token: staff.token }))
          .httpStatus,
      ).toBe(403)
      const refused = await api.call('POST', 'admin/commission/mark-paid', {
        token: staff.token,
        body: { ids: [entry.id], paid_at: lagosToday(), bank_reference: 'X' },
      })
      expect(refused.httpStatus).toBe(403)
    }
    expect(
      (
        await api.call('POST', 'admin/commission/mark-paid', {
          token: b.token,
          body: { ids: [entry.id], paid_at: lagosToday(), bank_reference: 'X' },
        })
      ).httpStatus,
    ).toBe(403)
    expect(
      (await own(a.token)).data.items.find((item: { id: string }) => item.id === entry.id).status,
    ).toBe('earned')
  })

  test('an upline that would make a loop is refused on upline; another realtor is accepted, and blank removes it', async () => {
    const update = (who: Registered, extra: Record<string, unknown>) =>
      api.call('POST', `admin/realtor/${who.user.reference}`, {
        token: realtorEditor.token,
        body: {
          first_name: who.user.first_name,
          last_name: who.user.last_name,
          email: who.email,
          business_name: 'Obi Homes',
          ...extra,
        },
      })
    const loop = await update(a, { upline: b.user.reference })
    expect(loop.httpStatus).toBe(409)
    expect(loop.data.upline).toEqual([
      'This upline would make a loop: the realtor is already above them',
    ])
    const self = await update(a, { upline: a.user.reference })
    expect(self.data.upline).toEqual([
      'This upline would make a loop: the realtor is already above them',
    ])
    const unknown = await update(a, { upline: 'RLT-NOBODY00' })
    expect(unknown.data.upline).toEqual(['No realtor has this reference'])
    expect(
      (await api.call('GET', `admin/realtor/${a.user.reference}`, { token: realtorEditor.token }))
        .data.upline,
    ).toBeNull()

    const c = await api.registerUser('realtor')
    expect((await update(c, { upline: b.user.reference })).status).toBe('200')
    // A → B → C: A may not go below C either.
    expect((await update(a, { upline: c.user.reference })).data.upline).toEqual([
      'This upline would make a loop: the realtor is already above them',
    ])
    expect(
      (await api.call('GET', `admin/realtor/${c.user.reference}`, { token: realtorEditor.token }))
        .data.upline.reference,
    ).toBe(b.user.reference)
    expect((await update(c, { upline: '' })).status).toBe('200')
    expect(
      (await api.call('GET', `admin/realtor/${c.user.reference}`, { token: realtorEditor.token }))
        .data.upline,
    ).toBeNull()
    // Leaving upline out keeps it.
    expect((await update(b, {})).status).toBe('200')
    expect(
      (await api.call('GET', `admin/realtor/${b.user.reference}`, { token: realtorEditor.token }))
        .data.upline.reference,
    ).toBe(a.user.reference)
  })
})

describe('voiding', () => {
  test('cancelling a subscription voids its unpaid commissions and leaves paid ones paid', async () => {
    const canceller = await api.createStaff(['can_modify_subscription'])
    const customer = await createCustomer(api)
    const product = await createLandProduct(api, { amount: 100_000 })
    const sub = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    const payment = await pay(api, customer, sub.reference, 100_000)
    // No payment of a cancellable subscription is confirmed, so its entries are written here as a
    // confirmed payment under another rule would leave them.
    const [row] = await api.db
      .select({ subscriptionId: subscriptions.id, transactionId: transactions.id })
      .from(transactions)
      .innerJoin(subscriptions, eq(subscriptions.id, transactions.subscriptionId))
      .where(eq(transactions.reference, payment.data.reference))
    const realtorId = await userIdOf(api, b.email)
    const base = {
      customerId: customer.id,
      subscriptionId: row.subscriptionId,
      transactionId: row.transactionId,
      rate: 5,
      withholdingTaxRate: 5,
      gross: 500_000,
      withholdingTax: 25_000,
      net: 475_000,
    }
    await api.db.insert(commissions).values([
      { ...base, realtorId, level: 1 },
      {
        ...base,
        realtorId: await userIdOf(api, a.email),
        level: 2,
        status: 'paid',
        paidAt: lagosToday(),
        bankReference: 'NIP/9',
      },
    ])
    const before = (await own(b.token)).data.totals

    const cancelled = await api.call('POST', `admin/product-subscription/${sub.reference}/cancel`, {
      token: canceller.token,
    })
    expect(cancelled.status).toBe('200')
    const entries = await api.db
      .select()
      .from(commissions)
      .where(and(eq(commissions.subscriptionId, row.subscriptionId)))
    expect(entries.map((entry) => [entry.level, entry.status, entry.voidReason]).sort()).toEqual([
      [1, 'void', 'Subscription cancelled'],
      [2, 'paid', null],
    ])
    const voided = (await own(b.token, '?status=void')).data.items
    expect(voided).toHaveLength(1)
    expect(voided[0].void_reason).toBe('Subscription cancelled')
    expect((await own(b.token)).data.totals.earned).toBe(before.earned - 4_750)
  })
})

describe('rates and company status', () => {
  test('staff who change settings save rates with decimals; a third decimal is refused on its field', async () => {
    const settingsEditor = await api.createStaff(['can_modify_setting'])
    const before = await api.call('GET', 'admin/setting/commission_rates', {
      token: settingsEditor.token,
    })
    expect(before.data).toEqual({
      level_1: 5,
      level_2: 3,
      level_3: 2,
      wht_individual: 5,
      wht_company: 10,
    })
    const refused = await api.call('POST', 'admin/setting', {
      token: settingsEditor.token,
      body: {
        type: 'commission_rates',
        level_1: 5,
        level_2: 2.555,
        level_3: 2,
        wht_individual: 5,
        wht_company: 10,
      },
    })
    expect(refused.httpStatus).toBe(422)
    expect(refused.data.level_2).toEqual(['Level 2 rate may have at most two decimals'])
    const saved = await api.call('POST', 'admin/setting', {
      token: settingsEditor.token,
      body: {
        type: 'commission_rates',
        level_1: 5,
        level_2: 2.5,
        level_3: 0,
        wht_individual: 5,
        wht_company: 10,
      },
    })
    expect(saved.status).toBe('200')
    expect(saved.message).toBe('Commission rates saved')
    expect(
      (await api.call('GET', 'admin/setting/commission_rates', { token: settingsEditor.token }))
        .data.level_2,
    ).toBe(2.5)
    expect(
      (await api.call('GET', 'admin/setting/commission_rates', { token: b.token })).httpStatus,
    ).toBe(403)

    // The next payment earns at the new rates: 2.5 % at level 2.
    const { transaction } = await confirmedPurchase(100_000)
    const aEntry = (await own(a.token)).data.items.find(
      (entry: { transaction: { reference: string } }) =>
        entry.transaction.reference === transaction,
    )
    expect(aEntry).toMatchObject({ level: 2, rate: 2.5, gross: 2_500 })
    await api.call('POST', 'admin/setting', {
      token: settingsEditor.token,
      body: {
        type: 'commission_rates',
        level_1: 5,
        level_2: 3,
        level_3: 2,
        wht_individual: 5,
        wht_company: 10,
      },
    })
  })
})
