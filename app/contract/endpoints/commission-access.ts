import type { Access } from '../access'

/**
 * Who may call the commission endpoints, free of zod like people-access.ts: the menu drawn in the
 * browser shows "Commissions" exactly to those whose list would answer.
 */
export const COMMISSION_ACCESS = {
  /** A realtor reads its own entries and statements; staff who pay commissions read a realtor's (by `realtor`). */
  realtors: { roles: ['realtor'], permissions: ['can_pay_commissions'] },
  /** A realtor reads its own downline; staff who view realtors read any realtor's (by `realtor`). */
  downline: { roles: ['realtor'], permissions: ['can_view_realtor', 'can_modify_realtor'] },
  /** Staff who pay commissions read everyone's and mark them paid. */
  payers: { permissions: ['can_pay_commissions'] },
} as const satisfies Record<string, Access>
