/**
 * Reconciliation knows a payment provider's settlement: the credit on the bank statement that
 * settles payments the provider already confirmed is marked settled with them, and never matched
 * to a payment awaiting confirmation, so the same money is not confirmed twice.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { providerReceipts } from '~/backend/db/schema'
import { createTestApi, type TestApi } from '../support/api-harness'
import { startPaymentProvider, type PaymentTestProvider } from '../support/payment-provider'
import { quietMailLog } from '../support/quiet'
import { gtbankCsv } from '../support/statements'
import {
  createLandProduct,
  createPlan,
  lagosToday,
  pay,
  subscribe,
  userIdOf,
} from './subscriptions-fixtures'

let api: TestApi
let provider: PaymentTestProvider

beforeAll(async () => {
  quietMailLog()
  // No fee: the settlement is then the very amount of a payment, which a proof could claim too.
  provider = await startPaymentProvider('paystack', { STAND_IN_PAYSTACK_FEE: '0' })
  api = await createTestApi()
  await provider.serve()
}, 120_000)

afterAll(async () => {
  await provider?.close()
  await api?.close()
})

test("a provider's settlement is recognised, marks its payments settled, and is not matched again to a proof of the same money", async () => {
  const person = await api.registerUser()
  await api.call('POST', 'account/profile', {
    token: person.token,
    body: { phone: '0803 444 0101' },
  })
  const product = await createLandProduct(api, { amount: 1_000_000 })
  const plan = await createPlan(api, product.id, { amount: 1_000_000, duration: 4 })
  const { reference } = await subscribe(api, person.token, {
    type: 'land',
    product_id: product.reference,
    payment_mode: 'installment',
    payment_id: plan.uuid,
  })
  await provider.settle()
  const details = await api.call('GET', `product-subscription/${reference}/payment-details`, {
    token: person.token,
  })
  const transfer = await provider.standIn.sendTransfer({
    accountNumber: details.data.virtual_account.account_number,
    amountKobo: 25_000_000,
  })
  await provider.settle()
  expect(transfer.settledKobo).toBe(25_000_000)

  // The same ₦250,000 claimed again with a screenshot, as a transfer to the company account.
  const claimed = await pay(
    api,
    { id: await userIdOf(api, person.email), token: person.token },
    reference,
    250_000,
  )
  expect(claimed.data.status).toBe('awaiting_confirmation')

  const staff = await api.createStaff(['can_reconcile', 'can_verify_transaction'])
  const csv = gtbankCsv([
    { date: lagosToday(), remarks: `PAYSTACK SETTLEMENT ${reference} OBI`, credit: 250_000 },
  ])
  const imported = await api.call('POST', 'admin/reconciliation/statement', {
    token: staff.token,
    body: {
      bank: 'gtbank',
      file_name: 'statement.csv',
      file_in_base64: Buffer.from(csv).toString('base64'),
    },
  })
  expect(imported.status).toBe('200')
  expect(imported.data).toMatchObject({ imported: 1, exact: 0, likely: 0, provider_settlements: 1 })

  const lines = await api.call('GET', 'admin/reconciliation/line?status=settled', {
    token: staff.token,
  })
  expect(lines.data.items).toHaveLength(1)
  expect(lines.data.items[0]).toMatchObject({ status: 'settled', match: null, amount: 250_000 })
  const [receipt] = await api.db
    .select({ line: providerReceipts.settlementLineId })
    .from(providerReceipts)
    .where(eq(providerReceipts.providerReference, transfer.reference))
  expect(String(receipt.line)).toBe(lines.data.items[0].id)
  const open = await api.call('GET', 'admin/reconciliation/line?status=open', {
    token: staff.token,
  })
  expect(open.data.items).toEqual([])

  // The proof stands alone: no credit on the statement backs it.
  const payments = await api.call('GET', `product-subscription/${reference}/transaction`, {
    token: staff.token,
  })
  const proof = payments.data.items.find(
    (item: { reference: string }) => item.reference === claimed.data.reference,
  )
  expect(proof).toMatchObject({ status: 'awaiting_confirmation', no_statement_credit: true })
})
