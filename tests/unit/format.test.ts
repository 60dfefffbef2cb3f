import { describe, expect, test } from 'vitest'
import { formatDate, formatDateTime, formatNaira, parseDisplayDate } from '~/contract/format'
import {
  capitalize,
  formatMoneyInput,
  humanize,
  parseAmount,
  timeSince,
  truncate,
} from '~/utils/format'

describe('money', () => {
  test('naira with thousands commas and two decimals', () => {
    expect(formatNaira(1250000)).toBe('₦1,250,000.00')
    expect(formatNaira(0.5)).toBe('₦0.50')
    expect(formatNaira(-1500)).toBe('-₦1,500.00')
  })

  test('typed amounts lose their commas before they become numbers', () => {
    expect(parseAmount('1,250,000.50')).toBe(1250000.5)
    expect(parseAmount('₦ 2,000')).toBe(2000)
    expect(parseAmount('')).toBeNull()
    expect(parseAmount('abc')).toBeNull()
  })

  test('money inputs are grouped while typing', () => {
    expect(formatMoneyInput('1250000')).toBe('1,250,000')
    expect(formatMoneyInput('1250000.567')).toBe('1,250,000.56')
    expect(formatMoneyInput('abc12x3')).toBe('123')
    expect(formatMoneyInput('0005')).toBe('5')
  })
})

describe('text', () => {
  test('truncates at 10 characters by default with an ellipsis', () => {
    expect(truncate('Short')).toBe('Short')
    expect(truncate('Oluwaseun Adebayo')).toBe('Oluwaseun ...')
    expect(truncate('Oluwaseun Adebayo', 15)).toBe('Oluwaseun Adeba...')
  })

  test('capitalises and humanises', () => {
    expect(capitalize('ongoing')).toBe('Ongoing')
    expect(humanize('one_time')).toBe('one time')
  })
})

describe('dates', () => {
  test('DD/MM/YYYY in the user time zone', () => {
    expect(formatDate('2026-03-05T23:30:00Z', 'Africa/Lagos')).toBe('06/03/2026')
    expect(formatDate('2026-03-05T23:30:00Z', 'America/New_York')).toBe('05/03/2026')
    expect(formatDate('2026-03-05')).toBe('05/03/2026')
  })

  test.each([
    ['22/11/2026', '2026-11-22'],
    ['1/2/2026', '2026-02-01'],
    [' 05.03.2026 ', '2026-03-05'],
    ['29/02/2028', '2028-02-29'],
    ['2026-11-22', '2026-11-22'],
    ['29/02/2026', null],
    ['31/04/2026', null],
    ['11/22/2026', null],
    ['2026/11/22', null],
    ['22/11/26', null],
    ['', null],
    ['yesterday', null],
  ])('a typed date %j is the calendar day %j', (typed, iso) => {
    expect(parseDisplayDate(typed)).toBe(iso)
  })

  test('date and time with AM/PM, midnight and noon as 12', () => {
    expect(formatDateTime('2026-03-05T14:07:00Z', 'Africa/Lagos')).toBe('05/03/2026 3:07 PM')
    expect(formatDateTime('2026-03-05T23:00:00Z', 'Africa/Lagos')).toBe('06/03/2026 12:00 AM')
    expect(formatDateTime('2026-03-05T11:00:00Z', 'Africa/Lagos')).toBe('05/03/2026 12:00 PM')
  })

  test('an unknown time zone falls back to Africa/Lagos; an invalid date says so', () => {
    expect(formatDate('2026-03-05T23:30:00Z', 'Not/A_Zone')).toBe('06/03/2026')
    expect(formatDate('not a date')).toBe('Invalid Date')
    expect(formatDate(null)).toBe('')
  })

  test('time since', () => {
    const now = new Date('2026-01-01T12:00:00Z')
    expect(timeSince('2026-01-01T11:59:30Z', now)).toBe('just now')
    expect(timeSince('2026-01-01T11:55:00Z', now)).toBe('5 minutes ago')
    expect(timeSince('2025-12-31T12:00:00Z', now)).toBe('1 day ago')
  })
})
