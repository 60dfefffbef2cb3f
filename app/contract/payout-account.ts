// Free of zod: the payouts page and panel print a payout's account in the browser.
import { bankName } from './banks'

/** The account payouts are paid into: a bank code (contract/banks.ts), the 10-digit number and the name on it. */
export type PayoutAccount = { bank: string; account_number: string; account_name: string }

/** A profile's payout account, or null when it has none. */
export function payoutAccountOf(profile: {
  bank?: string | null
  account_number?: string | null
  account_name?: string | null
}): PayoutAccount | null {
  const account = {
    bank: (profile.bank ?? '').trim(),
    account_number: (profile.account_number ?? '').replace(/\s/g, ''),
    account_name: (profile.account_name ?? '').trim(),
  }
  return account.bank || account.account_number || account.account_name ? account : null
}

/** Whether saving `next` sets, changes or removes the payout account of `saved` (other fields do not count). */
export function payoutAccountChanged(
  saved: Parameters<typeof payoutAccountOf>[0],
  next: Parameters<typeof payoutAccountOf>[0],
): boolean {
  return JSON.stringify(payoutAccountOf(saved)) !== JSON.stringify(payoutAccountOf(next))
}

/** "Guaranty Trust Bank (GTBank) · 0123456789 · Ngozi Eze", as the payout's record prints it. */
export function payoutAccountWording(account: PayoutAccount): string {
  return [bankName(account.bank) || account.bank, account.account_number, account.account_name]
    .filter(Boolean)
    .join(' · ')
}

/** "Guaranty Trust Bank (GTBank), account ending 6789": enough for the holder to know it, in a notice that may be read by others. */
export function maskedPayoutAccount(account: PayoutAccount): string {
  return `${bankName(account.bank) || account.bank}, account ending ${account.account_number.slice(-4)}`
}
