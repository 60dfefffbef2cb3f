import { percentOf } from './money'

/**
 * The money rules of realtor commissions. Pure and free of zod (the browser reads the labels):
 * rates are percents, a number from 0 to 100 with at most two decimals (2.5 means 2.5 %); worked
 * with percentOf, which scales them to integers, so 2.5 % of any kobo amount is exact before rounding.
 */

export const COMMISSION_LEVELS = [1, 2, 3] as const
export type CommissionLevel = (typeof COMMISSION_LEVELS)[number]

export type CommissionRates = {
  level_1: number
  level_2: number
  level_3: number
  wht_individual: number
  wht_company: number
}

export const DEFAULT_COMMISSION_RATES: CommissionRates = {
  level_1: 5,
  level_2: 3,
  level_3: 2,
  wht_individual: 5,
  wht_company: 10,
}

export const COMMISSION_STATUSES = ['earned', 'paid', 'void'] as const
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number]

export const COMMISSION_STATUS_LABELS: Record<CommissionStatus, string> = { earned: 'Earned', paid: 'Paid', void: 'Void' }

export const LEVEL_LABELS: Record<CommissionLevel, string> = {
  1: 'Level 1 (your customer)',
  2: 'Level 2',
  3: 'Level 3',
}

/** A number with at most two decimals (2.55, not 2.555). */
export const hasTwoDecimalsAtMost = (value: number) => Math.round(value * 100) === Number((value * 100).toFixed(6))

/** A rate as stored: a finite percent from 0 to 100 with at most two decimals. */
export function isRate(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100 && hasTwoDecimalsAtMost(value)
}

export type CommissionAmounts = { gross: number; withholdingTax: number; net: number }

/**
 * One entry's money, in kobo: gross = rate % of the amount paid, rounded half up; withholding tax =
 * the realtor's WHT rate % of gross, rounded half up; net = gross − withholding tax.
 */
export function commissionAmounts(amountPaidKobo: number, ratePercent: number, whtPercent: number): CommissionAmounts {
  const gross = percentOf(amountPaidKobo, ratePercent)
  const withholdingTax = percentOf(gross, whtPercent)
  return { gross, withholdingTax, net: gross - withholdingTax }
}

/** A realtor in a customer's chain: level 1 is the customer's realtor, level 2 its upline, level 3 the next. */
export type ChainLink = { realtorId: number; registeredCompany: boolean }

export type PlannedCommission = CommissionAmounts & { level: CommissionLevel; realtorId: number; ratePercent: number; whtPercent: number }

export const levelRate = (rates: CommissionRates, level: CommissionLevel) =>
  level === 1 ? rates.level_1 : level === 2 ? rates.level_2 : rates.level_3

/**
 * The entries one confirmed payment earns: one for each level that has a realtor and a rate above
 * 0 (a rate of 0 turns its level off); companies are withheld at the company rate.
 */
export function commissionsFor(amountPaidKobo: number, chain: readonly ChainLink[], rates: CommissionRates): PlannedCommission[] {
  const planned: PlannedCommission[] = []
  chain.slice(0, COMMISSION_LEVELS.length).forEach((link, index) => {
    const level = COMMISSION_LEVELS[index]
    const ratePercent = levelRate(rates, level)
    if (!(ratePercent > 0)) return
    const whtPercent = link.registeredCompany ? rates.wht_company : rates.wht_individual
    planned.push({ level, realtorId: link.realtorId, ratePercent, whtPercent, ...commissionAmounts(amountPaidKobo, ratePercent, whtPercent) })
  })
  return planned
}

/**
 * A realtor's totals, in kobo, of net amounts: earned counts every entry not void (paid ones too),
 * paid the paid ones, and the balance is what is still owed.
 */
export function commissionTotals(entries: readonly { status: CommissionStatus; net: number }[]) {
  let earned = 0
  let paid = 0
  for (const entry of entries) {
    if (entry.status === 'void') continue
    earned += entry.net
    if (entry.status === 'paid') paid += entry.net
  }
  return { earned, paid, balance: earned - paid }
}

/**
 * Whether giving `realtorId` the upline `uplineId` would make a loop: the upline is the realtor
 * itself, or the realtor already stands above it (walking up from the upline reaches the realtor).
 * `uplineOf` answers each realtor's current upline.
 */
export function makesLoop(realtorId: number, uplineId: number, uplineOf: (id: number) => number | null | undefined): boolean {
  const seen = new Set<number>()
  let current: number | null | undefined = uplineId
  while (current !== null && current !== undefined) {
    if (current === realtorId) return true
    if (seen.has(current)) return true
    seen.add(current)
    current = uplineOf(current)
  }
  return false
}

/** The month a statement covers, YYYY-MM, as its first and last day (YYYY-MM-DD); null when it is not a real month. */
export function monthRange(month: string): { from: string; to: string } | null {
  const found = /^(\d{4})-(\d{2})$/.exec(month)
  if (!found) return null
  const year = Number(found[1])
  const index = Number(found[2])
  if (index < 1 || index > 12 || year < 2000 || year > 9999) return null
  const last = new Date(Date.UTC(year, index, 0)).getUTCDate()
  return { from: `${found[1]}-${found[2]}-01`, to: `${found[1]}-${found[2]}-${String(last).padStart(2, '0')}` }
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** "2026-11" → "November 2026". */
export function monthName(month: string) {
  const [year, index] = month.split('-').map(Number)
  return `${MONTHS[index - 1] ?? ''} ${year}`.trim()
}
