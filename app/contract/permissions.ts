export const ROLES = ['super_admin', 'admin', 'realtor', 'customer'] as const
export type Role = (typeof ROLES)[number]

export const PERMISSIONS = [
  'can_view_customer',
  'can_modify_customer',
  'can_view_realtor',
  'can_modify_realtor',
  'can_modify_user',
  'can_modify_subscription',
  'can_record_transaction',
  'can_verify_transaction',
  'can_record_payout',
  'can_modify_product',
  'can_view_payment_plan',
  'can_modify_payment_plan',
  'can_modify_setting',
  'can_manage_titles',
  'can_pay_commissions',
  'can_view_audit',
  'can_reconcile',
] as const
export type Permission = (typeof PERMISSIONS)[number]

export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  can_view_customer: 'View customers',
  can_modify_customer: 'Add and change customers',
  can_view_realtor: 'View realtors',
  can_modify_realtor: 'Add and change realtors',
  can_modify_user: 'Add and change users',
  can_modify_subscription: 'Add and cancel subscriptions',
  can_record_transaction: 'Record payments for customers',
  can_verify_transaction: 'Mark payments as paid',
  can_record_payout: 'Record investor payouts as paid',
  can_modify_product: 'Add and change products',
  can_view_payment_plan: 'View payment plans',
  can_modify_payment_plan: 'Add and change payment plans',
  can_modify_setting: 'Change settings',
  can_manage_titles: 'Record title steps',
  can_pay_commissions: 'Pay realtor commissions',
  can_view_audit: 'View the audit trail',
  can_reconcile: 'Import bank statements and match them to payments',
}

export type Principal = { role: Role; permissions: readonly string[] }

/** super_admin holds every permission; everyone else holds what was given to them. */
export function hasPermission(user: Principal, ...anyOf: Permission[]) {
  if (user.role === 'super_admin') return true
  return anyOf.some((permission) => user.permissions.includes(permission))
}

/** The permissions someone holds, as the API answers them: every one for super_admin, whatever rows were granted. */
export function heldPermissions(user: {
  role: Role
  permissions: readonly Permission[] | null
}): Permission[] {
  return user.role === 'super_admin' ? [...PERMISSIONS] : [...(user.permissions ?? [])]
}

export function isStaff(user: Pick<Principal, 'role'>) {
  return user.role === 'super_admin' || user.role === 'admin'
}
