import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApi, type TestApi } from '../support/api-harness'
import { createLandProduct, pay, subscribe, userIdOf } from './subscriptions-fixtures'

type Registered = Awaited<ReturnType<TestApi['registerUser']>>

let api: TestApi
let top: Registered
let mid: Registered
let low: Registered
let stranger: Registered

beforeAll(async () => {
  api = await createTestApi()
  // top invited mid, mid invited low; stranger is in no one's team.
  top = await api.registerUser('realtor')
  mid = await api.registerUser('realtor', { referral: top.user.reference })
  low = await api.registerUser('realtor', { referral: mid.user.reference })
  stranger = await api.registerUser('realtor')
})
afterAll(async () => {
  await api?.close()
})

/** A customer of `realtor` buys a land for `amount` in full; staff confirm the payment. */
async function customerPays(realtor: Registered, amount: number) {
  const verifier = await api.createStaff(['can_verify_transaction'])
  const registered = await api.registerUser('customer', { referral: realtor.user.reference })
  const customer = { ...registered, id: await userIdOf(api, registered.email) }
  const product = await createLandProduct(api, { amount })
  const sub = await subscribe(api, customer.token, {
    type: 'land',
    product_id: product.reference,
    payment_mode: 'full',
  })
  const payment = await pay(api, customer, sub.reference, amount)
  expect(payment.status).toBe('200')
  const marked = await api.call('POST', 'admin/mark-transaction', {
    token: verifier.token,
    body: { reference: payment.data.reference, status: 'paid' },
  })
  expect(marked.status).toBe('200')
}

const downline = (token: string, query = '') =>
  api.call('GET', `realtor/downline${query}`, { token })

describe('a realtor sees its downline with what each level earned it', () => {
  test('the tree, the customer counts and the per-level sums, paid or not', async () => {
    await customerPays(mid, 2_000_000)
    await customerPays(low, 1_000_000)

    const answer = await downline(top.token)
    expect(answer.httpStatus).toBe(200)
    expect(answer.data.realtor.reference).toBe(top.user.reference)
    expect(answer.data.own).toEqual({ customer_count: 0, earned: 0 })
    const [invited, theirs] = answer.data.generations
    // Level 2 on mid's customer: 3 % of ₦2,000,000 = ₦60,000, less 5 % withholding tax = ₦57,000.
    expect(invited).toMatchObject({ generation: 1, commission_level: 2, earned: 57_000, total: 1 })
    expect(invited.realtors).toEqual([
      {
        reference: mid.user.reference,
        full_name: `${mid.user.first_name} ${mid.user.last_name}`,
        joined_at: expect.any(String),
        customer_count: 1,
        upline_reference: top.user.reference,
      },
    ])
    // Level 3 on low's customer: 2 % of ₦1,000,000 = ₦20,000, less 5 % = ₦19,000.
    expect(theirs).toMatchObject({ generation: 2, commission_level: 3, earned: 19_000, total: 1 })
    expect(theirs.realtors).toMatchObject([
      { reference: low.user.reference, customer_count: 1, upline_reference: mid.user.reference },
    ])
    expect(answer.data.generations).toHaveLength(2)

    // Paying top's entries moves nothing: paid or not, they were earned.
    const payer = await api.createStaff(['can_pay_commissions'])
    const entries = await api.call('GET', `admin/commission?realtor=${top.user.reference}`, {
      token: payer.token,
    })
    const paid = await api.call('POST', 'admin/commission/mark-paid', {
      token: payer.token,
      body: {
        ids: entries.data.items.map((entry: { id: string }) => entry.id),
        paid_at: new Date().toISOString().slice(0, 10),
        bank_reference: 'DOWNLINE-1',
      },
    })
    expect(paid.httpStatus).toBe(200)
    const after = await downline(top.token)
    expect(after.data.generations.map((g: { earned: number }) => g.earned)).toEqual([
      57_000, 19_000,
    ])

    // mid's own view: its customer at level 1, low under it.
    const midView = await downline(mid.token)
    expect(midView.data.own.customer_count).toBe(1)
    expect(midView.data.own.earned).toBe(95_000)
    expect(
      midView.data.generations[0].realtors.map((r: { reference: string }) => r.reference),
    ).toEqual([low.user.reference])
    expect(midView.data.generations[0].earned).toBe(28_500)
    expect(midView.data.generations[1]).toMatchObject({ total: 0, realtors: [], earned: 0 })
  })

  test("a realtor sees only its own: another's team is not its, and naming another realtor is refused", async () => {
    const strangers = await downline(stranger.token)
    expect(strangers.httpStatus).toBe(200)
    expect(strangers.data.realtor.reference).toBe(stranger.user.reference)
    expect(strangers.data.generations.every((g: { total: number }) => g.total === 0)).toBe(true)
    expect(strangers.data.generations.flatMap((g: { realtors: unknown[] }) => g.realtors)).toEqual(
      [],
    )

    const prying = await downline(stranger.token, `?realtor=${top.user.reference}`)
    expect(prying.httpStatus).toBe(403)
    const ownByName = await downline(top.token, `?realtor=${top.user.reference.toLowerCase()}`)
    expect(ownByName.httpStatus).toBe(200)
  })

  test("staff who view realtors read any realtor's; others may not", async () => {
    const viewer = await api.createStaff(['can_view_realtor'])
    const read = await downline(viewer.token, `?realtor=${top.user.reference}`)
    expect(read.httpStatus).toBe(200)
    expect(read.data.generations[0].realtors[0].reference).toBe(mid.user.reference)
    const unknown = await downline(viewer.token, '?realtor=RLT-00000000')
    expect(unknown.httpStatus).toBe(404)

    const outsider = await api.createStaff(['can_view_customer'])
    expect((await downline(outsider.token, `?realtor=${top.user.reference}`)).httpStatus).toBe(403)
    const customer = await api.registerUser('customer', { referral: top.user.reference })
    expect((await downline(customer.token)).httpStatus).toBe(403)
  })
})
