import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApi, type TestApi } from '../support/api-harness'
import { createCustomer, createLandProduct, createPlan, pay, subscribe } from './subscriptions-fixtures'

type Customer = Awaited<ReturnType<typeof createCustomer>>

let api: TestApi
let verifier: Awaited<ReturnType<TestApi['createStaff']>>
let ngozi: Customer
let emeka: Customer

beforeAll(async () => {
  api = await createTestApi()
  verifier = await api.createStaff(['can_verify_transaction'])
  ngozi = await createCustomer(api, { firstName: 'Ngozi' })
  emeka = await createCustomer(api, { firstName: 'Emeka' })
})
afterAll(async () => {
  await api?.close()
})

/** The text a PDF shows: pdfkit writes each line as hex strings in a TJ array (readable with compression off). */
function pdfText(bytes: Buffer) {
  const source = bytes.toString('latin1')
  const lines: string[] = []
  for (const [, array] of source.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    let line = ''
    for (const [, hex] of array.matchAll(/<([0-9a-fA-F]*)>/g)) {
      line += Buffer.from(hex, 'hex').toString('latin1')
    }
    lines.push(line)
  }
  return lines.join('\n')
}

async function download(path: string, token: string, method: 'GET' | 'POST' = 'GET') {
  const answer = await api.call(method, path, { token })
  return { answer, bytes: Buffer.from(await answer.response.arrayBuffer()) }
}

async function paidLand(amount: number) {
  const product = await createLandProduct(api, { amount, location: 'Ibeju-Lekki, Lagos' })
  const sub = await subscribe(api, ngozi.token, { type: 'land', product_id: product.reference, payment_mode: 'full' })
  const payment = await pay(api, ngozi, sub.reference, amount)
  return { product, reference: sub.reference as string, transaction: payment.data }
}

describe('download-receipt', () => {
  test('a paid transaction downloads as a real PDF naming the reference, the amount in figures and words', async () => {
    const { product, reference, transaction } = await paidLand(1_250_000.5)
    await api.call('POST', 'admin/mark-transaction', { token: verifier.token, body: { reference: transaction.reference, status: 'paid' } })

    const { answer, bytes } = await download(`product-subscription/${reference}/transaction/${transaction.uuid}/download-receipt`, ngozi.token)
    expect(answer.httpStatus).toBe(200)
    expect(answer.response.headers.get('content-type')).toBe('application/pdf')
    expect(answer.response.headers.get('content-disposition')).toBe(`attachment; filename="receipt-${transaction.reference}.pdf"`)
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const text = pdfText(bytes)
    expect(text).toContain('Land Banking')
    expect(text).toContain('Payment Receipt')
    expect(text).toContain(`RCT-${transaction.reference.slice(4)}`)
    expect(text).toContain(transaction.reference)
    expect(text).toContain(reference)
    expect(text).toContain('NGN 1,250,000.50')
    expect(text).toContain('One million, two hundred and fifty thousand naira and fifty kobo only')
    expect(text).toContain(`Ngozi ${ngozi.lastName}`)
    expect(text).toContain(product.reference)
    expect(text).toContain('Bank transfer')
  })

  test('the download helper POSTs with an empty body; the transaction reference works as the id too', async () => {
    const { reference, transaction } = await paidLand(300_000)
    await api.call('POST', 'admin/mark-transaction', { token: verifier.token, body: { reference: transaction.reference, status: 'paid' } })
    const { answer, bytes } = await download(`product-subscription/${reference}/transaction/${transaction.reference}/download-receipt`, ngozi.token, 'POST')
    expect(answer.httpStatus).toBe(200)
    expect(pdfText(bytes)).toContain('NGN 300,000.00')
    // Staff who can see the subscription may download it too.
    const asStaff = await download(`product-subscription/${reference}/transaction/${transaction.uuid}/download-receipt`, verifier.token)
    expect(asStaff.answer.httpStatus).toBe(200)
  })

  test('not before the payment is confirmed, not to another customer, not for another subscription', async () => {
    const { reference, transaction } = await paidLand(100_000)
    const path = `product-subscription/${reference}/transaction/${transaction.uuid}/download-receipt`
    const pending = await download(path, ngozi.token)
    expect(pending.answer.httpStatus).toBe(409)
    expect(pending.answer.message).toBe('Receipts are only available for paid transactions')

    await api.call('POST', 'admin/mark-transaction', { token: verifier.token, body: { reference: transaction.reference, status: 'paid' } })
    expect((await download(path, emeka.token)).answer.httpStatus).toBe(404)

    const other = await paidLand(100_000)
    const mismatched = `product-subscription/${other.reference}/transaction/${transaction.uuid}/download-receipt`
    expect((await download(mismatched, ngozi.token)).answer.httpStatus).toBe(404)
  })

  test('a payment that was not confirmed has no receipt', async () => {
    const { reference, transaction } = await paidLand(100_000)
    await api.call('POST', 'admin/mark-transaction', { token: verifier.token, body: { reference: transaction.reference, status: 'not_confirmed', reason: 'No such transfer' } })
    const { answer } = await download(`product-subscription/${reference}/transaction/${transaction.uuid}/download-receipt`, ngozi.token)
    expect(answer.httpStatus).toBe(409)
  })
})

describe('land-document', () => {
  test('a completed land subscription downloads its allocation letter', async () => {
    const product = await createLandProduct(api, { amount: 2_000_000, location: 'Epe, Lagos' })
    const plan = await createPlan(api, product.id, { amount: 2_200_000, duration: 2 })
    const sub = await subscribe(api, emeka.token, { type: 'land', product_id: product.reference, payment_mode: 'installment', payment_id: plan.uuid })
    const path = `product-subscription/${sub.reference}/land-document`

    const early = await download(path, emeka.token)
    expect(early.answer.httpStatus).toBe(409)
    expect(early.answer.message).toBe('The land document is available once the land is fully paid')

    for (const amount of [1_100_000, 1_100_000]) {
      const payment = await pay(api, emeka, sub.reference, amount)
      await api.call('POST', 'admin/mark-transaction', { token: verifier.token, body: { reference: payment.data.reference, status: 'paid' } })
    }
    const { answer, bytes } = await download(path, emeka.token)
    expect(answer.httpStatus).toBe(200)
    expect(answer.response.headers.get('content-disposition')).toBe(`attachment; filename="land-document-${sub.reference}.pdf"`)
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const text = pdfText(bytes)
    expect(text).toContain('Letter of Allocation')
    expect(text).toContain(sub.reference)
    expect(text).toContain('Epe, Lagos')
    expect(text).toContain('NGN 2,200,000.00')
    expect(text).toContain(`Emeka ${emeka.lastName}`)

    expect((await download(path, verifier.token)).answer.httpStatus).toBe(200)
    expect((await download(path, ngozi.token)).answer.httpStatus).toBe(404)
    expect((await download(path, emeka.token, 'POST')).answer.httpStatus).toBe(200)
  })
})
