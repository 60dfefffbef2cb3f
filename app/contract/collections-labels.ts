// Free of zod: the payment screens and the Collections page read these in the browser.

/** The payment providers the app speaks to (PAYMENT_PROVIDER). */
export const PAYMENT_PROVIDERS = ['paystack', 'monnify'] as const
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number]
export const PAYMENT_PROVIDER_NAMES: Record<PaymentProvider, string> = {
  paystack: 'Paystack',
  monnify: 'Monnify',
}

/**
 * Money received that paid no payment, as it stands: `open` (unallocated, waiting for staff),
 * `allocation_pending` and `refund_pending` (one member of staff asked, a second must confirm),
 * `allocated` (it paid a subscription's payment), `refunded` (sent back to the payer).
 */
export const CREDIT_STATES = [
  'open',
  'allocation_pending',
  'refund_pending',
  'allocated',
  'refunded',
] as const
export type CreditState = (typeof CREDIT_STATES)[number]
export const CREDIT_STATE_LABELS: Record<CreditState, string> = {
  open: 'Unallocated',
  allocation_pending: 'Allocation awaiting confirmation',
  refund_pending: 'Refund awaiting confirmation',
  allocated: 'Allocated',
  refunded: 'Refunded',
}

/**
 * Why money became a credit instead of paying a payment (contract/money.ts allocateReceipt): less
 * than the smallest amount a payment may be, more than the whole balance, between two of the
 * amounts, fitting several subscriptions, nothing to pay, or what staff allocated left over.
 */
export const CREDIT_REASONS = [
  'under',
  'over',
  'between',
  'ambiguous',
  'no_subscription',
  'remainder',
] as const
export type CreditReason = (typeof CREDIT_REASONS)[number]
export const CREDIT_REASON_LABELS: Record<CreditReason, string> = {
  under: 'Less than the payment due',
  over: 'More than the balance',
  between: 'Not one of the amounts a payment may be',
  ambiguous: 'Fits more than one subscription',
  no_subscription: 'No subscription awaiting this payment',
  remainder: 'Left over from an allocation',
}

/**
 * A webhook delivery in the inbox: `received` (stored, waiting to be processed or retried),
 * `processed` (the payment it reports was given its value), `unallocated` (kept as a credit),
 * `failed` (the provider does not confirm it, or it does not add up: for staff to look at),
 * `rejected` (its signature is missing or wrong: refused with 401), `ignored` (not a payment).
 */
export const DELIVERY_STATUSES = [
  'received',
  'processed',
  'unallocated',
  'failed',
  'rejected',
  'ignored',
] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  received: 'Waiting to be processed',
  processed: 'Paid a payment',
  unallocated: 'Kept as a credit',
  failed: 'Failed',
  rejected: 'Refused: bad signature',
  ignored: 'Not a payment',
}

/** What the payment screen says while a customer's account number is not there yet. */
export const VIRTUAL_ACCOUNT_PREPARING = 'Your account number is being prepared'
/** Paystack opens an account only for a customer with a phone number. */
export const VIRTUAL_ACCOUNT_NEEDS_PHONE =
  'Add your phone number in Settings to get an account number of your own'

/** The outcome of coming back from the hosted checkout. */
export const CHECKOUT_OUTCOMES = ['paid', 'credited', 'pending', 'failed'] as const
export type CheckoutOutcome = (typeof CHECKOUT_OUTCOMES)[number]
export const CHECKOUT_MESSAGES: Record<CheckoutOutcome, string> = {
  paid: 'Payment received: your receipt is ready',
  credited:
    'Payment received, but it no longer fits what is due: it is kept as a credit on your account and staff will allocate it',
  pending: 'The payment has not been completed yet: nothing was charged',
  failed: 'The payment was not completed: nothing was charged',
}

export const NO_PAYMENT_PROVIDER = 'Online payment is not available: pay by bank transfer instead'
export const NO_ACCOUNT_LOOKUP = 'Account names cannot be checked here: enter the name yourself'
export const ONLY_THE_SUBSCRIBER_PAYS_ONLINE =
  'Only the subscriber pays online: staff record payments instead'
export const PROVIDER_UNAVAILABLE =
  'The payment provider is not answering at the moment: please try again in a few minutes'

export const CREDIT_ALLOCATION_REQUESTED =
  'Allocation recorded; another member of staff must confirm it'
export const CREDIT_REFUND_REQUESTED = 'Refund recorded; another member of staff must confirm it'
export const CREDIT_CONFIRMED = 'Confirmed successfully'
export const CREDIT_REJECTED = 'The request was turned down; the credit is unallocated again'
export const OWN_CREDIT_REQUEST =
  'You cannot confirm what you asked for yourself: another member of staff must confirm it'
export const OWN_CREDIT = 'You cannot confirm money paid by yourself: another member of staff must'
