import { describe, expect, test } from 'vitest'
import {
  balanceKobo,
  earliestDue,
  isInArrears,
  isPayableNow,
  isPayoutDue,
  paidPercent,
  portfolioValueKobo,
  weekStart,
  type DueFacts,
} from '~/contract/dashboard-rules'

describe('balanceKobo: what is still owed, never below 0', () => {
  test.each([
    [100_000_000, 25_000_000, 75_000_000],
    [100_000_000, 0, 100_000_000],
    [100_000_000, 100_000_000, 0],
    [100_000_000, 100_000_001, 0],
    [0, 0, 0],
  ])('%i kobo with %i paid leaves %i', (total, paid, expected) => {
    expect(balanceKobo(total, paid)).toBe(expected)
  })
})

describe('paidPercent: the share of the price paid, in whole percent rounded down', () => {
  test.each([
    [25_000_000, 100_000_000, 25],
    [0, 100_000_000, 0],
    [1, 100_000_000, 0],
    [33_333_333, 100_000_000, 33],
    [66_666_667, 100_000_000, 66],
    [99_999_999, 100_000_000, 99], // a kobo left is not done
    [100_000_000, 100_000_000, 100],
    [120_000_000, 100_000_000, 100],
    [-5, 100_000_000, 0],
    [0, 0, 100], // a free plot is fully paid
    [25_000_000, 90_000_000, 27], // 27.7… %
  ])('%i of %i kobo is %i %%', (paid, total, expected) => {
    expect(paidPercent(paid, total)).toBe(expected)
  })
})

const TODAY = '2026-11-23'

describe('isInArrears: land with something paid and its next instalment dated before today', () => {
  test.each<[DueFacts, boolean]>([
    [{ type: 'land', status: 'ongoing', nextPaymentDate: '2026-11-22' }, true],
    [{ type: 'land', status: 'ongoing', nextPaymentDate: '2025-01-01' }, true],
    [{ type: 'land', status: 'ongoing', nextPaymentDate: TODAY }, false], // due today is not yet late
    [{ type: 'land', status: 'ongoing', nextPaymentDate: '2026-12-23' }, false],
    [{ type: 'land', status: 'ongoing', nextPaymentDate: null }, false],
    [{ type: 'land', status: 'awaiting_payment', nextPaymentDate: '2026-11-01' }, false], // nothing paid: it expires instead
    [
      { type: 'land', status: 'awaiting_payment_confirmation', nextPaymentDate: '2026-11-01' },
      false,
    ],
    [{ type: 'land', status: 'completed', nextPaymentDate: '2026-11-01' }, false],
    [{ type: 'land', status: 'cancelled', nextPaymentDate: '2026-11-01' }, false],
    [{ type: 'land_investment', status: 'ongoing', nextPaymentDate: '2026-11-01' }, false],
  ])('%j → %s', (facts, expected) => {
    expect(isInArrears(facts, TODAY)).toBe(expected)
  })
})

describe('isPayoutDue: an investment paying out with a payout of its ledger due or late', () => {
  type Facts = Parameters<typeof isPayoutDue>[0]
  test.each<[Facts, boolean]>([
    [
      { type: 'land_investment', status: 'ongoing', payoutStatuses: ['paid', 'due', 'scheduled'] },
      true,
    ],
    [{ type: 'land_investment', status: 'ongoing', payoutStatuses: ['late', 'scheduled'] }, true],
    [{ type: 'land_investment', status: 'ongoing', payoutStatuses: ['paid', 'scheduled'] }, false],
    [{ type: 'land_investment', status: 'ongoing', payoutStatuses: [] }, false],
    [{ type: 'land_investment', status: 'awaiting_payment', payoutStatuses: [] }, false], // the investor still owes it
    [{ type: 'land_investment', status: 'completed', payoutStatuses: ['paid', 'paid'] }, false],
    [{ type: 'land', status: 'ongoing', payoutStatuses: ['due'] }, false],
  ])('%j → %s', (facts, expected) => {
    expect(isPayoutDue(facts)).toBe(expected)
  })
})

describe('isPayableNow', () => {
  test.each([
    [{ type: 'land', status: 'awaiting_payment', totalKobo: 100, paidKobo: 0 }, true],
    [{ type: 'land_investment', status: 'awaiting_payment', totalKobo: 100, paidKobo: 0 }, true],
    [{ type: 'land', status: 'ongoing', totalKobo: 100, paidKobo: 40 }, true],
    [{ type: 'land', status: 'ongoing', totalKobo: 100, paidKobo: 100 }, false],
    [{ type: 'land_investment', status: 'ongoing', totalKobo: 100, paidKobo: 100 }, false],
    [
      { type: 'land', status: 'awaiting_payment_confirmation', totalKobo: 100, paidKobo: 40 },
      false,
    ],
    [{ type: 'land', status: 'completed', totalKobo: 100, paidKobo: 100 }, false],
  ] as const)('%j → %s', (facts, expected) => {
    expect(isPayableNow(facts)).toBe(expected)
  })
})

describe('earliestDue', () => {
  test.each([
    [[], null],
    [[{ date: null, id: 1 }], null],
    [
      [
        { date: '2026-12-01', id: 1 },
        { date: '2026-11-30', id: 2 },
      ],
      2,
    ],
    [
      [
        { date: '2026-11-30', id: 1 },
        { date: '2026-11-30', id: 2 },
      ],
      1,
    ],
    [
      [
        { date: null, id: 1 },
        { date: '2027-01-01', id: 2 },
      ],
      2,
    ],
  ])('%j → id %s', (items, expected) => {
    expect(earliestDue(items)?.id ?? null).toBe(expected)
  })
})

describe('weekStart: the Monday on or before the day', () => {
  test.each([
    ['2026-11-23', '2026-11-23'], // a Monday
    ['2026-11-24', '2026-11-23'],
    ['2026-11-29', '2026-11-23'], // a Sunday belongs to the week before it
    ['2026-11-30', '2026-11-30'],
    ['2027-01-01', '2026-12-28'], // across a year
    ['2028-03-01', '2028-02-28'], // across a leap day
  ])('%s → %s', (day, expected) => {
    expect(weekStart(day)).toBe(expected)
  })
})

describe('portfolioValueKobo: the amounts at work in investments paying out', () => {
  test.each([
    [[], 0],
    [[{ status: 'ongoing', investedKobo: 30_000_000 }], 30_000_000],
    [
      [
        { status: 'ongoing', investedKobo: 30_000_000 },
        { status: 'ongoing', investedKobo: 50_000_000 },
        { status: 'awaiting_payment', investedKobo: 90_000_000 },
        { status: 'awaiting_payment_confirmation', investedKobo: 90_000_000 },
        { status: 'completed', investedKobo: 70_000_000 },
      ],
      80_000_000,
    ],
  ] as const)('%j → %i', (items, expected) => {
    expect(portfolioValueKobo(items)).toBe(expected)
  })
})
