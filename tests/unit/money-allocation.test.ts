import { describe, expect, test } from 'vitest'
import { allocateReceipt, paymentChoices, type ReceiptCandidate } from '~/contract/money'

// Land by instalments: a ₦250,000 deposit then three of ₦250,000 (₦1,000,000 in all), nothing paid.
const plan = (id: number, paidKobo = 0): ReceiptCandidate => ({
  id,
  choices: paymentChoices([25_000_000, 25_000_000, 25_000_000, 25_000_000], paidKobo, 100_000_000),
})
// Paid in full: one amount.
const full = (id: number, totalKobo: number): ReceiptCandidate => ({
  id,
  choices: paymentChoices([totalKobo], 0, totalKobo),
})
const closed = (id: number): ReceiptCandidate => ({ id, choices: [] })

describe('allocateReceipt: one subscription named by its account or checkout', () => {
  test.each([
    // amount (kobo), the candidate, what happens
    [
      'the next instalment',
      25_000_000,
      plan(1),
      { kind: 'payment', subscriptionId: 1, instalments: 1 },
    ],
    [
      'two instalments',
      50_000_000,
      plan(1),
      { kind: 'payment', subscriptionId: 1, instalments: 2 },
    ],
    [
      'the whole balance',
      100_000_000,
      plan(1),
      { kind: 'payment', subscriptionId: 1, whole: true },
    ],
    [
      'what is left after a payment',
      75_000_000,
      plan(1, 25_000_000),
      { kind: 'payment', subscriptionId: 1, whole: true },
    ],
    [
      'the full price',
      5_000_000,
      full(7, 5_000_000),
      { kind: 'payment', subscriptionId: 7, whole: true },
    ],
    ['a kobo short', 24_999_999, plan(1), { kind: 'credit', reason: 'under' }],
    ['more than the balance', 100_000_001, plan(1), { kind: 'credit', reason: 'over' }],
    ['between two choices', 30_000_000, plan(1), { kind: 'credit', reason: 'between' }],
    [
      'a subscription that takes no payment',
      25_000_000,
      closed(1),
      { kind: 'credit', reason: 'no_subscription' },
    ],
  ] as const)('%s', (_case, amount, candidate, expected) => {
    const allocation = allocateReceipt(amount, [candidate])
    if (expected.kind === 'credit') expect(allocation).toEqual(expected)
    else {
      expect(allocation.kind).toBe('payment')
      if (allocation.kind !== 'payment') return
      expect(allocation.subscriptionId).toBe(expected.subscriptionId)
      expect(allocation.choice.amountKobo).toBe(amount)
      if ('instalments' in expected)
        expect(allocation.choice.instalments).toBe(expected.instalments)
      if ('whole' in expected) expect(allocation.choice.whole).toBe(true)
    }
  })
})

describe('allocateReceipt: one account number for all of a customer’s subscriptions', () => {
  test.each([
    [
      'fits exactly one of them',
      5_000_000,
      [plan(1), full(2, 5_000_000)],
      { kind: 'payment', subscriptionId: 2 },
    ],
    [
      'fits the other one',
      25_000_000,
      [plan(1), full(2, 5_000_000)],
      { kind: 'payment', subscriptionId: 1 },
    ],
    [
      'fits both: ambiguous',
      25_000_000,
      [plan(1), plan(2)],
      { kind: 'credit', reason: 'ambiguous' },
    ],
    [
      'fits one, the other takes no payment',
      25_000_000,
      [plan(1), closed(2)],
      { kind: 'payment', subscriptionId: 1 },
    ],
    [
      'less than any of them',
      1_000_000,
      [plan(1), full(2, 5_000_000)],
      { kind: 'credit', reason: 'under' },
    ],
    [
      'more than any balance',
      200_000_000,
      [plan(1), full(2, 5_000_000)],
      { kind: 'credit', reason: 'over' },
    ],
    [
      'between their choices',
      7_000_000,
      [plan(1), full(2, 5_000_000)],
      { kind: 'credit', reason: 'between' },
    ],
    ['no subscription at all', 5_000_000, [], { kind: 'credit', reason: 'no_subscription' }],
  ] as const)('%s', (_case, amount, candidates, expected) => {
    const allocation = allocateReceipt(amount, candidates)
    expect(allocation).toMatchObject(expected)
  })
})
