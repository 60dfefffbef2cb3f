/**
 * Stock held without a confirmed payment, as pure functions over calendar days (YYYY-MM-DD, in the
 * platform's time zone): how many units one customer may hold that way, and what expires when.
 * Subscribing and the daily job (app/backend/subscriptions/expiry.ts) apply them. Rules: docs/rules.md.
 */
import { addDays } from '~/contract/arrears-rules'
import { MAX_QUANTITY } from '~/contract/money'
import { unitCount } from '~/contract/units'

/**
 * Units of one product one customer may hold in subscriptions with no confirmed payment (awaiting
 * payment or awaiting confirmation): what a single purchase may have.
 */
export const MAX_UNCONFIRMED_UNITS = MAX_QUANTITY

/**
 * Why `quantity` more units cannot be held by a customer already holding `held` units of the product
 * without a confirmed payment, or null when they can. `own`: the customer asks (else staff for them).
 */
export function unconfirmedUnitsProblem({
  held,
  quantity,
  unit,
  own,
}: {
  held: number
  quantity: number
  unit: string
  own: boolean
}): string | null {
  if (held + quantity <= MAX_UNCONFIRMED_UNITS) return null
  const holding = `${own ? 'You already hold' : 'This customer already holds'} ${unitCount(held, unit)} of this product without a confirmed payment`
  const room = MAX_UNCONFIRMED_UNITS - held
  if (room <= 0) {
    return `${holding}, the most one customer may hold until a payment is confirmed. ${own ? 'Subscribe again' : 'Add more'} once one is.`
  }
  return `${holding}: at most ${unitCount(room, unit)} more until a payment is confirmed (${MAX_UNCONFIRMED_UNITS} in all)`
}

/**
 * A subscription with nothing paid and no payment sent, made on `madeOn`: it expires `days` days
 * later, and its subscriber is warned the day before (once: `warned`).
 */
export function unpaidSubscriptionStep({
  madeOn,
  today,
  days,
  warned,
}: {
  madeOn: string
  today: string
  days: number
  warned: boolean
}) {
  const expiresOn = addDays(madeOn, days)
  if (expiresOn <= today) return { action: 'expire' as const, expiresOn }
  if (addDays(expiresOn, -1) <= today && !warned) return { action: 'warn' as const, expiresOn }
  return { action: 'keep' as const, expiresOn }
}

export type WaitingPayment = {
  /** The day the payment was sent (its proof uploaded, or staff recorded it). */
  sentOn: string
  today: string
  /** The unconfirmed payment expiry setting. */
  days: number
  /** Its subscription, awaiting confirmation of this payment. */
  subscription: {
    type: 'land' | 'land_investment'
    /** What staff have confirmed on it so far. */
    confirmedKobo: number
    /** Other payments of it still waiting for confirmation. */
    othersWaiting: number
  }
}

export type PaymentExpiry =
  | { expires: false; expiresOn: string }
  | {
      expires: true
      expiresOn: string
      /** The payment: marked not confirmed, its reason saying it expired. */
      payment: 'not_confirmed'
      /** The subscription's status after it. */
      subscription: 'expired' | 'ongoing' | 'awaiting_payment' | 'awaiting_payment_confirmation'
      /** Whether the units it holds go back to stock. */
      unitsBack: boolean
    }

/**
 * A payment staff have neither confirmed nor refused expires `days` days after the day it was sent.
 * With no confirmed payment on its subscription the subscription expires and its units go back to
 * stock; with earlier confirmed payments it goes back to what it was before this one (land with
 * instalments left: ongoing; an investment not fully paid: awaiting payment). While another payment
 * of it still waits, it keeps waiting for that one.
 */
export function unconfirmedPaymentExpiry({
  sentOn,
  today,
  days,
  subscription,
}: WaitingPayment): PaymentExpiry {
  const expiresOn = addDays(sentOn, days)
  if (expiresOn > today) return { expires: false, expiresOn }
  const expired = { expires: true as const, expiresOn, payment: 'not_confirmed' as const }
  if (subscription.othersWaiting > 0)
    return { ...expired, subscription: 'awaiting_payment_confirmation', unitsBack: false }
  if (subscription.confirmedKobo <= 0)
    return { ...expired, subscription: 'expired', unitsBack: true }
  return {
    ...expired,
    subscription: subscription.type === 'land' ? 'ongoing' : 'awaiting_payment',
    unitsBack: false,
  }
}
