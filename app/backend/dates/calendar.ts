import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc.js'
import { dateTimeFormat } from '~/contract/intl'

dayjs.extend(utc)

export type IntervalUnit = 'days' | 'weeks' | 'months' | 'years'

/** Today's calendar date in a time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}

/**
 * start + count units. Always counted from the start (never step by step), so monthly rows from
 * the 31st land on each month's last day (Jan 31 → Feb 28/29 → Mar 31) instead of drifting.
 */
export function addInterval(start: string, count: number, unit: IntervalUnit): string {
  return dayjs.utc(start).add(count, unit).format('YYYY-MM-DD')
}
