import { formatDate } from '~/contract/format'

/** The steps an amount axis counts in: 1, 2, 2.5 and 5 times a power of ten, never below ₦1. */
const NICE_FACTORS = [1, 2, 2.5, 5, 10] as const

function niceStepAtLeast(raw: number) {
  const power = 10 ** Math.floor(Math.log10(Math.max(raw, 1)))
  const factor = NICE_FACTORS.find((candidate) => candidate * power >= raw - 1e-9) ?? 10
  return factor * power
}

/**
 * The amount axis of a chart whose highest figure is `max` naira: 3 to 5 round ticks from ₦0,
 * the top one at or above `max`, the step chosen so that the top wastes the least room (and, when
 * two steps reach the same top, the one with more ticks).
 */
export function amountTicks(max: number): number[] {
  const high = Math.max(max, 0)
  let best: { step: number; intervals: number } | null = null
  for (const wanted of [4, 3, 2]) {
    const step = niceStepAtLeast(high / wanted)
    const intervals = Math.max(2, Math.ceil(high / step - 1e-9))
    if (intervals > 4) continue
    if (!best || step * intervals < best.step * best.intervals) best = { step, intervals }
  }
  const { step, intervals } = best!
  return Array.from({ length: intervals + 1 }, (_, index) => index * step)
}

/** An amount in few characters for a narrow axis: ₦250k, ₦1.5m, ₦2bn (the full figure is in the text beside). */
export function compactNaira(naira: number) {
  const value = Math.abs(naira)
  const sign = naira < 0 ? '-' : ''
  const [divisor, suffix] =
    value >= 1e9 ? [1e9, 'bn'] : value >= 1e6 ? [1e6, 'm'] : value >= 1e3 ? [1e3, 'k'] : [1, '']
  const scaled = value / divisor
  // Three significant figures at most: ₦1.25m, ₦12.5k, ₦125k.
  const digits = scaled >= 100 ? 0 : scaled >= 10 ? 1 : 2
  const text = String(Number(scaled.toFixed(digits)))
  return `${sign}₦${text}${suffix}`
}

export type DateTick = { date: string; label: string }

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** Month steps a date axis counts in, so that its ticks fall on quarters and years. */
const MONTH_STEPS = [1, 2, 3, 4, 6, 12, 24, 60, 120] as const

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1
const monthStart = (index: number) =>
  `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`

/**
 * The date axis from `first` to `last` (YYYY-MM-DD) with at most `maxTicks` labels: the first of
 * every month, quarter, half-year, year… inside the span, as "Mar 2027", the step the smallest
 * that keeps to `maxTicks`. A span that holds fewer than two month starts is labelled by its two
 * ends instead, in full (DD/MM/YYYY), or by its one date.
 */
export function dateTicks(first: string, last: string, maxTicks: number): DateTick[] {
  const startMonth = first.endsWith('-01') ? monthIndex(first) : monthIndex(first) + 1
  const endMonth = monthIndex(last)
  for (const step of MONTH_STEPS) {
    const months: number[] = []
    for (let month = Math.ceil(startMonth / step) * step; month <= endMonth; month += step)
      months.push(month)
    if (months.length > maxTicks) continue
    if (months.length < 2) break
    return months.map((month) => ({
      date: monthStart(month),
      label: `${MONTHS[month % 12]} ${Math.floor(month / 12)}`,
    }))
  }
  const ends = first === last || maxTicks < 2 ? [last] : [first, last]
  return ends.map((date) => ({ date, label: formatDate(date) }))
}
