import { and, count, eq, inArray, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  auditLog,
  statementImports,
  statementLines,
  statementUploads,
  users,
} from '~/backend/db/schema'
import { addInterval } from '~/backend/dates/calendar'
import { NO_STATEMENT_CREDIT } from '~/contract/reconciliation'
import { createTestApi, type DataOf, type TestApi } from '../support/api-harness'
import { gtbankCsv, gtbankXlsx, toBase64, type StatementEntry } from '../support/statements'
import {
  createCustomer,
  createLandProduct,
  lagosToday,
  pay,
  subscribe,
  userIdOf,
} from './subscriptions-fixtures'

// Bank statements: import, matching, confirming in bulk through the usual mark as paid, linking by
// hand, setting aside, and the warning on payments no statement line supports.

type Staff = Awaited<ReturnType<TestApi['createStaff']>> & {
  id: number
  name: string
  reference: string
}
type Customer = Awaited<ReturnType<typeof createCustomer>>

let api: TestApi
let importer: Staff // imports statements and verifies payments
let checker: Staff // another reconciler who verifies payments
let reconcilerOnly: Staff // reconciles but may not verify payments
let verifierOnly: Staff // verifies payments but may not reconcile

beforeAll(async () => {
  api = await createTestApi()
  const withId = async (staff: Awaited<ReturnType<TestApi['createStaff']>>) => {
    const [row] = await api.db
      .select()
      .from(users)
      .where(eq(users.id, await userIdOf(api, staff.email)))
    return {
      ...staff,
      id: row.id,
      name: `${row.firstName} ${row.lastName}`,
      reference: row.reference,
    }
  }
  importer = await withId(await api.createStaff(['can_reconcile', 'can_verify_transaction']))
  checker = await withId(await api.createStaff(['can_reconcile', 'can_verify_transaction']))
  reconcilerOnly = await withId(await api.createStaff(['can_reconcile']))
  verifierOnly = await withId(await api.createStaff(['can_verify_transaction']))
})
afterAll(async () => {
  await api?.close()
})

const yesterday = () => addInterval(lagosToday(), -1, 'days')
const twoDaysAgo = () => addInterval(lagosToday(), -2, 'days')

async function named(customer: Customer, firstName: string, lastName: string) {
  await api.db.update(users).set({ firstName, lastName }).where(eq(users.id, customer.id))
  return { ...customer, firstName, lastName }
}

/**
 * The statement of the issue, for one set of customers (`bump` naira added to every amount keeps
 * two sets apart): three exact matches (two payments sent with proof, one subscription nobody paid
 * yet), one likely (a payment whose narration misspells the payer's name), one credit for another
 * business, one line already imported from an overlapping export, one unreadable row, and debits.
 */
async function statementWorld(tag: string, bump: number) {
  const amounts = { a: 1_250_000 + bump, b: 800_000 + bump, c: 500_000 + bump, d: 300_000 + bump }
  const buy = async (customer: Customer, amount: number) => {
    const product = await createLandProduct(api, { amount })
    return subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
  }
  const a = await named(await createCustomer(api), 'Adaeze', 'Nwosu')
  const b = await named(await createCustomer(api), 'Bola', 'Adeyemi')
  const c = await named(await createCustomer(api), 'Chinedu', 'Eze')
  const d = await named(await createCustomer(api), 'Ngozi', 'Okafor')
  const subA = await buy(a, amounts.a)
  const subB = await buy(b, amounts.b)
  const subC = await buy(c, amounts.c)
  const subD = await buy(d, amounts.d)
  const trxA = (await pay(api, a, subA.reference, amounts.a)).data
  const trxC = (await pay(api, c, subC.reference, amounts.c)).data
  const trxD = (await pay(api, d, subD.reference, amounts.d)).data
  const interest: StatementEntry = {
    date: twoDaysAgo(),
    remarks: `INTEREST ON DEPOSIT ${tag}`,
    credit: 1_234.5,
  }
  const overlap: StatementEntry[] = [interest]
  const main: StatementEntry[] = [
    interest,
    { date: twoDaysAgo(), remarks: 'ATM WDL LEKKI', debit: 20_000 },
    {
      date: yesterday(),
      remarks: `TRF FROM ADAEZE NWOSU/${subA.reference}/NIP`,
      credit: amounts.a,
      reference: `NIP/${tag}/1`,
    },
    {
      date: yesterday(),
      remarks: `MOBILE TRF ${subB.reference.toLowerCase()} BOLA`,
      credit: amounts.b,
    },
    { date: yesterday(), remarks: `${subC.reference} LAND PAYMENT`, credit: amounts.c },
    { date: yesterday(), remarks: 'NIP TRANSFER FROM NGOZI OKAFFOR', credit: amounts.d },
    { date: yesterday(), remarks: `POS SETTLEMENT ACME STORES ${tag}`, credit: 45_000 },
    { date: yesterday(), remarks: `CASH DEPOSIT ${tag}`, creditText: '1,2OO.00' },
    { date: yesterday(), remarks: 'SMS ALERT CHARGES', debit: 50 },
  ]
  return { a, b, c, d, subA, subB, subC, subD, trxA, trxC, trxD, overlap, main }
}

const importFile = (
  token: string,
  fileName: string,
  content: string | Uint8Array,
  extra: Record<string, unknown> = {},
) =>
  api.call('POST', 'admin/reconciliation/statement', {
    token,
    body: { bank: 'gtbank', file_name: fileName, file_in_base64: toBase64(content), ...extra },
  })

const lines = async (token: string, query = '') =>
  (
    await api.call<DataOf<'reconciliationLines'>>('GET', `admin/reconciliation/line${query}`, {
      token,
    })
  ).data
const lineWith = async (token: string, text: string) => {
  const list = await lines(token, '?status=open')
  const found = list.items.find((item) => item.narration.includes(text))
  if (!found) throw new Error(`No open line with ${text}`)
  return found
}
const subscription = async (reference: string, token: string) =>
  (
    await api.call<DataOf<'subscriptionShow'>>('GET', `product-subscription/${reference}`, {
      token,
    })
  ).data
const transactionsOf = async (reference: string, token: string) =>
  (
    await api.call<DataOf<'transactionList'>>(
      'GET',
      `product-subscription/${reference}/transaction`,
      { token },
    )
  ).data.items
const importsNow = async () =>
  (await api.db.select({ total: count() }).from(statementImports))[0].total

const SUMMARY = {
  imported: 5,
  duplicates: 1,
  unreadable: 1,
  exact: 3,
  likely: 1,
  ambiguous: 0,
  unmatched: 1,
}

describe('a GTBank statement as CSV', () => {
  let world: Awaited<ReturnType<typeof statementWorld>>
  let imported: Awaited<ReturnType<typeof importFile>>

  beforeAll(async () => {
    world = await statementWorld('CSV', 0)
    const first = await importFile(importer.token, 'gtbank-overlap.csv', gtbankCsv(world.overlap))
    expect(first.data).toMatchObject({ imported: 1, duplicates: 0, unmatched: 1 })
    imported = await importFile(importer.token, 'gtbank-january.csv', gtbankCsv(world.main))
  })

  test('the import counts the matches, the line already imported and the unreadable row (with its row and reason)', () => {
    expect(imported.httpStatus).toBe(200)
    expect(imported.data).toMatchObject({
      ...SUMMARY,
      bank: 'gtbank',
      first_date: twoDaysAgo(),
      last_date: yesterday(),
    })
    expect(imported.data.unreadable_rows).toEqual([
      {
        row: 15,
        reason: 'The credit "1,2OO.00" is not an amount',
        raw: expect.stringContaining('CASH DEPOSIT CSV'),
      },
    ])
  })

  test('the list shows exact matches first, then likely, then the rest, with what each was matched to', async () => {
    const list = await lines(checker.token, '?status=open')
    expect(list.counts).toEqual({ exact: 3, likely: 1, ambiguous: 0, none: 2 })
    expect(list.last_statement_date).toBe(yesterday())
    expect(list.items.map((item) => item.confidence)).toEqual([
      'exact',
      'exact',
      'exact',
      'likely',
      'none',
      'none',
    ])
    const exactA = list.items.find(
      (item) => item.match?.subscription_reference === world.subA.reference,
    )
    expect(exactA).toMatchObject({
      bank: 'gtbank',
      date: yesterday(),
      amount: 1_250_000,
      reference: 'NIP/CSV/1',
      status: 'open',
      match: {
        customer: { reference: world.a.reference, name: 'Adaeze Nwosu' },
        expected_amount: 1_250_000,
        transaction: {
          reference: world.trxA.reference,
          amount: 1_250_000,
          status: 'awaiting_confirmation',
        },
      },
      can_confirm: true,
      cannot_confirm_reason: null,
    })
    const likely = list.items.find((item) => item.confidence === 'likely')
    expect(likely?.match).toMatchObject({
      subscription_reference: world.subD.reference,
      transaction: { reference: world.trxD.reference },
    })
    // Matched to the subscription nobody has paid yet: no payment until it is confirmed.
    const exactB = list.items.find(
      (item) => item.match?.subscription_reference === world.subB.reference,
    )
    expect(exactB?.match).toMatchObject({ expected_amount: 800_000, transaction: null })
    expect((await lines(checker.token, '?confidence=likely')).items).toHaveLength(1)
  })

  test('four eyes: the importer may not confirm the payment its statement records; staff who may not verify payments confirm nothing', async () => {
    const lineB = (await lines(importer.token, '?confidence=exact')).items.find(
      (item) => item.match?.subscription_reference === world.subB.reference,
    )!
    expect(lineB).toMatchObject({
      can_confirm: false,
      cannot_confirm_reason:
        'You imported this statement: another member of staff must confirm the payment it records',
    })
    const refused = await api.call('POST', 'admin/reconciliation/confirm', {
      token: importer.token,
      body: { line_ids: [lineB.id] },
    })
    expect(refused.httpStatus).toBe(403)
    expect(refused.message).toBe(
      'You imported this statement: another member of staff must confirm the payment it records',
    )
    const withoutVerify = await api.call('POST', 'admin/reconciliation/confirm', {
      token: reconcilerOnly.token,
      body: { line_ids: [lineB.id] },
    })
    expect(withoutVerify.httpStatus).toBe(403)
    expect((await lineWith(checker.token, world.subB.reference.toLowerCase())).status).toBe('open')
    expect((await subscription(world.subB.reference, world.b.token)).status).toBe(
      'awaiting_payment',
    )
  })

  test('all or nothing: a line without a match in the selection confirms none', async () => {
    const exactA = await lineWith(checker.token, world.subA.reference)
    const acme = await lineWith(checker.token, 'ACME STORES CSV')
    const refused = await api.call('POST', 'admin/reconciliation/confirm', {
      token: checker.token,
      body: { line_ids: [exactA.id, acme.id] },
    })
    expect(refused.httpStatus).toBe(409)
    expect((await lineWith(checker.token, world.subA.reference)).status).toBe('open')
    expect((await transactionsOf(world.subA.reference, world.a.token))[0].status).toBe(
      'awaiting_confirmation',
    )
    const unknown = await api.call('POST', 'admin/reconciliation/confirm', {
      token: checker.token,
      body: { line_ids: ['999999'] },
    })
    expect(unknown.httpStatus).toBe(404)
  })

  test('confirming the exact matches marks them paid: the subscriptions complete, receipts and notices follow, the lines are confirmed', async () => {
    const exact = (await lines(checker.token, '?status=open&confidence=exact')).items
    const confirmed = await api.call<DataOf<'reconciliationConfirm'>>(
      'POST',
      'admin/reconciliation/confirm',
      {
        token: checker.token,
        body: { line_ids: exact.map((item) => item.id) },
      },
    )
    expect(confirmed.httpStatus).toBe(200)
    expect(confirmed.data.map((item) => item.status)).toEqual([
      'confirmed',
      'confirmed',
      'confirmed',
    ])
    for (const item of confirmed.data)
      expect(item).toMatchObject({
        resolved_by: checker.name,
        resolved_at: expect.any(String),
        can_confirm: false,
      })
    for (const [customer, sub] of [
      [world.a, world.subA],
      [world.b, world.subB],
      [world.c, world.subC],
    ] as const) {
      expect((await subscription(sub.reference, customer.token)).status).toBe('completed')
      const [payment] = await transactionsOf(sub.reference, customer.token)
      expect(payment).toMatchObject({ status: 'paid', no_statement_credit: false })
      const receipt = await api.call(
        'GET',
        `product-subscription/${sub.reference}/transaction/${payment.reference}/download-receipt`,
        { token: customer.token },
      )
      expect(receipt.httpStatus).toBe(200)
      expect(receipt.response.headers.get('content-type')).toContain('application/pdf')
      expect(api.latestMail(customer.email)).toContain(`Your payment of`)
      expect(api.latestMail(customer.email)).toContain(`${payment.reference}) has been confirmed`)
    }
    // The payment made from the statement names its line and was recorded by the importer.
    const [fromStatement] = await transactionsOf(world.subB.reference, checker.token)
    expect(fromStatement).toMatchObject({
      amount: 800_000,
      recorded_by_staff: true,
      // Staff see who imported the statement it was recorded from, and its line stands as its proof.
      recorded_by: importer.name,
      from_statement_line: expect.stringMatching(/^STM-\w+\/\d+$/),
      proof_of_payment: null,
    })
    const [asItsPayer] = await transactionsOf(world.subB.reference, world.b.token)
    expect(asItsPayer).toMatchObject({ recorded_by: null, recorded_by_staff: true })
    expect(fromStatement.description).toMatch(
      /^Bank statement STM-\w+, line \d+: .* credit "MOBILE TRF sub-/,
    )
    expect((await lines(checker.token, '?status=open')).counts).toEqual({
      exact: 0,
      likely: 1,
      ambiguous: 0,
      none: 2,
    })
    const again = await api.call('POST', 'admin/reconciliation/confirm', {
      token: checker.token,
      body: { line_ids: [exact[0].id] },
    })
    expect(again.httpStatus).toBe(409)
  })

  test('the likely match is confirmed like the others', async () => {
    const likely = await lineWith(checker.token, 'NGOZI OKAFFOR')
    const confirmed = await api.call('POST', 'admin/reconciliation/confirm', {
      token: checker.token,
      body: { line_ids: likely.id },
    })
    expect(confirmed.httpStatus).toBe(200)
    expect((await subscription(world.subD.reference, world.d.token)).status).toBe('completed')
  })

  test('importing the statement again adds nothing, as CSV or as XLSX', async () => {
    const again = await importFile(importer.token, 'gtbank-january.csv', gtbankCsv(world.main))
    expect(again.data).toMatchObject({
      imported: 0,
      duplicates: 6,
      unreadable: 1,
      exact: 0,
      likely: 0,
      unmatched: 0,
    })
    const asXlsx = await importFile(importer.token, 'gtbank-january.xlsx', gtbankXlsx(world.main))
    expect(asXlsx.data).toMatchObject({ imported: 0, duplicates: 6, unreadable: 1 })
    expect((await lines(checker.token)).items).toHaveLength(6)
  })

  test('a line linked by hand records a payment awaiting someone else; a line set aside is not ours', async () => {
    const customer = await named(await createCustomer(api), 'Musa', 'Bello')
    const product = await createLandProduct(api, { amount: 45_000 })
    const sub = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    const acme = await lineWith(importer.token, 'ACME STORES CSV')
    const link = (body: Record<string, unknown>, id = acme.id, token = importer.token) =>
      api.call('POST', `admin/reconciliation/line/${id}/link`, { token, body })

    const wrongAmount = await link({ subscription: sub.reference, amount: 40_000 })
    expect(wrongAmount.httpStatus).toBe(409)
    expect(wrongAmount.data.amount[0]).toBe('Amount must be ₦45,000.00, the full amount')
    expect((await link({ subscription: 'SUB-NOTHERE', amount: 45_000 })).data.subscription).toEqual(
      ['The selected subscription is invalid'],
    )
    expect((await link({ subscription: sub.reference, amount: 45_000 }, '999999')).httpStatus).toBe(
      404,
    )

    const linked = await link({ subscription: sub.reference, amount: 45_000 })
    expect(linked.httpStatus).toBe(200)
    expect(linked.data).toMatchObject({
      status: 'linked',
      match: {
        subscription_reference: sub.reference,
        transaction: { amount: 45_000, status: 'awaiting_confirmation' },
      },
      resolved_by: expect.any(String),
    })
    expect((await link({ subscription: sub.reference, amount: 45_000 })).httpStatus).toBe(409)
    expect((await subscription(sub.reference, customer.token)).status).toBe(
      'awaiting_payment_confirmation',
    )
    const [payment] = await transactionsOf(sub.reference, importer.token)
    expect(payment).toMatchObject({
      can_mark: false,
      no_statement_credit: false,
      recorded_by_staff: true,
    })
    expect(payment.description).toContain('POS SETTLEMENT ACME STORES CSV')
    const byLinker = await api.call('POST', 'admin/mark-transaction', {
      token: importer.token,
      body: { reference: payment.reference, status: 'paid' },
    })
    expect(byLinker.httpStatus).toBe(403)
    const byOther = await api.call('POST', 'admin/mark-transaction', {
      token: checker.token,
      body: { reference: payment.reference, status: 'paid' },
    })
    expect(byOther.httpStatus).toBe(200)

    const interest = await lineWith(importer.token, 'INTEREST ON DEPOSIT CSV')
    const ignored = await api.call('POST', `admin/reconciliation/line/${interest.id}/ignore`, {
      token: importer.token,
    })
    expect(ignored.data).toMatchObject({ status: 'ignored', match: null, can_confirm: false })
    expect(
      (
        await api.call('POST', `admin/reconciliation/line/${interest.id}/ignore`, {
          token: importer.token,
        })
      ).httpStatus,
    ).toBe(409)
    expect(
      (await api.call('POST', 'admin/reconciliation/line/abc/ignore', { token: importer.token }))
        .httpStatus,
    ).toBe(404)
    expect(
      (await lines(checker.token, '?status=ignored')).items.map((item) => item.narration),
    ).toEqual(['INTEREST ON DEPOSIT CSV'])
  })

  test('every change is in the audit trail', async () => {
    const entries = await api.db
      .select({
        action: auditLog.action,
        summary: auditLog.summary,
        actor: auditLog.actorReference,
      })
      .from(auditLog)
      .where(
        inArray(auditLog.action, [
          'statement.imported',
          'statement_line.confirmed',
          'statement_line.linked',
          'statement_line.ignored',
        ]),
      )
    const tally = (action: string) => entries.filter((entry) => entry.action === action).length
    expect(tally('statement.imported')).toBe(4)
    expect(tally('statement_line.confirmed')).toBe(4)
    expect(tally('statement_line.linked')).toBe(1)
    expect(tally('statement_line.ignored')).toBe(1)
    expect(
      entries.find(
        (entry) =>
          entry.summary.includes('gtbank-january.csv') &&
          entry.summary.includes('5 credit lines added'),
      ),
    ).toMatchObject({
      actor: importer.reference,
    })
    const confirmedPayments = await api.db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(eq(auditLog.action, 'transaction.confirmed'))
    for (const reference of [
      world.subA.reference,
      world.subB.reference,
      world.subC.reference,
      world.subD.reference,
    ]) {
      expect(confirmedPayments.some((entry) => entry.summary.includes(reference))).toBe(true)
    }
    // Recorded by the statement's importer, from its line, though another member of staff
    // confirmed the match that recorded it.
    const fromStatement = await api.db
      .select({ summary: auditLog.summary, actor: auditLog.actorReference })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'transaction.recorded'),
          like(
            auditLog.summary,
            `%on ${world.subB.reference} from line STM-%/% of bank statement STM-%`,
          ),
        ),
      )
    expect(fromStatement).toEqual([{ summary: expect.any(String), actor: importer.reference }])
  })
})

describe('the same statement as XLSX', () => {
  test('gives the same counts, through a preview whose columns are remembered for the bank', async () => {
    const world = await statementWorld('XLSX', 7)
    await importFile(importer.token, 'overlap.xlsx', gtbankXlsx(world.overlap))
    const preview = await api.call('POST', 'admin/reconciliation/statement/preview', {
      token: importer.token,
      body: {
        bank: 'gtbank',
        file_name: 'gtbank-january.xlsx',
        file_in_base64: toBase64(gtbankXlsx(world.main)),
      },
    })
    expect(preview.httpStatus).toBe(200)
    expect(preview.data).toMatchObject({
      headers: [
        'Trans. Date',
        'Value Date',
        'Reference',
        'Debits',
        'Credits',
        'Balance',
        'Originating Branch',
        'Remarks',
      ],
      columns: { date: 0, reference: 2, debit: 3, credit: 4, balance: 5, narration: 7 },
      remembered: false,
      rows: 9,
    })
    expect(preview.data.sample).toHaveLength(5)
    expect(preview.data.sample[0][7]).toBe('INTEREST ON DEPOSIT XLSX')
    const imported = await api.call('POST', 'admin/reconciliation/statement', {
      token: importer.token,
      body: { bank: 'gtbank', upload: preview.data.upload, columns: preview.data.columns },
    })
    expect(imported.data).toMatchObject({
      ...SUMMARY,
      first_date: twoDaysAgo(),
      last_date: yesterday(),
    })
    expect(imported.data.unreadable_rows).toMatchObject([
      { row: 15, reason: 'The credit "1,2OO.00" is not an amount' },
    ])
    // The upload was used up; the columns are remembered for GTBank.
    const reused = await api.call('POST', 'admin/reconciliation/statement', {
      token: importer.token,
      body: { bank: 'gtbank', upload: preview.data.upload },
    })
    expect(reused.httpStatus).toBe(422)
    expect(reused.data.upload).toEqual([
      'The statement read earlier has expired: choose the file again',
    ])
    const next = await api.call('POST', 'admin/reconciliation/statement/preview', {
      token: importer.token,
      body: {
        bank: 'gtbank',
        file_name: 'again.csv',
        file_in_base64: toBase64(gtbankCsv(world.main)),
      },
    })
    expect(next.data.remembered).toBe(true)
  })
})

describe('refusals', () => {
  const csv = () =>
    gtbankCsv([{ date: yesterday(), remarks: `REFUSED ${Math.random()}`, credit: 10 }])

  test('a customer and staff without can_reconcile are refused; staff with it but not can_verify_transaction cannot confirm', async () => {
    const customer = await createCustomer(api)
    const before = await importsNow()
    expect((await importFile(customer.token, 's.csv', csv())).httpStatus).toBe(403)
    expect((await importFile(verifierOnly.token, 's.csv', csv())).httpStatus).toBe(403)
    expect(
      (await api.call('GET', 'admin/reconciliation/line', { token: customer.token })).httpStatus,
    ).toBe(403)
    expect(
      (await api.call('GET', 'admin/reconciliation/line', { token: verifierOnly.token }))
        .httpStatus,
    ).toBe(403)
    expect(
      (
        await api.call('POST', 'admin/reconciliation/confirm', {
          token: reconcilerOnly.token,
          body: { line_ids: ['1'] },
        })
      ).httpStatus,
    ).toBe(403)
    expect(await importsNow()).toBe(before)
  })

  test.each([
    [
      'a PNG',
      'statement.png',
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      'The statement must be a CSV or XLSX file, as internet banking exports it',
    ],
    [
      'a PDF named .csv',
      'statement.csv',
      new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a, 0x00, 0xff]),
      'The statement must be a CSV or XLSX file, as internet banking exports it',
    ],
    [
      'an empty statement',
      'statement.csv',
      new TextEncoder().encode('\r\n\r\n'),
      'The statement file is empty',
    ],
    [
      'a file without a credit column',
      'statement.csv',
      new TextEncoder().encode('Date,Narration,Debit\r\n01/01/2027,ATM,500\r\n'),
      'No credit column found',
    ],
    [
      'a formula in an XLSX cell',
      'statement.xlsx',
      gtbankXlsx([{ date: '2027-01-04', remarks: 'TRF', credit: 5 }], { formula: true }),
      'The statement holds a formula (cell F8)',
    ],
    [
      'a formula in a CSV cell',
      'statement.csv',
      new TextEncoder().encode(
        'Date,Narration,Credit\r\n01/01/2027,"=HYPERLINK(""http://x"",""pay"")",500\r\n',
      ),
      'The statement holds a formula',
    ],
  ])(
    '%s is refused with 422 on the file, importing nothing',
    async (_name, fileName, content, message) => {
      const before = await importsNow()
      for (const path of [
        'admin/reconciliation/statement',
        'admin/reconciliation/statement/preview',
      ]) {
        const refused = await api.call('POST', path, {
          token: importer.token,
          body: { bank: 'gtbank', file_name: fileName, file_in_base64: toBase64(content) },
        })
        expect(refused.httpStatus).toBe(422)
        expect(refused.message).toContain(message)
        expect(refused.data.file_in_base64[0]).toContain(message)
      }
      expect(await importsNow()).toBe(before)
    },
  )

  test('a 6 MB file is refused with a clear message; a statement of almost 5 MB is read', async () => {
    const big = new Uint8Array(6 * 1024 * 1024).fill(0x41)
    const refused = await importFile(importer.token, 'big.csv', big)
    expect(refused.httpStatus).toBe(413)
    expect(refused.message).toBe('The statement file is too large: at most 5 MB')
    expect(refused.data.file_in_base64).toEqual(['The statement file is too large: at most 5 MB'])

    const statement = gtbankCsv([{ date: yesterday(), remarks: 'LARGE STATEMENT', credit: 10 }])
    const debit = `${yesterday()},${yesterday()},,"1.00",,,LAGOS MAIN,PADDING DEBIT\r\n`
    const padded =
      statement + debit.repeat(Math.floor((4.9 * 1024 * 1024 - statement.length) / debit.length))
    const read = await importFile(importer.token, 'large.csv', padded)
    expect(read.httpStatus).toBe(200)
    expect(read.data).toMatchObject({ imported: 1 })
  })
})

describe('payments no statement line supports', () => {
  test('are flagged after the statement is imported, and marking one paid needs the warning answered', async () => {
    const customer = await createCustomer(api)
    const product = await createLandProduct(api, { amount: 999_000 })
    const sub = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    const sent = await pay(api, customer, sub.reference, 999_000)
    // Statements up to yesterday were imported above; the payment is dated yesterday and is on none of them.
    expect((await transactionsOf(sub.reference, checker.token))[0]).toMatchObject({
      reference: sent.data.reference,
      no_statement_credit: true,
    })
    const mark = (extra: Record<string, unknown> = {}) =>
      api.call('POST', 'admin/mark-transaction', {
        token: checker.token,
        body: { reference: sent.data.reference, status: 'paid', ...extra },
      })
    const warned = await mark()
    expect(warned.httpStatus).toBe(409)
    expect(warned.data.without_statement_credit[0].startsWith(NO_STATEMENT_CREDIT)).toBe(true)
    expect((await transactionsOf(sub.reference, checker.token))[0].status).toBe(
      'awaiting_confirmation',
    )
    // Rejecting it needs no acknowledgement; confirming it does.
    const confirmed = await mark({ without_statement_credit: true })
    expect(confirmed.httpStatus).toBe(200)
    expect(confirmed.data).toMatchObject({ status: 'paid', no_statement_credit: false })
  })

  test('a payment dated after the latest statement is not flagged', async () => {
    const customer = await createCustomer(api)
    const product = await createLandProduct(api, { amount: 777_000 })
    const sub = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    const sent = await pay(api, customer, sub.reference, 777_000, {
      paid_at: `${lagosToday()} 00:05`,
    })
    expect(sent.httpStatus).toBe(200)
    expect(sent.data.no_statement_credit).toBe(false)
    const lineCount = (await api.db.select({ total: count() }).from(statementLines))[0].total
    expect(lineCount).toBeGreaterThan(0)
  })
})

describe('a proof sent after the statement that shows its credit', () => {
  test('the next import matches the earlier line to it, and the payment is no longer flagged', async () => {
    const customer = await named(await createCustomer(api), 'Femi', 'Alabi')
    const product = await createLandProduct(api, { amount: 654_321 })
    const sub = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    const early = await importFile(
      importer.token,
      'gtbank-early.csv',
      gtbankCsv([{ date: yesterday(), remarks: 'NIP TRANSFER FROM FEMI ALABI', credit: 654_321 }]),
    )
    expect(early.data).toMatchObject({ imported: 1, exact: 0, likely: 0, unmatched: 1 })
    const earlyLine = await lineWith(importer.token, 'FROM FEMI ALABI')
    expect(earlyLine).toMatchObject({ confidence: 'none', match: null })

    // The customer sends the proof only now.
    const sent = await pay(api, customer, sub.reference, 654_321)
    expect(sent.data.no_statement_credit).toBe(true)

    const later = await importFile(
      importer.token,
      'gtbank-later.csv',
      gtbankCsv([{ date: yesterday(), remarks: 'POS SETTLEMENT FEMI LATER', credit: 12_000 }]),
    )
    // The summary counts this statement's own lines; the earlier line is matched beside them.
    expect(later.data).toMatchObject({ imported: 1, exact: 0, likely: 0, unmatched: 1 })
    const matched = await lineWith(importer.token, 'FROM FEMI ALABI')
    expect(matched).toMatchObject({
      id: earlyLine.id,
      confidence: 'likely',
      match: {
        subscription_reference: sub.reference,
        transaction: { reference: sent.data.reference },
      },
    })
    expect((await transactionsOf(sub.reference, checker.token))[0]).toMatchObject({
      reference: sent.data.reference,
      no_statement_credit: false,
    })
    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(like(auditLog.summary, '%gtbank-later.csv%'))
    expect(entry.summary).toContain('1 earlier line matched')
  })
})

describe('a payment marked on its own', () => {
  test('takes its statement line along: confirmed when paid, let go when not confirmed', async () => {
    const paying = async (amount: number) => {
      const customer = await createCustomer(api)
      const product = await createLandProduct(api, { amount })
      const sub = await subscribe(api, customer.token, {
        type: 'land',
        product_id: product.reference,
        payment_mode: 'full',
      })
      const sent = await pay(api, customer, sub.reference, amount)
      return { sub, trx: sent.data }
    }
    const kept = await paying(333_000)
    const rejected = await paying(444_000)
    const summary = await importFile(
      importer.token,
      'marked.csv',
      gtbankCsv([
        { date: yesterday(), remarks: `TRF ${kept.sub.reference}`, credit: 333_000 },
        { date: yesterday(), remarks: `TRF ${rejected.sub.reference}`, credit: 444_000 },
      ]),
    )
    expect(summary.data).toMatchObject({ imported: 2, exact: 2 })
    const mark = (reference: string, extra: Record<string, unknown>) =>
      api.call('POST', 'admin/mark-transaction', {
        token: checker.token,
        body: { reference, ...extra },
      })
    // Supported by a line: no warning to answer.
    expect((await mark(kept.trx.reference, { status: 'paid' })).httpStatus).toBe(200)
    expect(
      (
        await mark(rejected.trx.reference, {
          status: 'not_confirmed',
          reason: 'Not the amount on the slip',
        })
      ).httpStatus,
    ).toBe(200)
    const all = (await lines(checker.token)).items
    expect(all.find((item) => item.narration === `TRF ${kept.sub.reference}`)).toMatchObject({
      status: 'confirmed',
      resolved_by: checker.name,
      match: { transaction: { reference: kept.trx.reference, status: 'paid' } },
    })
    const unmatched = (await lines(checker.token, '?status=open&confidence=none')).items
    expect(
      unmatched.find((item) => item.narration === `TRF ${rejected.sub.reference}`),
    ).toMatchObject({ status: 'open', confidence: 'none', match: null })
  })
})

describe('statements read for a preview', () => {
  test('a few wait per person, the newest; the daily job removes those older than a day', async () => {
    const { runDailyJobs } = await import('~/backend/jobs')
    const preview = async (token: string) =>
      (
        await api.call('POST', 'admin/reconciliation/statement/preview', {
          token,
          body: {
            bank: 'zenith',
            file_name: 'zenith.csv',
            file_in_base64: toBase64('Date,Narration,Credit\r\n04/01/2021,TRF,5\r\n'),
          },
        })
      ).data.upload as string
    const uploads = []
    for (let n = 0; n < 6; n++) uploads.push(await preview(reconcilerOnly.token))
    const others = await preview(checker.token)
    const left = (
      await api.db.select({ token: statementUploads.token }).from(statementUploads)
    ).map((row) => row.token)
    expect(left).not.toContain(uploads[0])
    expect(left).toEqual(expect.arrayContaining([...uploads.slice(1), others]))
    await runDailyJobs(api.db, new Date(Date.now() + 25 * 3600_000))
    expect(await api.db.select().from(statementUploads)).toEqual([])
  })
})
