import type { Access } from '../access'

/**
 * Who may call the people endpoints (app/contract/endpoints/people.ts uses these as its entries'
 * access). They sit apart, free of zod, because the menu drawn in the browser reads them too:
 * a menu entry shows exactly when its list would answer.
 */
export const PEOPLE_ACCESS = {
  /** A realtor sees the customers it brought; staff need a customer permission. */
  customerViewers: {
    roles: ['realtor'],
    permissions: ['can_view_customer', 'can_modify_customer'],
  },
  customerEditors: { roles: ['realtor'], permissions: ['can_modify_customer'] },
  realtorViewers: { permissions: ['can_view_realtor', 'can_modify_realtor'] },
  realtorEditors: { permissions: ['can_modify_realtor'] },
  staffEditors: { permissions: ['can_modify_user'] },
} as const satisfies Record<string, Access>
