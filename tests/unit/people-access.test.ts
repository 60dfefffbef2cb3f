import { describe, expect, test } from 'vitest'
import { mayCall } from '~/contract/endpoint'
import { endpoints } from '~/contract/endpoints'
import { PERMISSIONS, ROLES, type Permission, type Role } from '~/contract/permissions'
import { canModifyPeople, canSeePeople } from '~/features/people/access'
import { canSeeCustomers, canSeeRealtors, canSeeUsers } from '~/utils/menu-access.server'

const who = (role: Role, ...permissions: Permission[]) => ({ role, permissions })

describe('the people pages follow the rules of their menu entries', () => {
  test('customers: super admin, realtors, and can_view_customer or can_modify_customer', () => {
    expect(canSeePeople(who('super_admin'), 'customer')).toBe(true)
    expect(canSeePeople(who('realtor'), 'customer')).toBe(true)
    expect(canSeePeople(who('admin', 'can_view_customer'), 'customer')).toBe(true)
    expect(canSeePeople(who('admin', 'can_modify_customer'), 'customer')).toBe(true)
    expect(canSeePeople(who('admin', 'can_view_realtor'), 'customer')).toBe(false)
    expect(canSeePeople(who('customer'), 'customer')).toBe(false)
  })

  test('realtors: can_view_realtor or can_modify_realtor; users: can_modify_user', () => {
    expect(canSeePeople(who('admin', 'can_view_realtor'), 'realtor')).toBe(true)
    expect(canSeePeople(who('admin', 'can_modify_realtor'), 'realtor')).toBe(true)
    expect(canSeePeople(who('realtor'), 'realtor')).toBe(false)
    expect(canSeePeople(who('admin', 'can_modify_user'), 'user')).toBe(true)
    expect(canSeePeople(who('admin', 'can_view_customer', 'can_view_realtor'), 'user')).toBe(false)
    expect(canSeePeople(who('super_admin'), 'user')).toBe(true)
  })

  test('changing people needs the modify permission; a realtor manages its own customers', () => {
    expect(canModifyPeople(who('realtor'), 'customer')).toBe(true)
    expect(canModifyPeople(who('admin', 'can_view_customer'), 'customer')).toBe(false)
    expect(canModifyPeople(who('admin', 'can_modify_customer'), 'customer')).toBe(true)
    expect(canModifyPeople(who('admin', 'can_view_realtor'), 'realtor')).toBe(false)
    expect(canModifyPeople(who('admin', 'can_modify_realtor'), 'realtor')).toBe(true)
    expect(canModifyPeople(who('super_admin'), 'user')).toBe(true)
  })
})

describe('who may see people is the endpoint table’s rule, read the same way everywhere', () => {
  // Every role, alone and with each single permission, and with all of them.
  const principals = ROLES.flatMap((role) => [
    who(role),
    ...PERMISSIONS.map((permission) => who(role, permission)),
    who(role, ...PERMISSIONS),
  ])

  test.each([
    ['customer', endpoints.customerList, endpoints.customerCreate, canSeeCustomers],
    ['realtor', endpoints.realtorList, endpoints.realtorCreate, canSeeRealtors],
    ['user', endpoints.userList, endpoints.userCreate, canSeeUsers],
  ] as const)(
    '%s: the menu and the pages follow the list and create entries',
    (kind, list, create, menu) => {
      for (const user of principals) {
        const label = `${user.role} with ${user.permissions.join(', ') || 'no permission'}`
        expect(canSeePeople(user, kind), label).toBe(mayCall(user, list.access))
        expect(menu(user), label).toBe(mayCall(user, list.access))
        expect(canModifyPeople(user, kind), label).toBe(mayCall(user, create.access))
      }
    },
  )

  test('every people endpoint of a kind shares its list’s or its create’s rule', () => {
    expect(endpoints.customerShow.access).toEqual(endpoints.customerList.access)
    for (const name of ['customerUpdate', 'customerSuspend'] as const)
      expect(endpoints[name].access).toEqual(endpoints.customerCreate.access)
    expect(endpoints.realtorShow.access).toEqual(endpoints.realtorList.access)
    for (const name of ['realtorUpdate', 'realtorSuspend'] as const)
      expect(endpoints[name].access).toEqual(endpoints.realtorCreate.access)
    for (const name of [
      'userList',
      'userShow',
      'userUpdate',
      'userSuspend',
      'permissionList',
    ] as const) {
      expect(endpoints[name].access).toEqual(endpoints.userCreate.access)
    }
  })
})
