import { describe, expect, test } from 'vitest'
import { parseWithZod } from '@conform-to/zod/v4'
import { nairaAmount } from '~/contract/fields'
import {
  discountedKobo,
  formatKobo,
  koboOf,
  koboToNaira,
  nairaToKobo,
  percentOf,
  planCoversPrice,
  receiptTotals,
} from '~/contract/money'
import { discountedPrice } from '~/contract/products-labels'
import { transactionPayloadSchema } from '~/contract/subscriptions'
import { z } from 'zod'

describe('nairaToKobo: naira to integer kobo, at least one kobo', () => {
  test.each([
    [1_250_000.5, { ok: true, kobo: 125_000_050 }],
    [0.01, { ok: true, kobo: 1 }],
    [0.005, { ok: true, kobo: 1 }], // half a kobo rounds up to one
    [1.005, { ok: true, kobo: 101 }], // the decimal text, not its binary neighbour 1.00499…
    [0.1 + 0.2, { ok: true, kobo: 30 }],
    [1e12, { ok: true, kobo: 1e14 }],
    [0.004, { ok: false, problem: 'below_one_kobo' }],
    [0.001, { ok: false, problem: 'below_one_kobo' }],
    [0, { ok: false, problem: 'below_one_kobo' }],
    [-0, { ok: false, problem: 'below_one_kobo' }],
    [-5, { ok: false, problem: 'below_one_kobo' }],
    [1e12 + 1, { ok: false, problem: 'too_large' }],
    [Number.NaN, { ok: false, problem: 'not_a_number' }],
    [Number.POSITIVE_INFINITY, { ok: false, problem: 'not_a_number' }],
  ])('%s naira', (naira, expected) => {
    expect(nairaToKobo(naira)).toEqual(expected)
  })
})

describe('percentOf: a percentage of kobo, rounded half up to the kobo', () => {
  test.each([
    [100_000_000, 10, 10_000_000],
    [33_333_333, 7.5, 2_500_000], // 2,499,999.975 kobo
    [1, 50, 1], // half a kobo rounds up
    [1, 49, 0],
    [123_456_789, 12.345, 15_240_741], // 15,240,740.60…
    [10, 0.1, 0],
    [100_000_000_000_000, 15, 15_000_000_000_000],
  ])('%s kobo × %s %%', (kobo, percent, expected) => {
    expect(percentOf(kobo, percent)).toBe(expected)
  })
})

// The expected prices are what the API charged before this function was shared (amount less the
// discount rounded half up to the kobo), checked against exact decimal arithmetic.
describe('discountedKobo: the price a discount leaves, in kobo', () => {
  test.each([
    ['no discount', 500_000_000, null, 500_000_000],
    ['no discount (absent)', 500_000_000, undefined, 500_000_000],
    ['0 %', 500_000_000, 0, 500_000_000],
    ['10 %', 500_000_000, 10, 450_000_000],
    ['100 %', 500_000_000, 100, 0],
    ['more than 100 % is capped at 100 %', 500_000_000, 150, 0],
    ['an endless percentage is capped at 100 %', 500_000_000, Number.POSITIVE_INFINITY, 0],
    ['a negative percentage is no discount', 500_000_000, -10, 500_000_000],
    ['not a number is no discount', 500_000_000, Number.NaN, 500_000_000],
    [
      '12.5 % of an odd amount: 15,432,098.625 kobo off rounds to 15,432,099',
      123_456_789,
      12.5,
      108_024_690,
    ],
    ['half a kobo off rounds the discount up: 101 kobo at 50 %', 101, 50, 50],
    [
      '₦1,000,000.01 at 50 %: the price is ₦500,000.00, not ₦500,000.01',
      100_000_001,
      50,
      50_000_000,
    ],
    ['3 kobo at 50 %', 3, 50, 1],
    ['1 kobo at 50 %', 1, 50, 0],
    ['1 kobo at 49 %', 1, 49, 1],
    ['2,499,999.975 kobo off rounds to 2,500,000', 33_333_333, 7.5, 30_833_333],
    ['three decimals of a percent', 123_456_789, 12.345, 108_216_048],
    ['2.5 % of an amount ending in 5 kobo', 250_000_005, 2.5, 243_750_005],
    ['half a percent of 3 kobo rounds to nothing off', 3, 0.5, 3],
    ['a trillion naira at 15 %', 100_000_000_000_000, 15, 85_000_000_000_000],
    [
      'just under a trillion naira at 33.333333 %',
      99_999_999_999_999,
      33.333333,
      66_666_666_999_999,
    ],
  ])('%s', (_case, amountKobo, percent, expected) => {
    const price = discountedKobo(amountKobo, percent)
    expect(price).toBe(expected)
    expect(Number.isSafeInteger(price)).toBe(true)
    expect(price).toBeGreaterThanOrEqual(0)
    expect(price).toBeLessThanOrEqual(amountKobo)
  })

  test('the screens show the same figure, from the naira amounts the API sends', () => {
    expect(koboOf(1_000_000.01)).toBe(100_000_001)
    expect(koboOf(1.005)).toBe(101)
    expect(discountedPrice({ amount: 1_000_000.01, discount_percentage: 50 })).toBe(500_000)
    expect(discountedPrice({ amount: 1.01, discount_percentage: 50 })).toBe(0.5)
    expect(discountedPrice({ amount: 1_234_567.89, discount_percentage: 12.5 })).toBe(1_080_246.9)
    expect(discountedPrice({ amount: 2_000_000, discount_percentage: null })).toBe(2_000_000)
    expect(discountedPrice({ amount: 999_999_999_999.99, discount_percentage: 33.333333 })).toBe(
      666_666_669_999.99,
    )
  })
})

describe('koboOf: a naira number to integer kobo, exact where kobo × 100 is not', () => {
  test.each([
    [0.29, 29], // 0.29 × 100 is 28.999999999999996
    [0.57, 57], // 56.99999999999999
    [1.15, 115], // 114.99999999999999
    [4.35, 435], // 434.99999999999994
    [1_234_567.89, 123_456_789],
    [9_999_999.99, 999_999_999],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [0, 0],
    [-0.29, -29],
  ])('%s naira is %s kobo', (naira, kobo) => {
    expect(koboOf(naira)).toBe(kobo)
  })

  test('every kobo amount the API answers in naira comes back as the same kobo', () => {
    for (let kobo = 0; kobo <= 200_000; kobo++) {
      if (koboOf(koboToNaira(kobo)) !== kobo) expect(koboOf(koboToNaira(kobo))).toBe(kobo)
    }
    for (const kobo of [123_456_789_01, 99_999_999_999_99, 100_000_000_000_000])
      expect(koboOf(koboToNaira(kobo))).toBe(kobo)
  })
})

describe('koboToNaira and formatKobo: kobo as the API answers it and as the product shows it', () => {
  test.each([
    [125_000_000, 1_250_000, '₦1,250,000.00'],
    [125_000_050, 1_250_000.5, '₦1,250,000.50'],
    [29, 0.29, '₦0.29'],
    [1, 0.01, '₦0.01'],
    [0, 0, '₦0.00'],
    [100_000_000_000_000, 1_000_000_000_000, '₦1,000,000,000,000.00'],
    [-150, -1.5, '-₦1.50'],
  ])('%s kobo', (kobo, naira, shown) => {
    expect(koboToNaira(kobo)).toBe(naira)
    expect(formatKobo(kobo)).toBe(shown)
  })

  test('no amount shows as ₦0.00', () => {
    expect(formatKobo(null)).toBe('₦0.00')
    expect(formatKobo(undefined)).toBe('₦0.00')
  })
})

describe('the money field says so next to the field', () => {
  const form = z.object({ amount: nairaAmount('Amount') })
  const errorFor = (amount: string) => {
    const submission = parseWithZod(new URLSearchParams({ amount }), { schema: form })
    return submission.status === 'success' ? null : submission.error?.amount
  }
  test.each([
    ['0.001', ['Amount must be at least ₦0.01']],
    ['0', ['Amount must be at least ₦0.01']],
    ['-1,000', ['Amount must be at least ₦0.01']],
    ['abc', ['Amount must be a number']],
    ['', ['Enter the amount']],
    ['1,000,000,000,001', ['Amount is too large']],
    ['0.01', null],
    ['₦1,250,000.50', null],
  ])('%j', (typed, expected) => {
    expect(errorFor(typed)).toEqual(expected)
  })

  test('a payment of ₦0.001 sent as JSON is refused by the payment payload', () => {
    const parsed = transactionPayloadSchema.safeParse({
      amount: 0.001,
      proof_of_payment: 'x.png',
      paid_at: '2026-01-01',
    })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['amount', 'Amount must be at least ₦0.01'],
    ])
  })
})

describe('planCoversPrice: a payment plan totals at least the price of paying in full', () => {
  test.each([
    ['more than the price', 130_000_000, 125_000_000, null, true],
    ['exactly the price', 125_000_000, 125_000_000, null, true],
    ['one kobo below the price', 124_999_999, 125_000_000, null, false],
    ['below the listed price, at the discounted price (10 %)', 112_500_000, 125_000_000, 10, true],
    ['one kobo below the discounted price', 112_499_999, 125_000_000, 10, false],
    ['between the discounted and the listed price', 120_000_000, 125_000_000, 10, true],
    ['a 0 % discount is the listed price', 124_999_999, 125_000_000, 0, false],
    ['a discount rounded half up: 101 kobo at 50 % costs 50', 50, 101, 50, true],
    ['49 kobo when 101 kobo at 50 % costs 50', 49, 101, 50, false],
    ['a 100 % discount leaves no floor above one kobo', 1, 125_000_000, 100, true],
  ])('%s', (_case, planKobo, productKobo, percent, expected) => {
    expect(planCoversPrice(planKobo, productKobo, percent)).toBe(expected)
  })
})

describe('receiptTotals: paid to date and the balance, as of the receipt', () => {
  const day = (d: number) => new Date(Date.UTC(2026, 0, d))
  const payments = [
    { id: 1, kobo: 50_000_000, confirmedAt: day(1) },
    { id: 2, kobo: 25_000_000, confirmedAt: day(5) },
    { id: 3, kobo: 25_000_000, confirmedAt: day(5) },
    { id: 4, kobo: 30_000_000, confirmedAt: day(9) },
  ]
  test.each([
    ['the first payment', { id: 1, confirmedAt: day(1) }, 50_000_000, 75_000_000],
    [
      'two confirmed the same moment: the earlier recorded one counts alone',
      { id: 2, confirmedAt: day(5) },
      75_000_000,
      50_000_000,
    ],
    ['the later of the two counts both', { id: 3, confirmedAt: day(5) }, 100_000_000, 25_000_000],
    [
      'the last payment overpays: the balance stops at zero',
      { id: 4, confirmedAt: day(9) },
      130_000_000,
      0,
    ],
  ])('%s', (_case, receipt, paid, balance) => {
    expect(receiptTotals(125_000_000, payments, receipt)).toEqual({
      paidKobo: paid,
      balanceKobo: balance,
    })
  })

  test('no other payments: the receipt itself is paid to date', () => {
    expect(
      receiptTotals(10_000, [{ id: 7, kobo: 10_000, confirmedAt: day(2) }], {
        id: 7,
        confirmedAt: day(2),
      }),
    ).toEqual({ paidKobo: 10_000, balanceKobo: 0 })
  })
})
