import dayjs from 'dayjs'
import advancedFormat from 'dayjs/plugin/advancedFormat.js'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'

dayjs.extend(utc)
dayjs.extend(timezone)
dayjs.extend(advancedFormat)

export const DEFAULT_TIME_ZONE = 'Africa/Lagos'

/** Thousands commas, with two decimals when forced: 1250000 → "1,250,000.00". */
export function formatNumber(value: number, { forceDecimals = false } = {}) {
  return new Intl.NumberFormat('en-NG', {
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

/** Removes thousands commas (and the naira sign) before a typed amount becomes a number. */
export function parseAmount(text: string) {
  const cleaned = text.replace(/[,\s₦]/g, '')
  if (!cleaned) return null
  const value = Number(cleaned)
  return Number.isFinite(value) ? value : null
}

/** Formats a money input while the user types: "1250000.5" → "1,250,000.5". */
export function formatMoneyInput(raw: string) {
  const cleaned = raw.replace(/[^\d.]/g, '')
  const [whole, ...rest] = cleaned.split('.')
  const decimals = rest.join('').slice(0, 2)
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return cleaned.includes('.') ? `${grouped}.${decimals}` : grouped
}

/** Truncates with an ellipsis; 10 characters unless told otherwise. */
export function truncate(text: string, length = 10) {
  return text.length > length ? `${text.slice(0, length)}...` : text
}

export function capitalize(text: string) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text
}

/** "one_time" → "one time". */
export function humanize(text: string | null | undefined) {
  return (text ?? '').replace(/_/g, ' ')
}

/** DD/MM/YYYY in the user's time zone. */
export function formatDate(value: string | Date | null | undefined, timeZone = DEFAULT_TIME_ZONE) {
  if (!value) return ''
  return dateIn(value, timeZone).format('DD/MM/YYYY')
}

/** "5th March, 2026", the portfolio's date format. */
export function formatOrdinalDate(value: string | Date | null | undefined, timeZone = DEFAULT_TIME_ZONE) {
  if (!value) return ''
  return dateIn(value, timeZone).format('Do MMMM, YYYY')
}

export function formatDateTime(value: string | Date | null | undefined, timeZone = DEFAULT_TIME_ZONE) {
  if (!value) return ''
  return dateIn(value, timeZone).format('DD/MM/YYYY h:mm A')
}

function dateIn(value: string | Date, timeZone: string) {
  // A bare YYYY-MM-DD is a calendar date, not an instant: show it as is.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return dayjs(value)
  try {
    return dayjs(value).tz(timeZone)
  } catch {
    return dayjs(value).tz(DEFAULT_TIME_ZONE)
  }
}

/** "3 minutes ago" style, for notifications. */
export function timeSince(value: string | Date, now: Date = new Date()) {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(value).getTime()) / 1000))
  const units: Array<[string, number]> = [
    ['year', 365 * 24 * 3600],
    ['month', 30 * 24 * 3600],
    ['week', 7 * 24 * 3600],
    ['day', 24 * 3600],
    ['hour', 3600],
    ['minute', 60],
  ]
  for (const [unit, size] of units) {
    const count = Math.floor(seconds / size)
    if (count >= 1) return `${count} ${unit}${count === 1 ? '' : 's'} ago`
  }
  return 'just now'
}
