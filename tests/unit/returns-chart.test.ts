import { describe, expect, test } from 'vitest'
import { amountTicks, compactNaira, dateTicks } from '~/features/payouts/chart-ticks'
import { returnsChartMarkup } from '~/features/payouts/returns-chart.server'

describe('amountTicks: 3 to 5 round naira ticks from ₦0 up to the highest figure or just above', () => {
  test.each<[number, number[]]>([
    [120_000, [0, 50_000, 100_000, 150_000]],
    [100_000, [0, 25_000, 50_000, 75_000, 100_000]],
    [90_000, [0, 25_000, 50_000, 75_000, 100_000]],
    [30_000, [0, 10_000, 20_000, 30_000]],
    [330_000, [0, 100_000, 200_000, 300_000, 400_000]],
    [1_000_000, [0, 250_000, 500_000, 750_000, 1_000_000]],
    [1_200_000, [0, 500_000, 1_000_000, 1_500_000]],
    [19_738_181.84, [0, 5_000_000, 10_000_000, 15_000_000, 20_000_000]],
    [7, [0, 2.5, 5, 7.5]],
    [1, [0, 1, 2]],
    [0.5, [0, 1, 2]],
    // A product that returns nothing still has an axis.
    [0, [0, 1, 2]],
  ])('highest ₦%d → %j', (max, ticks) => {
    expect(amountTicks(max)).toEqual(ticks)
  })

  test('every highest figure up to ₦10bn gets 3 to 5 ticks, the top at or above it', () => {
    for (let max = 1; max < 1e10; max *= 1.37) {
      const ticks = amountTicks(max)
      expect(ticks.length).toBeGreaterThanOrEqual(3)
      expect(ticks.length).toBeLessThanOrEqual(5)
      expect(ticks[0]).toBe(0)
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max)
      // The top wastes less than the room of one more step.
      expect(ticks.at(-1)! - max).toBeLessThan(ticks[1] * 1.0001 + 1)
    }
  })
})

describe('compactNaira: an amount in few characters for a phone axis', () => {
  test.each<[number, string]>([
    [0, '₦0'],
    [950, '₦950'],
    [2.5, '₦2.5'],
    [25_000, '₦25k'],
    [12_500, '₦12.5k'],
    [250_000, '₦250k'],
    [1_000_000, '₦1m'],
    [1_250_000, '₦1.25m'],
    [15_000_000, '₦15m'],
    [2_000_000_000, '₦2bn'],
  ])('%d → %s', (naira, text) => {
    expect(compactNaira(naira)).toBe(text)
  })
})

describe('dateTicks: dates on the axis, few enough not to collide', () => {
  test.each<[string, string, number, string[]]>([
    // A year of quarterly payouts, room for 4 labels: every quarter.
    ['2026-11-29', '2027-11-27', 4, ['Jan 2027', 'Apr 2027', 'Jul 2027', 'Oct 2027']],
    // Room for 7: every other month.
    [
      '2026-11-29',
      '2027-11-27',
      7,
      ['Jan 2027', 'Mar 2027', 'May 2027', 'Jul 2027', 'Sep 2027', 'Nov 2027'],
    ],
    // Room for 3: every four months.
    ['2026-11-29', '2027-11-27', 3, ['Jan 2027', 'May 2027', 'Sep 2027']],
    // Room for 2: every half year.
    ['2026-11-29', '2027-11-27', 2, ['Jan 2027', 'Jul 2027']],
    // A span starting on the first of a month shows that month.
    ['2027-03-01', '2027-05-20', 4, ['Mar 2027', 'Apr 2027', 'May 2027']],
    // Five years: every year.
    ['2026-02-10', '2031-02-10', 5, ['Jan 2027', 'Jan 2028', 'Jan 2029', 'Jan 2030', 'Jan 2031']],
    // Under two month starts: the two ends, in full.
    ['2027-03-05', '2027-04-20', 4, ['05/03/2027', '20/04/2027']],
    ['2027-03-05', '2027-03-06', 4, ['05/03/2027', '06/03/2027']],
    // One date.
    ['2027-03-05', '2027-03-05', 4, ['05/03/2027']],
  ])('%s to %s, at most %d → %j', (first, last, maxTicks, labels) => {
    const ticks = dateTicks(first, last, maxTicks)
    expect(ticks.map((tick) => tick.label)).toEqual(labels)
    expect(ticks.length).toBeLessThanOrEqual(Math.max(maxTicks, 1))
  })
})

/** The texts of one drawing (phone or wide) of the chart's markup: its axes' labels and its values. */
function drawing(markup: string, which: 'phone' | 'wide') {
  const svg = markup.match(new RegExp(`<svg[^>]*returns-chart-${which}-title[\\s\\S]*?</svg>`))
  expect(svg, which).not.toBeNull()
  const texts = (attribute: string) =>
    [...svg![0].matchAll(new RegExp(`<text ${attribute}[^>]*>([^<]*)</text>`, 'g'))].map(
      (match) => match[1],
    )
  return {
    svg: svg![0],
    amounts: texts('data-tick="amount"'),
    dates: texts('data-tick="date"'),
    values: texts('data-value="[a-z]+"'),
  }
}

describe('the returns chart: axes with amounts and dates, and the value at each payout', () => {
  // ₦300,000 at 10 % a quarter, the first three payouts paid early on 29/11/2026.
  const points = [
    { date: '2026-11-29', expected: 0, received: 90_000 },
    { date: '2027-02-27', expected: 30_000, received: 90_000 },
    { date: '2027-05-27', expected: 60_000, received: 90_000 },
    { date: '2027-08-27', expected: 90_000, received: 90_000 },
    { date: '2027-11-27', expected: 120_000, received: 90_000 },
  ]
  const markup = returnsChartMarkup(points, 'Africa/Lagos')!

  test('the wide drawing labels its amounts in full, its dates and each value', () => {
    const wide = drawing(markup, 'wide')
    expect(wide.amounts).toEqual(['₦0.00', '₦50,000.00', '₦100,000.00', '₦150,000.00'])
    expect(wide.dates.length).toBeGreaterThanOrEqual(3)
    expect(wide.dates).toContain('Jan 2027')
    expect(wide.dates.every((label) => /^[A-Z][a-z]{2} \d{4}$/.test(label))).toBe(true)
    // Received rose once (₦90,000, paid 29/11/2026); expected at each due date but the one where
    // it meets received.
    expect(wide.values).toEqual(['₦90,000.00', '₦120,000.00', '₦60,000.00', '₦30,000.00'])
    expect(wide.svg.match(/<circle/g)).toHaveLength(4)
  })

  test('the phone drawing says amounts in short, the full figures stay in its text alternative', () => {
    const phone = drawing(markup, 'phone')
    expect(phone.amounts).toEqual(['₦0', '₦50k', '₦100k', '₦150k'])
    expect(phone.values).toContain('₦90k')
    expect(phone.values).toContain('₦120k')
    expect(phone.dates.length).toBeGreaterThanOrEqual(2)
    expect(phone.svg).toContain(
      'Returns expected and received from 29/11/2026 to 27/11/2027: ₦120,000.00 expected in all, ₦90,000.00 received so far.',
    )
    for (const point of points)
      expect(markup).toContain(`<td>₦${point.expected.toLocaleString('en-NG')}.00</td>`)
  })

  test('many payouts: the latest value is labelled, the rest only where they fit', () => {
    const monthly = Array.from({ length: 36 }, (_, index) => {
      const month = index + 1
      const date = `${2027 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-15`
      return {
        date,
        expected: month * 12_345.67,
        received: month <= 30 ? month * 12_345.67 : 30 * 12_345.67,
      }
    })
    const chart = returnsChartMarkup(monthly, 'Africa/Lagos')!
    for (const which of ['phone', 'wide'] as const) {
      const { values, dates, svg } = drawing(chart, which)
      expect(values.length).toBeGreaterThan(1)
      expect(values.length).toBeLessThan(36)
      expect(values[0]).toBe(which === 'wide' ? '₦370,370.10' : '₦370k')
      expect(dates.length).toBeGreaterThanOrEqual(2)
      // A marker at every payout received, and at the 6 expected but not received.
      expect(svg.match(/<circle/g)).toHaveLength(36)
    }
    // Every value is still in the table.
    expect(chart).toContain('<td>₦444,444.12</td>')
  })

  test('one payout alone is drawn with its date and value', () => {
    const chart = returnsChartMarkup(
      [{ date: '2027-02-27', expected: 30_000, received: 0 }],
      'Africa/Lagos',
    )!
    const { dates, values } = drawing(chart, 'wide')
    expect(dates).toEqual(['27/02/2027'])
    expect(values).toEqual(['₦30,000.00'])
  })

  test('nothing to draw, no chart', () => {
    expect(returnsChartMarkup([], 'Africa/Lagos')).toBeNull()
  })
})
