import { ARREARS_BUCKETS, DEFAULT_ACTIONS } from './arrears-rules'
import { z } from 'zod'
import { PAYMENT_PROVIDERS } from './collections-labels'
import { DUE_FILTERS } from './dashboard-rules'
import {
  checkboxField,
  nairaAmount,
  NOT_BLANK,
  optionalString,
  queryChoice,
  requiredMessage,
  requiredString,
} from './fields'
import { PAID_AT_PATTERN } from './calendar-patterns'
import { stated } from './stated'
import { MAX_QUANTITY } from './money'
import { INTERVALS, INVESTMENT_TYPES, LAND_TYPES } from './products-labels'
import {
  PAYMENT_MODES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TYPES,
  TRANSACTION_STATUSES,
} from './subscription-labels'

export * from './subscription-labels'

export const PRODUCT_UNAVAILABLE = 'This product is no longer available'

const enumField = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? requiredMessage(label)
        : `${label} must be one of: ${values.join(', ')}`,
  })

// At least one kobo: the money rule in nairaAmount.
const positiveAmount = nairaAmount

const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${MAX_QUANTITY}`

/** How many plots or acres: a whole number from 1 to MAX_QUANTITY (a form's text of digits is read as one). */
export const quantityField = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: QUANTITY_MESSAGE })
    .int(QUANTITY_MESSAGE)
    .min(1, QUANTITY_MESSAGE)
    .max(MAX_QUANTITY, QUANTITY_MESSAGE),
)

/** POST product/{reference}/payment-plan/{id}/get-payment-structure: how many plots or acres (1 when left out). */
export const paymentStructureSchema = z.object({ quantity: quantityField.optional() })

/**
 * A row of a land product's payment structure. Asked for a quantity, each row also says it and what
 * the row is for one unit: `amount` is then for all of them, as the subscription will charge it.
 */
export const pricedPlanEntrySchema = z.object({
  period: z.string(),
  amount: z.number(),
  quantity: z.number().int().optional(),
  unit_amount: z.number().optional(),
})
export type PricedPlanEntry = z.infer<typeof pricedPlanEntrySchema>

/** POST product/{reference}/get-investment-plan */
export const investmentPlanSchema = z.object({ amount: positiveAmount('Amount') })

/** POST product-subscription */
export const subscribeSchema = stated(
  z
    .object({
      type: enumField(SUBSCRIPTION_TYPES, 'Type'),
      product_id: requiredString('Product', 64),
      payment_mode: enumField(PAYMENT_MODES, 'Payment mode').default('full'),
      payment_id: optionalString('Payment plan', 64),
      amount_invested: positiveAmount('Amount invested').optional(),
      /** Land only: how many plots or acres (1 when left out); the price and every instalment are multiplied by it. */
      quantity: quantityField.optional(),
      idempotency_key: optionalString('Idempotency key', 100),
    })
    .superRefine((value, ctx) => {
      if (value.type === 'land' && value.payment_mode === 'installment' && !value.payment_id) {
        ctx.addIssue({
          code: 'custom',
          path: ['payment_id'],
          message: requiredMessage('Payment plan'),
        })
      }
      if (
        value.type === 'land_investment' &&
        value.quantity !== undefined &&
        value.quantity !== 1
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['quantity'],
          message: 'An investment is bought by its amount, not by quantity',
        })
      }
      if (value.type === 'land_investment' && value.amount_invested === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount_invested'],
          message: requiredMessage('Amount invested'),
        })
      }
    }),
  {
    allOf: [
      {
        if: {
          properties: { type: { const: 'land' }, payment_mode: { const: 'installment' } },
          required: ['type', 'payment_mode'],
        },
        then: { required: ['payment_id'], properties: { payment_id: { pattern: NOT_BLANK } } },
      },
      {
        if: { properties: { type: { const: 'land_investment' } }, required: ['type'] },
        then: {
          required: ['amount_invested'],
          properties: { amount_invested: {}, quantity: { const: 1 } },
        },
      },
    ],
  },
)
export type SubscribeInput = z.input<typeof subscribeSchema>

/** POST admin/create-subscription: a land product in full, or by one of its plans; an investment with an amount. */
export const adminCreateSubscriptionSchema = z.object({
  customer: requiredString('Customer', 64),
  product: requiredString('Product', 64),
  paymentPlan: optionalString('Payment plan', 64),
  amount_invested: positiveAmount('Amount invested').optional(),
  /** Land only: how many plots or acres (1 when left out). */
  quantity: quantityField.optional(),
})

/**
 * The query of GET product-subscription. An empty filter is none, an unknown type, status or due
 * a field error; a search past its first 100 characters is ignored.
 */
export const subscriptionQuerySchema = z.object({
  type: queryChoice('Type', SUBSCRIPTION_TYPES),
  status: queryChoice('Status', SUBSCRIPTION_STATUSES),
  search: z.string().optional(),
  /** In arrears (land) or with a payout due (investments), as of today (app/contract/dashboard-rules.ts). */
  due: queryChoice('Due', DUE_FILTERS),
})

/** YYYY-MM-DD, optionally with a time (HH:mm[:ss]) and an offset; a bare time is read in the app's time zone. */
export { PAID_AT_PATTERN } from './calendar-patterns'

/** POST product-subscription/{reference}/transaction */
export const transactionPayloadSchema = z.object({
  amount: positiveAmount('Amount'),
  description: optionalString('Description', 500),
  proof_of_payment: requiredString('Proof of payment', 2000),
  paid_at: requiredString('Payment date', 40).regex(
    PAID_AT_PATTERN,
    'Payment date must be a date and time',
  ),
})

export const PAYMENT_PROOF_SENT = 'Payment proof sent successfully'
export const PAYMENT_RECORDED = 'Payment recorded; another staff member will confirm it'

export const NOT_CONFIRMED_REASON_REQUIRED = 'Enter the reason the payment is not confirmed'

/** POST admin/mark-transaction: not confirmed needs the reason, which the payer is told. */
export const markTransactionSchema = stated(
  z
    .object({
      reference: requiredString('Reference', 64),
      status: enumField(['paid', 'not_confirmed'] as const, 'Status'),
      reason: optionalString('Reason', 500),
      /**
       * Ticked to mark paid a payment that no line of the imported bank statements supports
       * (`no_statement_credit`); without it such a mark answers 400, the warning (NO_STATEMENT_CREDIT…) on this field.
       */
      without_statement_credit: checkboxField('Confirm without a statement credit').optional(),
    })
    .superRefine((value, ctx) => {
      if (value.status === 'not_confirmed' && !value.reason?.trim()) {
        ctx.addIssue({ code: 'custom', path: ['reason'], message: NOT_CONFIRMED_REASON_REQUIRED })
      }
    }),
  {
    if: { properties: { status: { const: 'not_confirmed' } }, required: ['status'] },
    then: { required: ['reason'], properties: { reason: { pattern: NOT_BLANK } } },
  },
)

/** A row of a payment structure or investment plan: a date and an amount in naira. */
export const planEntrySchema = z.object({
  /** YYYY-MM-DD: when the amount is due (a payment) or paid out (an investment's return). */
  period: z.string(),
  amount: z.number(),
})
export type PlanEntry = z.infer<typeof planEntrySchema>

/** The product a subscription is to, as it was described when read (money in naira). */
export const subscriptionProductSchema = z.object({
  reference: z.string(),
  name: z.string(),
  type: z.enum(SUBSCRIPTION_TYPES),
  location: z.string().nullable(),
  size: z.number().nullable(),
  land_type: z.enum(LAND_TYPES).nullable(),
  size_in_measurement: z.string().nullable(),
  amount: z.number(),
  initial_deposit_amount: z.number().nullable(),
  description: z.string(),
  investment_return: z.number().nullable(),
  land_investment_type: z.enum(INVESTMENT_TYPES).nullable(),
  duration: z.number().int().nullable(),
  interval: z.enum(INTERVALS).nullable(),
  frequency_period: z.number().int().nullable(),
})
export type SubscriptionProduct = z.infer<typeof subscriptionProductSchema>

/** What is overdue now, in parts (naira): "2 instalments ₦5,400,000.00 and 2 late fees ₦108,000.00". */
export const overduePartsSchema = z.object({
  amount: z.number(),
  instalments: z.number().int(),
  instalments_amount: z.number(),
  late_fees: z.number().int(),
  late_fees_amount: z.number(),
})
export type OverduePartsView = z.infer<typeof overduePartsSchema>

/** A subscription as lists show it (GET product-subscription). Money in naira. */
export const subscriptionSchema = z.object({
  reference: z.string(),
  type: z.enum(SUBSCRIPTION_TYPES),
  status: z.enum(SUBSCRIPTION_STATUSES),
  payment_mode: z.enum(PAYMENT_MODES),
  /** Plots or acres bought (1 for an investment); total_amount and the schedule are for all of them. */
  quantity: z.number().int(),
  /** The payment plan of a land subscription paid by instalments; null when paid in full or an investment. */
  payment_plan: z
    .object({
      uuid: z.string(),
      amount: z.number(),
      duration: z.number().int(),
      duration_type: z.enum(INTERVALS),
    })
    .nullable(),
  product: subscriptionProductSchema,
  meta: z.object({ amount_invested: z.number() }),
  total_amount: z.number(),
  total_amount_paid: z.number(),
  amount_left: z.number(),
  /** Scheduled entries not yet settled. */
  duration_left: z.number().int(),
  next_payment_amount: z.number().nullable(),
  /** YYYY-MM-DD. */
  next_payment_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** Land in arrears (docs/rules.md): unpaid instalments dated before today plus unpaid late fees, naira; 0 when not. */
  amount_overdue: z.number(),
  /** Days since the oldest amount unpaid fell due; 0 when not in arrears. */
  days_in_arrears: z.number().int(),
  arrears_bucket: z.enum(ARREARS_BUCKETS).nullable(),
  /** amount_overdue's parts (contract/money.ts overdueNow): how many instalments and late fees, and how much of each, naira. */
  overdue_parts: overduePartsSchema,
  /**
   * The terms of late payment the land was sold under (grace days, late fee, default action),
   * shown again after purchase; null for an investment or land paid in full.
   */
  terms: z
    .object({
      grace_days: z.number().int(),
      late_fee_percent: z.number(),
      default_after_days: z.number().int(),
      default_action: z.enum(DEFAULT_ACTIONS),
    })
    .nullable(),
  /** Whether the caller is the subscriber. */
  is_user: z.boolean(),
  user: z.object({ reference: z.string(), full_name: z.string(), email: z.string() }),
})
export type Subscription = z.infer<typeof subscriptionSchema>

/** One entry of a subscription's schedule: a payment due or made, or an investment's payout. */
export const scheduleItemSchema = z.object({
  /** A late fee is its own entry, after the instalment it was charged on (`sequence` is that instalment). */
  kind: z.enum(['payment', 'payout', 'late_fee']),
  sequence: z.number().int(),
  /** Why a late fee was charged; null for the other entries. */
  reason: z.string().nullable(),
  /** YYYY-MM-DD. */
  period: z.string(),
  amount: z.number(),
  status: z.enum(['paid', 'due']),
  settled_at: z.string().nullable(),
})
export type ScheduleItem = z.infer<typeof scheduleItemSchema>

/** Something the daily job did to a subscription: a plan's default action after a long arrears. */
export const historyEntrySchema = z.object({
  /** ISO timestamp. */
  date: z.string(),
  /** What happened. */
  event: z.enum(['repriced', 'cancelled']),
  /** Why, and what it changed, in plain words. */
  detail: z.string(),
})
export type HistoryEntry = z.infer<typeof historyEntrySchema>

/** One subscription (GET product-subscription/{reference}): the list's fields, its schedule, whether anything is paid, and its history (newest first). */
export const subscriptionDetailSchema = subscriptionSchema.extend({
  schedule: z.array(scheduleItemSchema),
  /**
   * The business's day when this was answered (YYYY-MM-DD in APP_TIME_ZONE): what is due or overdue
   * is decided on it, whatever the clock or the time zone of the browser.
   */
  today: z.string(),
  has_paid_transaction: z.boolean(),
  history: z.array(historyEntrySchema),
})
export type SubscriptionDetail = z.infer<typeof subscriptionDetailSchema>

/** The bank account a customer pays into: theirs alone, opened by the payment provider. */
export const virtualAccountSchema = z.object({
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string(),
})

export const bankAccountSchema = z.object({
  account_number: z.string(),
  account_name: z.string(),
  bank_name: z.string(),
})
export type BankDetails = z.infer<typeof bankAccountSchema>

/** What to pay next and where to: GET product-subscription/{reference}/payment-details. */
export const paymentDetailsSchema = z.object({
  /** The next instalment (or what is left of it), or the whole amount when paid in one go. */
  amount: z.number(),
  /**
   * Every amount a payment may be now, smallest first: the next instalment, the next two, … what is
   * overdue (`overdue`), and last the whole balance. A payment of any other amount is refused.
   * `instalments` and `fees` count the instalments and the late fees a choice settles.
   */
  choices: z.array(
    z.object({
      instalments: z.number().int(),
      fees: z.number().int(),
      amount: z.number(),
      whole: z.boolean(),
      overdue: z.boolean(),
    }),
  ),
  /** What the payment is for, in words. */
  description: z.string(),
  /** The narration to type on the bank transfer: the subscription reference, which reconciliation looks for. */
  narration: z.string(),
  bank_details: bankAccountSchema,
  /**
   * With a payment provider set up (PAYMENT_PROVIDER): the provider, for "Pay online"; absent when
   * none is, and the answer is as before.
   */
  provider: z.enum(PAYMENT_PROVIDERS).optional(),
  /**
   * With a payment provider: the account number that is the customer's alone (or this
   * subscription's, with Monnify), whose transfers confirm themselves; null while it is being
   * prepared, and `virtual_account_note` says why.
   */
  virtual_account: virtualAccountSchema.nullable().optional(),
  virtual_account_note: z.string().nullable().optional(),
})
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>

/** A payment on a subscription, with its proof. */
export const transactionSchema = z.object({
  uuid: z.string(),
  reference: z.string(),
  amount: z.number(),
  description: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  /** The address of the proof image (GET media/{name}), or null. */
  proof_of_payment: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  marked_at: z.string().nullable(),
  recorded_by_staff: z.boolean(),
  /** The name of the member of staff who recorded it (for staff viewers; null for its payer). */
  recorded_by: z.string().nullable(),
  /**
   * The bank statement line it was recorded from (`STM-…/line id`), when it has no proof of its
   * own: the line is its proof. Null otherwise.
   */
  from_statement_line: z.string().nullable(),
  /** Why staff marked it not confirmed (told to the payer); null otherwise. */
  not_confirmed_reason: z.string().nullable(),
  /** Whether the viewer may mark it paid or not confirmed now (never their own subscription or recording). */
  can_mark: z.boolean(),
  /**
   * Awaiting confirmation, and no statement credit backs it (statementSupport): paid on or before
   * the last day of the latest imported bank statement with no line for it, or its line is of
   * another amount or fits another payment too: "No matching credit on the statement".
   */
  no_statement_credit: z.boolean(),
  /**
   * Why the statement credit beside it does not back it, with the credit's amount (naira) and day:
   * `amount_differs` (the credit linked to it is another amount) or `ambiguous` (the credit fits
   * another payment too). Either way no_statement_credit is true. Null otherwise.
   */
  statement_warning: z
    .object({
      kind: z.enum(['amount_differs', 'ambiguous']),
      credit_amount: z.number(),
      credit_date: z.string(),
    })
    .nullable(),
})
export type Transaction = z.infer<typeof transactionSchema>
