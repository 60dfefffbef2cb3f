/**
 * Payments that confirm themselves, with Paystack (the stand-in, started from code): a customer's
 * own account number, its signed webhooks and what the inbox makes of them, checkout, credits and
 * their four-eyes allocation and refund, the provider down, and account look-up.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditLog, providerReceipts } from '~/backend/db/schema'
import { runProviderJobs } from '~/backend/jobs'
import { createTestApi, type TestApi } from '../support/api-harness'
import { changedTables, createFingerprint } from '../support/db-fingerprint'
import { startPaymentProvider, type PaymentTestProvider } from '../support/payment-provider'
import { quietMailLog } from '../support/quiet'
import { createLandProduct, createPlan, subscribe } from './subscriptions-fixtures'

let api: TestApi
let provider: PaymentTestProvider
let staffA: Awaited<ReturnType<TestApi['createStaff']>>
let staffB: Awaited<ReturnType<TestApi['createStaff']>>

beforeAll(async () => {
  quietMailLog()
  provider = await startPaymentProvider('paystack')
  api = await createTestApi()
  await provider.serve()
  staffA = await api.createStaff(['can_verify_transaction', 'can_record_transaction'])
  staffB = await api.createStaff(['can_verify_transaction'])
}, 120_000)

afterAll(async () => {
  await provider?.close()
  await api?.close()
})

const get = (path: string, token: string) => api.call('GET', path, { token })
const post = (path: string, token: string, body: unknown = {}) =>
  api.call('POST', path, { token, body })

let phones = 0
/** A verified customer with a phone number (Paystack opens accounts only then), and its account number. */
async function customer() {
  const person = await api.registerUser()
  phones += 1
  const saved = await post('account/profile', person.token, {
    phone: `0803${String(1_000_000 + phones).padStart(7, '0')}`,
  })
  expect(saved.status).toBe('200')
  await provider.settle()
  return person
}

/** A land product of ₦1,000,000 with a four-month plan: ₦250,000 now, then three of ₦250,000. */
async function landByPlan() {
  const product = await createLandProduct(api, { amount: 1_000_000 })
  const plan = await createPlan(api, product.id, { amount: 1_000_000, duration: 4 })
  return { product, plan }
}

async function subscribeByPlan(token: string) {
  const { product, plan } = await landByPlan()
  const created = await subscribe(api, token, {
    type: 'land',
    product_id: product.reference,
    payment_mode: 'installment',
    payment_id: plan.uuid,
  })
  await provider.settle()
  return created.reference as string
}

async function accountNumberOf(token: string, reference: string) {
  const details = await get(`product-subscription/${reference}/payment-details`, token)
  expect(details.status).toBe('200')
  return details.data.virtual_account as {
    bank_name: string
    account_number: string
    account_name: string
  } | null
}

const transactionsOf = async (reference: string, token: string) =>
  (await get(`product-subscription/${reference}/transaction`, token)).data.items as {
    reference: string
    amount: number
    status: string
  }[]

describe('a transfer into the customer’s own account number', () => {
  test('confirms the payment end to end: paid, schedule moved, receipt, notification, e-mail, audit, Collections', async () => {
    const ada = await customer()
    const reference = await subscribeByPlan(ada.token)
    const details = await get(`product-subscription/${reference}/payment-details`, ada.token)
    expect(details.data).toMatchObject({
      provider: 'paystack',
      virtual_account: { bank_name: 'Wema Bank', account_name: expect.stringContaining('Ada') },
      virtual_account_note: null,
    })
    const account = details.data.virtual_account.account_number as string
    expect(account).toMatch(/^\d{10}$/)

    const transfer = await provider.standIn.sendTransfer({
      accountNumber: account,
      amountKobo: 25_000_000,
    })
    expect(transfer.delivery?.status).toBe(200)
    await provider.settle()

    const [paid] = await transactionsOf(reference, ada.token)
    expect(paid).toMatchObject({ amount: 250_000, status: 'paid' })
    const subscription = (await get(`product-subscription/${reference}`, ada.token)).data
    expect(subscription).toMatchObject({
      status: 'ongoing',
      total_amount_paid: 250_000,
      amount_left: 750_000,
      next_payment_amount: 250_000,
    })
    expect(
      subscription.schedule.filter((row: { status: string }) => row.status === 'paid'),
    ).toHaveLength(1)

    const receipt = await get(
      `product-subscription/${reference}/transaction/${paid.reference}/download-receipt`,
      ada.token,
    )
    expect(receipt.httpStatus).toBe(200)
    expect(receipt.response.headers.get('content-type')).toBe('application/pdf')

    const notes = (await get('notification', ada.token)).data.items as {
      title: string
      body: string
    }[]
    expect(notes.find((note) => note.title === 'Payment confirmed')?.body).toContain(paid.reference)
    expect(api.latestMail(ada.email)).toContain(`Payment confirmed for ${reference}`)

    const audit = await api.db
      .select({
        action: auditLog.action,
        actor: auditLog.actorName,
        record: auditLog.recordReference,
      })
      .from(auditLog)
      .where(sql`${auditLog.recordReference} in (${transfer.reference}, ${paid.reference})`)
    expect(audit.map((row) => `${row.action} by ${row.actor}`).sort()).toEqual([
      'provider.delivery_received by Paystack',
      'provider.transaction_verified by Paystack',
      'transaction.confirmed by Paystack',
    ])

    const [receiptRow] = await api.db
      .select()
      .from(providerReceipts)
      .where(eq(providerReceipts.providerReference, transfer.reference))
    expect(receiptRow).toMatchObject({
      amountPaid: 25_000_000,
      amountSettled: transfer.settledKobo,
    })
    const collections = await get('admin/collections', staffA.token)
    expect(collections.data.totals).toMatchObject({
      count: 1,
      amount_paid: 250_000,
      amount_settled: transfer.settledKobo / 100,
      fees: transfer.feeKobo / 100,
    })
  })
})

/** The deliveries Collections lists under a status. */
async function deliveries(status: string) {
  const answer = await get(`admin/collections/delivery?status=${status}`, staffA.token)
  expect(answer.status).toBe('200')
  return answer.data.items as {
    event_type: string
    status: string
    provider_reference: string | null
    error: string | null
    signature_valid: boolean
  }[]
}

async function paidCustomerAccount() {
  const person = await customer()
  const reference = await subscribeByPlan(person.token)
  const account = await accountNumberOf(person.token, reference)
  expect(account?.account_number).toMatch(/^\d{10}$/)
  return { person, reference, accountNumber: account!.account_number }
}

describe('deliveries that must not give value', () => {
  test('tampered, unsigned and mis-signed copies are refused with 401 and recorded; nothing is paid until the genuine one comes', async () => {
    const { person, reference, accountNumber } = await paidCustomerAccount()
    const rejectedBefore = (await deliveries('rejected')).length
    provider.standIn.holdWebhooks()
    const transfer = await provider.standIn.sendTransfer({ accountNumber, amountKobo: 25_000_000 })
    expect(transfer.delivery).toBeNull()
    for (const signature of ['none', 'wrong-key', 'tampered'] as const) {
      const forged = await provider.standIn.deliverForged(transfer.event.id, signature)
      expect(forged.status, signature).toBe(401)
    }
    await provider.settle()
    const rejected = await deliveries('rejected')
    expect(rejected.length - rejectedBefore).toBe(3)
    expect(
      rejected
        .slice(0, 3)
        .map((delivery) => delivery.error)
        .sort(),
    ).toEqual([
      'No signature',
      'The signature does not sign this body',
      'The signature does not sign this body',
    ])
    expect(await transactionsOf(reference, person.token)).toEqual([])
    expect((await get(`product-subscription/${reference}`, person.token)).data.status).toBe(
      'awaiting_payment',
    )

    const [genuine] = await provider.standIn.releaseWebhooks()
    expect(genuine.status).toBe(200)
    await provider.settle()
    expect((await transactionsOf(reference, person.token)).map((t) => t.status)).toEqual(['paid'])
  })

  test('replayed three times and delivered out of order: each transfer is given its value once', async () => {
    const { person, reference, accountNumber } = await paidCustomerAccount()
    provider.standIn.holdWebhooks()
    const deposit = await provider.standIn.sendTransfer({ accountNumber, amountKobo: 25_000_000 })
    const two = await provider.standIn.sendTransfer({ accountNumber, amountKobo: 50_000_000 })
    const released = await provider.standIn.releaseWebhooks('reverse')
    expect(released.map((delivery) => delivery.eventId)).toEqual([two.event.id, deposit.event.id])
    await provider.settle()
    const replayed = [
      ...(await provider.standIn.replay(deposit.event.id, { times: 3 })),
      ...(await provider.standIn.replay(two.event.id, { times: 3, parallel: true })),
    ]
    expect(replayed.map((delivery) => delivery.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(replayed.map((delivery) => JSON.parse(delivery.response).data.duplicate)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ])
    await provider.settle()

    const paid = await transactionsOf(reference, person.token)
    expect(paid.map((t) => `${t.amount} ${t.status}`).sort()).toEqual([
      '250000 paid',
      '500000 paid',
    ])
    expect((await get(`product-subscription/${reference}`, person.token)).data).toMatchObject({
      total_amount_paid: 750_000,
      amount_left: 250_000,
    })
    const receipts = await api.db
      .select({ reference: providerReceipts.providerReference })
      .from(providerReceipts)
      .where(sql`${providerReceipts.providerReference} in (${deposit.reference}, ${two.reference})`)
    expect(receipts).toHaveLength(2)
  })

  test('an event the app does not handle is recorded and ignored', async () => {
    const { event, delivery } = await provider.standIn.deliverUnknownEvent('paystack')
    expect(delivery?.status).toBe(200)
    await provider.settle()
    const ignored = await deliveries('ignored')
    expect(ignored.map((row) => row.event_type)).toContain('standin.unknown_event')
    const [again] = await provider.standIn.replay(event.id)
    expect(JSON.parse(again.response).data.duplicate).toBe(true)
  })
})

type CreditItem = {
  reference: string
  state: string
  reason: string
  amount: number
  pending: { action: string; amount: number } | null
  can_confirm: boolean
}

async function creditsOf(token: string) {
  const answer = await get('account/credit', token)
  expect(answer.status).toBe('200')
  return answer.data as { items: CreditItem[]; open_amount: number }
}

const staffCredit = async (reference: string, token = staffA.token) =>
  ((await get(`admin/collections/credit?search=${reference}`, token)).data.items as CreditItem[])[0]

describe('money that fits no payment is kept as a credit', () => {
  test('less than the payment due: a credit the customer sees, refunded once a second member of staff confirms', async () => {
    const { person, reference, accountNumber } = await paidCustomerAccount()
    await provider.standIn.sendTransfer({ accountNumber, amountKobo: 10_000_000 })
    await provider.settle()
    const { items, open_amount } = await creditsOf(person.token)
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ state: 'open', reason: 'under', amount: 100_000 })
    expect(open_amount).toBe(100_000)
    expect(await transactionsOf(reference, person.token)).toEqual([])
    const credit = items[0].reference
    expect(api.latestMail(person.email)).toContain(credit)

    // ₦100,000 is not an amount a payment on it may be: it cannot be allocated, only refunded.
    const refused = await post(`admin/collections/credit/${credit}/allocate`, staffA.token, {
      subscription: reference,
    })
    expect(refused.httpStatus).toBe(409)
    expect(refused.data.amount[0]).toMatch(/^Amount must be the next instalment/)

    const asked = await post(`admin/collections/credit/${credit}/refund`, staffA.token, {
      reason: 'Sent by mistake; the customer asked for it back',
    })
    expect(asked.data).toMatchObject({ state: 'refund_pending', can_confirm: false })
    const own = await post(`admin/collections/credit/${credit}/decide`, staffA.token, {
      decision: 'confirm',
    })
    expect(own.httpStatus).toBe(403)
    expect((await staffCredit(credit, staffB.token)).can_confirm).toBe(true)
    const confirmed = await post(`admin/collections/credit/${credit}/decide`, staffB.token, {
      decision: 'confirm',
    })
    expect(confirmed.data).toMatchObject({
      state: 'refunded',
      refund: { reason: 'Sent by mistake; the customer asked for it back' },
    })
    expect((await creditsOf(person.token)).open_amount).toBe(0)
    const audit = await api.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.recordReference, credit))
    expect(audit.map((row) => row.action).sort()).toEqual([
      'credit.received',
      'credit.refund_requested',
      'credit.refunded',
    ])
  })

  test('more than the balance: part allocated to the deposit with four eyes, the rest stays a credit', async () => {
    const { person, reference, accountNumber } = await paidCustomerAccount()
    await provider.standIn.sendTransfer({ accountNumber, amountKobo: 120_000_000 })
    await provider.settle()
    const [credit] = (await creditsOf(person.token)).items
    expect(credit).toMatchObject({ state: 'open', reason: 'over', amount: 1_200_000 })

    const asked = await post(
      `admin/collections/credit/${credit.reference}/allocate`,
      staffA.token,
      {
        subscription: reference,
        amount: 250_000,
      },
    )
    expect(asked.data).toMatchObject({
      state: 'allocation_pending',
      pending: { action: 'allocate', amount: 250_000, subscription_reference: reference },
    })
    expect(await transactionsOf(reference, person.token)).toEqual([])
    const own = await post(`admin/collections/credit/${credit.reference}/decide`, staffA.token, {
      decision: 'confirm',
    })
    expect(own.httpStatus).toBe(403)
    expect(own.message).toMatch(/another member of staff must confirm it/)

    const confirmed = await post(
      `admin/collections/credit/${credit.reference}/decide`,
      staffB.token,
      {
        decision: 'confirm',
      },
    )
    expect(confirmed.data).toMatchObject({ state: 'allocated', amount: 250_000 })
    const [paid] = await transactionsOf(reference, person.token)
    expect(paid).toMatchObject({ amount: 250_000, status: 'paid' })
    expect((await get(`product-subscription/${reference}`, person.token)).data.status).toBe(
      'ongoing',
    )
    expect(api.latestMail(person.email)).toContain(`Payment confirmed for ${reference}`)
    const { items, open_amount } = await creditsOf(person.token)
    expect(open_amount).toBe(950_000)
    expect(items.find((item) => item.reason === 'remainder')).toMatchObject({
      state: 'open',
      amount: 950_000,
    })
  })

  test('one account, two subscriptions with the same payment due: ambiguous, then allocated where staff choose', async () => {
    const person = await customer()
    const first = await subscribeByPlan(person.token)
    const second = await subscribeByPlan(person.token)
    const account = await accountNumberOf(person.token, first)
    expect((await accountNumberOf(person.token, second))?.account_number).toBe(
      account?.account_number,
    )
    await provider.standIn.sendTransfer({
      accountNumber: account!.account_number,
      amountKobo: 25_000_000,
    })
    await provider.settle()
    const [credit] = (await creditsOf(person.token)).items
    expect(credit).toMatchObject({ reason: 'ambiguous', amount: 250_000 })
    await post(`admin/collections/credit/${credit.reference}/allocate`, staffA.token, {
      subscription: second,
    })
    const rejected = await post(
      `admin/collections/credit/${credit.reference}/decide`,
      staffB.token,
      {
        decision: 'reject',
      },
    )
    expect(rejected.httpStatus).toBe(422)
    await post(`admin/collections/credit/${credit.reference}/decide`, staffB.token, {
      decision: 'confirm',
    })
    expect((await get(`product-subscription/${second}`, person.token)).data.status).toBe('ongoing')
    expect((await get(`product-subscription/${first}`, person.token)).data.status).toBe(
      'awaiting_payment',
    )
  })
})

describe('the provider down', () => {
  test('while an account number is opened: the screen says it is being prepared, the job opens it later', async () => {
    const person = await api.registerUser()
    provider.standIn.down('paystack')
    try {
      await post('account/profile', person.token, { phone: '0803 999 0001' })
      const reference = await subscribeByPlan(person.token)
      const details = await get(`product-subscription/${reference}/payment-details`, person.token)
      expect(details.data).toMatchObject({
        virtual_account: null,
        virtual_account_note: 'Your account number is being prepared',
      })
      provider.standIn.up('paystack')
      await runProviderJobs(api.db, new Date(Date.now() + 11 * 60_000))
      const account = await accountNumberOf(person.token, reference)
      expect(account?.account_number).toMatch(/^\d{10}$/)
    } finally {
      provider.standIn.up('paystack')
    }
  })

  test('while a delivery is verified: acknowledged and kept, then processed by the job; nothing lost', async () => {
    const { person, reference, accountNumber } = await paidCustomerAccount()
    provider.standIn.down('paystack')
    let transfer
    try {
      transfer = await provider.standIn.sendTransfer({ accountNumber, amountKobo: 25_000_000 })
      expect(transfer.delivery?.status).toBe(200)
      await provider.settle()
      const waiting = (await deliveries('received')).find(
        (delivery) => delivery.provider_reference === transfer!.reference,
      )
      expect(waiting?.error).toMatch(/Paystack is not answering/)
      expect(await transactionsOf(reference, person.token)).toEqual([])
    } finally {
      provider.standIn.up('paystack')
    }
    await runProviderJobs(api.db, new Date(Date.now() + 6 * 60_000))
    expect((await transactionsOf(reference, person.token)).map((t) => t.status)).toEqual(['paid'])
    expect((await deliveries('received')).map((d) => d.provider_reference)).not.toContain(
      transfer.reference,
    )
  })
})

describe('paying online (hosted checkout)', () => {
  test('a return without a verified success changes nothing; a paid checkout pays once, its webhook a duplicate', async () => {
    const { person, reference } = await paidCustomerAccount()
    const started = await post(`product-subscription/${reference}/checkout`, person.token, {
      amount: 250_000,
    })
    expect(started.data).toMatchObject({ provider: 'paystack', amount: 250_000 })
    expect(started.data.authorization_url).toContain('/pay/paystack/')

    const fingerprint = await createFingerprint(api.db)
    const before = await fingerprint()
    const unpaid = await post(`product-subscription/${reference}/checkout/verify`, person.token, {
      reference: started.data.reference,
    })
    expect(unpaid.data).toMatchObject({ status: 'failed', transaction_reference: null })
    await provider.standIn.cancelCheckout(started.data.reference)
    const cancelled = await post(
      `product-subscription/${reference}/checkout/verify`,
      person.token,
      {
        reference: started.data.reference,
      },
    )
    expect(cancelled.data.status).toBe('failed')
    expect(changedTables(before, await fingerprint())).toEqual([])

    const second = await post(`product-subscription/${reference}/checkout`, person.token, {
      amount: 500_000,
    })
    provider.standIn.holdWebhooks()
    const paidThere = await provider.standIn.payCheckout(second.data.reference)
    expect(paidThere.redirectTo).toContain(`/subscriptions/${reference}/pay/return`)
    const verified = await post(`product-subscription/${reference}/checkout/verify`, person.token, {
      reference: second.data.reference,
    })
    expect(verified.data).toMatchObject({ status: 'paid' })
    const [webhook] = await provider.standIn.releaseWebhooks()
    expect(webhook.status).toBe(200)
    await provider.settle()
    const again = await post(`product-subscription/${reference}/checkout/verify`, person.token, {
      reference: second.data.reference,
    })
    expect(again.data.transaction_reference).toBe(verified.data.transaction_reference)
    const paid = await transactionsOf(reference, person.token)
    expect(paid.map((t) => `${t.amount} ${t.status}`)).toEqual(['500000 paid'])
  })

  test('only the subscriber starts one, for an amount that is due', async () => {
    const { person, reference } = await paidCustomerAccount()
    const odd = await post(`product-subscription/${reference}/checkout`, person.token, {
      amount: 300_000,
    })
    expect(odd.httpStatus).toBe(409)
    expect(odd.data.amount).toBeTruthy()
    const staff = await api.createStaff(['can_record_transaction'])
    const byStaff = await post(`product-subscription/${reference}/checkout`, staff.token, {
      amount: 250_000,
    })
    expect(byStaff.httpStatus).toBe(403)
  })
})

describe('payout account look-up', () => {
  test('the name the bank holds, none for a wrong number, 409 while the provider is down', async () => {
    const person = await api.registerUser()
    const found = await post('account/payout-account/resolve', person.token, {
      bank_code: 'gtbank',
      account_number: '0123456789',
    })
    expect(found.data).toEqual({
      bank_code: 'gtbank',
      bank_name: 'Guaranty Trust Bank (GTBank)',
      account_number: '0123456789',
      account_name: 'ADAEZE NNEKA OKAFOR',
    })
    const wrong = await post('account/payout-account/resolve', person.token, {
      bank_code: 'gtbank',
      account_number: '0123456788',
    })
    expect(wrong.httpStatus).toBe(409)
    expect(wrong.data.account_number[0]).toMatch(/has no account 0123456788/)
    provider.standIn.down('paystack')
    try {
      const down = await post('account/payout-account/resolve', person.token, {
        bank_code: 'gtbank',
        account_number: '0123456789',
      })
      expect(down.httpStatus).toBe(409)
    } finally {
      provider.standIn.up('paystack')
    }
  })
})
