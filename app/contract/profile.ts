import { z } from 'zod'
import { bankName } from './banks'
import { registeredCompanyRequestSchema } from './registered-company'
import {
  ACCOUNT_NUMBER_MESSAGE,
  accountNumberField,
  bankField,
  checkboxField,
  optionalPhone,
  optionalString,
  PASSWORD_MAX,
  NOT_BLANK,
  UNKNOWN_BANK_MESSAGE,
} from './fields'
import { stated } from './stated'

export { NIGERIAN_BANKS, bankName } from './banks'

/**
 * A person's own profile, saved from Settings (POST account/profile): contact details and next of
 * kin for everyone, and for customers the bank account their investment payouts are paid into.
 * Everything may be left empty, but a next of kin or a payout account is given whole. Setting,
 * changing or removing the payout account also needs `current_password`.
 */
/** Present: something other than spaces, as the profile reads its fields. */
const given = (name: string) => ({
  required: [name],
  properties: { [name]: { pattern: NOT_BLANK } },
})

/** Given whole: when any of the fields is given, all of them are. */
const wholeGroup = (names: string[]) => ({
  if: { anyOf: names.map(given) },
  then: {
    required: names,
    properties: Object.fromEntries(names.map((name) => [name, { pattern: NOT_BLANK }])),
  },
})

export const profileSchema = stated(
  z
    .object({
      phone: optionalPhone(),
      address: optionalString('Address', 500),
      next_of_kin_name: optionalString("Next of kin's name", 150),
      next_of_kin_phone: optionalPhone("Next of kin's phone number"),
      next_of_kin_relationship: optionalString('Relationship', 60),
      bank: bankField,
      account_number: accountNumberField,
      account_name: optionalString('Account name', 150),
      /**
       * Realtors only: a registered company has the company rate of withholding tax taken from its
       * commissions. Staff set it; a realtor's different answer waits for them as a request.
       */
      registered_company: checkboxField('Registered company').optional(),
      /** Needed only when the payout account (bank, account number or account name) changes; ignored otherwise. */
      current_password: z
        .string()
        .max(PASSWORD_MAX, `Current password must be at most ${PASSWORD_MAX} characters`)
        .optional(),
    })
    .superRefine((value, ctx) => {
      const missing = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message })
      if (value.next_of_kin_name || value.next_of_kin_phone || value.next_of_kin_relationship) {
        if (!value.next_of_kin_name) missing('next_of_kin_name', "Enter your next of kin's name")
        if (!value.next_of_kin_phone)
          missing('next_of_kin_phone', "Enter your next of kin's phone number")
        if (!value.next_of_kin_relationship)
          missing('next_of_kin_relationship', 'Enter how they are related to you')
      }
      if (value.bank || value.account_number || value.account_name) {
        if (!value.bank) missing('bank', UNKNOWN_BANK_MESSAGE)
        if (!value.account_number) missing('account_number', ACCOUNT_NUMBER_MESSAGE)
        if (!value.account_name) missing('account_name', 'Enter the name on the account')
      }
    }),
  {
    allOf: [
      wholeGroup(['next_of_kin_name', 'next_of_kin_phone', 'next_of_kin_relationship']),
      wholeGroup(['bank', 'account_number', 'account_name']),
    ],
  },
)

export type ProfileForm = {
  [
    Key in Exclude<keyof z.input<typeof profileSchema>, 'registered_company' | 'current_password'>
  ]: string
} & {
  registered_company?: string
  current_password?: string
}

/** A profile as the API answers it: '' for anything not given. */
export const savedProfileSchema = z.object({
  phone: z.string(),
  address: z.string(),
  next_of_kin_name: z.string(),
  next_of_kin_phone: z.string(),
  next_of_kin_relationship: z.string(),
  /** The bank's code (contract/banks.ts) and its name. */
  bank: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  /** Realtors: whether it is a registered company, as staff set it (false for everyone else). */
  registered_company: z.boolean(),
  /** Realtors: their own change of registered_company, waiting for staff to approve it (null when none waits). */
  registered_company_request: registeredCompanyRequestSchema.nullable(),
})
export type Profile = z.infer<typeof savedProfileSchema>

export const EMPTY_PROFILE: Profile = {
  phone: '',
  address: '',
  next_of_kin_name: '',
  next_of_kin_phone: '',
  next_of_kin_relationship: '',
  bank: '',
  bank_name: '',
  account_number: '',
  account_name: '',
  registered_company: false,
  registered_company_request: null,
}

export function withBankName(profile: Omit<Profile, 'bank_name'>): Profile {
  return { ...profile, bank_name: bankName(profile.bank) }
}

export const PROFILE_UPDATED = 'Profile saved'
export const PAYOUT_ACCOUNT_CUSTOMERS_ONLY = 'Only customers have a payout account'
export const REGISTERED_COMPANY_REALTORS_ONLY =
  'Only realtors say whether they are a registered company'

export const PAYOUT_ACCOUNT_PASSWORD_NEEDED =
  'Enter your current password to change your payout account'
export const CURRENT_PASSWORD_WRONG = 'The current password is incorrect'
