/**
 * The payout ledger's rules as pure functions: calendar days (YYYY-MM-DD) and integer kobo in,
 * statuses and figures out. The API stores what payoutStatus answers (the daily job moves it), the
 * staff page and the portfolio read those rows, and the table tests in tests/unit/payout-rules.test.ts
 * pin the rules down. Free of zod: the portfolio's chart is drawn from them in the browser too.
 */

import { formatDate, formatDateTime24 } from './format'

export const PAYOUT_STATUSES = ['due', 'late', 'scheduled', 'paid'] as const
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number]

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  scheduled: 'Scheduled',
  due: 'Due',
  late: 'Late',
  paid: 'Paid',
}

/** Days a payout may stay unpaid past its date before it is late, unless the setting says otherwise. */
export const PAYOUT_GRACE_DAYS_DEFAULT = 3
export const PAYOUT_GRACE_DAYS_MIN = 0
export const PAYOUT_GRACE_DAYS_MAX = 60

/**
 * Hours payouts wait after an investor's payout account is set or changed (the
 * payout_account_hold_hours setting): a stolen session that moves the account cannot be paid
 * before the holder, told at once, can stop it.
 */
export const PAYOUT_ACCOUNT_HOLD_HOURS_DEFAULT = 72
export const PAYOUT_ACCOUNT_HOLD_HOURS_MIN = 1
export const PAYOUT_ACCOUNT_HOLD_HOURS_MAX = 720

const DAY = 86_400_000

/** Whole calendar days from one day to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY)
}

/** A calendar day moved by a number of days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10)
}

/**
 * A payout's status on a day: paid once recorded paid; otherwise scheduled before its date, due
 * from its date through `graceDays` days after it, and late after that.
 */
export function payoutStatus(
  payout: { dueDate: string; paidAt: string | null },
  today: string,
  graceDays: number,
): PayoutStatus {
  if (payout.paidAt) return 'paid'
  const past = daysBetween(payout.dueDate, today)
  if (past < 0) return 'scheduled'
  return past <= Math.max(0, graceDays) ? 'due' : 'late'
}

/** How many days past its date an unpaid payout is (0 when its date has not passed). */
export function daysLate(dueDate: string, today: string): number {
  return Math.max(0, daysBetween(dueDate, today))
}

/** "Late by 1 day", "Late by 12 days". */
export function lateByWording(days: number): string {
  return `Late by ${days} day${days === 1 ? '' : 's'}`
}

/** One row of an investment's promised payouts, as the invest panel shows them. */
export type PromisedPayout = { period: string; amount: number }

/** A ledger row as it is made: its number, date, amount and the part that returns the principal. */
export type LedgerRow = { sequence: number; dueDate: string; amount: number; principal: number }

/**
 * The ledger of an investment from the payouts it was sold with: the same dates and amounts, one
 * row each, numbered from 1, the principal counted in the last one (where the schedule returns it).
 */
export function ledgerRows(promised: readonly PromisedPayout[], investedKobo: number): LedgerRow[] {
  return promised.map((row, index) => ({
    sequence: index + 1,
    dueDate: row.period,
    amount: row.amount,
    principal: index === promised.length - 1 ? Math.min(investedKobo, row.amount) : 0,
  }))
}

/** What a list of payouts adds up to, in kobo. */
export function totalKobo(rows: readonly { amount: number }[]): number {
  return rows.reduce((sum, row) => sum + row.amount, 0)
}

/** A payout as the portfolio's figures read it (kobo). */
export type PortfolioPayout = {
  dueDate: string
  amount: number
  principal: number
  status: PayoutStatus
  paidAt: string | null
}

export type PortfolioTotals = {
  investedKobo: number
  /** The returns (payouts less the principal they give back) recorded paid. */
  returnsReceivedKobo: number
  /** The returns of payouts not paid yet. */
  returnsExpectedKobo: number
  /** The first unpaid payout by date (its whole amount, principal included), or null. */
  next: { dueDate: string; amount: number } | null
  late: { count: number; amount: number }
}

/**
 * The portfolio's top figures from the investor's investments that are paying out or done and
 * their payouts: the amount invested, returns received and still expected, the next payout, the
 * late ones.
 */
export function portfolioTotals(
  investedKobo: readonly number[],
  payouts: readonly PortfolioPayout[],
): PortfolioTotals {
  let returnsReceivedKobo = 0
  let returnsExpectedKobo = 0
  let next: PortfolioTotals['next'] = null
  const late = { count: 0, amount: 0 }
  for (const payout of payouts) {
    const returns = payout.amount - payout.principal
    if (payout.status === 'paid') {
      returnsReceivedKobo += returns
      continue
    }
    returnsExpectedKobo += returns
    if (!next || payout.dueDate < next.dueDate)
      next = { dueDate: payout.dueDate, amount: payout.amount }
    else if (payout.dueDate === next.dueDate)
      next = { dueDate: next.dueDate, amount: next.amount + payout.amount }
    if (payout.status === 'late') {
      late.count += 1
      late.amount += payout.amount
    }
  }
  return {
    investedKobo: investedKobo.reduce((sum, kobo) => sum + kobo, 0),
    returnsReceivedKobo,
    returnsExpectedKobo,
    next,
    late,
  }
}

/** One step of the returns chart: by a day, the returns promised by then and those received by then. */
export type ReturnsPoint = { date: string; expectedKobo: number; receivedKobo: number }

/**
 * Cumulative returns over time: expected counts every payout's returns on its date, received
 * counts a paid payout's returns on the day it was paid. One point per day something changes, in
 * date order.
 */
export function cumulativeReturns(payouts: readonly PortfolioPayout[]): ReturnsPoint[] {
  const changes = new Map<string, { expected: number; received: number }>()
  const at = (date: string) => {
    let change = changes.get(date)
    if (!change) changes.set(date, (change = { expected: 0, received: 0 }))
    return change
  }
  for (const payout of payouts) {
    const returns = payout.amount - payout.principal
    at(payout.dueDate).expected += returns
    if (payout.status === 'paid' && payout.paidAt) at(payout.paidAt).received += returns
  }
  let expectedKobo = 0
  let receivedKobo = 0
  return [...changes.keys()].sort().map((date) => {
    const change = changes.get(date)!
    expectedKobo += change.expected
    receivedKobo += change.received
    return { date, expectedKobo, receivedKobo }
  })
}

/** Who records payouts paid: the staff page, its menu entry and the admin endpoints read this one rule. */
export const PAYOUT_RECORDERS = { permissions: ['can_record_payout'] } as const

/** The dashboard's "payouts due" and the list behind it: payouts due or late (unpaid past their date). */
export const PAYOUT_NEEDS_PAYING: readonly PayoutStatus[] = ['due', 'late']

/** A payout held because its investor's payout account changed: when it changed and when the hold ends (ISO instants). */
export type PayoutAccountHold = { changed_at: string; held_until: string }

/** When the hold that a payout account change at `changedAt` starts ends: `holdHours` later. */
export function payoutAccountHeldUntil(changedAt: Date, holdHours: number): Date {
  return new Date(changedAt.getTime() + Math.max(0, holdHours) * 3_600_000)
}

/**
 * The hold on an investor's payouts at `now`: from the moment its payout account was set or
 * changed until `holdHours` hours later. Null when it never changed (accounts saved before holds
 * existed) or the hold is over.
 */
export function payoutAccountHold(
  changedAt: Date | string | null | undefined,
  holdHours: number,
  now: Date,
): PayoutAccountHold | null {
  if (!changedAt) return null
  const changed = new Date(changedAt)
  if (Number.isNaN(changed.getTime())) return null
  const until = payoutAccountHeldUntil(changed, holdHours)
  return until.getTime() > now.getTime()
    ? { changed_at: changed.toISOString(), held_until: until.toISOString() }
    : null
}

/** "Payout account changed on 14/01/2027: held until 17/01/2027 09:30", in the time zone given. */
export function payoutHoldWording(hold: PayoutAccountHold, timeZone?: string): string {
  return `Payout account changed on ${formatDate(hold.changed_at, timeZone)}: held until ${formatDateTime24(hold.held_until, timeZone)}`
}
