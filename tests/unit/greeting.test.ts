import { describe, expect, test } from 'vitest'
import { greetingForHour, hourIn } from '~/utils/greeting'

/** The greeting a user in a time zone sees at a UTC instant. */
const greetingAt = (iso: string, timeZone = 'UTC') =>
  greetingForHour(hourIn(timeZone, new Date(iso)))

describe('the greeting hours 5, 12, 17, 22', () => {
  test.each([
    ['04:59', 'Hello'],
    ['05:00', 'Good morning'],
    ['11:59', 'Good morning'],
    ['12:00', 'Good afternoon'],
    ['16:59', 'Good afternoon'],
    ['17:00', 'Good evening'],
    ['21:59', 'Good evening'],
    ['22:00', 'Hello'],
    ['00:00', 'Hello'],
  ])('%s → %s', (time, expected) => {
    expect(greetingAt(`2026-03-05T${time}:00Z`)).toBe(expected)
  })
})

describe("the user's time zone", () => {
  test('the same instant greets differently in Lagos (UTC+1) and New York', () => {
    // 11:30 UTC is 12:30 in Lagos and 06:30 (EST) in New York.
    expect(greetingAt('2026-01-15T11:30:00Z', 'Africa/Lagos')).toBe('Good afternoon')
    expect(greetingAt('2026-01-15T11:30:00Z', 'America/New_York')).toBe('Good morning')
    // 04:30 UTC is 05:30 in Lagos: morning there, still night in UTC.
    expect(greetingAt('2026-01-15T04:30:00Z', 'Africa/Lagos')).toBe('Good morning')
    expect(greetingAt('2026-01-15T04:30:00Z', 'UTC')).toBe('Hello')
  })

  test('an unknown zone falls back to Lagos', () => {
    expect(hourIn('Not/AZone', new Date('2026-01-15T11:30:00Z'))).toBe(12)
  })
})
