import { describe, expect, test } from 'vitest'
import {
  payoutWording,
  returnsWording,
  yearlyPercent,
  type Interval,
} from '~/contract/products-labels'
import { payoutTotals } from '~/utils/breakdown'

type Terms = [percent: number, count: number, interval: Interval, type: 'recurring' | 'one_time']
const product = ([percent, count, interval, type]: Terms) => ({
  investment_return: percent,
  frequency_period: count,
  interval,
  land_investment_type: type,
})

describe('returnsWording: the return in plain words with its yearly equivalent', () => {
  test.each<[Terms, string]>([
    [[8, 3, 'months', 'recurring'], '8% every 3 months (about 32% a year)'],
    [[2, 1, 'months', 'recurring'], '2% every month (about 24% a year)'],
    [[1, 1, 'weeks', 'recurring'], '1% every week (about 52% a year)'],
    [[0.5, 1, 'days', 'recurring'], '0.5% every day (about 182.5% a year)'],
    [[12, 1, 'years', 'recurring'], '12% every year'],
    [[30, 2, 'years', 'recurring'], '30% every 2 years (about 15% a year)'],
    [[25, 12, 'months', 'one_time'], '25% after 12 months (about 25% a year)'],
    [[35, 18, 'months', 'one_time'], '35% after 18 months (about 23.3% a year)'],
    [[5, 1, 'months', 'one_time'], '5% after a month (about 60% a year)'],
    [[10, 1, 'years', 'one_time'], '10% after a year'],
    [[7.25, 6, 'months', 'recurring'], '7.3% every 6 months (about 14.5% a year)'],
  ])('%j → %s', (terms, expected) => {
    expect(returnsWording(product(terms))).toBe(expected)
  })

  test('a product without its terms says nothing', () => {
    expect(
      returnsWording({
        investment_return: null,
        frequency_period: 3,
        interval: 'months',
        land_investment_type: 'recurring',
      }),
    ).toBe('')
    expect(
      returnsWording({
        investment_return: 8,
        frequency_period: null,
        interval: 'months',
        land_investment_type: 'recurring',
      }),
    ).toBe('')
  })
})

describe('payoutWording: when the returns are paid, never "every 1 month"', () => {
  test.each<[Terms, string]>([
    [[2, 1, 'months', 'recurring'], 'Paid every month'],
    [[8, 3, 'months', 'recurring'], 'Paid every 3 months'],
    [[1, 1, 'weeks', 'recurring'], 'Paid every week'],
    [[25, 12, 'months', 'one_time'], 'Paid after 12 months'],
    [[10, 1, 'years', 'one_time'], 'Paid after a year'],
  ])('%j → %s', (terms, expected) => {
    expect(payoutWording(product(terms))).toBe(expected)
  })
})

describe('yearlyPercent: simple (not compounded) yearly equivalent', () => {
  test.each<[number, number, Interval, number]>([
    [8, 3, 'months', 32],
    [2, 1, 'months', 24],
    [1, 2, 'weeks', 26],
    [1, 1, 'days', 365],
    [30, 2, 'years', 15],
  ])('%s%% every %s %s is %s%% a year', (percent, count, interval, expected) => {
    expect(yearlyPercent(percent, count, interval)).toBeCloseTo(expected, 10)
  })
})

describe('payoutTotals: what an investment pays back and the profit in it', () => {
  test.each<[number, number[], { paidOut: number; profit: number }]>([
    // ₦500,000 at 8% every 3 months for 2 years: seven payouts of ₦40,000, the eighth with the capital.
    [500_000, [...Array(7).fill(40_000), 540_000], { paidOut: 820_000, profit: 320_000 }],
    // One time: the capital and the return together.
    [1_000_000, [1_250_000], { paidOut: 1_250_000, profit: 250_000 }],
    // Kobo add up exactly (0.1 + 0.2 in floating point is not 0.3).
    [0.2, [0.1, 0.2], { paidOut: 0.3, profit: 0.1 }],
    [100, [], { paidOut: 0, profit: -100 }],
  ])('₦%s invested, payouts %j', (invested, rows, expected) => {
    expect(
      payoutTotals(
        invested,
        rows.map((amount) => ({ amount })),
      ),
    ).toEqual(expected)
  })
})
