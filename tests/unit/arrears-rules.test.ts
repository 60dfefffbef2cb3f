import { describe, expect, test } from 'vitest'
import {
  overdueBy,
  allocate,
  arrearsBucket,
  arrearsOf,
  arrearsRulesProblems,
  arrearsTimeline,
  DEFAULT_ARREARS_RULES,
  feesToCharge,
  isDefaultDue,
  lateFeeKobo,
  repricedBalanceKobo,
  repriceInstalments,
  type ArrearsRules,
} from '~/contract/arrears-rules'

const rules: ArrearsRules = {
  graceDays: 7,
  lateFeePercent: 2,
  defaultAfterDays: 90,
  defaultAction: 'reprice',
}
// A deposit paid on 15/12/2026, then ₦250,000.00 a month.
const schedule = [
  { sequence: 1, dueDate: '2026-12-15', amountKobo: 50_000_000 },
  { sequence: 2, dueDate: '2027-01-15', amountKobo: 25_000_000 },
  { sequence: 3, dueDate: '2027-02-15', amountKobo: 25_000_000 },
  { sequence: 4, dueDate: '2027-03-15', amountKobo: 25_000_001 },
]
const fee2 = { instalment: 2, chargedOn: '2027-01-23', amountKobo: 500_000 }

describe('lateFeeKobo: late_fee_percent of the missed instalment, half up to the kobo', () => {
  test.each([
    [25_000_000, 2, 500_000],
    [25_000_001, 2, 500_000], // 500,000.02
    [25_000_025, 2, 500_001], // 500,000.5 rounds up
    [33_333_333, 7.5, 2_500_000],
    [25_000_000, 0, 0],
    [1, 50, 1],
  ])('%s kobo at %s %%', (kobo, percent, expected) => {
    expect(lateFeeKobo(kobo, { lateFeePercent: percent })).toBe(expected)
  })
})

describe('overdueBy', () => {
  test.each([
    [1, 'Overdue by 1 day'],
    [2, 'Overdue by 2 days'],
    [91, 'Overdue by 91 days'],
  ])('%i → %s', (days, words) => {
    expect(overdueBy(days)).toBe(words)
  })
})

describe('arrearsBucket', () => {
  test.each([
    [0, null],
    [-3, null],
    [1, '1-30'],
    [30, '1-30'],
    [31, '31-60'],
    [60, '31-60'],
    [61, '61-90'],
    [90, '61-90'],
    [91, '90+'],
    [400, '90+'],
  ])('%s days', (days, bucket) => {
    expect(arrearsBucket(days)).toBe(bucket)
  })
})

describe('allocate: payments go to the oldest amount due first', () => {
  test('a fee charged after its instalment is paid before the next instalment', () => {
    const items = allocate(schedule, [fee2], 50_000_000 + 25_000_000 + 300_000)
    expect(items.map((i) => [i.kind, i.sequence, i.paidKobo, i.leftKobo])).toEqual([
      ['instalment', 1, 50_000_000, 0],
      ['instalment', 2, 25_000_000, 0],
      ['fee', 2, 300_000, 200_000],
      ['instalment', 3, 0, 25_000_000],
      ['instalment', 4, 0, 25_000_001],
    ])
  })
  test('a partial payment leaves part of the oldest instalment', () => {
    const items = allocate(schedule, [], 60_000_000)
    expect(items.slice(0, 3).map((i) => i.leftKobo)).toEqual([0, 15_000_000, 25_000_000])
  })
})

describe('arrearsOf: through due, grace, fee, buckets and default', () => {
  const paid = 50_000_000
  test.each([
    // today, fees, expected: amount overdue, days, bucket, next step
    ['2027-01-15', [], 0, 0, null, null],
    [
      '2027-01-16',
      [],
      25_000_000,
      1,
      '1-30',
      { kind: 'late_fee', date: '2027-01-23', amountKobo: 500_000 },
    ],
    [
      '2027-01-22',
      [],
      25_000_000,
      7,
      '1-30',
      { kind: 'late_fee', date: '2027-01-23', amountKobo: 500_000 },
    ],
    [
      '2027-01-23',
      [fee2],
      25_500_000,
      8,
      '1-30',
      { kind: 'reprice', date: '2027-04-16', amountKobo: null },
    ],
    [
      '2027-02-16',
      [fee2],
      50_500_000,
      32,
      '31-60',
      { kind: 'late_fee', date: '2027-02-23', amountKobo: 500_000 },
    ],
    [
      '2027-04-15',
      [fee2],
      75_500_001,
      90,
      '61-90',
      { kind: 'reprice', date: '2027-04-16', amountKobo: null },
    ],
  ] as const)('on %s', (today, fees, amount, days, bucket, next) => {
    const a = arrearsOf({ instalments: schedule, fees: [...fees], paidKobo: paid, rules, today })
    expect(a.amountOverdueKobo).toBe(amount)
    expect(a.daysInArrears).toBe(days)
    expect(a.bucket).toBe(bucket)
    expect(a.nextStep).toEqual(next)
  })
  test('the default comes next once no fee comes before it, and is due after default_after_days', () => {
    const fees = [
      fee2,
      { instalment: 3, chargedOn: '2027-02-23', amountKobo: 500_000 },
      { instalment: 4, chargedOn: '2027-03-23', amountKobo: 500_000 },
    ]
    const on15 = arrearsOf({
      instalments: schedule,
      fees,
      paidKobo: paid,
      rules,
      today: '2027-04-15',
    })
    expect(on15.nextStep).toEqual({ kind: 'reprice', date: '2027-04-16', amountKobo: null })
    expect(isDefaultDue(on15, rules, '2027-04-15')).toBe(false)
    const on16 = arrearsOf({
      instalments: schedule,
      fees,
      paidKobo: paid,
      rules,
      today: '2027-04-16',
    })
    expect(on16.bucket).toBe('90+')
    expect(on16.amountOverdueKobo).toBe(75_000_001 + 1_500_000)
    expect(isDefaultDue(on16, rules, '2027-04-16')).toBe(true)
  })
  test('paid up (fee included) leaves arrears', () => {
    const a = arrearsOf({
      instalments: schedule,
      fees: [fee2],
      paidKobo: 75_500_000,
      rules,
      today: '2027-02-01',
    })
    expect(a).toMatchObject({
      amountOverdueKobo: 0,
      daysInArrears: 0,
      bucket: null,
      nextStep: null,
    })
  })
  test('an unpaid fee alone is overdue from the day after it was charged, with no default coming', () => {
    const a = arrearsOf({
      instalments: schedule,
      fees: [fee2],
      paidKobo: 75_000_000,
      rules,
      today: '2027-02-01',
    })
    expect(a).toMatchObject({
      amountOverdueKobo: 500_000,
      daysInArrears: 9,
      bucket: '1-30',
      nextStep: null,
    })
  })
  test('cancel plans say cancel', () => {
    const a = arrearsOf({
      instalments: schedule,
      fees: [],
      paidKobo: paid,
      rules: { ...rules, lateFeePercent: 0, defaultAction: 'cancel' },
      today: '2027-01-16',
    })
    expect(a.nextStep).toEqual({ kind: 'cancel', date: '2027-04-16', amountKobo: null })
  })
})

describe('feesToCharge: once per missed instalment, after the grace days', () => {
  test.each([
    ['2027-01-22', [], []],
    ['2027-01-23', [], [{ instalment: 2, chargedOn: '2027-01-23', amountKobo: 500_000 }]],
    ['2027-01-24', [fee2], []],
    // a missed day is caught up: both instalments late, each charged once
    [
      '2027-02-24',
      [],
      [
        { instalment: 2, chargedOn: '2027-02-24', amountKobo: 500_000 },
        { instalment: 3, chargedOn: '2027-02-24', amountKobo: 500_000 },
      ],
    ],
  ] as const)('on %s', (today, fees, expected) => {
    expect(feesToCharge(schedule, [...fees], 50_000_000, rules, today)).toEqual(expected)
  })
  test('no fee at 0 %, none once paid', () => {
    expect(
      feesToCharge(schedule, [], 50_000_000, { ...rules, lateFeePercent: 0 }, '2027-03-01'),
    ).toEqual([])
    expect(feesToCharge(schedule, [], 75_000_000, rules, '2027-01-30')).toEqual([])
  })
  test('grace 0: charged the day after the due date', () => {
    expect(
      feesToCharge(schedule, [], 50_000_000, { ...rules, graceDays: 0 }, '2027-01-16'),
    ).toHaveLength(1)
  })
})

describe('repricing the unpaid balance at the current price', () => {
  test.each([
    [75_000_001, 100_000_000, 120_000_000, 90_000_001], // 90,000,001.2
    [75_000_000, 100_000_000, 100_000_000, 75_000_000],
    [75_000_000, 100_000_000, 80_000_000, 60_000_000],
    [1, 2, 3, 2], // 1.5 rounds up
    [75_000_000, null, 120_000_000, 75_000_000],
  ])('%s at %s → %s', (unpaid, then, now, expected) => {
    expect(repricedBalanceKobo(unpaid, then, now)).toBe(expected)
  })
  test('the instalments left are scaled and still add up', () => {
    const amounts = repriceInstalments([25_000_000, 25_000_000, 25_000_001], 90_000_001)
    expect(amounts).toEqual([30_000_000, 30_000_000, 30_000_001])
    const odd = repriceInstalments([1, 1, 1], 5)
    expect(odd.reduce((a, b) => a + b, 0)).toBe(5)
  })
})

describe('arrearsRulesProblems', () => {
  test.each([
    [DEFAULT_ARREARS_RULES, {}],
    [
      { ...rules, graceDays: 91, defaultAfterDays: 100 },
      { graceDays: 'Grace days must be a whole number from 0 to 90' },
    ],
    [{ ...rules, graceDays: -1 }, { graceDays: 'Grace days must be a whole number from 0 to 90' }],
    [{ ...rules, lateFeePercent: 50.5 }, { lateFeePercent: 'Late fee must be from 0 to 50 %' }],
    [
      { ...rules, defaultAfterDays: 7 },
      { defaultAfterDays: 'Default after must be more days than the grace days' },
    ],
    [
      { ...rules, defaultAfterDays: 731 },
      { defaultAfterDays: 'Default after must be a whole number of days, at most 730' },
    ],
  ] as const)('%o', (input, expected) => {
    expect(arrearsRulesProblems(input as ArrearsRules)).toEqual(expected)
  })
})

describe("arrearsTimeline: the customer's own amounts and dates", () => {
  test('the example of the issue', () => {
    const lines = arrearsTimeline(schedule, rules, '2026-12-15')
    expect(lines[0]).toBe(
      'If your payment of ₦250,000.00 due on 15/01/2027 is not received by 22/01/2027, a late fee of ₦5,000.00 is added.',
    )
    expect(lines[1]).toBe('After 15/04/2027 the balance is repriced at the current price.')
  })
  test('no fee, cancel', () => {
    const lines = arrearsTimeline(
      schedule,
      { graceDays: 0, lateFeePercent: 0, defaultAfterDays: 30, defaultAction: 'cancel' },
      '2026-12-15',
    )
    expect(lines[0]).toBe(
      'If your payment of ₦250,000.00 due on 15/01/2027 is not received by 15/01/2027, it is overdue; no late fee is added.',
    )
    expect(lines[1]).toBe(
      'After 14/02/2027 the subscription is cancelled and its plots return to stock; what you paid is handled as the terms say.',
    )
  })
  test('nothing after today: no timeline', () => {
    expect(arrearsTimeline(schedule.slice(0, 1), rules, '2026-12-15')).toEqual([])
  })
})
