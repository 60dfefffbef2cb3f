// Subscription and transaction constants the browser needs: kept free of zod, so components can import them without it.

export const SUBSCRIPTION_TYPES = ['land', 'land_investment'] as const
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number]

export const SUBSCRIPTION_STATUSES = [
  'awaiting_payment',
  'awaiting_payment_confirmation',
  'ongoing',
  'completed',
  'cancelled',
  'expired',
] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

/** What screens call each status (docs/rules.md says what each means). */
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  awaiting_payment: 'Not paid',
  awaiting_payment_confirmation: 'Confirming payment',
  ongoing: 'Ongoing',
  completed: 'Completed',
  cancelled: 'Cancelled',
  expired: 'Expired',
}

export const TRANSACTION_STATUSES = [
  'awaiting_payment',
  'awaiting_confirmation',
  'paid',
  'not_confirmed',
] as const
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number]

export function transactionStatusLabel(status: string) {
  if (status === 'awaiting_confirmation') return 'Yet to be confirmed'
  if (status === 'paid') return 'Paid'
  if (status === 'not_confirmed') return 'Not confirmed'
  return 'Awaiting payment'
}

/**
 * A schedule row as people read it: paid; a payment whose date has passed is overdue, one due
 * today is due today, a later one upcoming. Dates are YYYY-MM-DD; `today` in the viewer's time zone.
 */
export function scheduleStatusLabel(
  row: { kind: 'payment' | 'payout' | 'late_fee'; status: 'paid' | 'due'; period: string },
  today: string,
) {
  if (row.status === 'paid') return 'Paid'
  // A late fee is owed from the day it is charged.
  if (row.kind === 'late_fee') return row.period < today ? 'Overdue' : 'Due today'
  if (row.kind === 'payment' && row.period < today) return 'Overdue'
  if (row.kind === 'payment' && row.period === today) return 'Due today'
  return 'Upcoming'
}

export const PAYMENT_MODES = ['full', 'installment'] as const
export type PaymentMode = (typeof PAYMENT_MODES)[number]

/** The refusal of an amount below a product's minimum, as the API sends it and the invest form shows it before posting. */
export const belowMinimumMessage = (label: string, minimumNaira: string) =>
  `${label} must be at least ${minimumNaira}`

/** What a new subscription's owner is told: the land is reserved, the investment set up, and what to do next. */
export const SUBSCRIBED_MESSAGES: Record<SubscriptionType, string> = {
  land: 'Land purchase started. Make your first payment to secure it.',
  land_investment: 'Investment started. Make your payment to start earning.',
}

/**
 * The subscription lists' `due` filter (GET product-subscription?due=…), what the staff dashboard's
 * counts link to: land in arrears, investments with a payout due.
 */
export const DUE_FILTERS = ['arrears', 'payout'] as const
export type DueFilter = (typeof DUE_FILTERS)[number]
export const DUE_FILTER_LABELS: Record<DueFilter, string> = {
  arrears: 'In arrears',
  payout: 'Payout due',
}
