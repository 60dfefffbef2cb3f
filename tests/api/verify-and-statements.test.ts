/**
 * Verifiable documents and statements of account: a receipt's code answers what it asserts on the
 * public verify endpoint, a receipt whose payment no longer stands reads as revoked, unknown codes
 * are 404 and limited per client, and a statement's totals (PDF and CSV) are the payments'.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { documentVerifications, products, transactions, users } from '~/backend/db/schema'
import { LIMITS } from '~/backend/rate-limit'
import { CODE_PATTERN } from '~/contract/verification'
import { createTestApi, type TestApi } from '../support/api-harness'
import { pdfText } from '../support/pdf-text'
import {
  createCustomer,
  createInvestmentProduct,
  createLandProduct,
  createPlan,
  pay,
  subscribe,
} from './subscriptions-fixtures'

type Customer = Awaited<ReturnType<typeof createCustomer>>

let api: TestApi
let verifier: Awaited<ReturnType<TestApi['createStaff']>>
let ada: Customer

beforeAll(async () => {
  api = await createTestApi()
  verifier = await api.createStaff(['can_verify_transaction'])
  ada = await createCustomer(api, { firstName: 'Ada' })
})
afterAll(async () => {
  await api?.close()
})

async function download(path: string, token: string | null) {
  const answer = await api.call('GET', path, { token })
  return { answer, bytes: Buffer.from(await answer.response.arrayBuffer()) }
}

const codeIn = (bytes: Buffer) =>
  /\/verify\/([A-Z0-9]+)\)/.exec(bytes.toString('latin1'))?.[1] ?? ''

async function confirm(reference: string) {
  const answer = await api.call('POST', 'admin/mark-transaction', {
    token: verifier.token,
    body: { reference, status: 'paid' },
  })
  expect(answer.httpStatus).toBe(200)
}

/** Land by instalments: a plan of 4 monthly steps of ₦250,000, the deposit paid and confirmed. */
async function landOnPlan(owner: Customer) {
  const product = await createLandProduct(api, { amount: 900_000, location: 'Epe, Lagos' })
  const plan = await createPlan(api, product.id, { amount: 1_000_000, duration: 4 })
  const sub = await subscribe(api, owner.token, {
    type: 'land',
    product_id: product.reference,
    payment_mode: 'installment',
    payment_id: plan.uuid,
  })
  const deposit = (await pay(api, owner, sub.reference, 250_000)).data
  await confirm(deposit.reference)
  return { reference: sub.reference as string, deposit }
}

describe('verify/{code}', () => {
  test("a receipt's code answers its facts, the same on every download, to anyone signed out", async () => {
    const { reference, deposit } = await landOnPlan(ada)
    const path = `product-subscription/${reference}/transaction/${deposit.reference}/download-receipt`
    const first = await download(path, ada.token)
    expect(first.answer.httpStatus).toBe(200)
    const code = codeIn(first.bytes)
    expect(code).toMatch(CODE_PATTERN)
    expect(pdfText(first.bytes)).toContain(`Verification code: ${code}`)
    // Downloading the same receipt again reuses its code.
    expect(codeIn((await download(path, ada.token)).bytes)).toBe(code)
    expect(codeIn((await download(path, verifier.token)).bytes)).toBe(code)
    const rows = await api.db
      .select()
      .from(documentVerifications)
      .where(eq(documentVerifications.code, code))
    expect(rows).toHaveLength(1)

    const verified = await api.call('GET', `verify/${code}`, { token: null })
    expect(verified.httpStatus).toBe(200)
    expect(verified.data).toMatchObject({
      code,
      document_type: 'receipt',
      document_label: 'Payment receipt',
      subscription_reference: reference,
      amount: 250_000,
      customer_name: `Ada ${ada.lastName[0]}.`,
      issuer: 'Land Banking',
      status: 'valid',
      revoked_at: null,
      revoked_reason: null,
    })
    // Typed in lower case with a space, it is the same code.
    const typed = `${code.slice(0, 6).toLowerCase()} ${code.slice(6)}`
    expect((await api.call('GET', `verify/${encodeURIComponent(typed)}`)).data.code).toBe(code)
  })

  test('the allocation letter of fully paid land carries its own code', async () => {
    const product = await createLandProduct(api, { amount: 400_000, location: 'Ikorodu, Lagos' })
    const sub = await subscribe(api, ada.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    await confirm((await pay(api, ada, sub.reference, 400_000)).data.reference)
    const letter = await download(`product-subscription/${sub.reference}/land-document`, ada.token)
    expect(letter.answer.httpStatus).toBe(200)
    const code = codeIn(letter.bytes)
    expect(code).toMatch(CODE_PATTERN)
    expect(
      codeIn(
        (await download(`product-subscription/${sub.reference}/land-document`, ada.token)).bytes,
      ),
    ).toBe(code)
    const facts = await api.call('GET', `verify/${code}`)
    expect(facts.data).toMatchObject({
      document_type: 'land_document',
      document_label: 'Letter of allocation',
      subscription_reference: sub.reference,
      amount: null,
      status: 'valid',
    })
  })

  test('a receipt whose payment no longer stands reads as revoked, with the date and the reason', async () => {
    const { reference, deposit } = await landOnPlan(ada)
    const { bytes } = await download(
      `product-subscription/${reference}/transaction/${deposit.reference}/download-receipt`,
      ada.token,
    )
    const code = codeIn(bytes)
    // No screen reverses a confirmed payment yet; a correction in the records does.
    const reversedAt = new Date('2026-11-20T09:00:00Z')
    await api.db
      .update(transactions)
      .set({
        status: 'not_confirmed',
        markedAt: reversedAt,
        notConfirmedReason: 'The transfer was recalled by the bank',
      })
      .where(eq(transactions.reference, deposit.reference))
    const answer = await api.call('GET', `verify/${code}`)
    expect(answer.httpStatus).toBe(200)
    expect(answer.data.status).toBe('revoked')
    expect(answer.data.revoked_at).toBe(reversedAt.toISOString())
    expect(answer.data.revoked_reason).toBe('The payment on this receipt is no longer confirmed')
    // The staff's own reason stays private.
    expect(JSON.stringify(answer.data)).not.toContain('recalled')
  })

  test('an unknown code answers 404 saying the document could not be found', async () => {
    for (const code of ['ZZZZZZZZZZZZ', 'short', '../../etc']) {
      const answer = await api.call('GET', `verify/${encodeURIComponent(code)}`)
      expect(answer.httpStatus, code).toBe(404)
      expect(answer.message).toBe('This document could not be found. Check the code and try again.')
    }
  })

  test('guessing from one client address is limited like failed sign-ins; real codes do not count', async () => {
    const { reference, deposit } = await landOnPlan(ada)
    const { bytes } = await download(
      `product-subscription/${reference}/transaction/${deposit.reference}/download-receipt`,
      ada.token,
    )
    const real = codeIn(bytes)
    const address = '203.0.113.77'
    for (let check = 0; check < 5; check++)
      expect((await api.call('GET', `verify/${real}`, { clientIp: address })).httpStatus).toBe(200)
    for (let guess = 0; guess < LIMITS.unknownCodeFromAddress.max; guess++) {
      expect(
        (
          await api.call('GET', `verify/ABCDEFGH${String(1000 + guess).replace(/[01]/g, '9')}`, {
            clientIp: address,
          })
        ).httpStatus,
      ).toBe(404)
    }
    // The 21st guess is refused: the five real checks before counted nothing.
    const refused = await api.call('GET', 'verify/ABCDEFGHJKLM', { clientIp: address })
    expect(refused.httpStatus).toBe(429)
    expect(refused.message).toBe(LIMITS.unknownCodeFromAddress.message)
    // Another client is not held up.
    expect(
      (await api.call('GET', 'verify/ABCDEFGHJKLM', { clientIp: '203.0.113.78' })).httpStatus,
    ).toBe(404)
    expect((await api.call('GET', `verify/${real}`, { clientIp: '203.0.113.78' })).httpStatus).toBe(
      200,
    )
  })
})

describe('statements of account', () => {
  test("a land statement's totals are its payments', in the PDF and in the CSV", async () => {
    const bola = await createCustomer(api, { firstName: 'Bola' })
    const { reference } = await landOnPlan(bola)
    const second = (await pay(api, bola, reference, 250_000)).data
    await confirm(second.reference)
    // A third payment waits for confirmation: listed, not counted.
    const waiting = (await pay(api, bola, reference, 250_000)).data

    const { answer, bytes } = await download(
      `product-subscription/${reference}/statement`,
      bola.token,
    )
    expect(answer.httpStatus).toBe(200)
    expect(answer.response.headers.get('content-type')).toBe('application/pdf')
    expect(answer.response.headers.get('content-disposition')).toBe(
      `attachment; filename="statement-${reference}.pdf"`,
    )
    const text = pdfText(bytes)
    expect(text).toContain('Statement of Account')
    const lines = text.split('\n')
    const after = (label: string) => lines[lines.indexOf(label) + 1]
    expect(after('Total paid')).toBe('₦500,000.00')
    expect(after('Balance')).toBe('₦500,000.00')
    expect(after('Next payment due')).toMatch(/^\d{2}\/\d{2}\/\d{4}: ₦250,000\.00$/)
    // The plan's terms of late payment, after purchase too.
    expect(text.replace(/\s+/g, ' ')).toContain('For every instalment,')
    expect(text).toContain(second.reference)
    expect(text).toContain(waiting.reference)
    expect(text).toContain('Yet to be confirmed')
    const code = codeIn(bytes)
    const facts = await api.call('GET', `verify/${code}`)
    expect(facts.data).toMatchObject({
      document_type: 'statement',
      subscription_reference: reference,
      amount: 500_000,
      status: 'valid',
    })

    const csv = await download(`product-subscription/${reference}/statement?format=csv`, bola.token)
    expect(csv.answer.response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    // UTF-8 with a byte order mark, so Excel on Windows reads the naira sign and names right.
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = csv.bytes
      .subarray(3)
      .toString('utf8')
      .trim()
      .split('\r\n')
      .map((line) => line.split(','))
    expect(rows[0]).toEqual(['subscription', 'section', 'date', 'description', 'amount', 'status'])
    const summary = (description: string) =>
      rows.find((row) => row[1] === 'summary' && row[3] === description)
    expect(summary('Total paid')?.[4]).toBe('500000.00')
    expect(summary('Balance')?.[4]).toBe('500000.00')
    const payments = rows.filter((row) => row[1] === 'payment')
    expect(payments.map((row) => [row[4], row[5]])).toEqual([
      ['250000.00', 'Paid'],
      ['250000.00', 'Paid'],
      ['250000.00', 'Yet to be confirmed'],
    ])
    // The paid rows add up to the total paid, and every date is ISO.
    const paidSum = payments
      .filter((row) => row[5] === 'Paid')
      .reduce((sum, row) => sum + Math.round(Number(row[4]) * 100), 0)
    expect(paidSum).toBe(50_000_000)
    for (const row of rows.slice(1)) expect(row[2]).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const schedule = rows.filter((row) => row[1] === 'schedule')
    expect(schedule.map((row) => [row[3], row[4], row[5]])).toEqual([
      ['Initial deposit', '250000.00', 'Paid'],
      ['Instalment 1', '250000.00', 'Paid'],
      ['Instalment 2', '250000.00', 'Due'],
      ['Instalment 3', '250000.00', 'Due'],
    ])
  })

  test("an investment's statement lists its payouts", async () => {
    const chike = await createCustomer(api, { firstName: 'Chike' })
    const product = await createInvestmentProduct(api, {
      minimum: 100_000,
      returnPercent: 10,
      frequencyPeriod: 3,
      duration: 12,
    })
    await api.db
      .update(products)
      .set({ name: 'Kuje Farmland Returns' })
      .where(eq(products.id, product.id))
    const sub = await subscribe(api, chike.token, {
      type: 'land_investment',
      product_id: product.reference,
      amount_invested: 200_000,
    })
    await confirm((await pay(api, chike, sub.reference, 200_000)).data.reference)
    const text = pdfText(
      (await download(`product-subscription/${sub.reference}/statement`, chike.token)).bytes,
    )
    expect(text).toContain('Payouts')
    // Headed by the product's name, not its code alone.
    expect(text).toContain(`${sub.reference}: Kuje Farmland Returns (${product.reference})`)
    expect(text.match(/Payout \d/g)).toEqual(['Payout 1', 'Payout 2', 'Payout 3', 'Payout 4'])
    // 10 % of ₦200,000 each quarter; the last returns the amount too.
    expect(text).toContain('₦20,000.00')
    expect(text).toContain('₦220,000.00')
    // A paid investment's next date is a payout, and future payouts are scheduled, not "due".
    expect(text).toContain('Next payout')
    expect(text).not.toContain('Next payment due')
    expect(text).toContain('Scheduled')
    expect(text.match(/Scheduled/g)).toHaveLength(4)
  })

  test("a customer's statement covers every subscription, for the customer, its realtor and staff who view customers", async () => {
    const realtor = await api.registerUser('realtor')
    const dayo = await createCustomer(api, {
      firstName: 'Dayo',
      realtorId: await idOf(realtor.email),
    })
    const first = await landOnPlan(dayo)
    const second = await landOnPlan(dayo)
    const viewer = await api.createStaff(['can_view_customer'])

    const own = await download('account/statement?format=csv', dayo.token)
    expect(own.answer.httpStatus).toBe(200)
    const csv = own.bytes.toString('utf8')
    expect(csv).toContain(first.reference)
    expect(csv).toContain(second.reference)
    const pdf = pdfText((await download('account/statement', dayo.token)).bytes)
    const lines = pdf.split('\n')
    expect(lines[lines.indexOf('Total paid') + 1]).toBe('₦500,000.00')

    for (const token of [realtor.token, viewer.token]) {
      const answer = await download(`admin/customer/${dayo.reference}/statement`, token)
      expect(answer.answer.httpStatus).toBe(200)
      expect(pdfText(answer.bytes)).toContain(first.reference)
    }
  })

  test('refused: another customer, a realtor who did not bring the customer, staff without the permission', async () => {
    const owner = await createCustomer(api, { firstName: 'Efe' })
    const stranger = await createCustomer(api, { firstName: 'Femi' })
    const realtor = await api.registerUser('realtor')
    const noPermission = await api.createStaff([])
    const productsOnly = await api.createStaff(['can_modify_product'])
    const { reference } = await landOnPlan(owner)

    expect(
      (
        await api.call('GET', `product-subscription/${reference}/statement`, {
          token: stranger.token,
        })
      ).httpStatus,
    ).toBe(404)
    expect(
      (
        await api.call('GET', `product-subscription/${reference}/statement`, {
          token: realtor.token,
        })
      ).httpStatus,
    ).toBe(404)
    expect(
      (
        await api.call('GET', `product-subscription/${reference}/statement`, {
          token: productsOnly.token,
        })
      ).httpStatus,
    ).toBe(404)
    expect(
      (await api.call('GET', `product-subscription/${reference}/statement`, { token: null }))
        .httpStatus,
    ).toBe(401)

    expect(
      (
        await api.call('GET', `admin/customer/${owner.reference}/statement`, {
          token: stranger.token,
        })
      ).httpStatus,
    ).toBe(403)
    expect(
      (
        await api.call('GET', `admin/customer/${owner.reference}/statement`, {
          token: realtor.token,
        })
      ).httpStatus,
    ).toBe(404)
    expect(
      (
        await api.call('GET', `admin/customer/${owner.reference}/statement`, {
          token: noPermission.token,
        })
      ).httpStatus,
    ).toBe(403)
    // A customer's own statement holds only its own subscriptions.
    const strangers = (
      await download('account/statement?format=csv', stranger.token)
    ).bytes.toString('utf8')
    expect(strangers).not.toContain(reference)
  })
})

async function idOf(email: string) {
  const [row] = await api.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
  return row.id
}
