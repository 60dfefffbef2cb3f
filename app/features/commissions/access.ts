import { mayCall } from '~/contract/access'
import { COMMISSION_ACCESS } from '~/contract/endpoints/commission-access'
import type { Principal } from '~/contract/permissions'

/**
 * Which /commissions a user gets: a realtor its own entries; staff whose admin/commission list
 * would answer (can_pay_commissions) everyone's; anyone else none (the menu hides it).
 */
export function commissionViewOf(user: Principal): 'realtor' | 'staff' | null {
  if (user.role === 'realtor') return 'realtor'
  return mayCall(user, COMMISSION_ACCESS.payers) ? 'staff' : null
}
