import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApi, type TestApi } from '../support/api-harness'
import {
  createCustomer,
  createLandProduct,
  pay,
  setBankDetails,
  subscribe,
  userIdOf,
} from './subscriptions-fixtures'

// Four eyes on money: nobody confirms a payment on their own subscription or one they recorded.

type Staff = Awaited<ReturnType<TestApi['createStaff']>> & { id: number }

let api: TestApi
let verifier: Staff // verifies payments and also buys land for itself
let otherVerifier: Staff
let recordingVerifier: Staff // records customers' payments and could verify them

beforeAll(async () => {
  api = await createTestApi()
  const withId = async (staff: Awaited<ReturnType<TestApi['createStaff']>>) => ({
    ...staff,
    id: await userIdOf(api, staff.email),
  })
  verifier = await withId(await api.createStaff(['can_verify_transaction']))
  otherVerifier = await withId(await api.createStaff(['can_verify_transaction']))
  recordingVerifier = await withId(
    await api.createStaff(['can_verify_transaction', 'can_record_transaction']),
  )
  await setBankDetails(api)
})
afterAll(async () => {
  await api?.close()
})

const mark = (reference: string, status: 'paid' | 'not_confirmed', token: string) =>
  api.call('POST', 'admin/mark-transaction', {
    token,
    body: {
      reference,
      status,
      ...(status === 'not_confirmed' ? { reason: 'The transfer is not in the account' } : {}),
    },
  })

const transactionsSeenBy = async (reference: string, token: string) =>
  (await api.call('GET', `product-subscription/${reference}/transaction`, { token })).data
    .items as { reference: string; can_mark: boolean }[]

describe('staff who subscribe for themselves', () => {
  test('cannot confirm (or reject) their own payment; another verifier can, and the land document follows', async () => {
    const product = await createLandProduct(api, { amount: 2_000_000 })
    const own = await subscribe(api, verifier.token, {
      type: 'land',
      product_id: product.reference,
    })
    const payment = await pay(api, verifier, own.reference, 2_000_000)
    expect(payment.httpStatus).toBe(200)

    for (const status of ['paid', 'not_confirmed'] as const) {
      const refused = await mark(payment.data.reference, status, verifier.token)
      expect(refused.httpStatus).toBe(403)
      expect(refused.message).toBe(
        'You cannot confirm a payment on your own subscription: another member of staff must confirm it',
      )
    }
    // Nothing moved, and no land document for land nobody else checked.
    const detail = await api.call('GET', `product-subscription/${own.reference}`, {
      token: verifier.token,
    })
    expect(detail.data).toMatchObject({
      status: 'awaiting_payment_confirmation',
      total_amount_paid: 0,
    })
    expect(
      (
        await api.call('GET', `product-subscription/${own.reference}/land-document`, {
          token: verifier.token,
        })
      ).httpStatus,
    ).toBe(409)
    expect(await transactionsSeenBy(own.reference, verifier.token)).toMatchObject([
      { reference: payment.data.reference, can_mark: false },
    ])
    expect(await transactionsSeenBy(own.reference, otherVerifier.token)).toMatchObject([
      { reference: payment.data.reference, can_mark: true },
    ])

    const confirmed = await mark(payment.data.reference, 'paid', otherVerifier.token)
    expect(confirmed.httpStatus).toBe(200)
    expect(confirmed.data).toMatchObject({ status: 'paid', can_mark: false })
    expect(
      (await api.call('GET', `product-subscription/${own.reference}`, { token: verifier.token }))
        .data.status,
    ).toBe('completed')
  })
})

describe('staff who record a customer payment', () => {
  test('cannot confirm the payment they recorded; another verifier can, and one the customer sent themselves they can', async () => {
    const customer = await createCustomer(api)
    const product = await createLandProduct(api, { amount: 1_000_000 })
    const subscription = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
    })
    const recorded = await pay(api, recordingVerifier, subscription.reference, 1_000_000)
    expect(recorded.httpStatus).toBe(200)
    expect(recorded.data).toMatchObject({ recorded_by_staff: true, can_mark: false })

    const refused = await mark(recorded.data.reference, 'paid', recordingVerifier.token)
    expect(refused.httpStatus).toBe(403)
    expect(refused.message).toBe(
      'You cannot confirm a payment you recorded yourself: another member of staff must confirm it',
    )
    expect(await transactionsSeenBy(subscription.reference, recordingVerifier.token)).toMatchObject(
      [{ can_mark: false }],
    )

    // Another verifier rejects it; the customer sends a proof; the recorder may confirm that one.
    expect(
      (await mark(recorded.data.reference, 'not_confirmed', otherVerifier.token)).httpStatus,
    ).toBe(200)
    const sent = await pay(api, customer, subscription.reference, 1_000_000)
    expect(await transactionsSeenBy(subscription.reference, recordingVerifier.token)).toMatchObject(
      [
        { reference: sent.data.reference, can_mark: true },
        { reference: recorded.data.reference, can_mark: false },
      ],
    )
    expect((await mark(sent.data.reference, 'paid', recordingVerifier.token)).httpStatus).toBe(200)
  })

  test('the customer sees no mark action on its own transactions', async () => {
    const customer = await createCustomer(api)
    const product = await createLandProduct(api, { amount: 300_000 })
    const subscription = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
    })
    await pay(api, customer, subscription.reference, 300_000)
    expect(await transactionsSeenBy(subscription.reference, customer.token)).toMatchObject([
      { can_mark: false },
    ])
  })
})

describe('what a staff-recorded payment says', () => {
  test('the recorder is told another staff member will confirm it; the other verifiers are told who recorded it, for whom, with a link', async () => {
    const customer = await createCustomer(api, { firstName: 'Adaeze' })
    const product = await createLandProduct(api, { amount: 700_000 })
    const subscription = await subscribe(api, customer.token, {
      type: 'land',
      product_id: product.reference,
    })
    const recorded = await pay(api, recordingVerifier, subscription.reference, 700_000)
    expect(recorded.httpStatus).toBe(200)
    expect(recorded.message).toBe('Payment recorded; another staff member will confirm it')
    expect(recorded.data.status).toBe('awaiting_confirmation')

    const seenBy = async (token: string) =>
      (
        (await api.call('GET', 'notification', { token })).data.items as {
          title: string
          body: string
          link: string | null
        }[]
      ).filter((item) => item.body.includes(recorded.data.reference))
    const [told] = await seenBy(otherVerifier.token)
    expect(told.title).toBe('Payment recorded by staff')
    expect(told.body).toContain(
      `recorded a payment of ₦700,000.00 for Adaeze ${customer.lastName} on ${subscription.reference}`,
    )
    expect(told.body).not.toContain('sent a payment')
    expect(told.link).toBe(
      `/subscriptions/${subscription.reference}/transactions?page=1&type=land#transaction-${recorded.data.reference}`,
    )
    // The recorder cannot confirm it, so it is not asked to.
    expect(await seenBy(recordingVerifier.token)).toEqual([])

    // The customer's own proof still reads as theirs, with the same kind of link.
    const customerSubscription = await subscribe(api, customer.token, {
      type: 'land',
      product_id: (await createLandProduct(api, { amount: 100_000 })).reference,
    })
    const sent = await pay(api, customer, customerSubscription.reference, 100_000)
    expect(sent.message).toBe('Payment proof sent successfully')
    const [submitted] = (
      (await api.call('GET', 'notification', { token: otherVerifier.token })).data.items as {
        title: string
        body: string
        link: string | null
      }[]
    ).filter((item) => item.body.includes(sent.data.reference))
    expect(submitted.title).toBe('Proof of payment submitted')
    expect(submitted.body).toContain(`Adaeze ${customer.lastName} sent a payment of ₦100,000.00`)
    expect(submitted.link).toBe(
      `/subscriptions/${customerSubscription.reference}/transactions?page=1&type=land#transaction-${sent.data.reference}`,
    )
  })
})
