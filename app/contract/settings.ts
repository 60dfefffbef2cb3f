import { z } from 'zod'
import { commissionRatesSchema } from './commissions'
import type { changePasswordSchema } from './auth'
import {
  optionalPhone,
  optionalString,
  rcNumberField,
  requiredMessage,
  requiredString,
} from './fields'
import {
  PAYOUT_ACCOUNT_HOLD_HOURS_MAX,
  PAYOUT_ACCOUNT_HOLD_HOURS_MIN,
  PAYOUT_GRACE_DAYS_MAX,
  PAYOUT_GRACE_DAYS_MIN,
} from './payout-rules'
import {
  EXPIRY_DAYS_MAX,
  EXPIRY_DAYS_MIN,
  REMINDER_DAYS_MAX,
  REMINDER_DAYS_MIN,
  SETTING_TYPES,
  UNCONFIRMED_EXPIRY_DAYS_MAX,
  UNCONFIRMED_EXPIRY_DAYS_MIN,
} from './settings-labels'
import { titleStepDaysSchema } from './titles'

// Values the browser needs live in a zod-free module (components import them from there).
export {
  EXPIRY_DAYS_DEFAULT,
  EXPIRY_DAYS_MAX,
  EXPIRY_DAYS_MIN,
  hasBankDetails,
  NO_BANK_DETAILS,
  REMINDER_DAYS_MAX,
  REMINDER_DAYS_MIN,
  SETTING_TYPES,
  type SettingType,
} from './settings-labels'

/** The account customers pay into, as GET admin/setting/bank_details answers it: empty strings until staff fill it in. */
export const savedBankDetailsSchema = z.object({
  account_number: z.string(),
  account_name: z.string(),
  bank_name: z.string(),
})
export type BankDetails = z.infer<typeof savedBankDetailsSchema>

/** Customers can pay only into a complete account: number, name and bank all filled in. */

/** A setting counted in days, as GET admin/setting/<name> answers it. */
export const daysSettingSchema = z.object({ value: z.number().int() })
export type ReminderDaySetting = z.infer<typeof daysSettingSchema>

export const bankDetailsSchema = z.object({
  // Nigerian account numbers (NUBAN) are 10 digits.
  account_number: requiredString('Account number', 10).regex(
    /^\d{10}$/,
    'Account number must be 10 digits',
  ),
  account_name: requiredString('Account name', 150),
  bank_name: requiredString('Bank name', 100),
})
export type BankDetailsForm = z.input<typeof bankDetailsSchema>

/** The company as its documents (receipts, allocation letters) name it. '' for what is not set yet. */
export const savedCompanyDetailsSchema = z.object({
  name: z.string(),
  address: z.string(),
  rc_number: z.string(),
  phone: z.string(),
})
export type CompanyDetails = z.infer<typeof savedCompanyDetailsSchema>

export const companyDetailsSchema = z.object({
  name: requiredString('Company name', 150),
  address: optionalString('Address', 500).transform((value) => value ?? ''),
  rc_number: rcNumberField,
  phone: optionalPhone().transform((value) => value ?? ''),
})
export type CompanyDetailsForm = { name: string; address: string; rc_number: string; phone: string }

/** A whole number of days typed in a form or sent as a number, from min to max. */
function daysField(label: string, min: number, max: number) {
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value
      return value.trim() === '' ? undefined : Number(value.trim())
    },
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? requiredMessage(label) : `${label} must be a number`,
      })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`),
  )
}

export const reminderDaySchema = z.object({
  value: daysField('Reminder days', REMINDER_DAYS_MIN, REMINDER_DAYS_MAX),
})

/** How many days an unpaid subscription waits for its first payment before it expires. */
export const expiryDaysSchema = z.object({
  value: daysField('Expiry days', EXPIRY_DAYS_MIN, EXPIRY_DAYS_MAX),
})
export type ExpiryDaysSetting = z.infer<typeof daysSettingSchema>

/** How many days a payment waits for staff to confirm it before it expires. */
export const unconfirmedExpiryDaysSchema = z.object({
  value: daysField('Confirmation days', UNCONFIRMED_EXPIRY_DAYS_MIN, UNCONFIRMED_EXPIRY_DAYS_MAX),
})

/** How many days a payout stays due past its date before it is late. */
export const payoutGraceDaysSchema = z.object({
  value: daysField('Grace days', PAYOUT_GRACE_DAYS_MIN, PAYOUT_GRACE_DAYS_MAX),
})

/** How many hours payouts wait after an investor sets or changes the payout account (a whole number, like the day settings). */
export const payoutAccountHoldSchema = z.object({
  value: daysField('Hold hours', PAYOUT_ACCOUNT_HOLD_HOURS_MIN, PAYOUT_ACCOUNT_HOLD_HOURS_MAX),
})

/** The form holds the typed text (zod's input of a preprocessed field is `unknown`). */
export type ReminderDaysForm = { value: string }

/** The change-password form of the account tab (its schema belongs to the auth contract). */
export type ChangePasswordForm = z.input<typeof changePasswordSchema>

/** POST admin/setting: the type names the setting, the other fields are its value. */
export const settingSchema = z.discriminatedUnion(
  'type',
  [
    bankDetailsSchema.extend({ type: z.literal('bank_details') }),
    reminderDaySchema.extend({ type: z.literal('subscription_due_reminder_day') }),
    expiryDaysSchema.extend({ type: z.literal('unpaid_subscription_expiry_days') }),
    unconfirmedExpiryDaysSchema.extend({ type: z.literal('unconfirmed_payment_expiry_days') }),
    companyDetailsSchema.extend({ type: z.literal('company_details') }),
    titleStepDaysSchema.extend({ type: z.literal('title_step_days') }),
    payoutGraceDaysSchema.extend({ type: z.literal('payout_grace_days') }),
    commissionRatesSchema.extend({ type: z.literal('commission_rates') }),
    payoutAccountHoldSchema.extend({ type: z.literal('payout_account_hold_hours') }),
  ],
  { error: `Type must be ${SETTING_TYPES.slice(0, -1).join(', ')} or ${SETTING_TYPES.at(-1)}` },
)

export const BANK_DETAILS_UPDATED = 'Bank details updated successfully'
export const REMINDER_UPDATED = 'Payment reminder days saved'
export const COMPANY_DETAILS_UPDATED = 'Company details saved'
export const GRACE_DAYS_UPDATED = 'Payout grace days saved'
export const EXPIRY_UPDATED = 'Unpaid subscription expiry updated successfully'
export const PAYOUT_HOLD_UPDATED = 'Payout account hold saved'
export const UNCONFIRMED_EXPIRY_UPDATED = 'Unconfirmed payment expiry updated successfully'
