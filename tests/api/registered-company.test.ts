import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { COMPANY_REQUEST_SENT, NO_COMPANY_REQUEST } from '~/contract/registered-company'
import { createTestApi, type TestApi } from '../support/api-harness'
import { createLandProduct, pay, subscribe, userIdOf } from './subscriptions-fixtures'

type Registered = Awaited<ReturnType<TestApi['registerUser']>>
type Staff = Awaited<ReturnType<TestApi['createStaff']>>

let api: TestApi
let verifier: Staff
let realtorEditor: Staff
let realtor: Registered
let buyer: Registered & { id: number }

beforeAll(async () => {
  api = await createTestApi()
  verifier = await api.createStaff(['can_verify_transaction'])
  realtorEditor = await api.createStaff(['can_view_realtor', 'can_modify_realtor'])
  realtor = await api.registerUser('realtor')
  const customer = await api.registerUser('customer', { referral: realtor.user.reference })
  buyer = { ...customer, id: await userIdOf(api, customer.email) }
})
afterAll(async () => {
  await api?.close()
})

const details = async () =>
  (await api.call('GET', `admin/realtor/${realtor.user.reference}`, { token: realtorEditor.token }))
    .data
const ownProfile = async () =>
  (await api.call('GET', 'account/profile', { token: realtor.token })).data
const saveOwnProfile = (body: Record<string, unknown>) =>
  api.call('POST', 'account/profile', { token: realtor.token, body })
const decide = (decision: string, token = realtorEditor.token) =>
  api.call('POST', `admin/realtor/${realtor.user.reference}/registered-company`, {
    token,
    body: { decision },
  })
const staffSets = (registeredCompany: boolean, extra: Record<string, unknown> = {}) =>
  api.call('POST', `admin/realtor/${realtor.user.reference}`, {
    token: realtorEditor.token,
    body: {
      first_name: realtor.user.first_name,
      last_name: realtor.user.last_name,
      email: realtor.email,
      business_name: 'Obi Homes Ltd',
      registered_company: registeredCompany,
      ...extra,
    },
  })

/** The withholding tax rate of the level 1 commission a new ₦100,000 purchase of the realtor's customer earns. */
async function withheldOnNextPurchase() {
  const product = await createLandProduct(api, { amount: 100_000 })
  const sub = await subscribe(api, buyer.token, {
    type: 'land',
    product_id: product.reference,
    payment_mode: 'full',
  })
  const payment = await pay(api, buyer, sub.reference, 100_000)
  await api.call('POST', 'admin/mark-transaction', {
    token: verifier.token,
    body: { reference: payment.data.reference, status: 'paid' },
  })
  const own = await api.call('GET', 'commission', { token: realtor.token })
  const entry = own.data.items.find(
    (item: { transaction: { reference: string } }) =>
      item.transaction.reference === payment.data.reference,
  )
  return entry.withholding_tax_rate as number
}

describe('the registered company flag is staff’s; a realtor’s change waits for them', () => {
  test('a realtor who staff made a company unticks it: 10 % is still withheld, and its change waits for staff, who reject it', async () => {
    expect((await staffSets(true)).status).toBe('200')
    expect(await withheldOnNextPurchase()).toBe(10)

    // The realtor saves its profile with the box unticked (left out means no).
    const saved = await saveOwnProfile({ phone: '0803 123 4567' })
    expect(saved.status).toBe('200')
    expect(saved.data.registered_company).toBe(true)
    expect(await withheldOnNextPurchase()).toBe(10)
    expect(saved.message).toBe(COMPANY_REQUEST_SENT)
    expect(saved.data.registered_company_request).toMatchObject({ registered_company: false })
    expect(Date.parse(saved.data.registered_company_request.requested_at)).not.toBeNaN()

    // Staff see it where they manage the realtor, and were told.
    const shown = await details()
    expect(shown.registered_company).toBe(true)
    expect(shown.registered_company_request).toMatchObject({ registered_company: false })
    const staffNotes = (await api.call('GET', 'notification', { token: realtorEditor.token })).data
      .items
    expect(
      staffNotes.find(
        (note: { title: string }) => note.title === 'Registered company change to review',
      ),
    ).toMatchObject({
      link: `/realtors/${realtor.user.reference}`,
    })

    // Saving again (the box still unticked) keeps the one request; a realtor cannot decide it.
    expect((await saveOwnProfile({ phone: '0803 123 4567' })).message).toBe(COMPANY_REQUEST_SENT)
    expect((await decide('approve', realtor.token)).httpStatus).toBe(403)

    const rejected = await decide('reject')
    expect(rejected.status).toBe('200')
    expect(rejected.data).toEqual({ registered_company: true, registered_company_request: null })
    expect((await details()).registered_company_request).toBeNull()
    expect((await ownProfile()).registered_company).toBe(true)
    const notes = (await api.call('GET', 'notification', { token: realtor.token })).data.items
    expect(notes[0]).toMatchObject({ title: 'Registered company change rejected' })
    expect(await withheldOnNextPurchase()).toBe(10)

    // Nothing waits now: deciding again is a conflict.
    const again = await decide('reject')
    expect(again.httpStatus).toBe(409)
    expect(again.message).toBe(NO_COMPANY_REQUEST)
  })

  test('approved, the realtor’s change takes effect: 5 % is withheld from the next commission', async () => {
    expect((await saveOwnProfile({ registered_company: false })).message).toBe(COMPANY_REQUEST_SENT)
    const approved = await decide('approve')
    expect(approved.status).toBe('200')
    expect(approved.data).toEqual({ registered_company: false, registered_company_request: null })
    expect((await details()).registered_company).toBe(false)
    expect(await withheldOnNextPurchase()).toBe(5)
    const notes = (await api.call('GET', 'notification', { token: realtor.token })).data.items
    expect(
      notes.find((note: { title: string }) => note.title === 'Registered company change approved')
        .body,
    ).toContain('an individual')
  })

  test('answering what the flag already says withdraws a request; staff setting the flag the realtor asked for settles it, changing only the upline keeps it', async () => {
    expect(
      (await saveOwnProfile({ registered_company: true })).data.registered_company_request,
    ).toMatchObject({ registered_company: true })
    const withdrawn = await saveOwnProfile({ registered_company: false })
    expect(withdrawn.message).toBe('Profile saved')
    expect(withdrawn.data.registered_company_request).toBeNull()

    await saveOwnProfile({ registered_company: true })
    expect((await staffSets(false, { upline: '' })).status).toBe('200')
    expect((await details()).registered_company_request).toMatchObject({ registered_company: true })
    expect((await staffSets(true)).status).toBe('200')
    const settled = await details()
    expect(settled.registered_company).toBe(true)
    expect(settled.registered_company_request).toBeNull()
  })

  test('the requests and decisions are in the audit trail', async () => {
    const auditor = await api.createStaff(['can_view_audit'])
    const trail = await api.call('GET', `admin/audit?record=${realtor.user.reference}`, {
      token: auditor.token,
    })
    const actions = trail.data.items.map((entry: { action: string }) => entry.action)
    expect(actions).toEqual(
      expect.arrayContaining([
        'realtor.company_requested',
        'realtor.company_request_approved',
        'realtor.company_request_rejected',
      ]),
    )
    const rejected = trail.data.items.find(
      (entry: { action: string }) => entry.action === 'realtor.company_request_rejected',
    )
    expect(rejected.actor.reference).toBe(realtorEditor.user.reference)
    expect(rejected.changes).toEqual({
      registered_company_requested: { before: false, after: null },
    })
  })

  test('a customer may not ask to be a registered company', async () => {
    const refused = await api.call('POST', 'account/profile', {
      token: buyer.token,
      body: { registered_company: true },
    })
    expect(refused.httpStatus).toBe(409)
    expect(refused.data.registered_company).toEqual([
      'Only realtors say whether they are a registered company',
    ])
  })
})
