import { z } from 'zod'
import { nairaAmount, optionalString, requiredMessage, requiredString } from './fields'
import {
  PAYMENT_MODES,
  SUBSCRIPTION_TYPES,
  type PaymentMode,
  type SubscriptionStatus,
  type SubscriptionType,
  type TransactionStatus,
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

/** POST product/{reference}/get-investment-plan */
export const investmentPlanSchema = z.object({ amount: positiveAmount('Amount') })

/** POST product-subscription */
export const subscribeSchema = z
  .object({
    type: enumField(SUBSCRIPTION_TYPES, 'Type'),
    product_id: requiredString('Product', 64),
    payment_mode: enumField(PAYMENT_MODES, 'Payment mode').default('full'),
    payment_id: optionalString('Payment plan', 64),
    amount_invested: positiveAmount('Amount invested').optional(),
    idempotency_key: optionalString('Idempotency key', 100),
  })
  .superRefine((value, ctx) => {
    if (value.type === 'land' && value.payment_mode === 'installment' && !value.payment_id) {
      ctx.addIssue({ code: 'custom', path: ['payment_id'], message: requiredMessage('Payment plan') })
    }
    if (value.type === 'land_investment' && value.amount_invested === undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount_invested'], message: requiredMessage('Amount invested') })
    }
  })
export type SubscribeInput = z.input<typeof subscribeSchema>

/** POST admin/create-subscription: a land product in full, or by one of its plans; an investment with an amount. */
export const adminCreateSubscriptionSchema = z.object({
  customer: requiredString('Customer', 64),
  product: requiredString('Product', 64),
  paymentPlan: optionalString('Payment plan', 64),
  amount_invested: positiveAmount('Amount invested').optional(),
})

/** YYYY-MM-DD, optionally with a time (HH:mm[:ss]) and an offset; a bare time is read in the app's time zone. */
export const PAID_AT_PATTERN = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/

/** POST product-subscription/{reference}/transaction */
export const transactionSchema = z.object({
  amount: positiveAmount('Amount'),
  description: optionalString('Description', 500),
  proof_of_payment: requiredString('Proof of payment', 2000),
  paid_at: requiredString('Payment date', 40).regex(PAID_AT_PATTERN, 'Payment date must be a date and time'),
})

/** POST admin/mark-transaction */
export const markTransactionSchema = z.object({
  reference: requiredString('Reference', 64),
  status: enumField(['paid', 'not_confirmed'] as const, 'Status'),
})

/** A row of a payment structure or investment plan: a date and an amount in naira. */
export type PlanEntry = { period: string; amount: number }

export type SubscriptionProduct = {
  reference: string
  type: SubscriptionType
  location: string | null
  size: number | null
  land_type: 'plot' | 'acre' | null
  size_in_measurement: string | null
  amount: number
  initial_deposit_amount: number | null
  description: string
  investment_return: number | null
  land_investment_type: 'recurring' | 'one_time' | null
  duration: number | null
  interval: string | null
  frequency_period: number | null
}

export type Subscription = {
  reference: string
  type: SubscriptionType
  status: SubscriptionStatus
  payment_mode: PaymentMode
  payment_plan: { uuid: string; amount: number; duration: number; duration_type: string } | null
  product: SubscriptionProduct
  meta: { amount_invested: number }
  total_amount: number
  total_amount_paid: number
  amount_left: number
  duration_left: number
  next_payment_amount: number | null
  next_payment_date: string | null
  created_at: string
  updated_at: string
  completed_at: string | null
  cancelled_at: string | null
  is_user: boolean
  user: { reference: string; full_name: string; email: string }
}

export type ScheduleItem = {
  kind: 'payment' | 'payout'
  sequence: number
  period: string
  amount: number
  status: 'paid' | 'due'
  settled_at: string | null
}

export type SubscriptionDetail = Subscription & { schedule: ScheduleItem[]; has_paid_transaction: boolean }

export type BankDetails = { account_number: string; account_name: string; bank_name: string }

export type PaymentDetails = { amount: number; description: string; bank_details: BankDetails }

export type Transaction = {
  uuid: string
  reference: string
  amount: number
  description: string
  status: TransactionStatus
  proof_of_payment: string | null
  paid_at: string | null
  created_at: string
  marked_at: string | null
  recorded_by_staff: boolean
  /** Whether the viewer may mark it paid or not confirmed now (never their own subscription or recording). */
  can_mark: boolean
}
