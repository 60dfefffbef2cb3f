import { numberFormat } from './intl'

/**
 * How the product shows numbers, money and dates, the same in the web pages and in what the API
 * writes (e-mails, documents, messages).
 */

/** The product's home time zone: dates are shown in it when no better zone is known. */
export const DEFAULT_TIME_ZONE = 'Africa/Lagos'

/** Thousands commas, with two decimals when forced: 1250000 → "1,250,000.00". */
export function formatNumber(value: number, { forceDecimals = false } = {}) {
  return numberFormat('en-NG', {
    minimumFractionDigits: forceDecimals ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(value)
}

/** Naira as the product shows money: ₦1,250,000.00. */
export function formatNaira(naira: number | null | undefined) {
  const value = naira ?? 0
  const sign = value < 0 ? '-' : ''
  return `${sign}₦${formatNumber(Math.abs(value), { forceDecimals: true })}`
}

/** DD/MM/YYYY in the user's time zone. */
export function formatDate(value: string | Date | null | undefined, timeZone = DEFAULT_TIME_ZONE) {
  if (!value) return ''
  const date = dateIn(value, timeZone)
  return date ? `${pad(date.day)}/${pad(date.month)}/${date.year}` : INVALID_DATE
}

/**
 * A calendar date typed as the product shows it, DD/MM/YYYY (or the YYYY-MM-DD of older links),
 * as YYYY-MM-DD; null when it is not a real date ("31/02/2026").
 */
export function parseDisplayDate(text: string | null | undefined): string | null {
  const value = (text ?? '').trim()
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value)
  const yearFirst = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  const [year, month, day] = dayFirst
    ? [Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1])]
    : yearFirst
      ? [Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3])]
      : [0, 0, 0]
  if (!year) return null
  const date = new Date(Date.UTC(year, month - 1, day))
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return null
  return `${year}-${pad(month)}-${pad(day)}`
}

/** DD/MM/YYYY h:mm AM/PM in the user's time zone. */
export function formatDateTime(
  value: string | Date | null | undefined,
  timeZone = DEFAULT_TIME_ZONE,
) {
  if (!value) return ''
  const date = dateIn(value, timeZone)
  if (!date) return INVALID_DATE
  const hour = date.hour % 12 || 12
  return `${pad(date.day)}/${pad(date.month)}/${date.year} ${hour}:${pad(date.minute)} ${date.hour < 12 ? 'AM' : 'PM'}`
}

/** DD/MM/YYYY HH:mm (24-hour clock) in the user's time zone: an hour that matters, such as when a hold ends. */
export function formatDateTime24(
  value: string | Date | null | undefined,
  timeZone = DEFAULT_TIME_ZONE,
) {
  if (!value) return ''
  const date = dateIn(value, timeZone)
  if (!date) return INVALID_DATE
  return `${pad(date.day)}/${pad(date.month)}/${date.year} ${pad(date.hour)}:${pad(date.minute)}`
}

const INVALID_DATE = 'Invalid Date'
const pad = (value: number) => String(value).padStart(2, '0')

type DateParts = { year: number; month: number; day: number; hour: number; minute: number }

// Intl formatters are costly to build: one per time zone, kept.
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** The calendar parts of a date in a time zone (Africa/Lagos when the zone is unknown); null when invalid. */
function dateIn(value: string | Date, timeZone: string): DateParts | null {
  // A bare YYYY-MM-DD is a calendar date, not an instant: show it as is.
  const bare = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null
  if (bare) {
    const local = new Date(Number(bare[1]), Number(bare[2]) - 1, Number(bare[3]))
    return {
      year: local.getFullYear(),
      month: local.getMonth() + 1,
      day: local.getDate(),
      hour: 0,
      minute: 0,
    }
  }
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return null
  let formatter: Intl.DateTimeFormat
  try {
    formatter = formatterFor(timeZone)
  } catch {
    formatter = formatterFor(DEFAULT_TIME_ZONE)
  }
  const parts: Record<string, number> = {}
  for (const part of formatter.formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour % 24,
    minute: parts.minute,
  }
}
