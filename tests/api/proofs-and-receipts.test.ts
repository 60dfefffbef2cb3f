import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { pdfWords } from '../support/pdf-text'
import { createTestApi, type TestApi } from '../support/api-harness'
import { tinyPdf, uniquePng } from '../support/images'
import {
  createCustomer,
  createInvestmentProduct,
  createLandProduct,
  createPlan,
  subscribe,
  yesterdayMorning,
} from './subscriptions-fixtures'

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
    body: {
      file_name: 'transfer.png',
      file_in_base64: Buffer.from(content).toString('base64'),
      file_extension: 'png',
      folder_path: 'proofs',
    },
  })
  expect(answer.status, answer.message).toBe('200')
  return answer.data.file_url as string
}

const payWith = (
  reference: string,
  amount: number,
  proof: string,
  extra: Record<string, unknown> = {},
) =>
  api.call('POST', `product-subscription/${reference}/transaction`, {
    token: customer.token,
    body: { amount, proof_of_payment: proof, paid_at: yesterdayMorning(), ...extra },
  })

const mark = (reference: string, status: 'paid' | 'not_confirmed') =>
  api.call('POST', 'admin/mark-transaction', {
    token: verifier.token,
    body: {
      reference,
      status,
      ...(status === 'not_confirmed' ? { reason: 'The transfer is not in the account' } : {}),
    },
  })

describe('the official receipt prints only what the product writes', () => {
  test("the payer's description stays on screen for staff, never on the receipt", async () => {
    const product = await createLandProduct(api, {
      amount: 900_000,
      initialDeposit: 5_000,
      location: 'Ajah, Lagos',
    })
    const plan = await createPlan(api, product.id, { amount: 1_000_000, duration: 4 })
    const sub = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'installment',
      payment_id: plan.uuid,
    })
    const forged = 'PAID IN FULL - balance cleared, approved by the Managing Director'
    const payment = await payWith(sub.reference, 5_000, await upload(uniquePng()), {
      description: forged,
    })
    expect(payment.httpStatus).toBe(200)
    expect((await mark(payment.data.reference, 'paid')).httpStatus).toBe(200)

    const listed = await api.call('GET', `product-subscription/${sub.reference}/transaction`, {
      token: verifier.token,
    })
    expect(listed.data.items[0].description).toBe(forged)

    const receipt = await api.call(
      'GET',
      `product-subscription/${sub.reference}/transaction/${payment.data.reference}/download-receipt`,
      {
        token: customer.token,
      },
    )
    expect(receipt.httpStatus).toBe(200)
    const text = pdfWords(Buffer.from(await receipt.response.arrayBuffer()))
    expect(text).toContain('₦5,000.00')
    expect(text).toContain(
      `Payment towards the instalment plan for Ajah, Lagos (${product.reference})`,
    )
    expect(text).not.toContain('PAID IN FULL')
    expect(text).not.toContain('Managing Director')
  })

  test('an investment receipt says what it was for in the product words', async () => {
    const product = await createInvestmentProduct(api, { minimum: 2_000 })
    const sub = await subscribe(api, customer.token, {
      type: 'land_investment',
      product_id: product.reference,
      amount_invested: 2_000,
    })
    const payment = await payWith(sub.reference, 2_000, await upload(uniquePng()), {
      description: 'Interest of 900% guaranteed',
    })
    await mark(payment.data.reference, 'paid')
    const receipt = await api.call(
      'GET',
      `product-subscription/${sub.reference}/transaction/${payment.data.uuid}/download-receipt`,
      { token: customer.token },
    )
    const text = pdfWords(Buffer.from(await receipt.response.arrayBuffer()))
    expect(text).toContain(`Investment in Land investment ${product.reference}`)
    expect(text).not.toContain('900%')
  })
})

describe('a proof proves one payment', () => {
  test('the same file, or the same image uploaded again, is refused for a second payment; a new image works', async () => {
    const first = await subscribe(api, customer.token, {
      type: 'land',
      product_id: (await createLandProduct(api, { amount: 10_000 })).reference,
    })
    const second = await subscribe(api, customer.token, {
      type: 'land',
      product_id: (await createLandProduct(api, { amount: 10_000 })).reference,
    })
    const image = uniquePng()
    const proof = await upload(image)
    expect((await payWith(first.reference, 10_000, proof)).httpStatus).toBe(200)

    const again = await payWith(second.reference, 10_000, proof)
    expect(again.httpStatus).toBe(409)
    expect(again.data).toEqual({
      proof_of_payment: ['This file is already attached to another payment'],
    })
    const reuploaded = await payWith(second.reference, 10_000, await upload(image))
    expect(reuploaded.data).toEqual({
      proof_of_payment: ['This file is already attached to another payment'],
    })
    const listed = await api.call('GET', `product-subscription/${second.reference}/transaction`, {
      token: customer.token,
    })
    expect(listed.data.items).toEqual([])

    expect((await payWith(second.reference, 10_000, await upload(uniquePng()))).httpStatus).toBe(
      200,
    )
  })

  test('a payment staff did not confirm frees its proof: the same transfer may be sent again', async () => {
    const sub = await subscribe(api, customer.token, {
      type: 'land',
      product_id: (await createLandProduct(api, { amount: 20_000 })).reference,
    })
    const proof = await upload(uniquePng())
    const rejected = await payWith(sub.reference, 20_000, proof)
    expect((await mark(rejected.data.reference, 'not_confirmed')).httpStatus).toBe(200)
    expect((await payWith(sub.reference, 20_000, proof)).httpStatus).toBe(200)
  })
})

describe('staff review: the reason, the e-mails, PDF proofs', () => {
  // Each test has its own customer: e-mails are capped per address, and these tests read them.
  const freshCustomer = () => createCustomer(api, { firstName: 'Ngozi' })
  const uploadAs = async (token: string, content: Uint8Array, name = 'transfer.png') => {
    const answer = await api.call('POST', 'media/upload', {
      token,
      body: {
        file_name: name,
        file_in_base64: Buffer.from(content).toString('base64'),
        folder_path: 'proofs',
      },
    })
    expect(answer.status, answer.message).toBe('200')
    return answer.data.file_url as string
  }
  const payAs = (token: string, reference: string, amount: number, proof: string) =>
    api.call('POST', `product-subscription/${reference}/transaction`, {
      token,
      body: { amount, proof_of_payment: proof, paid_at: yesterdayMorning() },
    })

  test('not confirmed needs a reason (a field message), which is stored, shown to the payer, notified and e-mailed', async () => {
    const payer = await freshCustomer()
    const sub = await subscribe(api, payer.token, {
      type: 'land',
      product_id: (await createLandProduct(api, { amount: 30_000 })).reference,
    })
    const payment = await payAs(
      payer.token,
      sub.reference,
      30_000,
      await uploadAs(payer.token, uniquePng()),
    )
    const trx = payment.data.reference as string

    for (const reason of [undefined, '', '   ']) {
      const blank = await api.call('POST', 'admin/mark-transaction', {
        token: verifier.token,
        body: { reference: trx, status: 'not_confirmed', reason },
      })
      expect(blank.httpStatus).toBe(422)
      expect(blank.data).toEqual({ reason: ['Enter the reason the payment is not confirmed'] })
    }
    expect(
      (
        await api.call('GET', `product-subscription/${sub.reference}/transaction`, {
          token: payer.token,
        })
      ).data.items[0].status,
    ).toBe('awaiting_confirmation')

    const reason =
      'The amount is not in our Zenith account; send the bank statement showing the transfer'
    const marked = await api.call('POST', 'admin/mark-transaction', {
      token: verifier.token,
      body: { reference: trx, status: 'not_confirmed', reason },
    })
    expect(marked.httpStatus).toBe(200)
    expect(marked.data).toMatchObject({ status: 'not_confirmed', not_confirmed_reason: reason })

    const seen = await api.call('GET', `product-subscription/${sub.reference}/transaction`, {
      token: payer.token,
    })
    expect(seen.data.items[0]).toMatchObject({
      reference: trx,
      status: 'not_confirmed',
      not_confirmed_reason: reason,
    })

    const [told] = (await api.call('GET', 'notification', { token: payer.token })).data.items
    expect(told).toMatchObject({
      title: 'Payment not confirmed',
      link: `/subscriptions/${sub.reference}/transactions?page=1&type=land#transaction-${trx}`,
    })
    expect(told.body).toContain(`Reason: ${reason}.`)

    const mail = api.latestMail(payer.email)!
    expect(mail).toContain(`Subject: Payment not confirmed for ${sub.reference}`)
    // (The harness reads the mail's bytes as Latin-1, so the naira sign is left out of what is compared.)
    expect(mail).toContain(`30,000.00 for ${sub.reference}`)
    expect(mail).toContain(`The reason given: ${reason}`)
    expect(mail).toContain(
      `http://localhost:3000/subscriptions/${sub.reference}/transactions?page=1&type=land#transaction-${trx}`,
    )
  })

  test('a subscription made and a payment confirmed are e-mailed, the confirmation with the link to its receipt', async () => {
    const payer = await freshCustomer()
    const product = await createLandProduct(api, { amount: 40_000, location: 'Epe, Lagos' })
    const sub = await subscribe(api, payer.token, { type: 'land', product_id: product.reference })
    const made = api.latestMail(payer.email)!
    expect(made).toContain(`Subject: Your subscription ${sub.reference} has been made`)
    expect(made).toContain(
      `Your subscription ${sub.reference} (Epe, Lagos (${product.reference})) has been made.`,
    )
    expect(made).toContain('Pay ₦40,000.00 by bank transfer')
    expect(made).toContain(
      `http://localhost:3000/subscriptions?page=1&type=land&search=${sub.reference}`,
    )

    const payment = await payAs(
      payer.token,
      sub.reference,
      40_000,
      await uploadAs(payer.token, uniquePng()),
    )
    expect((await mark(payment.data.reference, 'paid')).httpStatus).toBe(200)
    const receiptPath = `/subscriptions/${sub.reference}/transactions/${payment.data.reference}/receipt?page=1&type=land`
    const confirmed = api.latestMail(payer.email)!
    expect(confirmed).toContain(`Subject: Payment confirmed for ${sub.reference}`)
    expect(confirmed).toContain(`Download your receipt: http://localhost:3000${receiptPath}`)
    const notes = (await api.call('GET', 'notification', { token: payer.token })).data.items as {
      title: string
      link: string | null
    }[]
    expect(notes.find((note) => note.title === 'Payment confirmed')?.link).toBe(receiptPath)
    expect(notes.find((note) => note.title === 'Subscription completed')?.link).toBe(
      `/subscriptions?page=1&type=land&search=${sub.reference}`,
    )
    expect(notes.find((note) => note.title === 'Subscription created')?.link).toBe(
      `/subscriptions?page=1&type=land&search=${sub.reference}`,
    )
  })

  test('a PDF proof proves a payment like an image; the same PDF is refused for a second one', async () => {
    const payer = await freshCustomer()
    const first = await subscribe(api, payer.token, {
      type: 'land',
      product_id: (await createLandProduct(api, { amount: 50_000 })).reference,
    })
    const second = await subscribe(api, payer.token, {
      type: 'land',
      product_id: (await createLandProduct(api, { amount: 50_000 })).reference,
    })
    const pdf = await uploadAs(payer.token, tinyPdf(), 'statement.pdf')
    expect(pdf).toMatch(/\.pdf$/)
    const paid = await payAs(payer.token, first.reference, 50_000, pdf)
    expect(paid.httpStatus, paid.message).toBe(200)
    expect(paid.data.proof_of_payment).toBe(pdf)
    const again = await payAs(payer.token, second.reference, 50_000, pdf)
    expect(again.data).toEqual({
      proof_of_payment: ['This file is already attached to another payment'],
    })
  })
})
