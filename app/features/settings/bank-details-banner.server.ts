import { endpoints } from '~/contract/endpoints'
import { hasPermission, isStaff, type Principal } from '~/contract/permissions'
import { hasBankDetails } from '~/contract/settings-labels'
import { api } from '~/utils/api.server'

type BankDetails = { account_number: string; account_name: string; bank_name: string }

/** The bank details, for staff only: they are told on every page while customers have no account to pay into. */
export function loadBankDetails(request: Request, user: Principal) {
  return isStaff(user) ? api(request, endpoints.settingBankDetails) : null
}

/** The banner staff see on every page while the account customers pay into is incomplete; null when none is due. */
export function bankDetailsBanner(
  user: Principal,
  bank: { ok: true; data: BankDetails } | { ok: false } | null,
) {
  return bank?.ok && isStaff(user) && !hasBankDetails(bank.data)
    ? { canSet: hasPermission(user, 'can_modify_setting') }
    : null
}
