/**
 * The calendar patterns the API document states say exactly what the parsers accept: every day of
 * a span of years (leap and common, centuries included) and the days that do not exist are
 * accepted or refused alike by the pattern and by isCalendarDay / parseDisplayDate, and every
 * payment time the pattern allows is one the API reads.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  DISPLAY_DAY_PATTERN,
  ISO_DAY_FROM_1000_PATTERN,
  ISO_DAY_PATTERN,
  PAID_AT_PATTERN,
} from '~/contract/calendar-patterns'
import { parseDisplayDate } from '~/contract/format'
import { isCalendarDay } from '~/contract/payouts'

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

/** Every year-month-day with a day from 0 to 32, real or not, for some telling years. */
function candidates() {
  const years = [
    0, 4, 99, 100, 400, 999, 1000, 1200, 1900, 1999, 2000, 2023, 2024, 2100, 2400, 9999,
  ]
  return years.flatMap((year) =>
    Array.from({ length: 14 }, (_, month) =>
      Array.from({ length: 33 }, (_, day) => ({ year, month, day })),
    ).flat(),
  )
}

describe('ISO_DAY_PATTERN', () => {
  test('accepts exactly the days isCalendarDay accepts', () => {
    const differences = candidates()
      .map(({ year, month, day }) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`)
      .filter((text) => ISO_DAY_PATTERN.test(text) !== isCalendarDay(text))
    expect(differences).toEqual([])
  })
})

describe('ISO_DAY_FROM_1000_PATTERN', () => {
  test('accepts exactly the days parseDisplayDate reads as themselves', () => {
    const differences = candidates()
      .map(({ year, month, day }) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`)
      .filter((text) => ISO_DAY_FROM_1000_PATTERN.test(text) !== (parseDisplayDate(text) === text))
    expect(differences).toEqual([])
  })
})

describe('DISPLAY_DAY_PATTERN', () => {
  test('accepts exactly the dates parseDisplayDate reads, day first or year first', () => {
    const texts = candidates().flatMap(({ year, month, day }) => [
      `${pad(day)}/${pad(month)}/${pad(year, 4)}`,
      `${day}.${month}-${pad(year, 4)}`,
      `${pad(year, 4)}-${pad(month)}-${pad(day)}`,
    ])
    const differences = texts.filter(
      (text) => DISPLAY_DAY_PATTERN.test(text) !== (parseDisplayDate(text) !== null),
    )
    expect(differences).toEqual([])
  })

  test('29 February only in leap years, 31 only in long months', () => {
    expect(DISPLAY_DAY_PATTERN.test('29/02/2024')).toBe(true)
    expect(DISPLAY_DAY_PATTERN.test('29/02/2023')).toBe(false)
    expect(DISPLAY_DAY_PATTERN.test('29/02/1900')).toBe(false)
    expect(DISPLAY_DAY_PATTERN.test('29/02/2000')).toBe(true)
    expect(DISPLAY_DAY_PATTERN.test('31/04/2024')).toBe(false)
    expect(DISPLAY_DAY_PATTERN.test('31/12/2024')).toBe(true)
  })
})

describe('PAID_AT_PATTERN', () => {
  test('every time it allows is one the API reads', async () => {
    process.env.APP_TIME_ZONE ??= 'Africa/Lagos'
    const { parsePaidAt } = await import('~/backend/subscriptions/service')
    fc.assert(
      fc.property(fc.stringMatching(PAID_AT_PATTERN), (text) => {
        expect(parsePaidAt(text), text).not.toBeNull()
      }),
      { seed: 37, numRuns: 2000 },
    )
  })

  test('refuses hours, minutes and days that do not exist', () => {
    for (const text of [
      '2024-02-30',
      '2024-01-01T24:00',
      '2024-01-01T10:60',
      '2024-13-01',
      '1600-02-29',
      '1969-12-31',
      '2100-02-29',
    ])
      expect(PAID_AT_PATTERN.test(text), text).toBe(false)
    for (const text of [
      '2024-02-29',
      '2400-02-29',
      '1972-02-29',
      '2024-01-01 23:59',
      '2024-01-01T10:00:00.5+01:00',
    ])
      expect(PAID_AT_PATTERN.test(text), text).toBe(true)
  })
})
