import { z } from 'zod'
import { pageFields } from './endpoints/shared'
import {
  blankToUndefined,
  checkboxField,
  optionalString,
  queryChoice,
  queryText,
  requiredString,
} from './fields'
import { ISO_DAY_PATTERN } from './calendar-patterns'
import { parseDisplayDate } from './format'
import { stated } from './stated'
import { PAYOUT_STATUSES } from './payout-rules'

export { PAYOUT_STATUSES, PAYOUT_STATUS_LABELS, type PayoutStatus } from './payout-rules'

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

/** A calendar day as the API takes it (YYYY-MM-DD) that really exists (no 31 February). */
export function isCalendarDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** An optional day in a query (YYYY-MM-DD): empty is no filter, anything else that is not a day a field error. */
export const queryDay = (label: string) =>
  z.preprocess(
    blankToUndefined,
    stated(z.string().trim().regex(ISO_DAY_PATTERN, `${label} must be a date (YYYY-MM-DD)`), {
      format: 'date',
    }).optional(),
  )

const dayField = (label: string) =>
  stated(requiredString(label, 10).regex(ISO_DAY_PATTERN, `${label} must be a date (YYYY-MM-DD)`), {
    format: 'date',
  })

/** One payout of an investment's ledger, as the API answers it (amounts in naira). */
export const payoutSchema = z.object({
  id: z.string(),
  sequence: z.number().int(),
  due_date: z.string(),
  amount: z.number(),
  /** The part of the amount that returns the amount invested (0 except on the last payout). */
  principal: z.number(),
  includes_principal: z.boolean(),
  status: z.enum(PAYOUT_STATUSES),
  /** Days past its date while unpaid (due or late); 0 otherwise. */
  days_late: z.number().int(),
  paid_at: z.string().nullable(),
  bank_reference: z.string().nullable(),
  /** Who recorded it paid ("First Last"); null before it is paid, or for payouts recorded before the ledger. */
  recorded_by: z.string().nullable(),
  proof_of_payment: z.string().nullable(),
  /**
   * The investor's payout account it was paid into, as it stood when it was recorded paid (`bank`
   * is a code of contract/banks.ts, `bank_name` its name); null before it is paid, for payouts
   * recorded before accounts were kept with them, or when the investor had no account on file.
   */
  paid_to: z
    .object({
      bank: z.string(),
      bank_name: z.string(),
      account_number: z.string(),
      account_name: z.string(),
    })
    .nullable(),
  /**
   * Unpaid and held: the investor's payout account was set or changed at `changed_at`, and the
   * payout may not be recorded paid before `held_until` (ISO instants). Null otherwise.
   */
  account_hold: z.object({ changed_at: z.string(), held_until: z.string() }).nullable(),
  /** Recorded paid on a day before its due date (confirmed with `confirm_early` when recorded). */
  paid_early: z.boolean(),
})
export type Payout = z.infer<typeof payoutSchema>

/** A payout on the staff list: with its investment and investor. */
export const staffPayoutSchema = payoutSchema.extend({
  subscription_reference: z.string(),
  product_reference: z.string(),
  investor: z.object({ name: z.string(), email: z.string() }),
})
export type StaffPayout = z.infer<typeof staffPayoutSchema>

/** GET admin/payout */
export const payoutQuerySchema = z.object({
  status: queryChoice('Status', PAYOUT_STATUSES),
  from: queryDay('From'),
  to: queryDay('To'),
  search: queryText('Search'),
})

export const payoutListSchema = z.object({
  items: z.array(staffPayoutSchema),
  ...pageFields,
  /** What every payout the filters match adds up to (naira), over all pages. */
  total_amount: z.number(),
  total_count: z.number().int(),
})

export const MAX_PAYOUTS_AT_ONCE = 100

/** POST admin/payout/mark-paid */
export const markPayoutsPaidSchema = z.object({
  ids: z
    .array(z.string().trim().min(1).max(100))
    .min(1, 'Choose at least one payout')
    .max(MAX_PAYOUTS_AT_ONCE, `Choose at most ${MAX_PAYOUTS_AT_ONCE} payouts at once`),
  paid_at: dayField('Date paid'),
  bank_reference: requiredString('Bank reference', 100),
  proof_of_payment: optionalString('Proof of payment', 2000),
  /** An investment's reference: when given, every payout must be one of its own. */
  reference: optionalString('Reference', 100),
  /**
   * Ticked to record payouts paid before their due date; without it such a record answers 409
   * under this field, and nothing is recorded.
   */
  confirm_early: checkboxField('Paid before the due date').optional(),
})
export type MarkPayoutsPaid = z.infer<typeof markPayoutsPaidSchema>

/** GET payout/summary: the caller's own investments, for the top of the portfolio. */
export const payoutSummarySchema = z.object({
  total_invested: z.number(),
  returns_received: z.number(),
  returns_expected: z.number(),
  next_payout: z.object({ due_date: z.string(), amount: z.number() }).nullable(),
  late: z.object({ count: z.number().int(), amount: z.number() }),
  /** Cumulative returns by day: promised by then (`expected`) and received by then. */
  chart: z.array(z.object({ date: z.string(), expected: z.number(), received: z.number() })),
  late_payouts: z.array(payoutSchema.extend({ subscription_reference: z.string() })),
})
export type PayoutSummary = z.infer<typeof payoutSummarySchema>

export const PAYOUTS_RECORDED = (count: number) =>
  count === 1 ? 'Payout recorded as paid' : `${count} payouts recorded as paid`
export const PAYOUT_ALREADY_PAID = 'This payout has already been recorded as paid'
/** The question a payout recorded paid before its due date asks; `firstDue` as DD/MM/YYYY. */
export const PAID_EARLY_CONFIRM = (count: number, firstDue: string) =>
  count === 1
    ? `This payout is not due until ${firstDue}: tick "Paid before the due date" to record it paid early`
    : `${count} of these payouts are not due yet (the first on ${firstDue}): tick "Paid before the due date" to record them paid early`
export const PAID_AT_IN_FUTURE = 'Date paid cannot be in the future'
/** `startedOn` as DD/MM/YYYY. */
export const PAID_AT_BEFORE_START = (startedOn: string) =>
  `Date paid cannot be before the investment started (${startedOn})`

/**
 * The /payouts page's record form (a multipart post, so it works without JavaScript): the payouts
 * ticked (`ids`) or the one whose own button was pressed (`only`), the day paid as the product
 * writes dates, the bank reference and an optional proof file.
 */
export const payoutFormSchema = z.object({
  ids: z
    .array(z.string().max(100))
    .max(MAX_PAYOUTS_AT_ONCE, `Choose at most ${MAX_PAYOUTS_AT_ONCE} payouts at once`)
    .optional(),
  only: z.string().max(100).optional(),
  paid_on: requiredString('Date paid', 20).refine(
    (value) => parseDisplayDate(value) !== null,
    'Enter the date as DD/MM/YYYY, for example 22/11/2026',
  ),
  bank_reference: requiredString('Bank reference', 100),
  confirm_early: checkboxField('Paid before the due date').optional(),
  proof_of_payment: z
    .custom<File>((value) => value === undefined || value instanceof File)
    .optional(),
})
export type PayoutForm = z.input<typeof payoutFormSchema>
export const CHOOSE_A_PAYOUT = 'Choose at least one payout'
