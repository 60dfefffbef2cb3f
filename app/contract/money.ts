/**
 * The one rule for money entering the product: a naira amount becomes integer kobo (rounded to the
 * nearest kobo), and what is left must be at least one kobo. Pure, shared by the forms' zod fields
 * and the API, so an amount such as ₦0.001 is refused by its field instead of stored as ₦0.
 */

export const MIN_KOBO = 1
/** A trillion naira: far above any price, and its kobo stay a safe integer. */
export const MAX_NAIRA = 1e12

export type KoboConversion =
  | { ok: true; kobo: number }
  | { ok: false; problem: 'not_a_number' | 'below_one_kobo' | 'too_large' }

export function nairaToKobo(naira: number): KoboConversion {
  if (typeof naira !== 'number' || !Number.isFinite(naira)) return { ok: false, problem: 'not_a_number' }
  if (naira > MAX_NAIRA) return { ok: false, problem: 'too_large' }
  const kobo = koboOf(naira)
  if (kobo < MIN_KOBO) return { ok: false, problem: 'below_one_kobo' }
  return { ok: true, kobo }
}

/** A naira number (as the API sends amounts) in integer kobo, rounded to the nearest kobo. */
export function koboOf(naira: number): number {
  // toFixed rounds the decimal text, so 1.005 is 101 kobo, where Math.round(1.005 * 100) gives 100.
  return Math.round(Number((naira * 100).toFixed(6)))
}

/** percent % of an amount in kobo, rounded half up to the kobo (exact for any percent with up to 6 decimals). */
export function percentOf(amountKobo: number, percent: number): number {
  const scaled = BigInt(Math.round(percent * 1e6))
  const product = BigInt(Math.round(amountKobo)) * scaled
  const denominator = 100n * 1_000_000n
  const rounded = product >= 0n ? (product * 2n + denominator) / (2n * denominator) : -((-product * 2n + denominator) / (2n * denominator))
  return Number(rounded)
}

/**
 * The price a discount leaves, in kobo: the amount less discount_percentage % of it, that discount
 * rounded half up to the kobo (so 101 kobo at 50 % is 50). The one rule for the price of paying in
 * full, charged by the API and shown by the screens. A discount counts between 0 and 100 %: none,
 * 0 or less leaves the amount, 100 or more leaves 0, so a price never goes below 0 or above the amount.
 */
export function discountedKobo(amountKobo: number, discountPercentage: number | null | undefined): number {
  if (discountPercentage === null || discountPercentage === undefined || !(discountPercentage > 0)) return amountKobo
  if (discountPercentage >= 100) return 0
  return amountKobo - Math.min(amountKobo, percentOf(amountKobo, discountPercentage))
}

/** What a field says when nairaToKobo refuses its amount. */
export function amountProblemMessage(label: string, problem: Extract<KoboConversion, { ok: false }>['problem']) {
  if (problem === 'too_large') return `${label} is too large`
  if (problem === 'below_one_kobo') return `${label} must be at least ₦0.01`
  return `${label} must be a number`
}

/**
 * Whether a payment plan's total covers the product's price. The floor is the discounted price,
 * what a buyer paying in full is charged: paying by instalments may cost the same or more, never less.
 */
export function planCoversPrice(
  planKobo: number,
  productAmountKobo: number,
  discountPercentage: number | null | undefined,
): boolean {
  return planKobo >= discountedKobo(productAmountKobo, discountPercentage)
}

/** A confirmed payment of a subscription, as a receipt counts it. */
export type ConfirmedPayment = { id: number; kobo: number; confirmedAt: Date }

/**
 * What a receipt says was paid to date and what was left: the payments confirmed up to and
 * including the receipt's own (in the order they were confirmed, then recorded), so an old
 * receipt downloaded again still tells the figures of its day. The balance never goes below zero.
 */
export function receiptTotals(totalKobo: number, payments: readonly ConfirmedPayment[], receipt: { id: number; confirmedAt: Date }) {
  const at = receipt.confirmedAt.getTime()
  const paidKobo = payments
    .filter((payment) => payment.confirmedAt.getTime() < at || (payment.confirmedAt.getTime() === at && payment.id <= receipt.id))
    .reduce((sum, payment) => sum + payment.kobo, 0)
  return { paidKobo, balanceKobo: Math.max(0, totalKobo - paidKobo) }
}
