// Amounts, fees and times as the two providers write them. Everything is held in integer kobo; Paystack
// speaks kobo, Monnify speaks naira with up to two decimals.

/**
 * A provider's fee on a payment: `percent` % of it (rounded half up to the kobo) plus `flatKobo`,
 * never more than `capKobo` (null: no cap) and never more than the payment itself.
 * @typedef {{ percent: number, flatKobo: number, capKobo: number | null }} FeeRule
 */

/** @param {number} amountKobo @param {FeeRule} rule @returns {number} */
export function feeKobo(amountKobo, rule) {
  const basisPoints = Math.round(rule.percent * 100)
  const proportional = Math.floor((amountKobo * basisPoints + 5_000) / 10_000)
  const fee = proportional + rule.flatKobo
  const capped = rule.capKobo === null ? fee : Math.min(fee, rule.capKobo)
  return Math.min(capped, amountKobo)
}

const NAIRA = String.raw`(\d+(?:\.\d{1,2})?)`
const FEE_RULE = new RegExp(
  String.raw`^(?:(\d+(?:\.\d{1,4})?)%)?\s*(?:\+?\s*${NAIRA})?\s*(?:max\s+${NAIRA})?$`,
  'i',
)

/**
 * Reads a fee rule written as "1.5%", "50" (naira, flat), "1.5% + 100" or "1.5% max 2000"
 * (naira cap). Answers null when the text is none of these.
 * @param {string} text
 * @returns {FeeRule | null}
 */
export function parseFeeRule(text) {
  const match = FEE_RULE.exec(text.trim())
  if (!match || (!match[1] && !match[2])) return null
  const [, percent, flat, cap] = match
  return {
    percent: percent ? Number(percent) : 0,
    flatKobo: flat ? (nairaTextToKobo(flat) ?? 0) : 0,
    capKobo: cap ? nairaTextToKobo(cap) : null,
  }
}

/** @param {FeeRule} rule */
export function describeFeeRule(rule) {
  const parts = []
  if (rule.percent) parts.push(`${rule.percent} %`)
  if (rule.flatKobo) parts.push(formatNaira(rule.flatKobo))
  const text = parts.join(' + ') || 'no fee'
  return rule.capKobo === null ? text : `${text}, at most ${formatNaira(rule.capKobo)}`
}

/**
 * Kobo from naira as a person types it ("25000", "25,000.50", "₦25,000"), or null when it is not
 * an amount of naira with at most two decimals.
 * @param {string} text
 * @returns {number | null}
 */
export function nairaTextToKobo(text) {
  const cleaned = text.replace(/[₦,\s]/g, '')
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null
  const [whole, fraction = ''] = cleaned.split('.')
  const kobo = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  return Number.isSafeInteger(kobo) ? kobo : null
}

/**
 * Kobo from a naira amount that arrived as a JSON number or string (Monnify's requests), or null
 * when it has more than two decimals or is not a number.
 * @param {unknown} value
 * @returns {number | null}
 */
export function nairaValueToKobo(value) {
  if (typeof value === 'number')
    return Number.isFinite(value) && value >= 0 ? nairaTextToKobo(String(value)) : null
  if (typeof value === 'string') return nairaTextToKobo(value)
  return null
}

/** Naira as a JSON number (Monnify's webhook amountPaid): 2500050 kobo → 25000.5. @param {number} kobo */
export const koboToNairaNumber = (kobo) => Number((kobo / 100).toFixed(2))

/** Naira as a string with two decimals (Monnify's transaction status): 2500050 kobo → "25000.50". @param {number} kobo */
export const koboToNairaString = (kobo) => (kobo / 100).toFixed(2)

/** ₦1,250,000.00 @param {number} kobo */
export function formatNaira(kobo) {
  const naira = Math.floor(kobo / 100).toLocaleString('en-US')
  return `₦${naira}.${String(kobo % 100).padStart(2, '0')}`
}

// Monnify writes times in Lagos time (UTC+1 all year), in two formats depending on the message.
const LAGOS_OFFSET_MS = 60 * 60 * 1000

/** @param {Date} date */
function lagosParts(date) {
  const lagos = new Date(date.getTime() + LAGOS_OFFSET_MS)
  const two = (/** @type {number} */ n) => String(n).padStart(2, '0')
  return {
    year: lagos.getUTCFullYear(),
    month: two(lagos.getUTCMonth() + 1),
    day: two(lagos.getUTCDate()),
    hours: lagos.getUTCHours(),
    minutes: two(lagos.getUTCMinutes()),
    seconds: two(lagos.getUTCSeconds()),
    millis: String(lagos.getUTCMilliseconds()).padStart(3, '0'),
    two,
  }
}

/** "2021-11-17 11:28:42.615": a reserved account's payment in Monnify's webhook. @param {Date} date */
export function monnifyDashedTime(date) {
  const p = lagosParts(date)
  return `${p.year}-${p.month}-${p.day} ${p.two(p.hours)}:${p.minutes}:${p.seconds}.${p.millis}`
}

/** "21/01/2022 03:49:28 PM": Monnify's transaction status and card payments. @param {Date} date */
export function monnifySlashedTime(date) {
  const p = lagosParts(date)
  const hours12 = p.hours % 12 === 0 ? 12 : p.hours % 12
  return `${p.day}/${p.month}/${p.year} ${p.two(hours12)}:${p.minutes}:${p.seconds} ${p.hours < 12 ? 'AM' : 'PM'}`
}
