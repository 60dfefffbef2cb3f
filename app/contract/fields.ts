import { z } from 'zod'
import { amountProblemMessage, MAX_NAIRA, nairaToKobo } from './money'
import { BANK_CODES } from './banks'
import { stated } from './stated'

/** Labels of the signed-in person's own details: "Enter your first name". */
const PERSONAL_LABELS = new Set([
  'First name',
  'Last name',
  'Email',
  'Password',
  'Business name',
  'Code',
  'Phone',
])

/** Missing values that are chosen or attached rather than typed. */
const REQUIRED_WORDING: Record<string, string> = {
  'Confirm password': 'Confirm your password',
  'Password confirmation': 'Confirm your password',
  'New password': 'Enter your new password',
  'Current password': 'Enter your current password',
  'Amount invested': 'Enter the amount to invest',
  'Unit available': 'Enter the units available',
  Type: 'Choose the type',
  'Investment type': 'Choose the investment type',
  Interval: 'Choose the interval',
  'Duration type': 'Choose the duration type',
  Product: 'Choose a product',
  'Payment plan': 'Choose a payment plan',
  Customer: 'Choose a customer',
  'Bank name': 'Choose the bank',
  'Proof of payment': 'Attach the proof of payment',
  File: 'Choose a file',
}

/** The one wording for every missing value: "Enter your first name", "Enter the amount", "Choose a payment plan". */
export function requiredMessage(label: string) {
  const wording = REQUIRED_WORDING[label]
  if (wording) return wording
  // "ROI period" keeps its capitals; "Location" becomes "location".
  const noun = /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1)
  return `Enter ${PERSONAL_LABELS.has(label) ? 'your' : 'the'} ${noun}`
}

/** Something other than spaces: what a required text field needs once trimmed, as the API document says it. */
export const NOT_BLANK = String.raw`\S`

export function requiredString(label: string, max = 255) {
  const schema = z
    .string({ error: requiredMessage(label) })
    .trim()
    .min(1, requiredMessage(label))
    .max(max, `${label} must be at most ${max} characters`)
  return stated(schema, { pattern: NOT_BLANK })
}

export function optionalString(label: string, max = 2000) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined))
}

// The format checks below pass an empty value, so "" answers the required message alone. (An
// aborting check would do the same but also stop the refinements of every schema using the field.)
const emailFormat = z.email()

/** The addresses emailField takes, as a pattern for the API document (zod's own e-mail pattern). */
export const EMAIL_PATTERN = z.regexes.email.source

export const emailField = stated(
  z
    .string({ error: requiredMessage('Email') })
    .trim()
    .min(1, requiredMessage('Email'))
    .max(254, 'Email must be at most 254 characters')
    .refine(
      (value) => value === '' || emailFormat.safeParse(value).success,
      'Email must be a valid email',
    )
    .transform((value) => value.toLowerCase()),
  { format: 'email', pattern: EMAIL_PATTERN },
)

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128

/** Checked only for presence: for signing in, where old rules must not lock anyone out. */
export const presentPassword = (label = 'Password') =>
  z
    .string({ error: requiredMessage(label) })
    .min(1, requiredMessage(label))
    .max(PASSWORD_MAX)

export const newPassword = (label = 'Password') =>
  stated(
    z
      .string({ error: requiredMessage(label) })
      .min(1, requiredMessage(label))
      .refine(
        (value) => value === '' || value.length >= PASSWORD_MIN,
        `${label} must be at least ${PASSWORD_MIN} characters`,
      )
      .max(PASSWORD_MAX, `${label} must be at most ${PASSWORD_MAX} characters`),
    { minLength: PASSWORD_MIN },
  )

/**
 * A naira amount typed with thousands separators ("1,250,000.50") or sent as a number, checked by
 * the money rule (contract/money.ts): at least one kobo once converted, so ₦0.001 or ₦0 is refused
 * here with its message under the field. The value stays naira; the API converts it with the same rule.
 */
export function nairaAmount(label: string) {
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value
      const cleaned = value.replace(/[,\s₦]/g, '')
      return cleaned === '' ? undefined : Number(cleaned)
    },
    stated(
      z
        .number({
          error: (issue) =>
            issue.input === undefined || issue.input === ''
              ? requiredMessage(label)
              : `${label} must be a number`,
        })
        .superRefine((value, ctx) => {
          const converted = nairaToKobo(value)
          if (!converted.ok)
            ctx.addIssue({
              code: 'custom',
              message: amountProblemMessage(label, converted.problem),
            })
        }),
      { minimum: 0.01, maximum: MAX_NAIRA },
    ),
  )
}

/** A query parameter sent empty (a form's "All" or a blank box) is no filter at all. */
export const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

/** A record's public id as the API gives it. */
export const UUID_PATTERN =
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/
/** UUID_PATTERN with the spaces a form may add around it. */
const UUID_SPACED = String.raw`\s*${UUID_PATTERN.source.slice(1, -1)}\s*`
/** A public id, or nothing: a form's empty select. */
export const UUID_OR_BLANK_PATTERN = String.raw`^\s*$|^${UUID_SPACED}$`
/** A public id, or exactly '': one of several selects left empty. */
export const UUID_OR_EMPTY_PATTERN = String.raw`^$|^${UUID_SPACED}$`

export const PAGE_MAX = 1_000_000
export const PAGE_MESSAGE = `Page must be a whole number from 1 to ${PAGE_MAX}`

/** `?page=`: a whole number from 1 (a page past the end answers an empty page); empty is page 1, anything else a field error. */
export const pageParam = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: PAGE_MESSAGE })
    .int(PAGE_MESSAGE)
    .min(1, PAGE_MESSAGE)
    .max(PAGE_MAX, PAGE_MESSAGE)
    .optional(),
)

/** An optional choice in a query: empty is no filter, a value the list does not know a field error. */
export function queryChoice<const Values extends readonly [string, ...string[]]>(
  label: string,
  values: Values,
) {
  return z.preprocess(
    blankToUndefined,
    z.enum(values, { error: `${label} must be one of ${values.join(', ')}` }).optional(),
  )
}

/** Optional text in a query: empty is no filter, longer than `max` a field error. */
export function queryText(label: string, max = 100) {
  return z.preprocess(
    blankToUndefined,
    z.string().trim().max(max, `${label} must be at most ${max} characters`).optional(),
  )
}

export const otpField = z
  .string({ error: requiredMessage('Code') })
  .trim()
  .min(1, requiredMessage('Code'))
  .regex(/^(\d{6})?$/, 'Code must be 6 digits')

/** 7 to 15 digits, with spaces, dashes or brackets between them and an optional leading +; or nothing. */
const PHONE_PATTERN = /^(\+?[\s()-]*(\d[\s()-]*){7,15})?$/

/** A phone number someone may leave out: 7 to 15 digits, with spaces, dashes or brackets and an optional leading +. */
export function optionalPhone(label = 'Phone number') {
  return z
    .string()
    .trim()
    .max(30, `${label} must be at most 30 characters`)
    .regex(PHONE_PATTERN, 'Enter a phone number such as 0803 123 4567')
    .optional()
    .transform((value) => (value ? value : undefined))
}

export const ACCOUNT_NUMBER_MESSAGE = 'Enter the 10-digit account number'

/** A Nigerian bank account number (NUBAN): exactly 10 digits; spaces typed between groups are dropped. Empty passes (the caller decides if it is needed). */
export const accountNumberField = stated(
  z
    .string()
    .optional()
    .transform((value) => (value ?? '').replace(/\s/g, ''))
    .refine((value) => value === '' || /^\d{10}$/.test(value), ACCOUNT_NUMBER_MESSAGE),
  { pattern: String.raw`^\s*((\d\s*){10})?$` },
)

export const UNKNOWN_BANK_MESSAGE = 'Choose your bank from the list'

/** One of the banks of contract/banks.ts, by its code; empty passes (the caller decides if it is needed). */
export const bankField = stated(
  z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim())
    .refine(
      (value) => value === '' || (BANK_CODES as readonly string[]).includes(value),
      UNKNOWN_BANK_MESSAGE,
    ),
  { enum: ['', ...BANK_CODES], description: 'The code of one of the banks; empty for none' },
)

/** A company's registration number with the Corporate Affairs Commission: "RC 1234567" or the digits alone; kept as "RC 1234567". Empty passes. */
export const rcNumberField = stated(
  z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim())
    .refine(
      (value) => value === '' || /^(RC)?\s*\d{1,8}$/i.test(value),
      'Enter the RC number, such as RC 1234567',
    )
    .transform((value) => (value === '' ? '' : `RC ${value.replace(/\D/g, '')}`)),
  { pattern: String.raw`^\s*(([Rr][Cc])?\s*\d{1,8})?\s*$` },
)

/** A checkbox or a boolean: 'on', 'true' or '1' ticks it; 'false', '0' or '' leaves it unticked. */
export function checkboxField(label: string) {
  return z.preprocess(
    (value) =>
      value === 'on' || value === 'true' || value === '1'
        ? true
        : value === 'false' || value === '0' || value === ''
          ? false
          : value,
    z.boolean({ error: `${label} must be true or false` }),
  )
}
