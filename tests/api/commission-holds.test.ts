import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { commissions, users } from '~/backend/db/schema'
import {
  HOLD_CLEARED,
  HOLD_CONFIRMED,
  HOLD_DECIDED,
  SELF_REFERRAL_VOID,
} from '~/contract/commissions'
import { createTestApi, type TestApi } from '../support/api-harness'
import { createLandProduct, createPlan, pay, subscribe, userIdOf } from './subscriptions-fixtures'

/**
 * A realtor buying through a customer account made with its own link: the purchase is held for
 * staff when the customer shares a phone number, a bank account number or a browser with a
 * realtor of its chain. Runs on PGlite and on PostgreSQL (the race at the end).
 */
type Registered = Awaited<ReturnType<TestApi['registerUser']>>
type Staff = Awaited<ReturnType<TestApi['createStaff']>>
type Customer = Registered & { id: number }

let api: TestApi
let verifier: Staff
let payer: Staff
let customerViewer: Staff
let realtorViewer: Staff

beforeAll(async () => {
  api = await createTestApi()
  verifier = await api.createStaff(['can_verify_transaction'])
  payer = await api.createStaff(['can_pay_commissions'])
  customerViewer = await api.createStaff(['can_view_customer'])
  realtorViewer = await api.createStaff(['can_view_realtor'])
})
afterAll(async () => {
  await api?.close()
})

const saveProfile = (who: Registered, body: Record<string, unknown>) =>
  api.call('POST', 'account/profile', {
    token: who.token,
    body: { current_password: who.password, ...body },
  })

async function customerOf(
  realtor: Registered,
  profile?: Record<string, unknown>,
): Promise<Customer> {
  const customer = await api.registerUser('customer', { referral: realtor.user.reference })
  if (profile) expect((await saveProfile(customer, profile)).status).toBe('200')
  return { ...customer, id: await userIdOf(api, customer.email) }
}

/** A payment of `amount` sent by the customer and confirmed by staff. */
async function confirmedPayment(customer: Customer, reference: string, amount: number) {
  const payment = await pay(api, customer, reference, amount)
  expect(payment.status).toBe('200')
  const marked = await api.call('POST', 'admin/mark-transaction', {
    token: verifier.token,
    body: { reference: payment.data.reference, status: 'paid' },
  })
  expect(marked.status).toBe('200')
  return payment.data.reference as string
}

/** A land bought in full for ₦1,000,000, paid and confirmed. */
async function purchase(customer: Customer) {
  const product = await createLandProduct(api, { amount: 1_000_000 })
  const sub = await subscribe(api, customer.token, {
    type: 'land',
    product_id: product.reference,
    payment_mode: 'full',
  })
  await confirmedPayment(customer, sub.reference, 1_000_000)
  return sub.reference as string
}

const ownEntries = async (realtor: Registered) =>
  (await api.call('GET', 'commission', { token: realtor.token })).data
const entriesOf = (
  subscription: string,
  entries: { subscription: { reference: string }; status: string }[],
) => entries.filter((entry) => entry.subscription.reference === subscription)
const holdOf = async (subscription: string) =>
  (
    (await api.call('GET', 'admin/commission', { token: payer.token })).data.holds as {
      id: string
      subscription: { reference: string }
    }[]
  ).find((hold) => hold.subscription.reference === subscription)
const decide = (id: string, decision: string, token = payer.token) =>
  api.call('POST', `admin/commission/hold/${id}`, { token, body: { decision } })

describe('a purchase whose customer shares something with its realtor is held for staff', () => {
  let realtor: Registered
  let twin: Customer
  let subscription: string

  beforeAll(async () => {
    realtor = await api.registerUser('realtor')
    expect((await saveProfile(realtor, { phone: '0803 123 4567' })).status).toBe('200')
    // The customer account made with the realtor's own link, with the realtor's phone typed another way.
    twin = await customerOf(realtor, { phone: '+234 803 123 4567' })
    subscription = await purchase(twin)
  })

  test('the commission is held, not earned: it is not owed and cannot be paid', async () => {
    const own = await ownEntries(realtor)
    const entries = entriesOf(subscription, own.items)
    expect(entries.map((entry) => entry.status)).toEqual(['held'])
    expect(own.totals).toEqual({ earned: 0, paid: 0, balance: 0, held: 47_500 })
    const refused = await api.call('POST', 'admin/commission/mark-paid', {
      token: payer.token,
      body: {
        ids: [own.items[0].id],
        paid_at: new Date().toISOString().slice(0, 10),
        bank_reference: 'NIP/SELF',
      },
    })
    expect(refused.httpStatus).toBe(409)
  })

  test('staff see the flag on /commissions, on the customer and on the realtor; the realtor is not shown why', async () => {
    const list = (await api.call('GET', 'admin/commission', { token: payer.token })).data
    const hold = list.holds.find(
      (item: { subscription: { reference: string } }) =>
        item.subscription.reference === subscription,
    )
    expect(hold).toMatchObject({
      status: 'pending',
      signals: ['phone'],
      customer: { reference: twin.user.reference },
      realtor: { reference: realtor.user.reference },
      held_entries: 1,
      held_net: 47_500,
      decided_by: null,
    })
    expect(list.hold_count).toBeGreaterThanOrEqual(1)
    const shown = await api.call('GET', `admin/commission/hold/${hold.id}`, { token: payer.token })
    expect(
      shown.data.entries.map((entry: { status: string; level: number }) => [
        entry.level,
        entry.status,
      ]),
    ).toEqual([[1, 'held']])

    const customer = await api.call('GET', `admin/customer/${twin.user.reference}`, {
      token: customerViewer.token,
    })
    expect(customer.data.commission_holds.map((item: { id: string }) => item.id)).toEqual([hold.id])
    const realtorRecord = await api.call('GET', `admin/realtor/${realtor.user.reference}`, {
      token: realtorViewer.token,
    })
    expect(realtorRecord.data.commission_holds.map((item: { id: string }) => item.id)).toEqual([
      hold.id,
    ])
    const asRealtor = await api.call('GET', `admin/customer/${twin.user.reference}`, {
      token: realtor.token,
    })
    expect(asRealtor.status).toBe('200')
    expect(asRealtor.data.commission_holds).toBeNull()

    const notes = (await api.call('GET', 'notification', { token: payer.token })).data.items
    expect(
      notes.find((note: { title: string }) => note.title === 'Commission held for review'),
    ).toMatchObject({ link: `/commissions/holds/${hold.id}` })
    // Only staff who pay commissions review it.
    expect(
      (await api.call('GET', `admin/commission/hold/${hold.id}`, { token: realtor.token }))
        .httpStatus,
    ).toBe(403)
    expect((await decide(hold.id, 'clear', customerViewer.token)).httpStatus).toBe(403)
  })

  test('cleared by staff, the commission is earned and can be paid; the realtor is told; it is decided once, and audited', async () => {
    const hold = (await holdOf(subscription))!
    const cleared = await decide(hold.id, 'clear')
    expect(cleared.status).toBe('200')
    expect(cleared.message).toBe(HOLD_CLEARED)
    expect(cleared.data).toMatchObject({
      status: 'cleared',
      held_entries: 0,
      decided_by: `${payer.user.first_name} ${payer.user.last_name}`,
    })
    const own = await ownEntries(realtor)
    expect(entriesOf(subscription, own.items).map((entry) => entry.status)).toEqual(['earned'])
    expect(own.totals).toEqual({ earned: 47_500, paid: 0, balance: 47_500, held: 0 })
    const notes = (await api.call('GET', 'notification', { token: realtor.token })).data.items
    expect(notes[0]).toMatchObject({ title: 'Commissions released', link: '/commissions' })
    expect(notes[0].body).toContain('₦47,500.00')

    const again = await decide(hold.id, 'confirm')
    expect(again.httpStatus).toBe(409)
    expect(again.message).toBe(HOLD_DECIDED)
    expect(await holdOf(subscription)).toBeUndefined()

    const auditor = await api.createStaff(['can_view_audit'])
    const trail = (
      await api.call('GET', `admin/audit?record=${subscription}`, { token: auditor.token })
    ).data.items
    const clearing = trail.find(
      (entry: { action: string }) => entry.action === 'commission.hold_cleared',
    )
    expect(clearing).toMatchObject({
      actor: { reference: payer.user.reference },
      changes: { status: { before: 'pending', after: 'cleared' } },
    })
    expect(clearing.related).toEqual(
      expect.arrayContaining([twin.user.reference, realtor.user.reference]),
    )
    expect(
      trail.find((entry: { action: string }) => entry.action === 'commission.held').summary,
    ).toContain('the same phone number')
  })

  test('unknown or malformed flags are not found', async () => {
    expect(
      (
        await api.call('GET', 'admin/commission/hold/00000000-0000-4000-8000-000000000000', {
          token: payer.token,
        })
      ).httpStatus,
    ).toBe(404)
    expect((await decide('not-a-flag', 'clear')).httpStatus).toBe(404)
    const hold = await api.call(
      'POST',
      'admin/commission/hold/00000000-0000-4000-8000-000000000000',
      { token: payer.token, body: { decision: 'maybe' } },
    )
    expect(hold.httpStatus).toBe(422)
    expect(hold.data.decision).toEqual(['Decision must be clear or confirm'])
  })
})

describe('the other signals, and what a decision means for later payments', () => {
  test('the payout account is the realtor’s phone number as an account number: confirmed as a self-referral, every commission of the purchase is void, later ones too', async () => {
    const realtor = await api.registerUser('realtor')
    await saveProfile(realtor, { phone: '0805 555 0101' })
    const twin = await customerOf(realtor, {
      bank: 'opay',
      account_number: '8055550101',
      account_name: 'Ada Obi',
    })
    const product = await createLandProduct(api, { amount: 1_000_000 })
    const plan = await createPlan(api, product.id, { amount: 1_200_000, duration: 4 })
    const sub = await subscribe(api, twin.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'installment',
      payment_id: plan.uuid,
    })
    await confirmedPayment(twin, sub.reference, 300_000)
    const hold = (await holdOf(sub.reference))!
    expect(hold).toMatchObject({ signals: ['account'] })

    const confirmed = await decide(hold.id, 'confirm')
    expect(confirmed.message).toBe(HOLD_CONFIRMED)
    await confirmedPayment(twin, sub.reference, 300_000)
    const entries = entriesOf(
      sub.reference,
      (await api.call('GET', `commission?status=void`, { token: realtor.token })).data.items,
    )
    expect(entries).toHaveLength(2)
    for (const entry of entries)
      expect(entry).toMatchObject({ status: 'void', void_reason: SELF_REFERRAL_VOID })
    expect((await ownEntries(realtor)).totals).toEqual({ earned: 0, paid: 0, balance: 0, held: 0 })
  })

  test('cleared, a later payment of the purchase earns at once', async () => {
    const realtor = await api.registerUser('realtor')
    await saveProfile(realtor, { phone: '0806 111 2222' })
    const spouse = await customerOf(realtor, { phone: '08061112222' })
    const product = await createLandProduct(api, { amount: 1_000_000 })
    const plan = await createPlan(api, product.id, { amount: 1_200_000, duration: 4 })
    const sub = await subscribe(api, spouse.token, {
      type: 'land',
      product_id: product.reference,
      payment_mode: 'installment',
      payment_id: plan.uuid,
    })
    await confirmedPayment(spouse, sub.reference, 300_000)
    await decide((await holdOf(sub.reference))!.id, 'clear')
    await confirmedPayment(spouse, sub.reference, 300_000)
    expect(
      entriesOf(sub.reference, (await ownEntries(realtor)).items).map((entry) => entry.status),
    ).toEqual(['earned', 'earned'])
  })

  test('a browser the realtor signed in from, used to sign in as the customer, holds the purchase', async () => {
    const realtor = await api.registerUser('realtor')
    const twin = await customerOf(realtor)
    const device = 'device-0123456789abcdef'
    for (const who of [realtor, twin]) {
      const signedIn = await api.call('POST', 'auth/login', {
        body: { email: who.email, password: who.password },
        headers: { 'x-device-id': device },
      })
      expect(signedIn.status).toBe('200')
    }
    const subscription = await purchase(twin)
    expect(await holdOf(subscription)).toMatchObject({
      signals: ['device'],
      realtor: { reference: realtor.user.reference },
    })
  })

  test('an upline buying through its downline’s link is caught at level 2, and both levels are held', async () => {
    const upline = await api.registerUser('realtor')
    await saveProfile(upline, { phone: '0807 000 1111' })
    const downline = await api.registerUser('realtor', { referral: upline.user.reference })
    const twin = await customerOf(downline, { phone: '0807 000 1111' })
    const subscription = await purchase(twin)
    expect(await holdOf(subscription)).toMatchObject({
      signals: ['phone'],
      realtor: { reference: upline.user.reference },
      held_entries: 2,
    })
    expect(
      entriesOf(subscription, (await ownEntries(downline)).items).map((entry) => entry.status),
    ).toEqual(['held'])
  })

  test('a customer who shares nothing with its realtor earns it commission as before', async () => {
    const realtor = await api.registerUser('realtor')
    await saveProfile(realtor, { phone: '0808 123 0000' })
    await api.call('POST', 'auth/login', {
      body: { email: realtor.email, password: realtor.password },
      headers: { 'x-device-id': 'realtor-browser-000000001' },
    })
    const customer = await customerOf(realtor, {
      phone: '0809 123 0000',
      bank: 'gtbank',
      account_number: '0123456789',
      account_name: 'Ngozi Eze',
    })
    await api.call('POST', 'auth/login', {
      body: { email: customer.email, password: customer.password },
      headers: { 'x-device-id': 'customer-browser-00000001' },
    })
    const subscription = await purchase(customer)
    expect(await holdOf(subscription)).toBeUndefined()
    expect(
      entriesOf(subscription, (await ownEntries(realtor)).items).map((entry) => entry.status),
    ).toEqual(['earned'])
  })
})

test('ten decisions of one flag sent at once: one applies, the others are told it was already reviewed', async () => {
  const realtor = await api.registerUser('realtor')
  await saveProfile(realtor, { phone: '0810 999 8888' })
  const twin = await customerOf(realtor, { phone: '0810 999 8888' })
  const subscription = await purchase(twin)
  const hold = (await holdOf(subscription))!
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, index) => decide(hold.id, index % 2 ? 'clear' : 'confirm')),
  )
  expect(answers.filter((answer) => answer.httpStatus === 200)).toHaveLength(1)
  expect(
    answers.filter((answer) => answer.httpStatus !== 200).map((answer) => answer.httpStatus),
  ).toEqual(Array(9).fill(409))
  const [entry] = await api.db
    .select({ status: commissions.status })
    .from(commissions)
    .innerJoin(users, eq(users.id, commissions.realtorId))
    .where(eq(users.email, realtor.email))
  const winner = answers.find((answer) => answer.httpStatus === 200)!
  expect(entry.status).toBe(winner.data.status === 'cleared' ? 'earned' : 'void')
})
