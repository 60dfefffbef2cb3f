/**
 * The same payment reported to two app instances at the same moment gives its value once. On
 * PostgreSQL (the test command's PostgreSQL pass, TEST_DATABASE_URL) the "second instance" is a
 * pool of connections of its own to the same database, so the two truly race for the inbox row,
 * the delivery and the receipt; on PGlite they take turns.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { processDelivery, receiveWebhook } from '~/backend/collections/inbox'
import { giveValue } from '~/backend/collections/receipts'
import type { Database } from '~/backend/db/client'
import * as schema from '~/backend/db/schema'
import { providerDeliveries, providerReceipts, transactions } from '~/backend/db/schema'
import { providerAdapter, signatureOf } from '~/backend/payment-provider'
import { createTestApi, type TestApi } from '../support/api-harness'
import { startPaymentProvider, type PaymentTestProvider } from '../support/payment-provider'
import { quietMailLog } from '../support/quiet'
import { createLandProduct, createPlan, subscribe } from './subscriptions-fixtures'

let api: TestApi
let provider: PaymentTestProvider
let second: Database
let closeSecond = async () => {}

beforeAll(async () => {
  quietMailLog()
  provider = await startPaymentProvider('paystack')
  api = await createTestApi()
  await provider.serve()
  if (api.databaseUrls) {
    const { default: pg } = await import('pg')
    const { drizzle } = await import('drizzle-orm/node-postgres')
    const pool = new pg.Pool({ connectionString: api.databaseUrls.app, max: 10 })
    second = drizzle(pool, { schema }) as unknown as Database
    closeSecond = () => pool.end()
  } else second = api.db
}, 120_000)

afterAll(async () => {
  await provider?.close()
  await closeSecond()
  await api?.close()
})

/** A customer with a phone, subscribed to ₦1,000,000 of land over four months, and its account number. */
async function customerAccount() {
  const person = await api.registerUser()
  await api.call('POST', 'account/profile', {
    token: person.token,
    body: { phone: '0803 555 0101' },
  })
  const product = await createLandProduct(api, { amount: 1_000_000 })
  const plan = await createPlan(api, product.id, { amount: 1_000_000, duration: 4 })
  const created = await subscribe(api, person.token, {
    type: 'land',
    product_id: product.reference,
    payment_mode: 'installment',
    payment_id: plan.uuid,
  })
  await provider.settle()
  const details = await api.call(
    'GET',
    `product-subscription/${created.reference}/payment-details`,
    {
      token: person.token,
    },
  )
  return {
    person,
    reference: created.reference as string,
    accountNumber: details.data.virtual_account.account_number as string,
  }
}

const paymentsOf = (reference: string) =>
  api.db
    .select({ amount: transactions.amount, status: transactions.status })
    .from(transactions)
    .innerJoin(schema.subscriptions, eq(schema.subscriptions.id, transactions.subscriptionId))
    .where(eq(schema.subscriptions.reference, reference))

test('one delivery reaching two instances at once, processed by both at once: value given once', async () => {
  const { reference, accountNumber } = await customerAccount()
  provider.standIn.holdWebhooks()
  const transfer = await provider.standIn.sendTransfer({ accountNumber, amountKobo: 25_000_000 })
  const body = transfer.event.body as string
  const signature = signatureOf(body, provider.secret)

  // Instance one over HTTP (its handler processes after answering); instance two straight in, twice.
  const [overHttp, ...direct] = await Promise.all([
    fetch(`${provider.url}/api/v1/webhooks/paystack`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      body,
    }),
    ...[1, 2].map(() =>
      receiveWebhook(second, {
        provider: 'paystack',
        rawBody: new TextEncoder().encode(body),
        signature,
        clientIp: null,
      }),
    ),
  ])
  expect(overHttp.status).toBe(200)
  const answers = [((await overHttp.json()) as { data: { duplicate: boolean } }).data, ...direct]
  expect(answers.filter((answer) => !answer.duplicate)).toHaveLength(1)
  const [stored] = await api.db
    .select()
    .from(providerDeliveries)
    .where(eq(providerDeliveries.providerReference, transfer.reference))
  await Promise.all([processDelivery(api.db, stored.id), processDelivery(second, stored.id)])
  await provider.settle()

  expect(await paymentsOf(reference)).toEqual([{ amount: 25_000_000, status: 'paid' }])
  const [{ receipts }] = await api.db
    .select({ receipts: sql<number>`count(*)`.mapWith(Number) })
    .from(providerReceipts)
    .where(eq(providerReceipts.providerReference, transfer.reference))
  expect(receipts).toBe(1)
  await provider.standIn.releaseWebhooks()
  await provider.settle()
})

test('the webhook and the checkout return giving value for one payment at the same moment, on two instances: once', async () => {
  const { reference, accountNumber } = await customerAccount()
  provider.standIn.holdWebhooks()
  const transfer = await provider.standIn.sendTransfer({ accountNumber, amountKobo: 25_000_000 })
  const paid = await providerAdapter('paystack')!.verifyTransaction(transfer.reference)
  expect(paid.status).toBe('success')
  const outcomes = await Promise.all([
    giveValue(api.db, 'paystack', paid),
    giveValue(second, 'paystack', paid),
    giveValue(second, 'paystack', paid),
  ])
  expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual([
    'duplicate',
    'duplicate',
    'payment',
  ])
  expect(await paymentsOf(reference)).toEqual([{ amount: 25_000_000, status: 'paid' }])
  await provider.standIn.releaseWebhooks()
  await provider.settle()
  expect(await paymentsOf(reference)).toHaveLength(1)
})
