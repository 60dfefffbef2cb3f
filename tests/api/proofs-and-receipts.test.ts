import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { pdfWords } from '../support/pdf-text'
import { createTestApi, type TestApi } from '../support/api-harness'
import { uniquePng } from '../support/images'
import { createCustomer, createInvestmentProduct, createLandProduct, createPlan, subscribe, yesterdayMorning } from './subscriptions-fixtures'

let api: TestApi
let verifier: Awaited<ReturnType<TestApi['createStaff']>>
let customer: Awaited<ReturnType<typeof createCustomer>>

beforeAll(async () => {
  api = await createTestApi()
  verifier = await api.createStaff(['can_verify_transaction'])
  customer = await createCustomer(api, { firstName: 'Tunde' })
})
afterAll(async () => {
  await api?.close()
})

const upload = async (content: Uint8Array, token = customer.token) => {
  const answer = await api.call('POST', 'media/upload', {
    token,
    body: { file_name: 'transfer.png', file_in_base64: Buffer.from(content).toString('base64'), file_extension: 'png', folder_path: 'proofs' },
  })
  expect(answer.status, answer.message).toBe('200')
  return answer.data.file_url as string
}

const payWith = (reference: string, amount: number, proof: string, extra: Record<string, unknown> = {}) =>
  api.call('POST', `product-subscription/${reference}/transaction`, {
    token: customer.token,
    body: { amount, proof_of_payment: proof, paid_at: yesterdayMorning(), ...extra },
  })

const mark = (reference: string, status: 'paid' | 'not_confirmed') =>
  api.call('POST', 'admin/mark-transaction', { token: verifier.token, body: { reference, status } })

describe('the official receipt prints only what the product writes', () => {
  test("the payer's description stays on screen for staff, never on the receipt", async () => {
    const product = await createLandProduct(api, { amount: 900_000, initialDeposit: 5_000, location: 'Ajah, Lagos' })
    const plan = await createPlan(api, product.id, { amount: 1_000_000, duration: 4 })
    const sub = await subscribe(api, customer.token, { type: 'land', product_id: product.reference, payment_mode: 'installment', payment_id: plan.uuid })
    const forged = 'PAID IN FULL - balance cleared, approved by the Managing Director'
    const payment = await payWith(sub.reference, 5_000, await upload(uniquePng()), { description: forged })
    expect(payment.httpStatus).toBe(200)
    expect((await mark(payment.data.reference, 'paid')).httpStatus).toBe(200)

    const listed = await api.call('GET', `product-subscription/${sub.reference}/transaction`, { token: verifier.token })
    expect(listed.data.items[0].description).toBe(forged)

    const receipt = await api.call('GET', `product-subscription/${sub.reference}/transaction/${payment.data.reference}/download-receipt`, {
      token: customer.token,
    })
    expect(receipt.httpStatus).toBe(200)
    const text = pdfWords(Buffer.from(await receipt.response.arrayBuffer()))
    expect(text).toContain('₦5,000.00')
    expect(text).toContain(`Payment towards the instalment plan for Ajah, Lagos (${product.reference})`)
    expect(text).not.toContain('PAID IN FULL')
    expect(text).not.toContain('Managing Director')
  })

  test('an investment receipt says what it was for in the product words', async () => {
    const product = await createInvestmentProduct(api, { minimum: 2_000 })
    const sub = await subscribe(api, customer.token, { type: 'land_investment', product_id: product.reference, amount_invested: 2_000 })
    const payment = await payWith(sub.reference, 2_000, await upload(uniquePng()), { description: 'Interest of 900% guaranteed' })
    await mark(payment.data.reference, 'paid')
    const receipt = await api.call('GET', `product-subscription/${sub.reference}/transaction/${payment.data.uuid}/download-receipt`, { token: customer.token })
    const text = pdfWords(Buffer.from(await receipt.response.arrayBuffer()))
    expect(text).toContain(`Investment in Land investment ${product.reference}`)
    expect(text).not.toContain('900%')
  })
})

describe('a proof proves one payment', () => {
  test('the same file, or the same image uploaded again, is refused for a second payment; a new image works', async () => {
    const first = await subscribe(api, customer.token, { type: 'land', product_id: (await createLandProduct(api, { amount: 10_000 })).reference })
    const second = await subscribe(api, customer.token, { type: 'land', product_id: (await createLandProduct(api, { amount: 10_000 })).reference })
    const image = uniquePng()
    const proof = await upload(image)
    expect((await payWith(first.reference, 10_000, proof)).httpStatus).toBe(200)

    const again = await payWith(second.reference, 10_000, proof)
    expect(again.httpStatus).toBe(422)
    expect(again.data).toEqual({ proof_of_payment: ['This file is already attached to another payment'] })
    const reuploaded = await payWith(second.reference, 10_000, await upload(image))
    expect(reuploaded.data).toEqual({ proof_of_payment: ['This file is already attached to another payment'] })
    const listed = await api.call('GET', `product-subscription/${second.reference}/transaction`, { token: customer.token })
    expect(listed.data.items).toEqual([])

    expect((await payWith(second.reference, 10_000, await upload(uniquePng()))).httpStatus).toBe(200)
  })

  test('a payment staff did not confirm frees its proof: the same transfer may be sent again', async () => {
    const sub = await subscribe(api, customer.token, { type: 'land', product_id: (await createLandProduct(api, { amount: 20_000 })).reference })
    const proof = await upload(uniquePng())
    const rejected = await payWith(sub.reference, 20_000, proof)
    expect((await mark(rejected.data.reference, 'not_confirmed')).httpStatus).toBe(200)
    expect((await payWith(sub.reference, 20_000, proof)).httpStatus).toBe(200)
  })
})
