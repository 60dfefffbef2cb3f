/**
 * Calendar days and times as regular expressions, exact to the day (no 31 April, 29 February in
 * leap years only), so the API document states the same rule as the checks that parse them
 * (isCalendarDay, parseDisplayDate, the payment time): a client validating against the document
 * is never refused a day it was told is fine.
 */

const LEAP_YEAR = '(?:\\d\\d(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)'
/** Years 0100 to 9999: parseDisplayDate reads no year below 100. */
const LEAP_YEAR_FROM_100 =
  '(?:(?:0[1-9]|[1-9]\\d)(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)'
const YEAR_FROM_100 = '(?:0[1-9]\\d\\d|[1-9]\\d{3})'

/** Month and day, "MM-DD", for any year but 29 February. */
const MONTH_DAY =
  '(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))'

/** YYYY-MM-DD, a day that exists (years 0000 to 9999). */
export const ISO_DAY_SOURCE = `(?:\\d{4}-${MONTH_DAY}|${LEAP_YEAR}-02-29)`

/** A time of day, HH:mm with optional seconds and milliseconds. */
const TIME = '(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d{1,3})?)?'
const OFFSET = '(?:Z|[+-](?:[01]\\d|2[0-3]):?[0-5]\\d)'

/** A day of 1970 to 2999, YYYY-MM-DD (the time zone database is exact from 1970 on). */
const MODERN_DAY = `(?:(?:19[7-9]\\d|2\\d{3})-${MONTH_DAY}|(?:19(?:7[26]|8[048]|9[26])|2\\d(?:0[48]|[2468][048]|[13579][26])|2[048]00)-02-29)`

/** A payment's time: a day of 1970 to 2999, optionally with a time (T or a space between) and an offset. */
export const PAID_AT_SOURCE = `^${MODERN_DAY}(?:[T ]${TIME}${OFFSET}?)?$`

// Day first, as people type it: 1 to 2 digits for the day and month, then the year, separated by
// '/', '.' or '-'; the separators may differ, as parseDisplayDate reads them.
const SEP = '[/.-]'
const DAY_31 = '(?:0?[1-9]|[12]\\d|3[01])'
const DAY_30 = '(?:0?[1-9]|[12]\\d|30)'
const DAY_28 = '(?:0?[1-9]|1\\d|2[0-8])'
const DISPLAY_DAY_MONTH = `(?:${DAY_31}${SEP}(?:0?[13578]|1[02])|${DAY_30}${SEP}(?:0?[469]|11)|${DAY_28}${SEP}0?2)`

/** What parseDisplayDate reads: DD/MM/YYYY (also D.M.YYYY, D-M-YYYY) or YYYY-MM-DD, years from 100. */
export const DISPLAY_DAY_SOURCE = `^\\s*(?:${DISPLAY_DAY_MONTH}${SEP}${YEAR_FROM_100}|29${SEP}0?2${SEP}${LEAP_YEAR_FROM_100}|${YEAR_FROM_100}-${MONTH_DAY}|${LEAP_YEAR_FROM_100}-02-29)\\s*$`

export const ISO_DAY_PATTERN = new RegExp(`^${ISO_DAY_SOURCE}$`)
/** YYYY-MM-DD that parseDisplayDate answers unchanged: a day that exists, from the year 1000. */
export const ISO_DAY_FROM_1000_PATTERN = new RegExp(
  `^(?:[1-9]\\d{3}-${MONTH_DAY}|(?:[1-9]\\d(?:0[48]|[2468][048]|[13579][26])|(?:[2468][048]|[13579][26])00)-02-29)$`,
)
export const PAID_AT_PATTERN = new RegExp(PAID_AT_SOURCE)
export const DISPLAY_DAY_PATTERN = new RegExp(DISPLAY_DAY_SOURCE)
