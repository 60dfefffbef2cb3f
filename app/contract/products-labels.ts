// The browser's share of contract/products.ts, without zod: components import these from here.

import { discountedKobo, koboOf, koboToNaira } from './money'

export const PRODUCT_TYPES = ['land', 'land_investment'] as const
export type ProductType = (typeof PRODUCT_TYPES)[number]
export const LAND_TYPES = ['plot', 'acre'] as const
export type LandType = (typeof LAND_TYPES)[number]
export const INVESTMENT_TYPES = ['recurring', 'one_time'] as const
export type InvestmentType = (typeof INVESTMENT_TYPES)[number]
export const INTERVALS = ['days', 'weeks', 'months', 'years'] as const
export type Interval = (typeof INTERVALS)[number]
export const AVAILABLE_STATUSES = ['available', 'unavailable'] as const
export type AvailableStatus = (typeof AVAILABLE_STATUSES)[number]

/** Uploads into this folder are product images: public, and only staff who change products may add them. */
export const PRODUCT_IMAGE_FOLDER = 'products'
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024
export const UPLOAD_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const
/** A proof of payment may also be a PDF (served only as a download). */
export const PROOF_EXTENSIONS = ['png', 'jpg', 'jpeg', 'pdf'] as const
export const MAX_PRODUCT_IMAGES = 10
export const MEDIA_PATH = '/api/v1/media/'

/** Sold by quantity with no unit left: shown 'Sold out', with no Buy or Invest action. */
export function isSoldOut(product: {
  available_by_quantity: boolean
  unit_available: number | null
}) {
  return product.available_by_quantity && (product.unit_available ?? 0) <= 0
}

/** A land product's price for paying in full, in naira as the API sends amounts: discountedKobo's figure. */
export function discountedPrice(product: { amount: number; discount_percentage: number | null }) {
  return koboToNaira(discountedKobo(koboOf(product.amount), product.discount_percentage))
}

const SINGULAR: Record<Interval, string> = {
  days: 'day',
  weeks: 'week',
  months: 'month',
  years: 'year',
}
const PER_YEAR: Record<Interval, number> = { days: 365, weeks: 52, months: 12, years: 1 }

/** A percentage as people write it: 8%, 2.5%, 26.7% (at most one decimal). */
export const roundPercent = (value: number) => `${Number(value.toFixed(1))}%`

/**
 * The simple (not compounded) yearly equivalent of `percent` earned once per `count` intervals:
 * 8% every 3 months is 32% a year, 25% after 18 months about 16.7%.
 */
export function yearlyPercent(percent: number, count: number, interval: Interval) {
  return (percent * PER_YEAR[interval]) / Math.max(1, count)
}

type Returns = {
  investment_return: number | null
  frequency_period: number | null
  interval: Interval | null
  land_investment_type: InvestmentType | null
}

/**
 * An investment's return in plain words: "8% every 3 months (about 32% a year)", "2% every month
 * (about 24% a year)", "25% after 12 months (about 25% a year)". The yearly figure is left out when
 * the period is one year. Empty when the product lacks the terms.
 */
export function returnsWording(product: Returns) {
  const { investment_return: percent, frequency_period: count, interval } = product
  if (percent === null || count === null || !interval) return ''
  const recurring = product.land_investment_type === 'recurring'
  const period = count === 1 ? SINGULAR[interval] : `${count} ${interval}`
  const when = recurring ? `every ${period}` : `after ${count === 1 ? `a ${period}` : period}`
  const head = `${roundPercent(percent)} ${when}`
  if (count === 1 && interval === 'years') return head
  return `${head} (about ${roundPercent(yearlyPercent(percent, count, interval))} a year)`
}

/** When the returns are paid: "Paid every month", "Paid every 3 months", "Paid after 12 months", "Paid after a year". */
export function payoutWording(
  product: Pick<Returns, 'frequency_period' | 'interval' | 'land_investment_type'>,
) {
  const { frequency_period: count, interval } = product
  if (count === null || !interval) return ''
  if (product.land_investment_type === 'recurring') {
    return `Paid every ${count === 1 ? SINGULAR[interval] : `${count} ${interval}`}`
  }
  return `Paid after ${count === 1 ? `a ${SINGULAR[interval]}` : `${count} ${interval}`}`
}
