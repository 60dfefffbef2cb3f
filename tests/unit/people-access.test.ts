import { describe, expect, test } from 'vitest'
import { canModifyPeople, canSeePeople } from '~/features/people/access'
import type { Permission, Role } from '~/contract/permissions'

const who = (role: Role, ...permissions: Permission[]) => ({ role, permissions })

describe('the people pages follow the menu rules of SPEC.md section 2', () => {
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
