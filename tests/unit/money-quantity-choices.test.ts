import { describe, expect, test } from 'vitest'
import { planPaymentWords } from '~/contract/payment-description'
import {
  discountedKobo,
  isAllowedPayment,
  maxQuantity,
  overdueNow,
  paymentChoices,
  priceForQuantity,
  quantityProblem,
  scaleByQuantity,
  unitCount,
} from '~/contract/money'
import { subscribeSchema } from '~/contract/subscriptions'
import { fullPaymentStructure, paymentStructure } from '~/backend/subscriptions/plans'

describe('maxQuantity: at most 10, and no more than the units left', () => {
  test.each([
    [null, 10],
    [undefined, 10],
    [0, 0],
    [1, 1],
    [3, 3],
    [10, 10],
    [250, 10],
    [-2, 0],
  ])('%s units left: %s', (left, expected) => {
    expect(maxQuantity(left)).toBe(expected)
  })
})

describe('quantityProblem: a whole number from 1 to the most that may be bought', () => {
  test.each([
    [1, null, 'plot', null],
    [10, null, 'plot', null],
    [2, 2, 'plot', null],
    [3, 2, 'plot', 'Only 2 plots are left'],
    [2, 1, 'acre', 'Only 1 acre is left'],
    [1, 0, 'plot', 'No plots are left'],
    [11, null, 'plot', 'Quantity must be at most 10'],
    [11, 50, 'plot', 'Quantity must be at most 10'],
    [0, 5, 'plot', 'Quantity must be a whole number of at least 1'],
    [1.5, 5, 'plot', 'Quantity must be a whole number of at least 1'],
    [Number.NaN, 5, 'plot', 'Quantity must be a whole number of at least 1'],
  ])('%s wanted, %s left (%s): %s', (quantity, left, unit, expected) => {
    expect(quantityProblem(quantity, left, unit)).toBe(expected)
  })
})

describe('priceForQuantity: one unit’s schedule priced for several plots or acres', () => {
  const plan = paymentStructure(
    { amount: 1_000_000_01, duration: 4, durationType: 'months' },
    250_000_00,
    '2026-01-31',
  )
  const full = fullPaymentStructure(101, 50, '2026-01-31')

  test.each([
    [
      'a plan, 1 unit',
      plan,
      1,
      [25_000_000, 25_000_000, 25_000_000, 25_000_001],
      1_000_000_01,
      1_000_000_01,
    ],
    [
      'a plan, 3 units',
      plan,
      3,
      [75_000_000, 75_000_000, 75_000_000, 75_000_003],
      1_000_000_01,
      3_000_000_03,
    ],
    // The discount is worked out on one unit (₦1.01 at 50 % leaves 50 kobo), then multiplied.
    ['full payment, 2 units', full, 2, [100], 50, 100],
    [
      'full payment, 10 units',
      fullPaymentStructure(5_000_000_00, 5, '2026-01-31'),
      10,
      [47_500_000_00],
      4_750_000_00,
      47_500_000_00,
    ],
    ['no quantity counts as 1', full, 0, [50], 50, 50],
  ])('%s', (_name, unitRows, quantity, amounts, unitTotal, total) => {
    const priced = priceForQuantity(unitRows, quantity)
    expect(priced.quantity).toBe(Math.max(1, quantity))
    expect(priced.rows.map((row) => row.amount)).toEqual(amounts)
    expect(priced.rows.map((row) => row.unitAmount)).toEqual(unitRows.map((row) => row.amount))
    expect(priced.rows.map((row) => row.period)).toEqual(unitRows.map((row) => row.period))
    expect(priced.unitTotal).toBe(unitTotal)
    expect(priced.total).toBe(total)
    expect(priced.rows.reduce((sum, row) => sum + row.amount, 0)).toBe(priced.total)
  })
})

describe('scaleByQuantity: one unit’s amount times the quantity', () => {
  test.each([
    [5_000_000_00, 1, 5_000_000_00],
    [5_000_000_00, 2, 10_000_000_00],
    // The discount is worked out on one unit, then multiplied: 2 × (₦1.01 at 50 % = 50 kobo).
    [discountedKobo(101, 50), 2, 100],
    [33_333_334, 3, 100_000_002],
    [1, 10, 10],
  ])('%s kobo × %s = %s', (unit, quantity, expected) => {
    expect(scaleByQuantity(unit, quantity)).toBe(expected)
  })

  test('a scaled schedule still adds up to the scaled plan total', () => {
    const rows = paymentStructure(
      { amount: 1_000_000_01, duration: 4, durationType: 'months' },
      250_000_00,
      '2026-01-31',
    )
    const scaled = rows.map((row) => scaleByQuantity(row.amount, 3))
    expect(scaled).toEqual([75_000_000, 75_000_000, 75_000_000, 75_000_003])
    expect(scaled.reduce((sum, amount) => sum + amount, 0)).toBe(scaleByQuantity(1_000_000_01, 3))
  })

  test.each([
    [2, 'plot', '2 plots'],
    [1, 'acre', '1 acre'],
    [3, undefined, '3 units'],
  ])('unitCount(%s, %s) = %s', (count, unit, expected) => {
    expect(unitCount(count, unit)).toBe(expected)
  })
})

const amounts = (choices: ReturnType<typeof paymentChoices>) =>
  choices.map((c) => [c.instalments, c.amountKobo, c.whole])

describe('paymentChoices: the next instalment, several, or the whole balance', () => {
  // A deposit of 250, then 250, 250 and 250.01 (naira as kobo below).
  const plan = [25_000_000, 25_000_000, 25_000_000, 25_000_001]
  const total = 100_000_001

  test.each([
    [
      'nothing paid yet',
      plan,
      0,
      total,
      [
        [1, 25_000_000, false],
        [2, 50_000_000, false],
        [3, 75_000_000, false],
        [4, 100_000_001, true],
      ],
    ],
    [
      'the deposit paid',
      plan,
      25_000_000,
      total,
      [
        [1, 25_000_000, false],
        [2, 50_000_000, false],
        [3, 75_000_001, true],
      ],
    ],
    // A part payment from before this rule: the rest of that instalment is the next choice.
    [
      'part of an instalment paid',
      plan,
      35_000_000,
      total,
      [
        [1, 15_000_000, false],
        [2, 40_000_000, false],
        [3, 65_000_001, true],
      ],
    ],
    ['one instalment left', plan, 75_000_000, total, [[1, 25_000_001, true]]],
    ['all paid', plan, total, total, []],
    ['overpaid', plan, total + 5, total, []],
    ['paid in full: one amount', [195_000_000], 0, 195_000_000, [[1, 195_000_000, true]]],
    ['an investment', [100_000_000], 0, 100_000_000, [[1, 100_000_000, true]]],
    // Rows that fall short of the total still offer the whole balance last.
    [
      'rows short of the total',
      [100, 100],
      0,
      300,
      [
        [1, 100, false],
        [2, 200, false],
        [3, 300, true],
      ],
    ],
    ['no rows', [], 0, 500, [[1, 500, true]]],
  ])('%s', (_, entries, paid, owed, expected) => {
    expect(amounts(paymentChoices(entries, paid, owed))).toEqual(expected)
  })

  test.each([
    [25_000_000, true],
    [50_000_000, true],
    [100_000_001, true],
    [10_000_000, false], // part of an instalment
    [60_000_000, false], // between two choices
    [100_000_002, false], // more than is owed
    [0, false],
  ])('%s kobo allowed before anything is paid: %s', (amount, expected) => {
    expect(isAllowedPayment(paymentChoices(plan, 0, total), amount)).toBe(expected)
  })
})

describe('the subscribe payload: quantity', () => {
  const base = { type: 'land', product_id: 'PRD-1', payment_mode: 'full' }
  test.each([
    [undefined, true, undefined],
    [1, true, 1],
    [10, true, 10],
    ['3', true, 3],
    [0, false, undefined],
    [11, false, undefined],
    [2.5, false, undefined],
    ['two', false, undefined],
    [true, false, undefined],
  ])('quantity %s', (quantity, ok, value) => {
    const parsed = subscribeSchema.safeParse({ ...base, quantity })
    expect(parsed.success).toBe(ok)
    if (parsed.success) expect(parsed.data.quantity).toBe(value)
    else expect(parsed.error.issues[0].path).toEqual(['quantity'])
  })

  test('an investment is not bought by quantity', () => {
    const parsed = subscribeSchema.safeParse({
      type: 'land_investment',
      product_id: 'PRD-1',
      amount_invested: 500_000,
      quantity: 2,
    })
    expect(parsed.success).toBe(false)
  })
})

describe('overdueNow: what is overdue on a day, and its parts', () => {
  const items = [
    { kind: 'instalment' as const, date: '2027-01-27', leftKobo: 270_000_000 },
    { kind: 'instalment' as const, date: '2027-02-27', leftKobo: 270_000_000 },
    { kind: 'fee' as const, date: '2027-02-04', leftKobo: 5_400_000 },
    { kind: 'fee' as const, date: '2027-03-07', leftKobo: 5_400_000 },
    { kind: 'instalment' as const, date: '2027-03-27', leftKobo: 270_000_000 },
  ]
  test.each([
    // Two instalments and two fees: ₦5,508,000.00, not the next payment alone.
    ['after both fees', '2027-03-10', [550_800_000, 2, 540_000_000, 2, 10_800_000]],
    // A fee is owed from the day it is charged; an instalment only from the day after its date.
    [
      'the day the second fee is charged',
      '2027-03-07',
      [550_800_000, 2, 540_000_000, 2, 10_800_000],
    ],
    ['on the second due date', '2027-02-27', [275_400_000, 1, 270_000_000, 1, 5_400_000]],
    ['before anything is due', '2027-01-27', [0, 0, 0, 0, 0]],
  ])('%s', (_, today, [total, instalments, instalmentsKobo, fees, feesKobo]) => {
    expect(overdueNow(items, today)).toEqual({
      totalKobo: total,
      instalments,
      instalmentsKobo,
      fees,
      feesKobo,
    })
  })
  test('what is paid is not overdue', () => {
    expect(
      overdueNow([{ kind: 'instalment', date: '2027-01-01', leftKobo: 0 }], '2027-02-01'),
    ).toMatchObject({ totalKobo: 0, instalments: 0 })
  })
})

describe('paymentChoices with late fees and what is overdue', () => {
  const entries = [
    { amountKobo: 100_000, fee: false },
    { amountKobo: 100_000, fee: false },
    { amountKobo: 2_000, fee: true },
    { amountKobo: 100_000, fee: false },
  ]
  const rows = (choices: ReturnType<typeof paymentChoices>) =>
    choices.map((c) => [c.instalments, c.fees, c.amountKobo, c.whole, c.overdue])
  test.each([
    [
      'a fee is counted as a fee, never as an instalment',
      null,
      [
        [1, 0, 100_000, false, false],
        [2, 0, 200_000, false, false],
        [2, 1, 202_000, false, false],
        [3, 1, 302_000, true, false],
      ],
    ],
    [
      'what is overdue equal to a choice marks it',
      { totalKobo: 202_000, instalments: 2, fees: 1 },
      [
        [1, 0, 100_000, false, false],
        [2, 0, 200_000, false, false],
        [2, 1, 202_000, false, true],
        [3, 1, 302_000, true, false],
      ],
    ],
    [
      'what is overdue between two choices is a choice of its own',
      { totalKobo: 102_000, instalments: 1, fees: 1 },
      [
        [1, 0, 100_000, false, false],
        [1, 1, 102_000, false, true],
        [2, 0, 200_000, false, false],
        [2, 1, 202_000, false, false],
        [3, 1, 302_000, true, false],
      ],
    ],
    [
      'everything overdue: the whole balance',
      { totalKobo: 302_000, instalments: 3, fees: 1 },
      [
        [1, 0, 100_000, false, false],
        [2, 0, 200_000, false, false],
        [2, 1, 202_000, false, false],
        [3, 1, 302_000, true, true],
      ],
    ],
  ])('%s', (_, overdue, expected) => {
    expect(rows(paymentChoices(entries, 0, 302_000, overdue))).toEqual(expected)
  })
  test('the API accepts what is overdue', () => {
    const choices = paymentChoices(entries, 0, 302_000, {
      totalKobo: 102_000,
      instalments: 1,
      fees: 1,
    })
    expect(isAllowedPayment(choices, 102_000)).toBe(true)
    expect(isAllowedPayment(choices, 101_000)).toBe(false)
  })
})

describe('planPaymentWords: a payment is described by the amount chosen', () => {
  const choice = (instalments: number, fees = 0, whole = false, overdue = false) => ({
    instalments,
    fees,
    whole,
    overdue,
  })
  test.each([
    ['the next row alone', { next: 4, of: 11 }, 'Instalment 4 of 11'],
    ['the deposit', { next: 0, of: 11, choice: choice(1) }, 'Initial deposit'],
    [
      'the deposit and two',
      { next: 0, of: 11, choice: choice(3) },
      'Initial deposit and instalments 1 to 2 of 11',
    ],
    ['several', { next: 4, of: 11, choice: choice(3) }, 'Instalments 4 to 6 of 11'],
    [
      'with a fee',
      { next: 4, of: 11, choice: choice(2, 1) },
      'Instalments 4 to 5 of 11 and 1 late fee',
    ],
    [
      'the whole balance',
      { next: 4, of: 11, choice: choice(8, 0, true) },
      'Whole balance: instalments 4 to 11 of 11',
    ],
    [
      'the last instalment',
      { next: 11, of: 11, choice: choice(1, 0, true) },
      'Instalment 11 of 11',
    ],
    [
      'what is overdue',
      { next: 4, of: 11, choice: choice(2, 2, false, true) },
      'What is overdue: instalments 4 to 5 of 11 and 2 late fees',
    ],
    ['a fee alone', { next: 5, of: 11, choice: choice(0, 1) }, '1 late fee'],
  ])('%s', (_, input, expected) => {
    expect(planPaymentWords(input)).toBe(expected)
  })
})
