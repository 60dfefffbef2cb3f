import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { pdfText } from '../support/pdf-text'
import { createTestApi, type TestApi } from '../support/api-harness'
import {
  createCustomer,
  createLandProduct,
  createPlan,
  pay,
  subscribe,
} from './subscriptions-fixtures'

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

async function download(path: string, token: string, method: 'GET' | 'POST' = 'GET') {
  const answer = await api.call(method, path, { token })
  return { answer, bytes: Buffer.from(await answer.response.arrayBuffer()) }
}

async function paidLand(amount: number) {
  const product = await createLandProduct(api, { amount, location: 'Ibeju-Lekki, Lagos' })
  const sub = await subscribe(api, ngozi.token, {
    type: 'land',
    product_id: product.reference,
    payment_mode: 'full',
  })
  const payment = await pay(api, ngozi, sub.reference, amount)
  return { product, reference: sub.reference as string, transaction: payment.data }
}

describe('download-receipt', () => {
  test('a paid transaction downloads as a real PDF naming the reference, the amount in figures and words', async () => {
    const { product, reference, transaction } = await paidLand(1_250_000.5)
    await api.call('POST', 'admin/mark-transaction', {
      token: verifier.token,
      body: { reference: transaction.reference, status: 'paid' },
    })

    const { answer, bytes } = await download(
      `product-subscription/${reference}/transaction/${transaction.uuid}/download-receipt`,
      ngozi.token,
    )
    expect(answer.httpStatus).toBe(200)
    expect(answer.response.headers.get('content-type')).toBe('application/pdf')
    expect(answer.response.headers.get('content-disposition')).toBe(
      `attachment; filename="receipt-${transaction.reference}.pdf"`,
    )
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const text = pdfText(bytes)
    expect(text).toContain('Land Banking')
    expect(text).toContain('Payment Receipt')
    expect(text).toContain(`RCT-${transaction.reference.slice(4)}`)
    expect(text).toContain(transaction.reference)
    expect(text).toContain(reference)
    expect(text).toContain('₦1,250,000.50')
    expect(text.replace(/\s+/g, ' ')).toContain(
      'One million, two hundred and fifty thousand naira and fifty kobo only',
    )
    expect(text).toContain(`Ngozi ${ngozi.lastName}`)
    expect(text).toContain(product.reference)
    expect(text).toContain('Bank transfer')
  })

  test('the download helper POSTs with an empty body; the transaction reference works as the id too', async () => {
    const { reference, transaction } = await paidLand(300_000)
    await api.call('POST', 'admin/mark-transaction', {
      token: verifier.token,
      body: { reference: transaction.reference, status: 'paid' },
    })
    const { answer, bytes } = await download(
      `product-subscription/${reference}/transaction/${transaction.reference}/download-receipt`,
      ngozi.token,
      'POST',
    )
    expect(answer.httpStatus).toBe(200)
    expect(pdfText(bytes)).toContain('₦300,000.00')
    // Staff who can see the subscription may download it too.
    const asStaff = await download(
      `product-subscription/${reference}/transaction/${transaction.uuid}/download-receipt`,
      verifier.token,
    )
    expect(asStaff.answer.httpStatus).toBe(200)
  })

  test('not before the payment is confirmed, not to another customer, not for another subscription', async () => {
    const { reference, transaction } = await paidLand(100_000)
    const path = `product-subscription/${reference}/transaction/${transaction.uuid}/download-receipt`
    const pending = await download(path, ngozi.token)
    expect(pending.answer.httpStatus).toBe(409)
    expect(pending.answer.message).toBe('Receipts are only available for paid transactions')

    await api.call('POST', 'admin/mark-transaction', {
      token: verifier.token,
      body: { reference: transaction.reference, status: 'paid' },
    })
    expect((await download(path, emeka.token)).answer.httpStatus).toBe(404)

    const other = await paidLand(100_000)
    const mismatched = `product-subscription/${other.reference}/transaction/${transaction.uuid}/download-receipt`
    expect((await download(mismatched, ngozi.token)).answer.httpStatus).toBe(404)
  })

  test('a payment that was not confirmed has no receipt', async () => {
    const { reference, transaction } = await paidLand(100_000)
    await api.call('POST', 'admin/mark-transaction', {
      token: verifier.token,
      body: {
        reference: transaction.reference,
        status: 'not_confirmed',
        reason: 'No such transfer',
      },
    })
    const { answer } = await download(
      `product-subscription/${reference}/transaction/${transaction.uuid}/download-receipt`,
      ngozi.token,
    )
    expect(answer.httpStatus).toBe(409)
  })
})

describe('land-document', () => {
  test('a completed land subscription downloads its allocation letter', async () => {
    const product = await createLandProduct(api, { amount: 2_000_000, location: 'Epe, Lagos' })
    const plan = await createPlan(api, product.id, { amount: 2_200_000, duration: 2 })
    const sub = await subscribe(api, emeka.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'installment',
      payment_id: plan.uuid,
    })
    const path = `product-subscription/${sub.reference}/land-document`

    const early = await download(path, emeka.token)
    expect(early.answer.httpStatus).toBe(409)
    expect(early.answer.message).toBe('The land document is available once the land is fully paid')

    for (const amount of [1_100_000, 1_100_000]) {
      const payment = await pay(api, emeka, sub.reference, amount)
      await api.call('POST', 'admin/mark-transaction', {
        token: verifier.token,
        body: { reference: payment.data.reference, status: 'paid' },
      })
    }
    const { answer, bytes } = await download(path, emeka.token)
    expect(answer.httpStatus).toBe(200)
    expect(answer.response.headers.get('content-disposition')).toBe(
      `attachment; filename="land-document-${sub.reference}.pdf"`,
    )
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const text = pdfText(bytes)
    expect(text).toContain('Letter of Allocation')
    expect(text).toContain(sub.reference)
    expect(text).toContain('Epe, Lagos')
    expect(text).toContain('₦2,200,000.00')
    expect(text).toContain(`Emeka ${emeka.lastName}`)

    expect((await download(path, verifier.token)).answer.httpStatus).toBe(200)
    expect((await download(path, ngozi.token)).answer.httpStatus).toBe(404)
    expect((await download(path, emeka.token, 'POST')).answer.httpStatus).toBe(200)
  })
})

describe('documents name the company, the figures to date and a signature line', () => {
  test('the receipt prints the company details from settings, ₦ amounts, paid to date, the balance and a signature line; the plot once allocated', async () => {
    const editor = await api.createStaff(['can_modify_setting'])
    const saved = await api.call('POST', 'admin/setting', {
      token: editor.token,
      body: {
        type: 'company_details',
        name: 'Palmgrove Estates Ltd',
        address: '3 Bourdillon Road, Ikoyi, Lagos',
        rc_number: 'RC 1234567',
        phone: '01 234 5678',
      },
    })
    expect(saved.httpStatus, saved.message).toBe(200)

    const product = await createLandProduct(api, {
      amount: 1_000_000,
      location: 'Ibeju-Lekki, Lagos',
    })
    const plan = await createPlan(api, product.id, { amount: 1_250_000, duration: 2 })
    const sub = await subscribe(api, ngozi.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'installment',
      payment_id: plan.uuid,
    })
    const first = await pay(api, ngozi, sub.reference, 625_000)
    await api.call('POST', 'admin/mark-transaction', {
      token: verifier.token,
      body: { reference: first.data.reference, status: 'paid' },
    })
    const firstPath = `product-subscription/${sub.reference}/transaction/${first.data.uuid}/download-receipt`

    const partly = pdfText((await download(firstPath, ngozi.token)).bytes)
    expect(partly).toContain('Palmgrove Estates Ltd')
    expect(partly).toContain('3 Bourdillon Road, Ikoyi, Lagos')
    expect(partly).toContain('RC 1234567')
    expect(partly).toContain('01 234 5678')
    expect(partly).toMatch(/Amount\n₦625,000\.00/)
    expect(partly).toMatch(/Paid to date\n₦625,000\.00/)
    expect(partly).toMatch(/Balance outstanding\n₦625,000\.00/)
    expect(partly).toContain('Authorised signature')
    expect(partly).toContain('For: Palmgrove Estates Ltd')
    expect(partly).not.toContain('Plot allocated')
    expect(partly).not.toContain('NGN')
    expect(partly).toMatch(/Date\n\d{2}\/\d{2}\/\d{4}/)

    const second = await pay(api, ngozi, sub.reference, 625_000)
    await api.call('POST', 'admin/mark-transaction', {
      token: verifier.token,
      body: { reference: second.data.reference, status: 'paid' },
    })
    const finalText = pdfText(
      (
        await download(
          `product-subscription/${sub.reference}/transaction/${second.data.uuid}/download-receipt`,
          ngozi.token,
        )
      ).bytes,
    )
    expect(finalText).toMatch(/Paid to date\n₦1,250,000\.00/)
    expect(finalText).toMatch(/Balance outstanding\n₦0\.00/)
    expect(finalText).toContain('Plot allocated\n1 plot of 500 sqm at Ibeju-Lekki, Lagos')
    // The first receipt still tells the figures of its day.
    expect(pdfText((await download(firstPath, ngozi.token)).bytes)).toMatch(
      /Paid to date\n₦625,000\.00/,
    )
  })

  test('the allocation letter prints the plot, the buyer’s address from the profile and a signature line', async () => {
    const buyer = await createCustomer(api, { firstName: 'Tunde' })
    await api.call('POST', 'account/profile', {
      token: buyer.token,
      body: { address: '7 Awolowo Road, Ikoyi, Lagos' },
    })
    const product = await createLandProduct(api, { amount: 800_000, location: 'Epe, Lagos' })
    const sub = await subscribe(api, buyer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    const payment = await pay(api, buyer, sub.reference, 800_000)
    await api.call('POST', 'admin/mark-transaction', {
      token: verifier.token,
      body: { reference: payment.data.reference, status: 'paid' },
    })
    const text = pdfText(
      (await download(`product-subscription/${sub.reference}/land-document`, buyer.token)).bytes,
    )
    expect(text).toContain('Address\n7 Awolowo Road, Ikoyi, Lagos')
    expect(text).toContain('Land\n1 plot of 500 sqm at Epe, Lagos')
    expect(text).toContain('₦800,000.00')
    expect(text).toContain('Authorised signature')
  })
})
