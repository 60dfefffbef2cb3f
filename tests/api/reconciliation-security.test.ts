import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { statementImports, statementLines, users } from '~/backend/db/schema'
import { STATEMENT_LIMITS, tooManyCreditLines } from '~/backend/reconciliation/limits'
import { futureDate } from '~/backend/reconciliation/statement'
import { NOT_A_WORKBOOK } from '~/backend/reconciliation/xlsx'
import { addInterval } from '~/backend/dates/calendar'
import { AMBIGUOUS_CREDIT, NO_STATEMENT_CREDIT } from '~/contract/reconciliation'
import { createTestApi, type DataOf, type TestApi } from '../support/api-harness'
import { gtbankCsv, toBase64, zip, type StatementEntry } from '../support/statements'
import {
  createCustomer,
  createLandProduct,
  lagosToday,
  pay,
  subscribe,
  userIdOf,
} from './subscriptions-fixtures'

// The bank-statement reconciliation against the attacks of the security review: files made to
// hold the server, credits linked as larger payments, an impostor's match, the same credit
// imported twice, statements too long, and lines dated in the future.

type Staff = Awaited<ReturnType<TestApi['createStaff']>> & { id: number }

let api: TestApi
let importer: Staff
let checker: Staff

beforeAll(async () => {
  api = await createTestApi()
  const withId = async (staff: Awaited<ReturnType<TestApi['createStaff']>>) => ({
    ...staff,
    id: await userIdOf(api, staff.email),
  })
  importer = await withId(await api.createStaff(['can_reconcile', 'can_verify_transaction']))
  checker = await withId(await api.createStaff(['can_reconcile', 'can_verify_transaction']))
})
afterAll(async () => {
  await api?.close()
})

const yesterday = () => addInterval(lagosToday(), -1, 'days')
const importsNow = async () =>
  (await api.db.select({ total: count() }).from(statementImports))[0].total

describe('a workbook made to hold the server', () => {
  // Thousands of rows and cells opened and never closed: a kilobyte packed.
  const crafted = zip([
    ['xl/worksheets/sheet1.xml', `<worksheet><sheetData>${'<row><c>'.repeat(80_000)}`],
  ])

  test(
    'is refused with 422 on the file, and a health check sent with it is answered meanwhile',
    { timeout: 10_000 },
    async () => {
      const before = await importsNow()
      const [refused, health] = await Promise.all([
        api.call('POST', 'admin/reconciliation/statement/preview', {
          token: importer.token,
          body: { bank: 'gtbank', file_name: 'statement.xlsx', file_in_base64: toBase64(crafted) },
        }),
        api.call('GET', 'health'),
      ])
      expect(refused.httpStatus).toBe(422)
      expect(refused.data.file_in_base64).toEqual([NOT_A_WORKBOOK])
      expect(health.httpStatus).toBe(200)
      expect(await importsNow()).toBe(before)
    },
  )
})

type Customer = Awaited<ReturnType<typeof createCustomer>>

async function named(firstName: string, lastName: string) {
  const customer = await createCustomer(api)
  await api.db.update(users).set({ firstName, lastName }).where(eq(users.id, customer.id))
  return customer
}

async function buying(customer: Customer, amount: number) {
  const product = await createLandProduct(api, { amount })
  return subscribe(api, customer.token, {
    type: 'land',
    product_id: product.reference,
    payment_mode: 'full',
  })
}

const importEntries = (entries: StatementEntry[], bank = 'gtbank', token = importer.token) =>
  api.call('POST', 'admin/reconciliation/statement', {
    token,
    body: { bank, file_name: 'statement.csv', file_in_base64: toBase64(gtbankCsv(entries)) },
  })

const openLines = async (query = '') =>
  (
    await api.call<DataOf<'reconciliationLines'>>(
      'GET',
      `admin/reconciliation/line?status=open${query}`,
      { token: checker.token },
    )
  ).data.items
const lineWith = async (text: string) => {
  const found = (await openLines()).find((item) => item.narration.includes(text))
  if (!found) throw new Error(`No open line with ${text}`)
  return found
}
const paymentsOf = async (reference: string) =>
  (
    await api.call<DataOf<'transactionList'>>(
      'GET',
      `product-subscription/${reference}/transaction`,
      { token: checker.token },
    )
  ).data.items
const subscriptionStatus = async (reference: string, customer: Customer) =>
  (await api.call('GET', `product-subscription/${reference}`, { token: customer.token })).data
    .status
const mark = (reference: string, body: Record<string, unknown>) =>
  api.call('POST', 'admin/mark-transaction', { token: checker.token, body: { reference, ...body } })

describe('a credit linked by hand', () => {
  test('as a larger payment records one without a matching credit: the verifier sees both figures and must confirm it knowingly', async () => {
    const customer = await named('Tunde', 'Bakare')
    const sub = await buying(customer, 4_320_000)
    await importEntries([
      {
        date: yesterday(),
        remarks: 'TRF FROM T BAKARE SMALL',
        credit: 1_000,
        reference: 'NIP/SMALL/1',
      },
    ])
    const small = await lineWith('TRF FROM T BAKARE SMALL')

    const linked = await api.call('POST', `admin/reconciliation/line/${small.id}/link`, {
      token: importer.token,
      body: { subscription: sub.reference, amount: 4_320_000 },
    })
    expect(linked.httpStatus).toBe(200)
    expect(linked.message).toBe(
      "Statement line linked: the payment of ₦4,320,000.00 is not the credit's ₦1,000.00, so it has no matching credit",
    )
    const [payment] = await paymentsOf(sub.reference)
    expect(payment).toMatchObject({
      amount: 4_320_000,
      status: 'awaiting_confirmation',
      no_statement_credit: true,
      statement_warning: { kind: 'amount_differs', credit_amount: 1_000, credit_date: yesterday() },
    })
    // Not marked paid unknowingly: the warning must be answered, and the land stays unpaid meanwhile.
    const warned = await mark(payment.reference, { status: 'paid' })
    expect(warned.httpStatus).toBe(409)
    expect(warned.data.without_statement_credit[0].startsWith(NO_STATEMENT_CREDIT)).toBe(true)
    expect(await subscriptionStatus(sub.reference, customer)).toBe('awaiting_payment_confirmation')
    expect(
      (await mark(payment.reference, { status: 'not_confirmed', reason: 'Only ₦1,000 arrived' }))
        .httpStatus,
    ).toBe(200)
  })

  test("at the credit's own amount is backed by the statement and confirmed without a warning", async () => {
    const customer = await named('Kemi', 'Ade')
    const sub = await buying(customer, 45_500)
    await importEntries([
      { date: yesterday(), remarks: 'POS KEMI ADE FULL', credit: 45_500, reference: 'NIP/FULL/1' },
    ])
    const line = await lineWith('POS KEMI ADE FULL')
    const linked = await api.call('POST', `admin/reconciliation/line/${line.id}/link`, {
      token: importer.token,
      body: { subscription: sub.reference, amount: 45_500 },
    })
    expect(linked.httpStatus).toBe(200)
    expect(linked.message).toBe(
      'Statement line linked: another member of staff must confirm the payment',
    )
    const [payment] = await paymentsOf(sub.reference)
    expect(payment).toMatchObject({
      amount: 45_500,
      no_statement_credit: false,
      statement_warning: null,
    })
    expect((await mark(payment.reference, { status: 'paid' })).httpStatus).toBe(200)
    expect(await subscriptionStatus(sub.reference, customer)).toBe('completed')
  })
})

describe("an impostor's claim on a victim's credit", () => {
  test('a credit fitting both payments is ambiguous: shown so on both, never confirmed in bulk, and the payment staff confirm takes it', async () => {
    const victim = await named('Ngozi', 'Okafor')
    const impostor = await named('Ngozi', 'Okafor')
    const victimSub = await buying(victim, 2_500_000)
    const impostorSub = await buying(impostor, 2_500_000)
    const fake = (await pay(api, impostor, impostorSub.reference, 2_500_000)).data
    const genuine = (await pay(api, victim, victimSub.reference, 2_500_000)).data
    const summary = await importEntries([
      { date: yesterday(), remarks: 'NIP TRANSFER FROM NGOZI OKAFOR', credit: 2_500_000 },
    ])
    expect(summary.data).toMatchObject({
      imported: 1,
      exact: 0,
      likely: 0,
      ambiguous: 1,
      unmatched: 0,
    })

    const line = await lineWith('NIP TRANSFER FROM NGOZI OKAFOR')
    expect(line).toMatchObject({
      confidence: 'ambiguous',
      match: null,
      can_confirm: false,
      cannot_confirm_reason: AMBIGUOUS_CREDIT,
    })
    expect(line.candidates.map((candidate) => candidate.transaction.reference).sort()).toEqual(
      [fake.reference, genuine.reference].sort(),
    )
    expect((await openLines('&confidence=ambiguous')).map((item) => item.id)).toContain(line.id)
    const bulk = await api.call('POST', 'admin/reconciliation/confirm', {
      token: checker.token,
      body: { line_ids: [line.id] },
    })
    expect(bulk.httpStatus).toBe(409)
    expect(bulk.message).toBe(AMBIGUOUS_CREDIT)

    for (const sub of [victimSub, impostorSub]) {
      expect((await paymentsOf(sub.reference))[0]).toMatchObject({
        no_statement_credit: true,
        statement_warning: {
          kind: 'ambiguous',
          credit_amount: 2_500_000,
          credit_date: yesterday(),
        },
      })
    }
    // Staff check the account and confirm the genuine payment, knowingly: it takes the credit.
    expect((await mark(genuine.reference, { status: 'paid' })).httpStatus).toBe(409)
    expect(
      (await mark(genuine.reference, { status: 'paid', without_statement_credit: true }))
        .httpStatus,
    ).toBe(200)
    const [taken] = (
      await api.call<DataOf<'reconciliationLines'>>(
        'GET',
        'admin/reconciliation/line?status=confirmed',
        { token: checker.token },
      )
    ).data.items.filter((item) => item.id === line.id)
    expect(taken).toMatchObject({
      status: 'confirmed',
      match: { transaction: { reference: genuine.reference, status: 'paid' } },
    })
    // The impostor's claim is left with no credit behind it.
    expect((await paymentsOf(impostorSub.reference))[0]).toMatchObject({
      no_statement_credit: true,
      statement_warning: null,
    })
  })

  test("a victim's payment sent after the impostor's was matched turns the match ambiguous at the next import; rejecting the impostor gives the victim the credit", async () => {
    const victim = await named('Chiamaka', 'Obi')
    const impostor = await named('Chiamaka', 'Obi')
    const victimSub = await buying(victim, 3_100_000)
    const impostorSub = await buying(impostor, 3_100_000)
    const fake = (await pay(api, impostor, impostorSub.reference, 3_100_000)).data
    expect(
      (
        await importEntries([
          { date: yesterday(), remarks: 'TRF FROM CHIAMAKA OBI', credit: 3_100_000 },
        ])
      ).data,
    ).toMatchObject({ likely: 1 })
    expect(await lineWith('TRF FROM CHIAMAKA OBI')).toMatchObject({
      confidence: 'likely',
      match: { transaction: { reference: fake.reference } },
    })

    const genuine = (await pay(api, victim, victimSub.reference, 3_100_000)).data
    await importEntries([{ date: yesterday(), remarks: 'UNRELATED POS CREDIT OBI', credit: 17 }])
    const line = await lineWith('TRF FROM CHIAMAKA OBI')
    expect(line).toMatchObject({ confidence: 'ambiguous', match: null, can_confirm: false })
    expect((await paymentsOf(victimSub.reference))[0]).toMatchObject({
      statement_warning: { kind: 'ambiguous' },
    })

    expect(
      (
        await mark(fake.reference, {
          status: 'not_confirmed',
          reason: 'The proof is not a real transfer',
        })
      ).httpStatus,
    ).toBe(200)
    await importEntries([{ date: yesterday(), remarks: 'ANOTHER POS CREDIT OBI', credit: 19 }])
    expect(await lineWith('TRF FROM CHIAMAKA OBI')).toMatchObject({
      confidence: 'likely',
      match: { transaction: { reference: genuine.reference } },
    })
    expect((await paymentsOf(victimSub.reference))[0]).toMatchObject({
      no_statement_credit: false,
      statement_warning: null,
    })
  })
})

describe('the same credit imported under another bank', () => {
  test('is counted as a duplicate and added once; the database refuses a second line with its reference and amount', async () => {
    const entries: StatementEntry[] = [
      {
        date: yesterday(),
        remarks: 'TRF FROM SAME CREDIT',
        credit: 812_000,
        reference: 'NIP/000123456789/SAME',
      },
      {
        date: yesterday(),
        remarks: 'TRF FROM OTHER CREDIT',
        credit: 812_000,
        reference: 'NIP/000123456789/OTHER',
      },
    ]
    expect((await importEntries(entries.slice(0, 1), 'gtbank')).data).toMatchObject({
      imported: 1,
      duplicates: 0,
    })
    const again = await importEntries(entries, 'zenith')
    expect(again.data).toMatchObject({ imported: 1, duplicates: 1 })
    const copies = await api.db
      .select()
      .from(statementLines)
      .where(sql`lower(${statementLines.reference}) = 'nip/000123456789/same'`)
    expect(copies.map((line) => line.bank)).toEqual(['gtbank'])
    const [first] = copies
    await expect(
      api.db.insert(statementLines).values({
        ...first,
        id: undefined,
        bank: 'access',
        hash: 'another-hash',
        reference: 'nip/000123456789/same',
      }),
    ).rejects.toThrow()
  })
})

describe('a line dated after the day of import', () => {
  test('is refused with its reason, and later payments are not shown as missing from the statement', async () => {
    const summary = await importEntries([
      { date: yesterday(), remarks: 'TRF DATED YESTERDAY', credit: 2_000 },
      { date: '2099-12-31', remarks: 'TRF DATED 2099', credit: 1_000 },
    ])
    expect(summary.httpStatus).toBe(200)
    expect(summary.data).toMatchObject({ imported: 1, unreadable: 1, last_date: yesterday() })
    expect(summary.data.unreadable_rows).toEqual([
      { row: 9, reason: futureDate('31-Dec-2099'), raw: expect.stringContaining('TRF DATED 2099') },
    ])
    expect(
      (await api.call('GET', 'admin/reconciliation/line', { token: checker.token })).data
        .last_statement_date,
    ).toBe(yesterday())
    const customer = await createCustomer(api)
    const sub = await buying(customer, 654_000)
    const sent = await pay(api, customer, sub.reference, 654_000, {
      paid_at: `${lagosToday()} 00:05`,
    })
    expect(sent.data).toMatchObject({ no_statement_credit: false })
  })
})

describe('a statement of 10,000 credit lines', () => {
  const long = (count: number, tag: string) => {
    let csv = 'Date,Narration,Reference,Credit\r\n'
    const day = yesterday().split('-').reverse().join('/')
    for (let n = 0; n < count; n++) csv += `${day},TRF ${tag} ${n},${tag}/${n},${1_000 + n}.00\r\n`
    return csv
  }
  const send = (path: string, csv: string) =>
    api.call('POST', path, {
      token: importer.token,
      body: { bank: 'gtbank', file_name: 'long.csv', file_in_base64: toBase64(csv) },
    })

  test('is refused with 422 on the file, read or imported, and nothing is imported', async () => {
    const before = await importsNow()
    for (const path of [
      'admin/reconciliation/statement/preview',
      'admin/reconciliation/statement',
    ]) {
      const refused = await send(path, long(10_000, 'LONG'))
      expect(refused.httpStatus).toBe(422)
      expect(refused.data.file_in_base64).toEqual([tooManyCreditLines(10_000)])
    }
    expect(tooManyCreditLines(10_000)).toBe(
      'The statement has 10,000 credit lines: at most 5,000 are imported at once, so export a shorter period',
    )
    expect(await importsNow()).toBe(before)
  })

  test('one at the limit is imported', { timeout: 180_000 }, async () => {
    const imported = await send(
      'admin/reconciliation/statement',
      long(STATEMENT_LIMITS.creditLines, 'LIMIT'),
    )
    expect(imported.httpStatus).toBe(200)
    expect(imported.data).toMatchObject({ imported: STATEMENT_LIMITS.creditLines, duplicates: 0 })
  })
})
