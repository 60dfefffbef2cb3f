/** Input and time helpers of the web pages; words in ~/utils/text, money and dates in ~/contract/format. */

export { capitalize, humanize, truncate } from './text'

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
