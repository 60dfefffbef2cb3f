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
  // toFixed rounds the decimal text, so 1.005 is 101 kobo, where Math.round(1.005 * 100) gives 100.
  const kobo = Math.round(Number((naira * 100).toFixed(6)))
  if (kobo < MIN_KOBO) return { ok: false, problem: 'below_one_kobo' }
  return { ok: true, kobo }
}

/** What a field says when nairaToKobo refuses its amount. */
export function amountProblemMessage(label: string, problem: Extract<KoboConversion, { ok: false }>['problem']) {
  if (problem === 'too_large') return `${label} is too large`
  if (problem === 'below_one_kobo') return `${label} must be at least ₦0.01`
  return `${label} must be a number`
}
