/**
 * Who may call each /api/v1 endpoint, as DESIGN.md section 3 and SPEC.md section 6 say. Every path
 * points at records owned by the world's customer (tests/support/security-world.ts), so "other"
 * (another customer), "realtor" (one who did not bring that customer) and "admin" (an admin
 * holding every permission except `lacks`) must neither see nor change them.
 *
 * Endpoints missing from this table are still checked (see DEFAULT_RULE): signed-out callers get
 * 401, nobody but the owner and the super admin sees the owner's data, and no refusal changes data.
 */
import type { Permission } from '~/contract/permissions'
import { TINY_PNG_BASE64, yesterday, type World } from './security-world'

export const ACTORS = ['anonymous', 'customer', 'other', 'realtor', 'admin', 'super'] as const
export type Actor = (typeof ACTORS)[number]

/**
 * ok: allowed (a read answers 2xx; a write is not refused: 2xx, or a 4xx about the data such as 409 or 422).
 * any: whatever the caller is, as long as nothing leaks and nothing breaks (public and "about me" endpoints).
 * 401/403/404: refused with exactly that status.
 */
export type Expectation = 'ok' | 'any' | 401 | 403 | 404

export type Rule = {
  /** The permissions the "admin without the permission" lacks; by default all of them. */
  lacks?: readonly Permission[]
  params?: (world: World) => Record<string, string>
  body?: (world: World, actor: Actor) => unknown
  expect: Partial<Record<Actor, Expectation>>
  /** Ends or changes the caller's own session (logout, change-password): called with a fresh sign-in. */
  endsSession?: boolean
  /** Destroys fixtures other checks use (suspend, delete): runs after the others. */
  late?: boolean
}

const SUBSCRIPTION_STAFF: Permission[] = ['can_modify_subscription', 'can_record_transaction', 'can_verify_transaction']
const CUSTOMER_VIEW: Permission[] = ['can_view_customer', 'can_modify_customer']
const REALTOR_VIEW: Permission[] = ['can_view_realtor', 'can_modify_realtor']

const everyone: Rule['expect'] = { customer: 'ok', other: 'ok', realtor: 'ok', admin: 'ok', super: 'ok' }
const aboutMe: Rule['expect'] = { customer: 'any', other: 'any', realtor: 'any', admin: 'any', super: 'any' }
const staffOnly = (status: 403 | 404 = 403): Rule['expect'] => ({
  customer: status,
  other: status,
  realtor: status,
  admin: 403,
  super: 'ok',
})
/** The customer's own record: the owner and staff who see all subscriptions; everyone else is told it does not exist. */
const ownerOnly: Rule['expect'] = { customer: 'ok', other: 404, realtor: 404, admin: 404, super: 'ok' }
const publicEndpoint: Rule['expect'] = { anonymous: 'any', ...aboutMe }

const email = (actor: Actor, tag: string) => `${tag}-${actor}-${Math.random().toString(36).slice(2, 8)}@example.com`
const land = (w: World) => ({ reference: w.land.reference })
const landProductBody = {
  type: 'land',
  description: 'Changed by the authorization matrix',
  location: 'Epe, Lagos',
  amount: 4_000_000,
  land_type: 'plot',
}

export const RULES: Record<string, Rule> = {
  'GET health': { expect: publicEndpoint },

  // Sign-in and account screens: public, or about the caller only.
  'POST auth/login': { expect: publicEndpoint, body: (w) => ({ email: w.customer.email, password: 'not-the-password' }) },
  'POST auth/register': {
    expect: publicEndpoint,
    body: (_w, actor) => ({ email: email(actor, 'matrix'), password: 'password-123', first_name: 'Eze', last_name: 'Nwosu' }),
  },
  'POST auth/forgot-password': { expect: publicEndpoint, body: (_w, actor) => ({ email: email(actor, 'forgot') }) },
  'POST auth/verify-password-token': { expect: publicEndpoint, body: () => ({ token: 'not-a-real-token' }) },
  'POST auth/reset-password': {
    expect: publicEndpoint,
    body: (w) => ({ email: w.customer.email, token: 'not-a-real-token', password: 'password-456', password_confirmation: 'password-456' }),
  },
  'GET auth/me': { expect: everyone },
  'POST logout': { expect: everyone, endsSession: true },
  'POST verify-email': { expect: everyone, body: () => ({ otp: '000000' }) },
  'POST send-otp': { expect: aboutMe },
  'POST change-password': {
    expect: aboutMe,
    endsSession: true,
    body: () => ({ current_password: 'wrong-password', password: 'password-789', password_confirmation: 'password-789' }),
  },

  'GET dashboard-metrics': { expect: everyone },

  // Notifications: everyone has their own; another's is a 404, even for the super admin.
  'GET notification': { expect: everyone },
  'POST notification/mark-all-as-read': { expect: everyone },
  'POST notification/delete-all': { expect: everyone, late: true },
  'POST notification/:uuid/mark-as-read': {
    params: (w) => ({ uuid: w.notificationUuid }),
    expect: { customer: 'ok', other: 404, realtor: 404, admin: 404, super: 404 },
  },

  // Catalogue: everyone signed in reads it; changes need can_modify_product / can_modify_payment_plan.
  'GET product': { expect: everyone },
  'GET product/:reference': { params: land, expect: everyone },
  'POST admin/product': { lacks: ['can_modify_product'], expect: staffOnly(), body: () => landProductBody },
  'POST admin/product/:reference': { lacks: ['can_modify_product'], params: land, expect: staffOnly(), body: () => landProductBody },
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
    late: true,
  },
  'POST product/:reference/payment-plan/:id/get-payment-structure': {
    params: (w) => ({ reference: w.land.reference, id: w.land.planUuid }),
    expect: everyone,
  },
  'POST product/:reference/get-investment-plan': {
    params: (w) => ({ reference: w.investment.reference }),
    expect: everyone,
    body: () => ({ amount: 200_000 }),
  },

  // Files: product images need can_modify_product; a proof of payment is seen by its owner and staff who see subscriptions.
  'POST media/upload': {
    lacks: ['can_modify_product'],
    expect: staffOnly(),
    body: () => ({ file_name: 'plot.png', file_in_base64: TINY_PNG_BASE64, file_extension: 'png', folder_path: 'products' }),
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
  'POST product-subscription/:reference/transaction': {
    lacks: SUBSCRIPTION_STAFF,
    params: (w) => ({ reference: w.unpaid.reference }),
    expect: ownerOnly,
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
  },
  'POST admin/mark-transaction': {
    lacks: ['can_verify_transaction'],
    expect: staffOnly(),
    body: (w) => ({ reference: w.instalments.transaction, status: 'not_confirmed' }),
  },
  'POST admin/create-subscription': {
    lacks: ['can_modify_subscription'],
    expect: staffOnly(),
    body: (w) => ({ customer: w.customer.reference, product: w.land.reference }),
  },
  'POST admin/product-subscription/:reference/cancel': {
    lacks: ['can_modify_subscription'],
    params: (w) => ({ reference: w.unpaid.reference }),
    expect: staffOnly(),
    late: true,
  },

  // People: a realtor manages only the customers it brought; staff need the kind's permission.
  'GET admin/customer': { lacks: CUSTOMER_VIEW, expect: { customer: 403, other: 403, realtor: 'ok', admin: 403, super: 'ok' } },
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
    body: () => ({ is_suspended: true }),
    late: true,
  },
  'GET admin/realtor': { lacks: REALTOR_VIEW, expect: staffOnly() },
  'POST admin/realtor': {
    lacks: ['can_modify_realtor'],
    expect: staffOnly(),
    body: (_w, actor) => ({ first_name: 'Femi', last_name: 'Ade', email: email(actor, 'realtor'), business_name: 'Ade Homes' }),
  },
  'GET admin/realtor/:id': { lacks: REALTOR_VIEW, params: (w) => ({ id: w.realtor.uuid }), expect: staffOnly() },
  'POST admin/realtor/:id': {
    lacks: ['can_modify_realtor'],
    params: (w) => ({ id: w.realtor.reference }),
    expect: staffOnly(),
    body: (w) => ({ first_name: 'Changed', last_name: 'ByMatrix', email: w.realtor.email, business_name: 'Changed' }),
  },
  'POST admin/realtor/:id/suspend': {
    lacks: ['can_modify_realtor'],
    params: (w) => ({ id: w.realtor.uuid }),
    expect: staffOnly(),
    body: () => ({ is_suspended: true }),
    late: true,
  },
  'GET admin/user': { lacks: ['can_modify_user'], expect: staffOnly() },
  'POST admin/user': {
    lacks: ['can_modify_user'],
    expect: staffOnly(),
    body: (_w, actor) => ({ first_name: 'Tayo', last_name: 'Ade', email: email(actor, 'user'), permissions: ['can_modify_user'] }),
  },
  'GET admin/user/:id': { lacks: ['can_modify_user'], params: (w) => ({ id: w.staffUser.uuid }), expect: staffOnly() },
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
    body: () => ({ is_suspended: true }),
    late: true,
  },
  'GET admin/permission': { lacks: ['can_modify_user'], expect: staffOnly() },

  // Settings: bank details are read by everyone (customers pay into them); the rest needs can_modify_setting.
  'GET admin/setting/bank_details': { expect: everyone },
  'GET admin/setting/subscription_due_reminder_day': { lacks: ['can_modify_setting'], expect: staffOnly() },
  'GET admin/setting/unpaid_subscription_expiry_days': { lacks: ['can_modify_setting'], expect: staffOnly() },
  'POST admin/setting': {
    lacks: ['can_modify_setting'],
    expect: staffOnly(),
    body: () => ({ type: 'subscription_due_reminder_day', value: 9 }),
  },
}

/** For endpoints added after this table: nothing is allowed beyond "no leak, no change on refusal, 401 signed out". */
export const DEFAULT_RULE: Rule = {
  expect: { customer: 'any', other: 'any', realtor: 'any', admin: 'any', super: 'any' },
}

/** A path parameter nobody listed: guessed from its name and the path, pointing at the customer's records. */
export function guessParam(name: string, path: string, world: World): string {
  if (name === 'uuid' && path.includes('notification')) return world.notificationUuid
  if (path.includes('payment-plan') && (name === 'uuid' || name === 'id')) return world.land.planUuid
  if (path.includes('transaction') && name === 'id') return world.instalments.transaction
  if (path.startsWith('product-subscription') || path.includes('/product-subscription')) return world.instalments.reference
  if (path.includes('product')) return world.land.reference
  if (path.includes('customer')) return world.customer.uuid
  if (path.includes('realtor')) return world.realtor.uuid
  if (path.includes('user')) return world.staffUser.uuid
  if (path.includes('media')) return world.proof.name
  return world.instalments.reference
}
