import { discountedKobo, percentOf, koboToNaira } from '~/contract/money'
import { addInterval, type IntervalUnit } from '../dates/calendar'

/**
 * The schedules of docs/rules.md as pure arithmetic: integer kobo in, dated rows out.
 * Dates are calendar days ('YYYY-MM-DD') in the configured time zone; no database here, so the
 * catalogue module and the web layer's previews can reuse it.
 */

/** One dated amount, in kobo: an instalment to pay or a payout to receive. */
export type ScheduleRow = { period: string; amount: number }

export type InvestmentTerms = {
  /** Return on investment, in percent (12.5 means 12.5 %). */
  returnPercent: number
  type: 'recurring' | 'one_time'
  interval: IntervalUnit
  frequencyPeriod: number
  /** Recurring only: how long the investment runs, in `interval` units. */
  duration: number | null
}

export type PaymentPlanTerms = { amount: number; duration: number; durationType: IntervalUnit }

/** How many payouts an investment makes. */
export function payoutCount(terms: InvestmentTerms): number {
  if (terms.type === 'one_time') return 1
  const every = Math.max(1, terms.frequencyPeriod)
  // A term shorter than one period still pays once, at the end of that period.
  return Math.max(1, Math.floor((terms.duration ?? every) / every))
}

/**
 * Recurring: A × r / 100 every frequency_period units until duration units have passed, the last
 * payout also returning A. One time: A × (1 + r / 100) after frequency_period units.
 */
export function investmentPlan(
  amountKobo: number,
  terms: InvestmentTerms,
  start: string,
): ScheduleRow[] {
  const roi = percentOf(amountKobo, terms.returnPercent)
  const every = Math.max(1, terms.frequencyPeriod)
  if (terms.type === 'one_time') {
    return [{ period: addInterval(start, every, terms.interval), amount: amountKobo + roi }]
  }
  const count = payoutCount(terms)
  return Array.from({ length: count }, (_, index) => ({
    period: addInterval(start, every * (index + 1), terms.interval),
    amount: index === count - 1 ? roi + amountKobo : roi,
  }))
}

/** The product's initial deposit, or the plan amount / duration when it has none; never above the plan amount. */
export function initialDeposit(
  plan: PaymentPlanTerms,
  productDepositKobo: number | null | undefined,
): number {
  const deposit = productDepositKobo ?? Math.round(plan.amount / Math.max(1, plan.duration))
  return Math.min(Math.max(0, deposit), plan.amount)
}

/** The equal instalment after the deposit: (plan amount − deposit) / (duration − 1), to the kobo. */
export function instalmentAmount(
  plan: PaymentPlanTerms,
  productDepositKobo: number | null | undefined,
): number {
  const deposit = initialDeposit(plan, productDepositKobo)
  if (plan.duration <= 1 || deposit >= plan.amount) return plan.amount - deposit
  return Math.round((plan.amount - deposit) / (plan.duration - 1))
}

/** A payment plan's estimated_duration_payment, in kobo. */
export const estimatedDurationPayment = instalmentAmount

/**
 * The deposit due on the start date, then duration − 1 instalments one duration_type apart,
 * the last taking whatever rounding left over. A one-step plan (or a deposit covering it all)
 * is a single payment.
 */
export function paymentStructure(
  plan: PaymentPlanTerms,
  productDepositKobo: number | null | undefined,
  start: string,
): ScheduleRow[] {
  const deposit = initialDeposit(plan, productDepositKobo)
  if (plan.duration <= 1 || deposit >= plan.amount) return [{ period: start, amount: plan.amount }]
  const count = plan.duration - 1
  const each = instalmentAmount(plan, productDepositKobo)
  const rest = plan.amount - deposit
  const rows: ScheduleRow[] = [{ period: start, amount: deposit }]
  for (let index = 1; index <= count; index++) {
    rows.push({
      period: addInterval(start, index, plan.durationType),
      amount: index === count ? rest - each * (count - 1) : each,
    })
  }
  return rows
}

/** Full payment: one row of the discounted price, due on the start date. */
export function fullPaymentStructure(
  amountKobo: number,
  discountPercentage: number | null | undefined,
  start: string,
): ScheduleRow[] {
  return [{ period: start, amount: discountedKobo(amountKobo, discountPercentage) }]
}

/** Rows as the API shows them: naira numbers. */
export function toNairaRows(rows: ScheduleRow[]) {
  return rows.map((row) => ({ period: row.period, amount: koboToNaira(row.amount) }))
}
