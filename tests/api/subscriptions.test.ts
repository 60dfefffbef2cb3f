import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { files, notifications, products } from '~/backend/db/schema'
import { userById } from '~/backend/http/authenticate'
import { canReadProofFile } from '~/backend/subscriptions/access'
import { addInterval } from '~/backend/dates/calendar'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApi,
  type DataOf,
  type SentJson,
  type TestApi,
} from '../support/api-harness'
import {
  createCustomer,
  createInvestmentProduct,
  createLandProduct,
  createPlan,
  lagosToday,
  pay,
  setBankDetails,
  subscribe,
  uploadProof,
  userIdOf,
} from './subscriptions-fixtures'

type Staff = Awaited<ReturnType<TestApi['createStaff']>>
type Customer = Awaited<ReturnType<typeof createCustomer>>

let api: TestApi
let verifier: Staff
let recorder: Staff
let modifier: Staff
let plainAdmin: Staff
let superAdmin: { token: string }
let realtor: { id: number; token: string }
let alice: Customer // referred by the realtor
let bob: Customer

beforeAll(async () => {
  api = await createTestApi()
  verifier = await api.createStaff(['can_verify_transaction'])
  recorder = await api.createStaff(['can_record_transaction'])
  modifier = await api.createStaff(['can_modify_subscription'])
  plainAdmin = await api.createStaff(['can_modify_product'])
  superAdmin = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)
  const registered = await api.registerUser('realtor')
  realtor = { id: await userIdOf(api, registered.email), token: registered.token }
  alice = await createCustomer(api, { realtorId: realtor.id, firstName: 'Alice' })
  bob = await createCustomer(api, { firstName: 'Bob' })
  await setBankDetails(api)
})
afterAll(async () => {
  await api?.close()
})

const get = <T = SentJson>(path: string, token: string) => api.call<T>('GET', path, { token })
const mark = (reference: string, status: 'paid' | 'not_confirmed', token = verifier.token) =>
  api.call('POST', 'admin/mark-transaction', {
    token,
    body: {
      reference,
      status,
      ...(status === 'not_confirmed' ? { reason: 'The transfer is not in the account' } : {}),
    },
  })

async function titlesFor(userId: number) {
  const rows = await api.db.select().from(notifications).where(eq(notifications.userId, userId))
  return rows.map((row) => row.title)
}

async function landByPlan(owner: Customer) {
  // Plan of ₦1,000,000.01 over 4 months with a ₦250,000 deposit: 3 × ₦250,000.00 then the kobo left over.
  const product = await createLandProduct(api, { amount: 900_000, initialDeposit: 250_000 })
  const plan = await createPlan(api, product.id, {
    amount: 1_000_000.01,
    duration: 4,
    durationType: 'months',
  })
  const data = await subscribe(api, owner.token, {
    type: 'land',
    product_id: product.reference,
    payment_mode: 'installment',
    payment_id: plan.uuid,
  })
  return { product, plan, reference: data.reference as string }
}

describe('the life of a land subscription by instalments', () => {
  test('deposit, instalments, a rejected payment, then completed: amounts to the kobo', async () => {
    const { product, reference } = await landByPlan(alice)
    const today = lagosToday()

    const details = await get(`product-subscription/${reference}/payment-details`, alice.token)
    expect(details.data).toEqual({
      amount: 250_000,
      choices: [
        { instalments: 1, fees: 0, amount: 250_000, whole: false, overdue: false },
        { instalments: 2, fees: 0, amount: 500_000, whole: false, overdue: false },
        { instalments: 3, fees: 0, amount: 750_000, whole: false, overdue: false },
        { instalments: 4, fees: 0, amount: 1_000_000.01, whole: true, overdue: false },
      ],
      description: `Initial deposit for Lekki, Lagos (${product.reference}) (${reference})`,
      // The transfer's narration is the subscription reference, which reconciliation looks for.
      narration: reference,
      bank_details: {
        account_number: '0123456789',
        account_name: 'Land Banking Ltd',
        bank_name: 'Zenith Bank',
      },
    })

    // The deposit, with proof: awaiting confirmation, staff who verify are told.
    const deposit = await pay(api, alice, reference, 250_000)
    expect(deposit.httpStatus).toBe(200)
    expect(deposit.message).toBe('Payment proof sent successfully')
    expect(deposit.data).toMatchObject({
      amount: 250_000,
      status: 'awaiting_confirmation',
      description: `Initial deposit for Lekki, Lagos (${product.reference}) (${reference})`,
      paid_at: new Date(`${addInterval(today, -1, 'days')}T10:30:00+01:00`).toISOString(),
      recorded_by_staff: false,
    })
    expect(deposit.data.reference).toMatch(/^TRX-/)
    expect(deposit.data.proof_of_payment).toMatch(/^\/api\/v1\/media\/[\w-]+\.png$/)
    expect((await get(`product-subscription/${reference}`, alice.token)).data.status).toBe(
      'awaiting_payment_confirmation',
    )
    expect(await titlesFor(await userIdOf(api, verifier.email))).toContain(
      'Proof of payment submitted',
    )
    expect(await titlesFor(await userIdOf(api, ADMIN_EMAIL))).toContain(
      'Proof of payment submitted',
    )
    expect(await titlesFor(await userIdOf(api, recorder.email))).not.toContain(
      'Proof of payment submitted',
    )

    // Nothing more to pay while a payment waits for confirmation.
    expect((await pay(api, alice, reference, 250_000)).httpStatus).toBe(409)
    expect(
      (await get(`product-subscription/${reference}/payment-details`, alice.token)).httpStatus,
    ).toBe(409)

    const marked = await mark(deposit.data.reference, 'paid')
    expect(marked.message).toBe('Transaction marked successfully')
    expect(marked.data.status).toBe('paid')
    let sub = (
      await get<DataOf<'subscriptionShow'>>(`product-subscription/${reference}`, alice.token)
    ).data
    expect(sub).toMatchObject({
      status: 'ongoing',
      total_amount: 1_000_000.01,
      total_amount_paid: 250_000,
      amount_left: 750_000.01,
      duration_left: 3,
      next_payment_amount: 250_000,
      next_payment_date: addInterval(today, 1, 'months'),
    })
    expect(sub.schedule.map((row) => row.status)).toEqual(['paid', 'due', 'due', 'due'])
    expect(await titlesFor(alice.id)).toContain('Payment confirmed')

    // Marking twice is refused.
    expect((await mark(deposit.data.reference, 'paid')).httpStatus).toBe(409)

    // A payment staff cannot confirm: back to ongoing, the earlier payment stands.
    expect(
      (await get(`product-subscription/${reference}/payment-details`, alice.token)).data
        .description,
    ).toBe(`Instalment 1 of 3 for Lekki, Lagos (${product.reference}) (${reference})`)
    const doubtful = await pay(api, alice, reference, 250_000)
    expect((await mark(doubtful.data.reference, 'not_confirmed')).data.status).toBe('not_confirmed')
    sub = (await get(`product-subscription/${reference}`, alice.token)).data
    expect(sub).toMatchObject({
      status: 'ongoing',
      total_amount_paid: 250_000,
      duration_left: 3,
      next_payment_amount: 250_000,
    })
    expect(await titlesFor(alice.id)).toContain('Payment not confirmed')

    // Part of an instalment is not one of the amounts offered.
    const part = await pay(api, alice, reference, 100_000)
    expect(part.httpStatus).toBe(409)
    expect(part.data).toEqual({
      amount: [
        'Amount must be the next instalment or several instalments: one of ₦250,000.00, ₦500,000.00 or ₦750,000.01',
      ],
    })

    // Two instalments at once: both are paid once confirmed, and the next due date moves two months on.
    const two = await pay(api, alice, reference, 500_000)
    expect(two.httpStatus).toBe(200)
    await mark(two.data.reference, 'paid')
    sub = (await get(`product-subscription/${reference}`, alice.token)).data
    expect(sub).toMatchObject({
      status: 'ongoing',
      total_amount_paid: 750_000,
      amount_left: 250_000.01,
      duration_left: 1,
      next_payment_amount: 250_000.01,
      next_payment_date: addInterval(today, 3, 'months'),
    })
    expect(sub.schedule.map((row) => row.status)).toEqual(['paid', 'paid', 'paid', 'due'])

    // More than is left is refused; the rest in one go completes it.
    const tooMuch = await pay(api, alice, reference, 250_000.02)
    expect(tooMuch.data).toEqual({ amount: ['Amount must be ₦250,000.01, the full amount'] })
    const last = await pay(api, alice, reference, 250_000.01)
    await mark(last.data.reference, 'paid')
    sub = (await get(`product-subscription/${reference}`, alice.token)).data
    expect(sub).toMatchObject({
      status: 'completed',
      total_amount_paid: 1_000_000.01,
      amount_left: 0,
      duration_left: 0,
      next_payment_amount: null,
      next_payment_date: null,
    })
    expect(sub.completed_at).toBeTruthy()
    expect(sub.schedule.map((row) => row.status)).toEqual(['paid', 'paid', 'paid', 'paid'])
    expect(await titlesFor(alice.id)).toContain('Subscription completed')
    expect((await pay(api, alice, reference, 1)).httpStatus).toBe(409)

    const history = await get<DataOf<'transactionList'>>(
      `product-subscription/${reference}/transaction`,
      alice.token,
    )
    expect(history.data.page).toBe(1)
    expect(history.data.totalPages).toBe(1)
    expect(history.data.items.map((item) => [item.amount, item.status])).toEqual([
      [250_000.01, 'paid'],
      [500_000, 'paid'],
      [250_000, 'not_confirmed'],
      [250_000, 'paid'],
    ])
  })
})

describe('the life of a land subscription in full', () => {
  test('the whole price or nothing; not confirmed goes back to awaiting payment; paid completes it', async () => {
    const product = await createLandProduct(api, { amount: 2_000_000, discount: 2.5 })
    const { reference } = await subscribe(api, bob.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    const short = await pay(api, bob, reference, 1_000_000)
    expect(short.httpStatus).toBe(409)
    expect(short.data).toEqual({ amount: ['Amount must be ₦1,950,000.00, the full amount'] })

    const first = await pay(api, bob, reference, 1_950_000)
    await mark(first.data.reference, 'not_confirmed')
    let sub = (await get(`product-subscription/${reference}`, bob.token)).data
    expect(sub).toMatchObject({
      status: 'awaiting_payment',
      total_amount_paid: 0,
      next_payment_amount: 1_950_000,
    })

    const second = await pay(api, bob, reference, '1,950,000.00')
    await mark(second.data.reference, 'paid', superAdmin.token)
    sub = (await get(`product-subscription/${reference}`, bob.token)).data
    expect(sub).toMatchObject({
      status: 'completed',
      total_amount_paid: 1_950_000,
      amount_left: 0,
      duration_left: 0,
      next_payment_amount: null,
    })
  })
})

describe('the life of an investment', () => {
  test('paid in full, it becomes ongoing and shows the next ROI payout', async () => {
    const product = await createInvestmentProduct(api, {
      minimum: 500_000,
      returnPercent: 10,
      frequencyPeriod: 3,
      duration: 6,
    })
    const { reference } = await subscribe(api, bob.token, {
      type: 'land_investment',
      product_id: product.reference,
      amount_invested: 1_000_000,
    })
    expect(
      (await get(`product-subscription/${reference}/payment-details`, bob.token)).data,
    ).toMatchObject({
      amount: 1_000_000,
      description: `Investment in ${product.reference} (${reference})`,
    })
    const payment = await pay(api, bob, reference, 1_000_000)
    expect((await get(`product-subscription/${reference}`, bob.token)).data.status).toBe(
      'awaiting_payment_confirmation',
    )
    await mark(payment.data.reference, 'paid')
    const sub = (await get(`product-subscription/${reference}`, bob.token)).data
    expect(sub).toMatchObject({
      status: 'ongoing',
      total_amount_paid: 1_000_000,
      amount_left: 0,
      meta: { amount_invested: 1_000_000 },
      next_payment_amount: 100_000,
      next_payment_date: addInterval(lagosToday(), 3, 'months'),
      duration_left: 2,
    })
    // An ongoing investment owes nothing.
    expect(
      (await get(`product-subscription/${reference}/payment-details`, bob.token)).httpStatus,
    ).toBe(409)
    expect((await pay(api, bob, reference, 1)).httpStatus).toBe(409)
  })

  test('not confirmed: back to awaiting payment', async () => {
    const product = await createInvestmentProduct(api, { minimum: 100_000 })
    const { reference } = await subscribe(api, bob.token, {
      type: 'land_investment',
      product_id: product.reference,
      amount_invested: 100_000,
    })
    const payment = await pay(api, bob, reference, 100_000)
    await mark(payment.data.reference, 'not_confirmed')
    expect((await get(`product-subscription/${reference}`, bob.token)).data).toMatchObject({
      status: 'awaiting_payment',
      next_payment_amount: 100_000,
    })
  })
})

describe('payment validation', () => {
  test('missing fields, a proof the payer did not upload, a date in the future', async () => {
    const product = await createLandProduct(api, { amount: 100_000 })
    const { reference } = await subscribe(api, bob.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    const empty = await api.call('POST', `product-subscription/${reference}/transaction`, {
      token: bob.token,
      body: {},
    })
    expect(empty.httpStatus).toBe(422)
    expect(empty.data).toEqual({
      amount: ['Enter the amount'],
      proof_of_payment: ['Attach the proof of payment'],
      paid_at: ['Enter the payment date'],
    })
    const someoneElses = await uploadProof(api, alice.id)
    const stolen = await pay(api, bob, reference, 100_000, { proof_of_payment: someoneElses.url })
    expect(Object.keys(stolen.data)).toEqual(['proof_of_payment'])
    const nonsense = await pay(api, bob, reference, 100_000, {
      proof_of_payment: 'http://evil.example/x.png',
    })
    expect(Object.keys(nonsense.data)).toEqual(['proof_of_payment'])
    const future = await pay(api, bob, reference, 100_000, {
      paid_at: addInterval(lagosToday(), 2, 'days'),
    })
    expect(future.data).toEqual({ paid_at: ['Payment date cannot be in the future'] })
    const badDate = await pay(api, bob, reference, 100_000, { paid_at: '2025-02-30 10:00' })
    expect(Object.keys(badDate.data)).toEqual(['paid_at'])
    const zero = await pay(api, bob, reference, 0)
    expect(zero.data).toEqual({ amount: ['Amount must be at least ₦0.01'] })
  })
})

describe('visibility', () => {
  test("a customer sees its own; a realtor its own and its customers'; staff who handle subscriptions see all", async () => {
    const product = await createLandProduct(api, { location: 'Visibility Gardens' })
    const mine = await subscribe(api, alice.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    const bobs = await subscribe(api, bob.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    const refs = async (token: string) =>
      (
        await get<DataOf<'subscriptionList'>>(
          'product-subscription?search=Visibility%20Gardens',
          token,
        )
      ).data.items.map((item) => item.reference)

    expect(await refs(alice.token)).toEqual([mine.reference])
    expect(await refs(bob.token)).toEqual([bobs.reference])
    expect(await refs(realtor.token)).toEqual([mine.reference])
    // Without a search the list reads subscriptions alone: the realtor still gets just its customers'.
    const unfiltered = (
      await get<DataOf<'subscriptionList'>>('product-subscription?type=land', realtor.token)
    ).data.items
    expect(unfiltered.map((item) => item.reference)).toContain(mine.reference)
    expect(unfiltered.map((item) => item.reference)).not.toContain(bobs.reference)
    expect(unfiltered.every((item) => item.user.email === alice.email)).toBe(true)
    expect(await refs(plainAdmin.token)).toEqual([])
    for (const staff of [verifier, recorder, modifier, superAdmin]) {
      expect(await refs(staff.token)).toEqual([bobs.reference, mine.reference])
    }

    const asRealtor = await get(`product-subscription/${mine.reference}`, realtor.token)
    expect(asRealtor.data).toMatchObject({ is_user: false, user: { email: alice.email } })
    const asStaff = (
      await get<DataOf<'subscriptionList'>>(
        'product-subscription?search=Visibility%20Gardens',
        verifier.token,
      )
    ).data.items[0]
    expect(asStaff).toMatchObject({
      is_user: false,
      user: { full_name: `Bob ${bob.lastName}`, email: bob.email },
    })
  })

  test("another customer's subscription is a 404 everywhere", async () => {
    const product = await createLandProduct(api)
    const { reference } = await subscribe(api, alice.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    for (const path of [
      `product-subscription/${reference}`,
      `product-subscription/${reference}/payment-details`,
      `product-subscription/${reference}/transaction`,
      `product-subscription/${reference}/land-document`,
    ]) {
      expect((await get(path, bob.token)).httpStatus).toBe(404)
      expect((await get(path, plainAdmin.token)).httpStatus).toBe(404)
    }
    expect((await pay(api, bob, reference, 5_000_000)).httpStatus).toBe(404)
    expect((await get('product-subscription/SUB-NOTHERE', alice.token)).httpStatus).toBe(404)
  })

  test('filters: type, status, search; ten a page, newest first', async () => {
    const carol = await createCustomer(api)
    const investment = await createInvestmentProduct(api, { minimum: 1_000 })
    const made: string[] = []
    // Eleven products: a customer holds one unpaid subscription per product at most.
    for (let index = 0; index < 11; index++) {
      const land = await createLandProduct(api)
      made.push(
        (
          await subscribe(api, carol.token, {
            type: 'land',
            product_id: land.reference,
            payment_mode: 'full',
          })
        ).reference,
      )
    }
    const invested = await subscribe(api, carol.token, {
      type: 'land_investment',
      product_id: investment.reference,
      amount_invested: 1_000,
    })
    const payment = await pay(api, carol, invested.reference, 1_000)
    await mark(payment.data.reference, 'paid')

    const page1 = (
      await get<DataOf<'subscriptionList'>>('product-subscription?type=land', carol.token)
    ).data
    expect(page1.items).toHaveLength(10)
    expect(page1.totalPages).toBe(2)
    expect(page1.items[0].reference).toBe(made[10])
    const page2 = (
      await get<DataOf<'subscriptionList'>>('product-subscription?type=land&page=2', carol.token)
    ).data
    expect(page2.items.map((item) => item.reference)).toEqual([made[0]])
    expect(page2.page).toBe(2)

    const portfolio = (
      await get<DataOf<'subscriptionList'>>(
        'product-subscription?type=land_investment',
        carol.token,
      )
    ).data
    expect(portfolio.items.map((item) => item.reference)).toEqual([invested.reference])
    expect(
      (
        await get<DataOf<'subscriptionList'>>(
          'product-subscription?type=land_investment&status=ongoing',
          carol.token,
        )
      ).data.items,
    ).toHaveLength(1)
    expect(
      (
        await get<DataOf<'subscriptionList'>>(
          'product-subscription?type=land_investment&status=completed',
          carol.token,
        )
      ).data.items,
    ).toHaveLength(0)
    expect(
      (
        await get<DataOf<'subscriptionList'>>(
          `product-subscription?search=${made[3].toLowerCase()}`,
          carol.token,
        )
      ).data.items.map((i) => i.reference),
    ).toEqual([made[3]])
    expect(
      (await get<DataOf<'subscriptionList'>>('product-subscription?search=%25', carol.token)).data
        .items,
    ).toHaveLength(0)
  })
})

describe('permissions', () => {
  test('a customer cannot mark, create or cancel', async () => {
    const { reference } = await landByPlan(alice)
    const payment = await pay(api, alice, reference, 250_000)
    expect((await mark(payment.data.reference, 'paid', alice.token)).httpStatus).toBe(403)
    expect((await mark(payment.data.reference, 'paid', bob.token)).httpStatus).toBe(403)
    const product = await createLandProduct(api)
    const create = await api.call('POST', 'admin/create-subscription', {
      token: alice.token,
      body: { customer: bob.reference, product: product.reference },
    })
    expect(create.httpStatus).toBe(403)
    expect(
      (
        await api.call('POST', `admin/product-subscription/${reference}/cancel`, {
          token: alice.token,
        })
      ).httpStatus,
    ).toBe(403)
  })

  test('only staff with can_verify_transaction mark; only the owner or can_record_transaction pay', async () => {
    const { reference } = await landByPlan(alice)
    // The realtor sees its customer's subscription but cannot pay for it; nor can a verifier.
    expect((await pay(api, realtor, reference, 250_000)).httpStatus).toBe(403)
    expect(
      (
        await pay(
          api,
          { id: await userIdOf(api, verifier.email), token: verifier.token },
          reference,
          250_000,
        )
      ).httpStatus,
    ).toBe(403)

    const recorded = await pay(
      api,
      { id: await userIdOf(api, recorder.email), token: recorder.token },
      reference,
      250_000,
    )
    expect(recorded.httpStatus).toBe(200)
    expect(recorded.data.recorded_by_staff).toBe(true)
    for (const staff of [recorder, modifier, plainAdmin]) {
      expect((await mark(recorded.data.reference, 'paid', staff.token)).httpStatus).toBe(403)
    }
    expect((await mark(recorded.data.reference, 'paid')).httpStatus).toBe(200)
    expect((await mark('TRX-NOTHERE', 'paid')).httpStatus).toBe(404)
    const invalid = await api.call('POST', 'admin/mark-transaction', {
      token: verifier.token,
      body: { reference: recorded.data.reference, status: 'maybe' },
    })
    expect(invalid.httpStatus).toBe(422)
    expect(Object.keys(invalid.data)).toEqual(['status'])
  })
})

describe('POST admin/create-subscription', () => {
  test('staff with can_modify_subscription subscribe a customer by plan or in full', async () => {
    const product = await createLandProduct(api, { amount: 800_000 })
    const plan = await createPlan(api, product.id, { amount: 900_000, duration: 3 })
    const byPlan = await api.call('POST', 'admin/create-subscription', {
      token: modifier.token,
      body: { customer: bob.reference, product: product.reference, paymentPlan: plan.uuid },
    })
    expect(byPlan.message).toBe('Subscription created successfully')
    expect(byPlan.data).toMatchObject({
      status: 'awaiting_payment',
      payment_mode: 'installment',
      is_user: false,
      next_payment_amount: 300_000,
      user: { email: bob.email },
    })
    const seen = await get(`product-subscription/${byPlan.data.reference}`, bob.token)
    expect(seen.data.is_user).toBe(true)

    const inFull = await createLandProduct(api, { amount: 800_000 })
    const full = await api.call('POST', 'admin/create-subscription', {
      token: superAdmin.token,
      body: { customer: bob.reference, product: inFull.reference },
    })
    expect(full.data).toMatchObject({ payment_mode: 'full', next_payment_amount: 800_000 })
  })

  test('an unknown customer, a non-customer, a foreign plan, an investment without an amount', async () => {
    const product = await createLandProduct(api)
    const foreign = await createPlan(api, (await createLandProduct(api)).id, {
      amount: 5_000_000,
      duration: 2,
    })
    const investment = await createInvestmentProduct(api)
    const create = (body: Record<string, unknown>) =>
      api.call('POST', 'admin/create-subscription', { token: modifier.token, body })
    expect((await create({})).data).toEqual({
      customer: ['Choose a customer'],
      product: ['Choose a product'],
    })
    expect((await create({ customer: 'CUS-NOTHERE', product: product.reference })).data).toEqual({
      customer: ['The selected customer is invalid'],
    })
    const realtorRef = (await get('auth/me', realtor.token)).data.reference
    expect((await create({ customer: realtorRef, product: product.reference })).data).toEqual({
      customer: ['The selected customer is invalid'],
    })
    expect((await create({ customer: bob.reference, product: 'PRD-NOTHERE' })).data).toEqual({
      product: ['The selected product is invalid'],
    })
    expect(
      (
        await create({
          customer: bob.reference,
          product: product.reference,
          paymentPlan: foreign.uuid,
        })
      ).data,
    ).toEqual({
      paymentPlan: ['The selected payment plan does not belong to this product'],
    })
    expect((await create({ customer: bob.reference, product: investment.reference })).data).toEqual(
      {
        amount_invested: ['Enter the amount to invest'],
      },
    )
    const invested = await create({
      customer: bob.reference,
      product: investment.reference,
      amount_invested: 600_000,
    })
    expect(invested.data).toMatchObject({ type: 'land_investment', next_payment_amount: 600_000 })
    expect(
      (
        await create({
          customer: bob.reference,
          product: (await createLandProduct(api, { isAvailable: false })).reference,
        })
      ).httpStatus,
    ).toBe(409)
  })
})

describe('POST admin/product-subscription/{reference}/cancel', () => {
  test('the unit returns to stock and the product is available again', async () => {
    const product = await createLandProduct(api, { units: 1 })
    const { reference } = await subscribe(api, bob.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
    const before = (await api.db.select().from(products).where(eq(products.id, product.id)))[0]
    expect(before).toMatchObject({ unitAvailable: 0, isAvailable: false })

    const cancelled = await api.call('POST', `admin/product-subscription/${reference}/cancel`, {
      token: modifier.token,
    })
    expect(cancelled.httpStatus).toBe(200)
    expect(cancelled.data).toMatchObject({ status: 'cancelled', next_payment_amount: null })
    const after = (await api.db.select().from(products).where(eq(products.id, product.id)))[0]
    expect(after).toMatchObject({ unitAvailable: 1, isAvailable: true })
    expect(await titlesFor(bob.id)).toContain('Subscription cancelled')

    expect(
      (
        await api.call('POST', `admin/product-subscription/${reference}/cancel`, {
          token: modifier.token,
        })
      ).httpStatus,
    ).toBe(409)
    expect((await pay(api, bob, reference, 5_000_000)).httpStatus).toBe(409)
    expect(
      (await get(`product-subscription?status=cancelled&search=${reference}`, bob.token)).data
        .items,
    ).toHaveLength(1)
    // The unit is for sale again.
    await subscribe(api, alice.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'full',
    })
  })

  test('not once a payment was confirmed; a payment waiting on a cancelled subscription cannot be marked', async () => {
    const { reference } = await landByPlan(bob)
    const deposit = await pay(api, bob, reference, 250_000)
    await mark(deposit.data.reference, 'paid')
    const refused = await api.call('POST', `admin/product-subscription/${reference}/cancel`, {
      token: modifier.token,
    })
    expect(refused.httpStatus).toBe(409)
    expect(refused.message).toBe('A subscription with a paid transaction cannot be cancelled')

    const other = await landByPlan(bob)
    const waiting = await pay(api, bob, other.reference, 250_000)
    expect(
      (
        await api.call('POST', `admin/product-subscription/${other.reference}/cancel`, {
          token: superAdmin.token,
        })
      ).httpStatus,
    ).toBe(200)
    const late = await mark(waiting.data.reference, 'paid')
    expect(late.httpStatus).toBe(409)
    expect(late.message).toBe('This subscription has been cancelled')
    expect(
      (
        await api.call('POST', 'admin/product-subscription/SUB-NOTHERE/cancel', {
          token: modifier.token,
        })
      ).httpStatus,
    ).toBe(404)
  })
})

describe('proof files', () => {
  test('served to the owner, its realtor and staff who see subscriptions; not to other customers', async () => {
    const { reference } = await landByPlan(alice)
    const payment = await pay(api, alice, reference, 250_000)
    const name = decodeURIComponent(payment.data.proof_of_payment.split('/').pop())
    const [{ id: fileId }] = await api.db
      .select({ id: files.id })
      .from(files)
      .where(eq(files.name, name))
    const as = async (id: number) => canReadProofFile(api.db, await userById(api.db, id), fileId)
    expect(await as(alice.id)).toBe(true)
    expect(await as(realtor.id)).toBe(true)
    expect(await as(await userIdOf(api, verifier.email))).toBe(true)
    expect(await as(await userIdOf(api, ADMIN_EMAIL))).toBe(true)
    expect(await as(bob.id)).toBe(false)
    expect(await as(await userIdOf(api, plainAdmin.email))).toBe(false)
    expect(await canReadProofFile(api.db, null, fileId)).toBe(false)
  })
})
