import { dateTimeFormat } from '~/contract/intl'

/** Good morning from 5, afternoon from 12, evening from 17 until 22; Hello otherwise. */
export function greetingForHour(hour: number) {
  if (hour >= 5 && hour < 12) return 'Good morning'
  if (hour >= 12 && hour < 17) return 'Good afternoon'
  if (hour >= 17 && hour < 22) return 'Good evening'
  return 'Hello'
}

export function hourIn(timeZone: string, now: Date = new Date()) {
  try {
    const text = dateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(
      now,
    )
    return Number(text)
  } catch {
    return hourIn('Africa/Lagos', now)
  }
}
