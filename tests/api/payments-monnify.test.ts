/**
 * Payments that confirm themselves, with Monnify (the stand-in): an account reserved per
 * subscription under its reference, Monnify's webhook (naira amounts, its own signature header),
 * a refused copy, and the hosted checkout.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApi, type TestApi } from '../support/api-harness'
import { startPaymentProvider, type PaymentTestProvider } from '../support/payment-provider'
import { quietMailLog } from '../support/quiet'
import { createLandProduct, createPlan, subscribe } from './subscriptions-fixtures'

let api: TestApi
let provider: PaymentTestProvider

beforeAll(async () => {
  quietMailLog()
  provider = await startPaymentProvider('monnify')
  api = await createTestApi()
  await provider.serve()
}, 120_000)

afterAll(async () => {
  await provider?.close()
  await api?.close()
})

const get = (path: string, token: string) => api.call('GET', path, { token })
const post = (path: string, token: string, body: unknown = {}) =>
  api.call('POST', path, { token, body })

/** A subscription to ₦1,000,000 of land over four months (₦250,000 due now), and its reserved account. */
async function subscriptionWithAccount(token: string) {
  const product = await createLandProduct(api, { amount: 1_000_000 })
  const plan = await createPlan(api, product.id, { amount: 1_000_000, duration: 4 })
  const created = await subscribe(api, token, {
    type: 'land',
    product_id: product.reference,
    payment_mode: 'installment',
    payment_id: plan.uuid,
  })
  await provider.settle()
  const reference = created.reference as string
  const details = await get(`product-subscription/${reference}/payment-details`, token)
  expect(details.data.provider).toBe('monnify')
  return { reference, account: details.data.virtual_account as { account_number: string } }
}

const paidAmounts = async (reference: string, token: string) =>
  (
    (await get(`product-subscription/${reference}/transaction`, token)).data.items as {
      amount: number
      status: string
    }[]
  ).map((t) => `${t.amount} ${t.status}`)

describe('Monnify: an account reserved per subscription', () => {
  test('each subscription has its own number; a transfer into one pays that subscription, even when both owe the same', async () => {
    const person = await api.registerUser()
    const first = await subscriptionWithAccount(person.token)
    const second = await subscriptionWithAccount(person.token)
    expect(first.account.account_number).toMatch(/^\d{10}$/)
    expect(second.account.account_number).not.toBe(first.account.account_number)
    const reservation = provider.standIn
      .accounts()
      .find(
        (account: { accountNumber: string }) =>
          account.accountNumber === first.account.account_number,
      )
    expect(reservation?.customerReference).toBe(first.reference)

    const transfer = await provider.standIn.sendTransfer({
      accountNumber: second.account.account_number,
      amountKobo: 25_000_000,
    })
    expect(transfer.delivery?.status).toBe(200)
    await provider.settle()
    expect(await paidAmounts(second.reference, person.token)).toEqual(['250000 paid'])
    expect(await paidAmounts(first.reference, person.token)).toEqual([])
    const collections = await get(
      'admin/collections',
      (await api.login('admin@example.com', 'admin-password-1')).token,
    )
    expect(collections.data.totals).toMatchObject({
      amount_paid: 250_000,
      amount_settled: transfer.settledKobo / 100,
      fees: 50,
    })
  })

  test('a copy signed with another key is refused with 401; a tampered amount too', async () => {
    const person = await api.registerUser()
    const { reference, account } = await subscriptionWithAccount(person.token)
    provider.standIn.holdWebhooks()
    const transfer = await provider.standIn.sendTransfer({
      accountNumber: account.account_number,
      amountKobo: 25_000_000,
    })
    expect((await provider.standIn.deliverForged(transfer.event.id, 'wrong-key')).status).toBe(401)
    expect((await provider.standIn.deliverForged(transfer.event.id, 'tampered')).status).toBe(401)
    await provider.settle()
    expect(await paidAmounts(reference, person.token)).toEqual([])
    await provider.standIn.releaseWebhooks()
    await provider.settle()
    expect(await paidAmounts(reference, person.token)).toEqual(['250000 paid'])
  })

  test('checkout: verified with Monnify on return, paid once; a cancelled one changes nothing', async () => {
    const person = await api.registerUser()
    const { reference } = await subscriptionWithAccount(person.token)
    const cancelled = await post(`product-subscription/${reference}/checkout`, person.token, {
      amount: 250_000,
    })
    expect(cancelled.data.authorization_url).toContain('/pay/monnify/')
    await provider.standIn.cancelCheckout(cancelled.data.reference)
    const nothing = await post(`product-subscription/${reference}/checkout/verify`, person.token, {
      reference: cancelled.data.reference,
    })
    expect(nothing.data.status).toBe('failed')

    const started = await post(`product-subscription/${reference}/checkout`, person.token, {
      amount: 250_000,
    })
    const paid = await provider.standIn.payCheckout(started.data.reference)
    expect(paid.delivery?.status).toBe(200)
    await provider.settle()
    const verified = await post(`product-subscription/${reference}/checkout/verify`, person.token, {
      reference: started.data.reference,
    })
    expect(verified.data).toMatchObject({ status: 'paid' })
    expect(await paidAmounts(reference, person.token)).toEqual(['250000 paid'])
  })
})
