/**
 * Overdue instalments, as pure functions: integer kobo and calendar days (YYYY-MM-DD) in, figures
 * out. The daily job, the subscription answers, the arrears list and the timeline shown before
 * subscribing all read these, so what a customer is told is what is applied. Rules: docs/rules.md.
 */
import { formatDate } from './format'
import { formatKobo, overdueNow, percentOf, type OverdueParts } from './money'
import type { ArrearsBucket } from './arrears-labels'

export const DEFAULT_ACTIONS = ['reprice', 'cancel'] as const
export type DefaultAction = (typeof DEFAULT_ACTIONS)[number]

/** A payment plan's rules for late payment. */
export type ArrearsRules = {
  graceDays: number
  lateFeePercent: number
  defaultAfterDays: number
  defaultAction: DefaultAction
}

export const ARREARS_RULE_LIMITS = {
  graceDays: { min: 0, max: 90 },
  lateFeePercent: { min: 0, max: 50 },
  defaultAfterDays: { max: 730 },
} as const

export const DEFAULT_ARREARS_RULES: ArrearsRules = {
  graceDays: 7,
  lateFeePercent: 0,
  defaultAfterDays: 90,
  defaultAction: 'reprice',
}

/** A plan's rules as the API answers them (snake_case). */
export function planRules(plan: {
  grace_days: number
  late_fee_percent: number
  default_after_days: number
  default_action: DefaultAction
}): ArrearsRules {
  return {
    graceDays: plan.grace_days,
    lateFeePercent: plan.late_fee_percent,
    defaultAfterDays: plan.default_after_days,
    defaultAction: plan.default_action,
  }
}

/** Why a plan's rules cannot stand, per field; empty when they can. */
export const DEFAULT_AFTER_GRACE_MESSAGE = 'Default after must be more days than the grace days'

export function arrearsRulesProblems(
  rules: ArrearsRules,
): Partial<Record<keyof ArrearsRules, string>> {
  const problems: Partial<Record<keyof ArrearsRules, string>> = {}
  if (!Number.isInteger(rules.graceDays) || rules.graceDays < 0 || rules.graceDays > 90)
    problems.graceDays = 'Grace days must be a whole number from 0 to 90'
  if (
    !Number.isFinite(rules.lateFeePercent) ||
    rules.lateFeePercent < 0 ||
    rules.lateFeePercent > 50
  )
    problems.lateFeePercent = 'Late fee must be from 0 to 50 %'
  if (!Number.isInteger(rules.defaultAfterDays) || rules.defaultAfterDays > 730)
    problems.defaultAfterDays = 'Default after must be a whole number of days, at most 730'
  else if (rules.defaultAfterDays <= rules.graceDays)
    problems.defaultAfterDays = DEFAULT_AFTER_GRACE_MESSAGE
  if (!DEFAULT_ACTIONS.includes(rules.defaultAction))
    problems.defaultAction = 'Choose reprice or cancel'
  return problems
}

/** A calendar day moved by a number of days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** Whole days from one calendar day to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/** The fee for missing an instalment: late_fee_percent of it, rounded half up to the kobo. */
export function lateFeeKobo(
  instalmentKobo: number,
  rules: Pick<ArrearsRules, 'lateFeePercent'>,
): number {
  return percentOf(instalmentKobo, rules.lateFeePercent)
}

/** The last day an instalment may arrive without a fee: its due date plus the grace days. */
export function graceEnd(dueDate: string, rules: Pick<ArrearsRules, 'graceDays'>): string {
  return addDays(dueDate, rules.graceDays)
}

/** The day a fee is charged on an instalment still unpaid: the day after the grace period. */
export function feeDate(dueDate: string, rules: Pick<ArrearsRules, 'graceDays'>): string {
  return addDays(dueDate, rules.graceDays + 1)
}

/** The day the default is counted to: "after" it, the plan's default action applies. */
export function defaultDate(
  dueDate: string,
  rules: Pick<ArrearsRules, 'defaultAfterDays'>,
): string {
  return addDays(dueDate, rules.defaultAfterDays)
}

/** The day the default action is taken: the day after defaultDate. */
export function defaultActionDate(
  dueDate: string,
  rules: Pick<ArrearsRules, 'defaultAfterDays'>,
): string {
  return addDays(dueDate, rules.defaultAfterDays + 1)
}

export type Instalment = { sequence: number; dueDate: string; amountKobo: number }
/** A late fee charged on an instalment (once per instalment), dated the day it was charged. */
export type LateFee = { instalment: number; chargedOn: string; amountKobo: number }

export type AllocatedItem =
  | {
      kind: 'instalment'
      sequence: number
      date: string
      amountKobo: number
      paidKobo: number
      leftKobo: number
    }
  | {
      kind: 'fee'
      sequence: number
      date: string
      amountKobo: number
      paidKobo: number
      leftKobo: number
    }

/**
 * What is owed, oldest first (by date; on the same day an instalment before a fee), with the
 * confirmed payments allocated to it in that order: each item paid as far as the money goes.
 */
export function allocate(
  instalments: readonly Instalment[],
  fees: readonly LateFee[],
  paidKobo: number,
): AllocatedItem[] {
  const items = [
    ...instalments.map((i) => ({
      kind: 'instalment' as const,
      sequence: i.sequence,
      date: i.dueDate,
      amountKobo: i.amountKobo,
    })),
    ...fees.map((f) => ({
      kind: 'fee' as const,
      sequence: f.instalment,
      date: f.chargedOn,
      amountKobo: f.amountKobo,
    })),
  ].sort((a, b) =>
    a.date !== b.date
      ? a.date < b.date
        ? -1
        : 1
      : a.kind !== b.kind
        ? a.kind === 'instalment'
          ? -1
          : 1
        : a.sequence - b.sequence,
  )
  let money = Math.max(0, paidKobo)
  return items.map((item) => {
    const paid = Math.min(money, item.amountKobo)
    money -= paid
    return { ...item, paidKobo: paid, leftKobo: item.amountKobo - paid }
  })
}

/** The fees due today and not charged yet: one per instalment still unpaid after its grace days. */
export function feesToCharge(
  instalments: readonly Instalment[],
  fees: readonly LateFee[],
  paidKobo: number,
  rules: ArrearsRules,
  today: string,
): LateFee[] {
  if (!(rules.lateFeePercent > 0)) return []
  const charged = new Set(fees.map((f) => f.instalment))
  return allocate(instalments, fees, paidKobo)
    .filter(
      (item) =>
        item.kind === 'instalment' &&
        item.leftKobo > 0 &&
        !charged.has(item.sequence) &&
        feeDate(item.date, rules) <= today,
    )
    .map((item) => ({
      instalment: item.sequence,
      chargedOn: today,
      amountKobo: lateFeeKobo(item.amountKobo, rules),
    }))
    .filter((fee) => fee.amountKobo > 0)
}

export {
  ARREARS_BUCKET_LABELS,
  ARREARS_BUCKETS,
  overdueBy,
  type ArrearsBucket,
} from './arrears-labels'

/** The bucket of a number of days in arrears; null when not in arrears. */
export function arrearsBucket(days: number): ArrearsBucket | null {
  if (days <= 0) return null
  if (days <= 30) return '1-30'
  if (days <= 60) return '31-60'
  if (days <= 90) return '61-90'
  return '90+'
}

export type NextStep = { kind: 'late_fee' | DefaultAction; date: string; amountKobo: number | null }

export type Arrears = {
  /** Instalments dated before today with something left, oldest first. */
  overdue: { sequence: number; dueDate: string; leftKobo: number }[]
  /** Unpaid instalments dated before today plus the unpaid late fees charged (overdueNow). */
  amountOverdueKobo: number
  /** That sum's parts: how many instalments and late fees, and how much of each. */
  overdueParts: OverdueParts
  /** From the day after the oldest unpaid due date (instalment or fee); 0 when nothing is overdue. */
  daysInArrears: number
  bucket: ArrearsBucket | null
  oldestUnpaidDue: string | null
  /** What happens next if nothing is paid, and on what day; null when no instalment is overdue. */
  nextStep: NextStep | null
}

/**
 * The arrears of a land subscription on a day: its instalments and charged fees, with what its
 * confirmed payments cover allocated oldest first.
 */
export function arrearsOf(input: {
  instalments: readonly Instalment[]
  fees: readonly LateFee[]
  paidKobo: number
  rules: ArrearsRules
  today: string
}): Arrears {
  const { rules, today } = input
  const items = allocate(input.instalments, input.fees, input.paidKobo)
  const overdueItems = items.filter((item) => item.leftKobo > 0 && item.date < today)
  const overdue = overdueItems
    .filter((item) => item.kind === 'instalment')
    .map((item) => ({ sequence: item.sequence, dueDate: item.date, leftKobo: item.leftKobo }))
  const overdueParts = overdueNow(items, today)
  const amountOverdueKobo = overdueParts.totalKobo
  // Days count from the oldest amount unpaid (an instalment, or a fee once its instalment is paid).
  const oldestUnpaidDue = overdueItems[0]?.date ?? null
  const daysInArrears = oldestUnpaidDue ? daysBetween(oldestUnpaidDue, today) : 0
  let nextStep: NextStep | null = null
  if (oldestUnpaidDue && overdue.length) {
    const charged = new Set(input.fees.map((f) => f.instalment))
    const feeDue = overdue
      .filter((i) => !charged.has(i.sequence) && rules.lateFeePercent > 0)
      .map((i) => ({ date: feeDate(i.dueDate, rules), sequence: i.sequence }))
      .find((f) => f.date > today)
    const actionOn = defaultActionDate(overdue[0].dueDate, rules)
    if (feeDue && feeDue.date < actionOn) {
      const instalment = input.instalments.find((i) => i.sequence === feeDue.sequence)!
      nextStep = {
        kind: 'late_fee',
        date: feeDue.date,
        amountKobo: lateFeeKobo(instalment.amountKobo, rules),
      }
    } else {
      nextStep = { kind: rules.defaultAction, date: actionOn, amountKobo: null }
    }
  }
  return {
    overdue,
    amountOverdueKobo,
    overdueParts,
    daysInArrears,
    bucket: arrearsBucket(daysInArrears),
    oldestUnpaidDue,
    nextStep,
  }
}

/** Whether the plan's default action is due today: an instalment unpaid more than default_after_days. */
export function isDefaultDue(
  arrears: Pick<Arrears, 'overdue'>,
  rules: Pick<ArrearsRules, 'defaultAfterDays'>,
  today: string,
): boolean {
  const oldest = arrears.overdue[0]
  return Boolean(oldest) && daysBetween(oldest.dueDate, today) > rules.defaultAfterDays
}

/**
 * The unpaid balance recomputed at the product's current price: balance × price now / price when
 * subscribed, rounded half up to the kobo (the price per unit as paying in full costs). With no
 * price on record the balance stands.
 */
export function repricedBalanceKobo(
  unpaidKobo: number,
  priceThenKobo: number | null,
  priceNowKobo: number,
): number {
  if (!priceThenKobo || priceThenKobo <= 0 || unpaidKobo <= 0) return Math.max(0, unpaidKobo)
  const product = BigInt(unpaidKobo) * BigInt(priceNowKobo)
  const denominator = BigInt(priceThenKobo)
  return Number((product * 2n + denominator) / (2n * denominator))
}

/**
 * The unpaid instalments' new amounts after repricing, in order: each scaled to the new balance,
 * the last taking what the rounding left so they add up to it exactly. `left` are the unpaid parts.
 */
export function repriceInstalments(left: readonly number[], newBalanceKobo: number): number[] {
  const old = left.reduce((sum, amount) => sum + amount, 0)
  if (old <= 0) return left.map(() => 0)
  let given = 0
  return left.map((amount, index) => {
    if (index === left.length - 1) return newBalanceKobo - given
    const scaled = Number(
      (BigInt(amount) * BigInt(newBalanceKobo) * 2n + BigInt(old)) / (2n * BigInt(old)),
    )
    given += scaled
    return scaled
  })
}

/** What the default action does, in plain words. */
export function defaultActionWords(action: DefaultAction, unit = 'plot'): string {
  return action === 'reprice'
    ? 'the balance is repriced at the current price'
    : `the subscription is cancelled and its ${unit}s return to stock; what you paid is handled as the terms say`
}

/**
 * The timeline shown before subscribing, in plain words with the customer's own figures: what
 * happens if the first instalment after today is missed, then the rule for every instalment.
 */
export function arrearsTimeline(
  instalments: readonly Instalment[],
  rules: ArrearsRules,
  today: string,
  unit = 'plot',
): string[] {
  const first = instalments.find((i) => i.dueDate > today)
  if (!first) return []
  const amount = formatKobo(first.amountKobo)
  const due = formatDate(first.dueDate)
  const fee = lateFeeKobo(first.amountKobo, rules)
  const lines: string[] = []
  lines.push(
    fee > 0
      ? `If your payment of ${amount} due on ${due} is not received by ${formatDate(graceEnd(first.dueDate, rules))}, a late fee of ${formatKobo(fee)} is added.`
      : `If your payment of ${amount} due on ${due} is not received by ${formatDate(graceEnd(first.dueDate, rules))}, it is overdue; no late fee is added.`,
  )
  const after = defaultActionWords(rules.defaultAction, unit)
  lines.push(`After ${formatDate(defaultDate(first.dueDate, rules))} ${after}.`)
  lines.push(arrearsRulesSentence(rules, unit))
  return lines
}

/** The rules in one sentence, for every instalment: the terms text and the land document say it. */
export function arrearsRulesSentence(rules: ArrearsRules, unit = 'plot'): string {
  const fee =
    rules.lateFeePercent > 0
      ? `a late fee of ${rules.lateFeePercent}% of the instalment is added once if it is not paid within ${rules.graceDays} days of its due date`
      : `no late fee is added, and an instalment may be paid up to ${rules.graceDays} days after its due date`
  return `For every instalment, ${fee}; if an instalment is still unpaid ${rules.defaultAfterDays} days after its due date, ${defaultActionWords(rules.defaultAction, unit)}.`
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** "You owe ₦5,508,000.00 now: 2 instalments (₦5,400,000.00) and 2 late fees (₦108,000.00)." */
export function owedNowSentence(parts: OverdueParts): string {
  const pieces = [
    parts.instalments
      ? `${plural(parts.instalments, 'instalment')} (${formatKobo(parts.instalmentsKobo)})`
      : null,
    parts.fees ? `${plural(parts.fees, 'late fee')} (${formatKobo(parts.feesKobo)})` : null,
  ].filter(Boolean)
  return `You owe ${formatKobo(parts.totalKobo)} now: ${pieces.join(' and ')}.`
}

/**
 * Every late fee still owed, each with its day: "Late fees added: ₦54,000.00 on 04/02/2027 and
 * ₦54,000.00 on 06/03/2027." Empty when none is.
 */
export function feesAddedSentence(fees: readonly Pick<LateFee, 'chargedOn' | 'amountKobo'>[]) {
  if (!fees.length) return ''
  const each = fees.map((fee) => `${formatKobo(fee.amountKobo)} on ${formatDate(fee.chargedOn)}`)
  const list = each.length === 1 ? each[0] : `${each.slice(0, -1).join(', ')} and ${each.at(-1)}`
  return `${fees.length === 1 ? 'A late fee was added' : 'Late fees added'}: ${list}.`
}
