/**
 * Who may call each /api/v1 endpoint, by the rules of docs/authorization.md. Every path
 * points at records owned by the world's customer (tests/support/security-world.ts), so "other"
 * (another customer), "realtor" (one who did not bring that customer) and "admin" (an admin
 * holding every permission except `lacks`) must neither see nor change them.
 *
 * Every endpoint of the router needs a rule here: the matrix fails for one without. A caller
 * allowed to call it must succeed (2xx) on the records its `fixture` made for that one call, and
 * an allowed write must change the database.
 */
import type { Permission } from '~/contract/permissions'
import {
  ADMIN,
  PASSWORD,
  TINY_PNG_BASE64,
  yesterday,
  type Account,
  type World,
} from './security-world'
import {
  makeCheckout,
  makeCredit,
  makeOwnUnpaid,
  makePendingAllocation,
  signedBy,
} from './payment-world'
import { gtbankCsv } from './statements'

export const ACTORS = ['anonymous', 'customer', 'other', 'realtor', 'admin', 'super'] as const
export type Actor = (typeof ACTORS)[number]

/**
 * ok: allowed: answers 2xx, and a write changes the database (a read, or a POST marked `reads`, changes nothing).
 * any: cannot be decided for this caller; the rule's `anyBecause` says why. Nothing may leak or break.
 * 400/401/403/404: refused with exactly that status, and nothing changes.
 */
export type Expectation = 'ok' | 'any' | 400 | 401 | 403 | 404 | 409

export type Rule = {
  /** The permissions the "admin without the permission" lacks; by default all of them. */
  lacks?: readonly Permission[]
  params?: (world: World) => Record<string, string>
  /** The query string of a GET that needs one. */
  query?: (world: World) => Record<string, string>
  body?: (world: World, actor: Actor) => unknown
  /**
   * Headers a call sends with its body's exact bytes (a webhook's signature), for the matrix and
   * for every body the malformed-input run sends.
   */
  headers?: (body: string | Uint8Array) => Record<string, string>
  expect: Partial<Record<Actor, Expectation>>
  /**
   * Makes the records one allowed call uses up (a subscription to pay or cancel, a plan to delete,
   * an account to suspend, an unread notification): called before each allowed pair, its world is
   * what that pair's params and body read. Refused pairs use the shared world.
   */
  fixture?: (world: World, actor: Actor, caller: Account | null) => Promise<World>
  /** A successful call leaves nothing to call again (a delete): the malformed-input run makes new records after each. */
  consumes?: boolean
  /** A POST that only reads or works something out: why an allowed call changes nothing. */
  reads?: string
  /** Why a caller's answer is 'any': required whenever `expect` holds one. */
  anyBecause?: string
  /** Ends or changes the caller's own session (logout, change-password): called with a fresh sign-in. */
  endsSession?: boolean
  /** Runs after the other pairs (kept for rules that change what others read). */
  late?: boolean
}

const SUBSCRIPTION_STAFF: Permission[] = [
  'can_modify_subscription',
  'can_record_transaction',
  'can_verify_transaction',
]
const CUSTOMER_VIEW: Permission[] = ['can_view_customer', 'can_modify_customer']
const REALTOR_VIEW: Permission[] = ['can_view_realtor', 'can_modify_realtor']

const everyone: Rule['expect'] = {
  customer: 'ok',
  other: 'ok',
  realtor: 'ok',
  admin: 'ok',
  super: 'ok',
}
const staffOnly = (status: 403 | 404 = 403): Rule['expect'] => ({
  customer: status,
  other: status,
  realtor: status,
  admin: 403,
  super: 'ok',
})
/** The customer's own record: the owner and staff who see all subscriptions; everyone else is told it does not exist. */
const ownerOnly: Rule['expect'] = {
  customer: 'ok',
  other: 404,
  realtor: 404,
  admin: 404,
  super: 'ok',
}
/** Public endpoints: the same answer signed in or out (the caller's session plays no part). */
const publicEndpoint: Rule['expect'] = { anonymous: 'ok', ...everyone }

/** The password an actor of the world signs in with. */
const passwordOf = (actor: Actor) => (actor === 'super' ? ADMIN.password : PASSWORD)
/** The world with some of its records replaced by new ones. */
const withRecords = (world: World, records: Partial<World>): World => ({ ...world, ...records })

const email = (actor: Actor, tag: string) =>
  `${tag}-${actor}-${Math.random().toString(36).slice(2, 8)}@example.com`
const land = (w: World) => ({ reference: w.land.reference })
/** The world's land with a new description: its price stays, so the payments other pairs make still add up. */
const landProductBody = {
  type: 'land',
  name: 'Matrix Gardens, Epe',
  description: 'Changed by the authorization matrix',
  location: 'Epe, Lagos',
  amount: 5_000_000,
  land_type: 'plot',
}

/** The month of today's statement (YYYY-MM, UTC is close enough: any real month answers). */
const statementMonth = () => ({ month: new Date().toISOString().slice(0, 7) })
/** A realtor reads its own commissions; staff who pay them (the super admin) a realtor's, or their own (none). */
const realtorsOnly: Rule['expect'] = {
  customer: 403,
  other: 403,
  realtor: 'ok',
  admin: 403,
  super: 'ok',
}

export const RULES: Record<string, Rule> = {
  'GET health': { expect: publicEndpoint },
  'GET openapi.json': { expect: publicEndpoint },
  'GET docs': { expect: publicEndpoint },

  // Sign-in and account screens: public, or about the caller only. Each allowed call acts on an
  // account of its own (the mail budget and revoked sessions would otherwise spill over).
  'POST auth/login': {
    expect: publicEndpoint,
    fixture: async (w) =>
      withRecords(w, { scratch: { email: (await w.make.account('customer')).email } }),
    body: (w) => ({ email: w.scratch.email, password: PASSWORD }),
  },
  'POST auth/register': {
    expect: publicEndpoint,
    body: (_w, actor) => ({
      email: email(actor, 'matrix'),
      password: 'password-123',
      first_name: 'Eze',
      last_name: 'Nwosu',
    }),
  },
  'POST auth/forgot-password': {
    expect: publicEndpoint,
    fixture: async (w) =>
      withRecords(w, { scratch: { email: (await w.make.invitedStaff()).email } }),
    body: (w) => ({ email: w.scratch.email }),
  },
  'POST auth/verify-password-token': {
    expect: publicEndpoint,
    reads: 'it only tells whether a mailed link is still good',
    fixture: async (w) =>
      withRecords(w, { scratch: { token: (await w.make.invitedStaff()).linkToken } }),
    body: (w) => ({ token: w.scratch.token }),
  },
  'POST auth/reset-password': {
    expect: publicEndpoint,
    fixture: async (w) => {
      const invited = await w.make.invitedStaff()
      return withRecords(w, { scratch: { email: invited.email, token: invited.linkToken } })
    },
    body: (w) => ({
      email: w.scratch.email,
      token: w.scratch.token,
      password: 'password-456',
      password_confirmation: 'password-456',
    }),
  },
  'GET auth/me': { expect: everyone },
  'POST logout': { expect: everyone, endsSession: true },
  'POST verify-email': {
    expect: everyone,
    reads:
      'every caller here has a verified e-mail, which the endpoint answers as done (tests/api/auth-codes.test.ts verifies new accounts)',
    body: () => ({ otp: '000000' }),
  },
  // Every caller here has a verified e-mail: nobody gets a new code (tests/api/auth-codes.test.ts sends them to new accounts).
  'POST send-otp': { expect: { customer: 409, other: 409, realtor: 409, admin: 409, super: 409 } },
  'POST change-password': {
    expect: everyone,
    endsSession: true,
    body: (_w, actor) => ({
      current_password: passwordOf(actor),
      password: passwordOf(actor),
      password_confirmation: passwordOf(actor),
    }),
  },
  'GET account/email': { expect: everyone },
  'POST account/email': {
    expect: everyone,
    body: (_w, actor) => ({ email: email(actor, 'moving'), current_password: passwordOf(actor) }),
  },
  'POST auth/confirm-email': {
    expect: publicEndpoint,
    fixture: async (w) =>
      withRecords(w, { scratch: { token: (await w.make.emailChange()).linkToken } }),
    body: (w) => ({ token: w.scratch.token }),
  },

  // Profiles: everyone keeps their own; a customer's (with its payout account) is read by staff who view customers, not realtors.
  'GET account/profile': { expect: everyone },
  'POST account/profile': {
    expect: everyone,
    body: (_w, actor) => ({
      phone: `0803${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      address: `${actor}'s house, Yaba, Lagos`,
    }),
  },
  'GET admin/customer/:id/profile': {
    lacks: ['can_view_customer', 'can_modify_customer'],
    params: (w) => ({ id: w.customer.uuid }),
    expect: staffOnly(),
  },

  'GET dashboard-metrics': { expect: everyone },
  // Arrears: staff who change subscriptions or record payments.
  'GET admin/arrears': {
    lacks: ['can_modify_subscription', 'can_record_transaction'],
    expect: staffOnly(),
  },
  'GET dashboard-summary': { expect: everyone },

  // Notifications: everyone has their own; another's is a 404, even for the super admin.
  'GET notification': { expect: everyone },
  'GET notification/unread-count': { expect: everyone },
  'POST notification/mark-all-as-read': {
    expect: everyone,
    fixture: async (w, _actor, caller) => (await w.make.notification(caller!.token), w),
  },
  'POST notification/delete-all': {
    expect: everyone,
    body: () => ({ confirm: true }),
    fixture: async (w, _actor, caller) => (await w.make.notification(caller!.token), w),
  },
  'POST notification/:uuid/mark-as-read': {
    params: (w) => ({ uuid: w.notificationUuid }),
    expect: { customer: 'ok', other: 404, realtor: 404, admin: 404, super: 404 },
    fixture: async (w, _actor, caller) =>
      withRecords(w, { notificationUuid: await w.make.notification(caller!.token) }),
  },

  // Catalogue: everyone signed in reads it; changes need can_modify_product / can_modify_payment_plan.
  'GET product': { expect: everyone },
  'GET product/:reference': { params: land, expect: everyone },
  'POST admin/product': {
    lacks: ['can_modify_product'],
    expect: staffOnly(),
    body: () => landProductBody,
  },
  'POST admin/product/:reference': {
    lacks: ['can_modify_product'],
    params: land,
    expect: staffOnly(),
    body: () => landProductBody,
  },
  'GET product/:reference/payment-plan': {
    lacks: ['can_view_payment_plan', 'can_modify_payment_plan', 'can_modify_subscription'],
    params: land,
    expect: { customer: 'ok', other: 'ok', realtor: 'ok', admin: 403, super: 'ok' },
  },
  'POST admin/product/:reference/payment-plan': {
    lacks: ['can_modify_payment_plan'],
    params: land,
    expect: staffOnly(),
    body: () => ({ amount: 7_000_000, duration: 4, duration_type: 'months' }),
  },
  'POST admin/product/:reference/payment-plan/:uuid': {
    lacks: ['can_modify_payment_plan'],
    params: (w) => ({ reference: w.land.reference, uuid: w.land.planUuid }),
    expect: staffOnly(),
    body: () => ({ amount: 6_500_000, duration: 6, duration_type: 'months' }),
  },
  'POST admin/product/:reference/payment-plan/:uuid/delete': {
    lacks: ['can_modify_payment_plan'],
    params: (w) => ({ reference: w.land.reference, uuid: w.land.planUuid }),
    expect: staffOnly(),
    fixture: async (w) => withRecords(w, { land: { ...w.land, planUuid: await w.make.plan() } }),
    consumes: true,
  },
  'POST product/:reference/payment-plan/:id/get-payment-structure': {
    params: (w) => ({ reference: w.land.reference, id: w.land.planUuid }),
    expect: everyone,
    reads: 'it works a payment schedule out',
  },
  'POST product/:reference/get-investment-plan': {
    params: (w) => ({ reference: w.investment.reference }),
    expect: everyone,
    reads: 'it works the returns out',
    body: () => ({ amount: 200_000 }),
  },

  // Files: product images need can_modify_product; a proof of payment is seen by its owner and staff who see subscriptions.
  'POST media/upload': {
    lacks: ['can_modify_product'],
    expect: staffOnly(),
    body: () => ({
      file_name: 'plot.png',
      file_in_base64: TINY_PNG_BASE64,
      file_extension: 'png',
      folder_path: 'products',
    }),
  },
  'GET media/:name': {
    lacks: SUBSCRIPTION_STAFF,
    params: (w) => ({ name: w.proof.name }),
    expect: { anonymous: 404, ...ownerOnly },
  },

  // Subscriptions: each user its own; a realtor its customers'; staff with a subscription permission all.
  'GET product-subscription': { lacks: SUBSCRIPTION_STAFF, expect: everyone },
  'POST product-subscription': {
    expect: everyone,
    // A land of its own: the customer already holds an unpaid subscription to the world's.
    fixture: async (w) => withRecords(w, { land: await w.make.land() }),
    body: (w) => ({ type: 'land', product_id: w.land.reference, payment_mode: 'full' }),
  },
  'GET product-subscription/:reference': {
    lacks: SUBSCRIPTION_STAFF,
    params: (w) => ({ reference: w.instalments.reference }),
    expect: ownerOnly,
  },
  'GET product-subscription/:reference/payment-details': {
    lacks: SUBSCRIPTION_STAFF,
    params: (w) => ({ reference: w.unpaid.reference }),
    expect: ownerOnly,
  },
  'GET product-subscription/:reference/transaction': {
    lacks: SUBSCRIPTION_STAFF,
    params: (w) => ({ reference: w.instalments.reference }),
    expect: ownerOnly,
  },
  // The proof must be the caller's own upload; the subscription is a new one awaiting payment.
  // The world's bank details are set: without them every caller, owner or staff, is refused with 409.
  'POST product-subscription/:reference/transaction': {
    lacks: SUBSCRIPTION_STAFF,
    params: (w) => ({ reference: w.unpaid.reference }),
    expect: ownerOnly,
    fixture: async (w, _actor, caller) => {
      const unpaid = await w.make.subscription('unpaid')
      return withRecords(w, {
        unpaid: { reference: unpaid.reference },
        proof: await w.make.proof(caller!.token),
      })
    },
    body: (w) => ({ amount: 5_000_000, proof_of_payment: w.proof.url, paid_at: yesterday() }),
  },
  'GET product-subscription/:reference/transaction/:id/download-receipt': {
    lacks: SUBSCRIPTION_STAFF,
    params: (w) => ({ reference: w.completed.reference, id: w.completed.transaction }),
    expect: ownerOnly,
  },
  'POST product-subscription/:reference/transaction/:id/download-receipt': {
    lacks: SUBSCRIPTION_STAFF,
    params: (w) => ({ reference: w.completed.reference, id: w.completed.transaction }),
    expect: ownerOnly,
    reads: 'it makes the receipt PDF, as the GET does',
  },
  'GET product-subscription/:reference/land-document': {
    lacks: SUBSCRIPTION_STAFF,
    params: (w) => ({ reference: w.completed.reference }),
    expect: ownerOnly,
  },
  'POST product-subscription/:reference/land-document': {
    lacks: SUBSCRIPTION_STAFF,
    params: (w) => ({ reference: w.completed.reference }),
    expect: ownerOnly,
    reads: 'it makes the allocation letter PDF, as the GET does',
  },
  'GET product-subscription/:reference/statement': {
    lacks: SUBSCRIPTION_STAFF,
    params: (w) => ({ reference: w.completed.reference }),
    expect: ownerOnly,
  },
  'GET account/statement': { expect: everyone },
  'GET admin/customer/:id/statement': {
    lacks: CUSTOMER_VIEW,
    params: (w) => ({ id: w.customer.uuid }),
    expect: { customer: 403, other: 403, realtor: 404, admin: 403, super: 'ok' },
  },
  // Public: anyone holding a document may check it.
  'GET verify/:code': { params: (w) => ({ code: w.documentCode }), expect: publicEndpoint },
  'POST admin/mark-transaction': {
    lacks: ['can_verify_transaction'],
    expect: staffOnly(),
    fixture: async (w) => withRecords(w, { instalments: await w.make.subscription('instalments') }),
    body: (w) => ({
      reference: w.instalments.transaction,
      status: 'not_confirmed',
      reason: 'No such transfer in the account',
    }),
  },
  // Payouts: the investor (and staff who see subscriptions or record payouts) read a ledger; only can_record_payout records.
  'GET product-subscription/:reference/payout': {
    lacks: [...SUBSCRIPTION_STAFF, 'can_record_payout'],
    params: (w) => ({ reference: w.investedPaid.reference }),
    expect: ownerOnly,
  },
  'GET payout/summary': { expect: everyone },
  'GET admin/payout': { lacks: ['can_record_payout'], expect: staffOnly() },
  'POST admin/payout/mark-paid': {
    lacks: ['can_record_payout'],
    expect: staffOnly(),
    fixture: async (w) => withRecords(w, { scratch: { payout: (await w.make.payout()).id } }),
    // Paid today in Lagos: the fixture's investment was made today, and a payout is not paid before its investment.
    body: (w) => ({
      ids: [w.scratch.payout ?? '00000000-0000-4000-8000-000000000000'],
      paid_at: new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date()),
      bank_reference: 'MATRIX-1',
      confirm_early: true,
    }),
  },
  'POST admin/create-subscription': {
    lacks: ['can_modify_subscription'],
    expect: staffOnly(),
    // A land of its own: the customer already holds an unpaid subscription to the world's.
    fixture: async (w) => withRecords(w, { land: await w.make.land() }),
    body: (w) => ({ customer: w.customer.reference, product: w.land.reference }),
  },
  'POST admin/product-subscription/:reference/cancel': {
    lacks: ['can_modify_subscription'],
    params: (w) => ({ reference: w.unpaid.reference }),
    expect: staffOnly(),
    fixture: async (w) =>
      withRecords(w, { unpaid: { reference: (await w.make.subscription('unpaid')).reference } }),
  },

  // People: a realtor manages only the customers it brought; staff need the kind's permission.
  'GET admin/customer': {
    lacks: CUSTOMER_VIEW,
    expect: { customer: 403, other: 403, realtor: 'ok', admin: 403, super: 'ok' },
  },
  'POST admin/customer': {
    lacks: ['can_modify_customer'],
    expect: { customer: 403, other: 403, realtor: 'ok', admin: 403, super: 'ok' },
    body: (_w, actor) => ({ first_name: 'Bola', last_name: 'Ade', email: email(actor, 'made') }),
  },
  'GET admin/customer/:id': {
    lacks: CUSTOMER_VIEW,
    params: (w) => ({ id: w.customer.uuid }),
    expect: { customer: 403, other: 403, realtor: 404, admin: 403, super: 'ok' },
  },
  'POST admin/customer/:id': {
    lacks: ['can_modify_customer'],
    params: (w) => ({ id: w.customer.reference }),
    expect: { customer: 403, other: 403, realtor: 404, admin: 403, super: 'ok' },
    body: (w) => ({ first_name: 'Changed', last_name: 'ByMatrix', email: w.customer.email }),
  },
  'POST admin/customer/:id/suspend': {
    lacks: ['can_modify_customer'],
    params: (w) => ({ id: w.customer.uuid }),
    expect: { customer: 403, other: 403, realtor: 404, admin: 403, super: 'ok' },
    fixture: async (w) => withRecords(w, { customer: await w.make.account('customer') }),
    body: () => ({ is_suspended: true }),
  },
  'GET admin/realtor': { lacks: REALTOR_VIEW, expect: staffOnly() },
  'POST admin/realtor': {
    lacks: ['can_modify_realtor'],
    expect: staffOnly(),
    body: (_w, actor) => ({
      first_name: 'Femi',
      last_name: 'Ade',
      email: email(actor, 'realtor'),
      business_name: 'Ade Homes',
    }),
  },
  'GET admin/realtor/:id': {
    lacks: REALTOR_VIEW,
    params: (w) => ({ id: w.realtor.uuid }),
    expect: staffOnly(),
  },
  'POST admin/realtor/:id': {
    lacks: ['can_modify_realtor'],
    params: (w) => ({ id: w.realtor.reference }),
    expect: staffOnly(),
    body: (w) => ({
      first_name: 'Changed',
      last_name: 'ByMatrix',
      email: w.realtor.email,
      business_name: 'Changed',
    }),
  },
  // Approving or rejecting a realtor's own change of its registered company flag (the world's realtor has one waiting).
  'POST admin/realtor/:id/registered-company': {
    lacks: ['can_modify_realtor'],
    params: (w) => ({ id: w.realtor.reference }),
    expect: staffOnly(),
    fixture: async (w) => withRecords(w, { realtor: await w.make.companyRequest() }),
    body: () => ({ decision: 'reject' }),
  },
  'POST admin/realtor/:id/suspend': {
    lacks: ['can_modify_realtor'],
    params: (w) => ({ id: w.realtor.uuid }),
    expect: staffOnly(),
    fixture: async (w) => withRecords(w, { realtor: await w.make.account('realtor') }),
    body: () => ({ is_suspended: true }),
  },
  'GET admin/user': { lacks: ['can_modify_user'], expect: staffOnly() },
  'POST admin/user': {
    lacks: ['can_modify_user'],
    expect: staffOnly(),
    body: (_w, actor) => ({
      first_name: 'Tayo',
      last_name: 'Ade',
      email: email(actor, 'user'),
      permissions: ['can_modify_user'],
    }),
  },
  'GET admin/user/:id': {
    lacks: ['can_modify_user'],
    params: (w) => ({ id: w.staffUser.uuid }),
    expect: staffOnly(),
  },
  'POST admin/user/:id/update': {
    lacks: ['can_modify_user'],
    params: (w) => ({ id: w.staffUser.uuid }),
    expect: staffOnly(),
    body: () => ({ permissions: ['can_modify_user', 'can_modify_setting'] }),
  },
  'POST admin/user/:id/suspend': {
    lacks: ['can_modify_user'],
    params: (w) => ({ id: w.staffUser.uuid }),
    expect: staffOnly(),
    fixture: async (w) => withRecords(w, { staffUser: await w.make.invitedStaff() }),
    body: () => ({ is_suspended: true }),
  },
  'GET admin/permission': { lacks: ['can_modify_user'], expect: staffOnly() },

  // Settings: bank details are read by everyone (customers pay into them); the rest needs can_modify_setting.
  'GET admin/setting/bank_details': { expect: everyone },
  'GET admin/setting/subscription_due_reminder_day': {
    lacks: ['can_modify_setting'],
    expect: staffOnly(),
  },
  'GET admin/setting/unpaid_subscription_expiry_days': {
    lacks: ['can_modify_setting'],
    expect: staffOnly(),
  },
  'GET admin/setting/unconfirmed_payment_expiry_days': {
    lacks: ['can_modify_setting'],
    expect: staffOnly(),
  },
  'GET admin/setting/company_details': { lacks: ['can_modify_setting'], expect: staffOnly() },
  'GET admin/setting/payout_grace_days': { lacks: ['can_modify_setting'], expect: staffOnly() },
  'GET admin/setting/commission_rates': { lacks: ['can_modify_setting'], expect: staffOnly() },
  'GET admin/setting/payout_account_hold_hours': {
    lacks: ['can_modify_setting'],
    expect: staffOnly(),
  },
  'POST admin/setting': {
    lacks: ['can_modify_setting'],
    expect: staffOnly(),
    body: () => ({ type: 'subscription_due_reminder_day', value: 9 }),
  },
  'GET admin/setting/title_step_days': { lacks: ['can_modify_setting'], expect: staffOnly() },

  // Title tracker: the timeline as the subscription is seen (plus staff who record titles); recording and the list need can_manage_titles.
  'GET product-subscription/:reference/title': {
    lacks: [...SUBSCRIPTION_STAFF, 'can_manage_titles'],
    params: (w) => ({ reference: w.completed.reference }),
    expect: ownerOnly,
  },
  'POST admin/product-subscription/:reference/title': {
    lacks: ['can_manage_titles'],
    expect: staffOnly(),
    fixture: async (w) => withRecords(w, { completed: await w.make.subscription('completed') }),
    params: (w) => ({ reference: w.completed.reference }),
    body: () => ({
      step: 'allocation_letter',
      date: lagosDay(),
      note: 'Recorded by the authorization matrix',
    }),
  },
  'GET admin/title': { lacks: ['can_manage_titles'], expect: staffOnly() },

  // The audit trail: the super admin and staff holding can_view_audit.
  'GET admin/audit': { lacks: ['can_view_audit'], expect: staffOnly() },

  // Commissions: a realtor reads its own; staff with can_pay_commissions read everyone's and pay them.
  'GET commission': { lacks: ['can_pay_commissions'], expect: realtorsOnly },
  'GET commission/statement/:month': {
    lacks: ['can_pay_commissions'],
    params: statementMonth,
    expect: realtorsOnly,
  },
  'GET commission/statement/:month/csv': {
    lacks: ['can_pay_commissions'],
    params: statementMonth,
    expect: realtorsOnly,
  },
  // A realtor reads its own downline; staff who view realtors read any realtor's.
  'GET realtor/downline': { lacks: REALTOR_VIEW, expect: realtorsOnly },
  'GET admin/commission': { lacks: ['can_pay_commissions'], expect: staffOnly() },
  'POST admin/commission/mark-paid': {
    lacks: ['can_pay_commissions'],
    expect: staffOnly(),
    // Not `consumes`: once paid, the malformed-input run's later posts of the same entry answer 409,
    // which still reaches the handler (a new entry per success would be counted as the call's rows).
    fixture: async (w) =>
      withRecords(w, { scratch: { ...w.scratch, commission: await w.make.commission() } }),
    // Refused pairs name an entry nobody has: they are turned away before it is looked up.
    body: (w) => ({
      ids: [w.scratch.commission ?? '00000000-0000-4000-8000-000000000000'],
      paid_at: yesterday().slice(0, 10),
      bank_reference: 'NIP/MATRIX',
    }),
  },

  // Purchases flagged as a possible self-referral: staff with can_pay_commissions review and decide them.
  'GET admin/commission/hold/:id': {
    lacks: ['can_pay_commissions'],
    params: (w) => ({ id: w.hold }),
    expect: staffOnly(),
  },
  'POST admin/commission/hold/:id': {
    lacks: ['can_pay_commissions'],
    expect: staffOnly(),
    // Not `consumes`: once decided, later posts of the same flag answer 409, past every gate.
    fixture: async (w) =>
      withRecords(w, { scratch: { ...w.scratch, hold: await w.make.commissionHold() } }),
    params: (w) => ({ id: w.scratch.hold ?? w.hold }),
    body: () => ({ decision: 'clear' }),
  },

  // Reconciliation: staff holding can_reconcile (confirming also needs can_verify_transaction, which the super admin holds).
  'POST admin/reconciliation/statement/preview': {
    lacks: ['can_reconcile'],
    expect: staffOnly(),
    body: () => statementBody(),
  },
  'POST admin/reconciliation/statement': {
    lacks: ['can_reconcile'],
    expect: staffOnly(),
    body: () => statementBody(),
  },
  'GET admin/reconciliation/line': { lacks: ['can_reconcile'], expect: staffOnly() },
  'POST admin/reconciliation/confirm': {
    lacks: ['can_reconcile'],
    expect: staffOnly(),
    // Not `consumes`: once confirmed, later posts of the same line answer 409, past every gate.
    fixture: async (w) =>
      withRecords(w, { scratch: { ...w.scratch, line: await w.make.statementLine(true) } }),
    body: (w) => ({ line_ids: [w.scratch.line ?? '999999'] }),
  },
  'POST admin/reconciliation/line/:id/link': {
    lacks: ['can_reconcile'],
    expect: staffOnly(),
    fixture: async (w) =>
      withRecords(w, {
        scratch: {
          ...w.scratch,
          line: await w.make.statementLine(false),
          payable: (await w.make.subscription('unpaid')).reference,
        },
      }),
    params: (w) => ({ id: w.scratch.line ?? '999999' }),
    body: (w) => ({ subscription: w.scratch.payable ?? w.unpaid.reference, amount: 5_000_000 }),
  },
  // The plot registry: staff with can_modify_product keep it, title managers read it to allocate;
  // the site map is for anyone signed in (a customer's own plots marked), the plot check public.
  'POST admin/estate': {
    lacks: ['can_modify_product'],
    expect: staffOnly(),
    body: (_w, actor) => ({
      name: `Matrix Estate ${actor} ${Math.random().toString(36).slice(2, 8)}`,
      address: 'Epe, Lagos',
      utm_zone: '31N',
    }),
  },
  'GET estate': { lacks: ['can_modify_product', 'can_manage_titles'], expect: staffOnly() },
  'GET estate/:id': {
    lacks: ['can_modify_product', 'can_manage_titles'],
    params: (w) => ({ id: w.estate.id }),
    expect: staffOnly(),
  },
  'GET estate/:id/map': { params: (w) => ({ id: w.estate.id }), expect: everyone },
  'POST admin/estate/:id/plot': {
    lacks: ['can_modify_product'],
    params: (w) => ({ id: w.estate.id }),
    expect: staffOnly(),
    body: () => ({
      block: 'M',
      number: Math.random().toString(36).slice(2, 8).toUpperCase(),
      size_sqm: 500,
    }),
  },
  'POST admin/estate/:id/plot/import': {
    lacks: ['can_modify_product'],
    params: (w) => ({ id: w.estate.id }),
    expect: staffOnly(),
    body: () => ({
      file_in_base64: Buffer.from(
        `block,plot,size_sqm\nI,${Math.random().toString(36).slice(2, 8).toUpperCase()},500\n`,
      ).toString('base64'),
      commit: true,
    }),
  },
  'GET admin/estate/unmatched': {
    lacks: ['can_modify_product', 'can_manage_titles'],
    expect: staffOnly(),
  },
  'GET verify/plot': {
    query: (w) => ({ estate: w.estate.name, block: 'A', plot: '1' }),
    expect: publicEndpoint,
  },
  'POST admin/reconciliation/line/:id/ignore': {
    lacks: ['can_reconcile'],
    expect: staffOnly(),
    fixture: async (w) =>
      withRecords(w, { scratch: { ...w.scratch, line: await w.make.statementLine(false) } }),
    params: (w) => ({ id: w.scratch.line ?? '999999' }),
  },

  // Payments through the provider (Paystack, the stand-in). Webhooks are public but signed: every
  // caller's call carries the provider's signature of its body, and the session plays no part.
  'POST webhooks/paystack': {
    expect: publicEndpoint,
    headers: signedBy('paystack'),
    body: (_w, actor) => ({
      event: 'matrix.unknown_event',
      data: { actor, nonce: Math.random().toString(36).slice(2) },
    }),
  },
  'POST webhooks/monnify': {
    expect: publicEndpoint,
    headers: signedBy('monnify'),
    body: (_w, actor) => ({
      eventType: 'MATRIX_UNKNOWN_EVENT',
      eventData: { actor, nonce: Math.random().toString(36).slice(2) },
    }),
  },
  // Paying online: the subscriber only; staff who see the subscription are told so (403), others it
  // does not exist. An allowed call pays a subscription of the caller's own.
  'POST product-subscription/:reference/checkout': {
    lacks: SUBSCRIPTION_STAFF,
    params: (w) => ({ reference: w.unpaid.reference }),
    expect: { customer: 'ok', other: 404, realtor: 404, admin: 404, super: 403 },
    fixture: async (w, _actor, caller) =>
      withRecords(w, { unpaid: { reference: await makeOwnUnpaid(w, caller!) } }),
    body: () => ({ amount: 5_000_000 }),
  },
  'POST product-subscription/:reference/checkout/verify': {
    lacks: SUBSCRIPTION_STAFF,
    params: (w) => ({ reference: w.scratch.checkoutSubscription ?? w.unpaid.reference }),
    expect: { customer: 'ok', other: 404, realtor: 404, admin: 404, super: 404 },
    reads: 'a checkout the provider does not confirm paid changes nothing',
    fixture: async (w, _actor, caller) => {
      const { subscription, checkout } = await makeCheckout(w, caller!)
      return withRecords(w, {
        scratch: { ...w.scratch, checkoutSubscription: subscription, checkout },
      })
    },
    body: (w) => ({ reference: w.scratch.checkout ?? 'CHK-NONE' }),
  },
  // Credits: each customer its own; Collections for staff who confirm payments.
  'GET account/credit': { expect: everyone },
  'GET admin/collections': { lacks: ['can_verify_transaction'], expect: staffOnly() },
  'GET admin/collections/credit': { lacks: ['can_verify_transaction'], expect: staffOnly() },
  'GET admin/collections/delivery': { lacks: ['can_verify_transaction'], expect: staffOnly() },
  'POST admin/collections/credit/:reference/allocate': {
    lacks: ['can_verify_transaction'],
    expect: staffOnly(),
    // Not `consumes`: once asked for, later posts answer 409, past every gate.
    fixture: async (w) =>
      withRecords(w, {
        scratch: {
          ...w.scratch,
          credit: await makeCredit(w),
          payable: (await w.make.subscription('unpaid')).reference,
        },
      }),
    params: (w) => ({ reference: w.scratch.credit ?? 'CRD-NONE' }),
    body: (w) => ({ subscription: w.scratch.payable ?? w.unpaid.reference, amount: 5_000_000 }),
  },
  'POST admin/collections/credit/:reference/refund': {
    lacks: ['can_verify_transaction'],
    expect: staffOnly(),
    fixture: async (w) =>
      withRecords(w, { scratch: { ...w.scratch, credit: await makeCredit(w) } }),
    params: (w) => ({ reference: w.scratch.credit ?? 'CRD-NONE' }),
    body: () => ({ reason: 'Sent twice by mistake' }),
  },
  // The second member of staff: another admin asked for the allocation the caller confirms.
  'POST admin/collections/credit/:reference/decide': {
    lacks: ['can_verify_transaction'],
    expect: staffOnly(),
    fixture: async (w) =>
      withRecords(w, { scratch: { ...w.scratch, credit: await makePendingAllocation(w) } }),
    params: (w) => ({ reference: w.scratch.credit ?? 'CRD-NONE' }),
    body: () => ({ decision: 'confirm' }),
  },
  'POST account/payout-account/resolve': {
    expect: everyone,
    reads: 'it asks the payment provider for the name the bank holds',
    body: () => ({ bank_code: 'gtbank', account_number: '0123456789' }),
  },
}

/** A GTBank export with one credit of its own (a statement already imported would add nothing). */
function statementBody() {
  const tag = Math.random().toString(36).slice(2, 10).toUpperCase()
  const csv = gtbankCsv([
    { date: '2021-01-05', remarks: `TRANSFER FROM MATRIX ${tag}`, credit: 2_500 },
  ])
  return {
    bank: 'gtbank',
    file_name: `statement-${tag}.csv`,
    file_in_base64: Buffer.from(csv).toString('base64'),
  }
}

/** Today in Lagos (YYYY-MM-DD): a title step's date may not be in the future. */
function lagosDay() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date())
}

/** A path parameter nobody listed: guessed from its name and the path, pointing at the customer's records. */
export function guessParam(name: string, path: string, world: World): string {
  if (name === 'uuid' && path.includes('notification')) return world.notificationUuid
  if (path.includes('payment-plan') && (name === 'uuid' || name === 'id'))
    return world.land.planUuid
  if (path.includes('transaction') && name === 'id') return world.instalments.transaction
  if (path.startsWith('product-subscription') || path.includes('/product-subscription'))
    return world.instalments.reference
  if (path.includes('product')) return world.land.reference
  if (path.includes('customer')) return world.customer.uuid
  if (path.includes('realtor')) return world.realtor.uuid
  if (path.includes('user')) return world.staffUser.uuid
  if (path.includes('media')) return world.proof.name
  return world.instalments.reference
}
