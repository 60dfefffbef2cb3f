import { amountProblemMessage, nairaToKobo as toKobo } from '~/contract/money'
import { badRequest } from './http/errors'

/** The one place bigint kobo from either driver (pg: string, PGlite: number or bigint) becomes a number. */
export function parseKobo(value: string | number | bigint | null): number {
  if (value === null) return 0
  const kobo = typeof value === 'number' ? value : Number(value)
  if (!Number.isSafeInteger(kobo)) throw new Error(`Not a kobo amount: ${String(value)}`)
  return kobo
}

/**
 * Kobo of a naira amount the contract's nairaAmount field already accepted (contract/money.ts). An
 * amount that slipped past validation is refused, never stored rounded to nothing.
 */
export function nairaToKobo(naira: number): number {
  const converted = toKobo(naira)
  if (!converted.ok) throw badRequest(amountProblemMessage('Amount', converted.problem))
  return converted.kobo
}
export { koboToNaira } from '~/contract/money'
