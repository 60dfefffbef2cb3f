import { numberFormat } from './intl'

/** "1 plot", "3 acres": a count of units of land (`unit` is 'plot', 'acre' or 'unit'). Apart from money.ts, so pages that only say it load no arithmetic. */
export function unitCount(count: number, unit = 'unit'): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`
}

/**
 * The land of a purchase in words, with how much was bought: "2 plots of 600 sqm at Epe, Lagos",
 * "1 plot of 500 sqm", "3 acres at Kuje, Abuja". Documents print it so a second plot is never lost.
 */
export function landQuantity(land: {
  quantity: number
  size: number | null
  sizeInMeasurement: string | null
  landType: string | null
  location?: string | null
}): string {
  const unit = land.landType ?? 'unit'
  const measurement = (land.sizeInMeasurement ?? '').trim()
  const size =
    land.size !== null
      ? [numberFormat('en-NG', { maximumFractionDigits: 2 }).format(land.size), measurement]
          .filter(Boolean)
          .join(' ')
      : ''
  // "2 acres of 1 acre" says the unit twice.
  const saysUnit = land.size === 1 && measurement.toLowerCase().startsWith(unit)
  const what =
    size && !saysUnit
      ? `${unitCount(land.quantity, unit)} of ${size}`
      : unitCount(land.quantity, unit)
  return land.location ? `${what} at ${land.location}` : what
}
