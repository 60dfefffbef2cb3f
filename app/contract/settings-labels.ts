// The browser's share of contract/settings.ts, without zod: components import these from here.

export const REMINDER_DAYS_MIN = 1
export const REMINDER_DAYS_MAX = 60

/** Days an unpaid subscription (nothing paid, no payment waiting) lives before the daily job expires it. */
export const EXPIRY_DAYS_MIN = 1
export const EXPIRY_DAYS_MAX = 90
export const EXPIRY_DAYS_DEFAULT = 7

/** Days a payment waits for staff to confirm it before the daily job expires it (app/backend/subscriptions/expiry-rules.ts). */
export const UNCONFIRMED_EXPIRY_DAYS_MIN = 1
export const UNCONFIRMED_EXPIRY_DAYS_MAX = 90
export const UNCONFIRMED_EXPIRY_DAYS_DEFAULT = 7

/** Whether the account customers pay into is complete (the bank details as GET admin/setting/bank_details answers them). */
export function hasBankDetails(details: {
  account_number: string
  account_name: string
  bank_name: string
}) {
  return [details.account_number, details.account_name, details.bank_name].every(
    (value) => value.trim() !== '',
  )
}

export const NO_BANK_DETAILS = 'Payment details are not available yet; please contact us'

export const SETTING_TYPES = [
  'bank_details',
  'subscription_due_reminder_day',
  'unpaid_subscription_expiry_days',
  'unconfirmed_payment_expiry_days',
  'company_details',
  'title_step_days',
  'payout_grace_days',
  'commission_rates',
  'payout_account_hold_hours',
] as const
export type SettingType = (typeof SETTING_TYPES)[number]
