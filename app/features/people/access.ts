import { hasPermission, type Principal } from '~/contract/permissions'

export type PeopleKind = 'customer' | 'realtor' | 'user'

/** SPEC.md section 2's menu rules for the people pages; the API enforces its own checks anyway. */
export function canSeePeople(user: Principal, kind: PeopleKind) {
  if (kind === 'customer') {
    return user.role === 'realtor' || hasPermission(user, 'can_view_customer', 'can_modify_customer')
  }
  if (kind === 'realtor') return hasPermission(user, 'can_view_realtor', 'can_modify_realtor')
  return hasPermission(user, 'can_modify_user')
}

/** Adding, suspending and editing: a realtor manages its own customers. */
export function canModifyPeople(user: Principal, kind: PeopleKind) {
  if (kind === 'customer') return user.role === 'realtor' || hasPermission(user, 'can_modify_customer')
  if (kind === 'realtor') return hasPermission(user, 'can_modify_realtor')
  return hasPermission(user, 'can_modify_user')
}

export const PEOPLE = {
  customer: { path: '/customers', api: 'admin/customer', title: 'Customers', singular: 'Customer', item: 'customer' },
  realtor: { path: '/realtors', api: 'admin/realtor', title: 'Realtors', singular: 'Realtor', item: 'realtor' },
  user: { path: '/users', api: 'admin/user', title: 'Users', singular: 'User', item: 'user' },
} as const
