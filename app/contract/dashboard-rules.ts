/**
 * The dashboards' rules about money and dates, as pure functions: integer kobo and calendar days
 * (YYYY-MM-DD) in, figures out. The API's counts and list filters apply the same conditions in SQL
 * (app/backend/subscriptions/due.ts); the table tests in tests/unit/dashboard-rules.test.ts pin
 * both readings down.
 */
import { PAYOUT_NEEDS_PAYING, type PayoutStatus } from './payout-rules'
import type { SubscriptionStatus as Status, SubscriptionType as Kind } from './subscription-labels'

/** What is still owed, in kobo: never below 0 (an overpayment owes nothing). */
export function balanceKobo(totalKobo: number, paidKobo: number): number {
  return Math.max(0, totalKobo - paidKobo)
}

/**
 * The share of the price paid, as a whole percent from 0 to 100, rounded down: 100 % only once
 * everything is paid, so a plot with a kobo left never reads as done. A price of 0 is fully paid.
 */
export function paidPercent(paidKobo: number, totalKobo: number): number {
  if (totalKobo <= 0) return 100
  if (paidKobo <= 0) return 0
  if (paidKobo >= totalKobo) return 100
  return Math.floor((paidKobo * 100) / totalKobo)
}

/** The part of a subscription these rules read. */
export type DueFacts = { type: Kind; status: Status; nextPaymentDate: string | null }

/**
 * In arrears: land with something paid (ongoing) whose next instalment's date has passed. A
 * subscription nothing is paid on is not in arrears (it expires instead), nor one whose payment
 * waits for confirmation (it is counted among the payments awaiting confirmation).
 */
export function isInArrears(s: DueFacts, today: string): boolean {
  return (
    s.type === 'land' &&
    s.status === 'ongoing' &&
    s.nextPaymentDate !== null &&
    s.nextPaymentDate < today
  )
}

/**
 * A payout is due: an investment paying out (ongoing) with a payout of its ledger due or late
 * (payoutStatus in app/contract/payout-rules.ts: its date has come and nobody recorded it paid).
 */
export function isPayoutDue(s: {
  type: Kind
  status: Status
  payoutStatuses: readonly PayoutStatus[]
}): boolean {
  return (
    s.type === 'land_investment' &&
    s.status === 'ongoing' &&
    s.payoutStatuses.some((status) => PAYOUT_NEEDS_PAYING.includes(status))
  )
}

/** A payment can be made now: awaiting payment, or a land plan with something left to pay. */
export function isPayableNow(s: {
  type: Kind
  status: Status
  totalKobo: number
  paidKobo: number
}): boolean {
  if (s.status === 'awaiting_payment') return true
  return s.status === 'ongoing' && s.type === 'land' && s.paidKobo < s.totalKobo
}

/** The dated amount that comes first (ties: the first given); null when there is none. */
export function earliestDue<T extends { date: string | null }>(
  items: readonly T[],
): (T & { date: string }) | null {
  let first: (T & { date: string }) | null = null
  for (const item of items) {
    if (item.date === null) continue
    if (!first || item.date < first.date) first = item as T & { date: string }
  }
  return first
}

/** The Monday on or before a calendar day: where "this week" starts. */
export function weekStart(today: string): string {
  const date = new Date(`${today}T00:00:00Z`)
  const daysSinceMonday = (date.getUTCDay() + 6) % 7
  date.setUTCDate(date.getUTCDate() - daysSinceMonday)
  return date.toISOString().slice(0, 10)
}

/**
 * An investor's portfolio value, in kobo: the amounts at work in investments paying out (ongoing).
 * One not yet paid for, or matured (its amount returned with the last payout), counts for nothing.
 */
export function portfolioValueKobo(
  investments: readonly { status: Status; investedKobo: number }[],
): number {
  return investments.reduce(
    (sum, item) => (item.status === 'ongoing' ? sum + item.investedKobo : sum),
    0,
  )
}

export { DUE_FILTER_LABELS, DUE_FILTERS, type DueFilter } from './subscription-labels'
