import { describe, expect, test } from 'vitest'
import {
  estimatedDurationPayment,
  fullPaymentStructure,
  initialDeposit,
  investmentPlan,
  paymentStructure,
  payoutCount,
  toNairaRows,
  type InvestmentTerms,
} from '~/backend/subscriptions/plans'
import { addInterval, todayIn } from '~/backend/dates/calendar'
import { integerInWords, nairaInWords } from '~/backend/subscriptions/words'

const sum = (rows: { amount: number }[]) => rows.reduce((total, row) => total + row.amount, 0)

describe('dates', () => {
  test('today is the calendar day in the configured time zone', () => {
    // 23:30 UTC is already the next day in Lagos (UTC+1).
    expect(todayIn('Africa/Lagos', new Date('2025-03-01T23:30:00Z'))).toBe('2025-03-02')
    expect(todayIn('Africa/Lagos', new Date('2025-03-01T22:59:00Z'))).toBe('2025-03-01')
    expect(todayIn('UTC', new Date('2025-03-01T23:30:00Z'))).toBe('2025-03-01')
  })

  test('month steps from the 31st land on month ends and never drift', () => {
    expect(addInterval('2025-01-31', 1, 'months')).toBe('2025-02-28')
    expect(addInterval('2024-01-31', 1, 'months')).toBe('2024-02-29')
    expect(addInterval('2025-01-31', 2, 'months')).toBe('2025-03-31')
    expect(addInterval('2025-01-31', 3, 'months')).toBe('2025-04-30')
    expect(addInterval('2025-08-31', 6, 'months')).toBe('2026-02-28')
  })

  test('leap years: Feb 29 plus a year is Feb 28, plus four years is Feb 29', () => {
    expect(addInterval('2024-02-29', 1, 'years')).toBe('2025-02-28')
    expect(addInterval('2024-02-29', 4, 'years')).toBe('2028-02-29')
    expect(addInterval('2024-02-28', 1, 'days')).toBe('2024-02-29')
    expect(addInterval('2023-02-28', 1, 'days')).toBe('2023-03-01')
  })

  test('days and weeks cross month and year ends', () => {
    expect(addInterval('2025-12-25', 10, 'days')).toBe('2026-01-04')
    expect(addInterval('2025-12-25', 2, 'weeks')).toBe('2026-01-08')
    expect(addInterval('2024-02-22', 1, 'weeks')).toBe('2024-02-29')
  })
})

const recurring = (
  interval: InvestmentTerms['interval'],
  frequencyPeriod: number,
  duration: number,
  returnPercent = 10,
): InvestmentTerms => ({
  type: 'recurring',
  interval,
  frequencyPeriod,
  duration,
  returnPercent,
})

describe('investment plan', () => {
  test('recurring monthly: a payout of A × r / 100 every period, the last also returning A', () => {
    const rows = investmentPlan(100_000_000, recurring('months', 3, 12), '2025-01-31')
    expect(rows).toEqual([
      { period: '2025-04-30', amount: 10_000_000 },
      { period: '2025-07-31', amount: 10_000_000 },
      { period: '2025-10-31', amount: 10_000_000 },
      { period: '2026-01-31', amount: 110_000_000 },
    ])
    expect(toNairaRows(rows)[3]).toEqual({ period: '2026-01-31', amount: 1_100_000 })
  })

  test('recurring: floor(duration / frequency_period) payouts', () => {
    expect(payoutCount(recurring('months', 3, 10))).toBe(3)
    expect(investmentPlan(50_000_000, recurring('months', 3, 10), '2025-01-15')).toHaveLength(3)
    // A term shorter than its period still pays once.
    expect(payoutCount(recurring('months', 6, 4))).toBe(1)
  })

  test('recurring in days', () => {
    expect(investmentPlan(20_000_000, recurring('days', 30, 90, 5), '2025-12-15')).toEqual([
      { period: '2026-01-14', amount: 1_000_000 },
      { period: '2026-02-13', amount: 1_000_000 },
      { period: '2026-03-15', amount: 21_000_000 },
    ])
  })

  test('recurring in weeks', () => {
    const rows = investmentPlan(10_000_000, recurring('weeks', 2, 8, 2.5), '2024-02-01')
    expect(rows.map((row) => row.period)).toEqual([
      '2024-02-15',
      '2024-02-29',
      '2024-03-14',
      '2024-03-28',
    ])
    expect(rows.map((row) => row.amount)).toEqual([250_000, 250_000, 250_000, 10_250_000])
  })

  test('recurring in years from a leap day', () => {
    expect(investmentPlan(100_000_000, recurring('years', 1, 3, 20), '2024-02-29')).toEqual([
      { period: '2025-02-28', amount: 20_000_000 },
      { period: '2026-02-28', amount: 20_000_000 },
      { period: '2027-02-28', amount: 120_000_000 },
    ])
  })

  test('recurring with a rate that does not divide evenly: each payout rounded to the kobo', () => {
    const rows = investmentPlan(33_333_333, recurring('months', 1, 2, 7.5), '2025-01-01')
    expect(rows).toEqual([
      { period: '2025-02-01', amount: 2_500_000 },
      { period: '2025-03-01', amount: 35_833_333 },
    ])
  })

  test('one time: A × (1 + r / 100) after frequency_period', () => {
    const terms: InvestmentTerms = {
      type: 'one_time',
      interval: 'months',
      frequencyPeriod: 6,
      duration: null,
      returnPercent: 25,
    }
    expect(investmentPlan(50_000_000, terms, '2025-08-31')).toEqual([
      { period: '2026-02-28', amount: 62_500_000 },
    ])
  })

  test('one time in days, weeks and years', () => {
    const base = { type: 'one_time' as const, duration: null, returnPercent: 12 }
    expect(
      investmentPlan(1_000_000, { ...base, interval: 'days', frequencyPeriod: 45 }, '2024-01-20'),
    ).toEqual([{ period: '2024-03-05', amount: 1_120_000 }])
    expect(
      investmentPlan(1_000_000, { ...base, interval: 'weeks', frequencyPeriod: 1 }, '2025-12-29'),
    ).toEqual([{ period: '2026-01-05', amount: 1_120_000 }])
    expect(
      investmentPlan(1_000_000, { ...base, interval: 'years', frequencyPeriod: 2 }, '2024-02-29'),
    ).toEqual([{ period: '2026-02-28', amount: 1_120_000 }])
  })
})

describe('payment structure of a land payment plan', () => {
  test('without a deposit: amount / duration today, then equal instalments one step apart', () => {
    const plan = { amount: 120_000_000, duration: 12, durationType: 'months' as const }
    const rows = paymentStructure(plan, null, '2025-01-31')
    expect(rows).toHaveLength(12)
    expect(rows[0]).toEqual({ period: '2025-01-31', amount: 10_000_000 })
    expect(rows[1]).toEqual({ period: '2025-02-28', amount: 10_000_000 })
    expect(rows[2]).toEqual({ period: '2025-03-31', amount: 10_000_000 })
    expect(rows[11]).toEqual({ period: '2025-12-31', amount: 10_000_000 })
    expect(sum(rows)).toBe(plan.amount)
    expect(estimatedDurationPayment(plan, null)).toBe(10_000_000)
  })

  test("with the product's deposit: (amount − deposit) / (duration − 1), the last taking the remainder", () => {
    const plan = { amount: 120_000_000, duration: 12, durationType: 'months' as const }
    const rows = paymentStructure(plan, 30_000_000, '2024-01-31')
    expect(rows[0]).toEqual({ period: '2024-01-31', amount: 30_000_000 })
    expect(rows[1]).toEqual({ period: '2024-02-29', amount: 8_181_818 })
    expect(rows.slice(1, 11).every((row) => row.amount === 8_181_818)).toBe(true)
    expect(rows[11]).toEqual({ period: '2024-12-31', amount: 8_181_820 })
    expect(sum(rows)).toBe(120_000_000)
    expect(estimatedDurationPayment(plan, 30_000_000)).toBe(8_181_818)
  })

  test('rounding up leaves a smaller last instalment', () => {
    const plan = { amount: 1_000, duration: 3, durationType: 'weeks' as const }
    expect(initialDeposit(plan, null)).toBe(333)
    expect(paymentStructure(plan, null, '2025-12-24')).toEqual([
      { period: '2025-12-24', amount: 333 },
      { period: '2025-12-31', amount: 334 },
      { period: '2026-01-07', amount: 333 },
    ])
  })

  test('days and years', () => {
    expect(
      paymentStructure({ amount: 900_00, duration: 3, durationType: 'days' }, 500_00, '2024-02-28'),
    ).toEqual([
      { period: '2024-02-28', amount: 500_00 },
      { period: '2024-02-29', amount: 200_00 },
      { period: '2024-03-01', amount: 200_00 },
    ])
    expect(
      paymentStructure(
        { amount: 3_000_00, duration: 3, durationType: 'years' },
        null,
        '2024-02-29',
      ).map((row) => row.period),
    ).toEqual(['2024-02-29', '2025-02-28', '2026-02-28'])
  })

  // The catalogue's estimated_duration_payment and initial deposit come from the same functions.
  test('a plan is the deposit, then duration − 1 equal instalments', () => {
    const plan = { amount: 130_000_000, duration: 5, durationType: 'months' as const }
    expect(initialDeposit(plan, 20_000_000)).toBe(20_000_000)
    expect(estimatedDurationPayment(plan, 20_000_000)).toBe(27_500_000)
    expect(paymentStructure(plan, 20_000_000, '2025-01-01').map((row) => row.amount)).toEqual([
      20_000_000, 27_500_000, 27_500_000, 27_500_000, 27_500_000,
    ])
    const thirds = { amount: 100_000_000, duration: 3, durationType: 'weeks' as const }
    expect(initialDeposit(thirds, null)).toBe(33_333_333)
    expect(estimatedDurationPayment(thirds, null)).toBe(33_333_334)
    expect(paymentStructure(thirds, null, '2025-01-01').map((row) => row.amount)).toEqual([
      33_333_333, 33_333_334, 33_333_333,
    ])
  })

  test('every plan adds up to its amount, to the kobo, its instalments equal but the last', () => {
    for (const [amount, duration, deposit] of [
      [1_000_001, 7, null],
      [99_999_999, 12, 12_345_678],
      [10, 4, null],
      [5_000_000, 2, 4_999_999],
    ] as const) {
      const plan = { amount, duration, durationType: 'months' as const }
      const rows = paymentStructure(plan, deposit, '2025-01-01')
      expect(rows).toHaveLength(duration)
      expect(sum(rows)).toBe(amount)
      expect(rows[0].amount).toBe(initialDeposit(plan, deposit))
      const instalments = rows.slice(1, -1)
      expect(
        instalments.every((row) => row.amount === estimatedDurationPayment(plan, deposit)),
      ).toBe(true)
    }
  })

  test('a one-step plan, or a deposit covering it all, is one payment today', () => {
    expect(
      paymentStructure(
        { amount: 5_000_00, duration: 1, durationType: 'months' },
        null,
        '2025-05-05',
      ),
    ).toEqual([{ period: '2025-05-05', amount: 5_000_00 }])
    expect(
      paymentStructure(
        { amount: 5_000_00, duration: 4, durationType: 'months' },
        9_000_00,
        '2025-05-05',
      ),
    ).toEqual([{ period: '2025-05-05', amount: 5_000_00 }])
  })
})

describe('full payment', () => {
  test('one row of the product amount today', () => {
    expect(fullPaymentStructure(500_000_000, null, '2025-06-01')).toEqual([
      { period: '2025-06-01', amount: 500_000_000 },
    ])
  })

  test('one row of the discounted price (discountedKobo) today', () => {
    expect(fullPaymentStructure(123_456_789, 12.5, '2025-06-01')).toEqual([
      { period: '2025-06-01', amount: 108_024_690 },
    ])
  })
})

describe('amounts in words', () => {
  test('naira and kobo', () => {
    expect(nairaInWords(125_000_050)).toBe(
      'One million, two hundred and fifty thousand naira and fifty kobo only',
    )
    expect(nairaInWords(100_500)).toBe('One thousand and five naira only')
    expect(nairaInWords(7)).toBe('Zero naira and seven kobo only')
    expect(nairaInWords(2_100)).toBe('Twenty-one naira only')
    expect(nairaInWords(10_000_000_000)).toBe('One hundred million naira only')
    expect(integerInWords(1_000_001)).toBe('one million and one')
    expect(integerInWords(999_999)).toBe(
      'nine hundred and ninety-nine thousand, nine hundred and ninety-nine',
    )
  })
})
