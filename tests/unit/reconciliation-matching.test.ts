import { describe, expect, test } from 'vitest'
import {
  settlementBatch,
  settlementProviderOf,
  editDistance,
  matchLines,
  nameResembles,
  subscriptionReferences,
  type PendingPayment,
} from '~/backend/reconciliation/matching'

describe('subscriptionReferences', () => {
  test.each([
    ['TRF FROM ADA OBI/SUB-7KQ2M9/NIP', ['SUB-7KQ2M9']],
    ['sub-7kq2m9 land', ['SUB-7KQ2M9']],
    ['PAYMENT SUB 7KQ2M9', ['SUB-7KQ2M9']],
    ['SUB-AAAA2222 and SUB-BBBB3333', ['SUB-AAAA2222', 'SUB-BBBB3333']],
    ['SUBSCRIPTION FEE', []],
    ['POS SETTLEMENT', []],
  ])('%j', (narration, references) => {
    expect(subscriptionReferences(narration)).toEqual(references)
  })
})

describe('nameResembles', () => {
  test.each([
    ['NIP TRANSFER FROM NGOZI OKAFOR', 'Ngozi Okafor', true],
    ['nip transfer from ngozi okafor', 'NGOZI OKAFOR', true],
    ['TRF FRM OKAFOR NGOZI', 'Ngozi Okafor', true],
    ['NIP TRANSFER FROM NGOZI OKAFFOR', 'Ngozi Okafor', true],
    ['NIP TRANSFER FROM NGOZY OKAFOR', 'Ngozi Okafor', true],
    ['NIP TRANSFER FROM NGOZI', 'Ngozi Okafor', false],
    ['NIP TRANSFER FROM EMEKA OKAFOR', 'Ngozi Okafor', false],
    ['NIP TRANSFER FROM NGZY OKFAOR', 'Ngozi Okafor', false],
    ['FROM ADA OBI', 'Ada Obi', true],
    ['FROM ADE OBI', 'Ada Obi', false],
    ['ACME STORES', 'Ada Obi', false],
  ])('%j names %j: %j', (narration, name, expected) => {
    expect(nameResembles(narration, name)).toBe(expected)
  })

  test.each([
    ['okafor', 'okaffor', 1],
    ['okafor', 'okafor', 0],
    ['ngozi', 'ngozy', 1],
    ['ngozi', 'nkozy', 2],
  ])('editDistance(%j, %j) = %j', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance)
  })
})

const payment = (id: number, extra: Partial<PendingPayment> = {}): PendingPayment => ({
  id,
  subscriptionReference: `SUB-AAAA000${id}`,
  amountKobo: 100_000_00,
  paidOn: '2027-01-04',
  customerName: 'Ngozi Okafor',
  ...extra,
})

describe('matchLines', () => {
  test('exact on the reference and the payment amount; exact on a subscription amount due; likely on amount, days and name; none otherwise', () => {
    const result = matchLines(
      [
        { key: 1, date: '2027-01-05', narration: 'TRF/SUB-AAAA0001', amountKobo: 100_000_00 },
        { key: 2, date: '2027-01-05', narration: 'TRF/SUB-BBBB0002', amountKobo: 50_000_00 },
        { key: 3, date: '2027-01-06', narration: 'NIP FROM NGOZI OKAFFOR', amountKobo: 70_000_00 },
        { key: 4, date: '2027-01-05', narration: 'POS SETTLEMENT', amountKobo: 70_000_00 },
      ],
      [payment(1), payment(3, { amountKobo: 70_000_00, paidOn: '2027-01-03' })],
      [{ id: 20, reference: 'SUB-BBBB0002', dueKobo: [25_000_00, 50_000_00] }],
    )
    expect(Object.fromEntries(result)).toEqual({
      1: { confidence: 'exact', transactionId: 1, subscriptionId: null, candidates: [] },
      2: { confidence: 'exact', transactionId: null, subscriptionId: 20, candidates: [] },
      3: { confidence: 'likely', transactionId: 3, subscriptionId: null, candidates: [] },
      4: { confidence: 'none', transactionId: null, subscriptionId: null, candidates: [] },
    })
  })

  test.each([
    ['the reference but another amount', { narration: 'SUB-AAAA0001', amountKobo: 99_999_00 }],
    [
      'the amount but 4 days from the day given',
      { narration: 'FROM NGOZI OKAFOR', date: '2027-01-08' },
    ],
    ['the amount and day but another name', { narration: 'FROM EMEKA EZE' }],
    ['the reference of an unknown subscription', { narration: 'SUB-ZZZZ9999' }],
  ])('none for %s', (_name, line) => {
    const result = matchLines(
      [{ key: 1, date: '2027-01-05', amountKobo: 100_000_00, ...line }],
      [payment(1)],
      [],
    )
    expect(result.get(1)?.confidence).toBe('none')
  })

  test('within 3 days either side counts as likely', () => {
    for (const date of ['2027-01-01', '2027-01-07']) {
      const result = matchLines(
        [{ key: 1, date, narration: 'FROM NGOZI OKAFOR', amountKobo: 100_000_00 }],
        [payment(1)],
        [],
      )
      expect(result.get(1)).toEqual({
        confidence: 'likely',
        transactionId: 1,
        subscriptionId: null,
        candidates: [],
      })
    }
  })

  test('a payment matches one line and a line one payment: exact wins, then of two credits fitting one payment the nearest day', () => {
    const result = matchLines(
      [
        { key: 1, date: '2027-01-05', narration: 'FROM NGOZI OKAFOR', amountKobo: 100_000_00 },
        {
          key: 2,
          date: '2027-01-05',
          narration: 'NGOZI OKAFOR SUB-AAAA0001',
          amountKobo: 100_000_00,
        },
        { key: 3, date: '2027-01-03', narration: 'FROM NGOZI OKAFOR', amountKobo: 100_000_00 },
      ],
      [payment(1), payment(2, { paidOn: '2027-01-02' })],
      [],
    )
    expect(Object.fromEntries(result)).toEqual({
      1: { confidence: 'none', transactionId: null, subscriptionId: null, candidates: [] },
      2: { confidence: 'exact', transactionId: 1, subscriptionId: null, candidates: [] },
      3: { confidence: 'likely', transactionId: 2, subscriptionId: null, candidates: [] },
    })
  })

  // A credit that fits more than one payment is nobody's: anyone may sign up under another's name.
  const victim = payment(1, { subscriptionReference: 'SUB-VICT0001', paidOn: '2027-01-05' })
  const impostor = payment(2, { subscriptionReference: 'SUB-IMPO0002', paidOn: '2027-01-05' })
  const credit = {
    key: 1,
    date: '2027-01-05',
    narration: 'NIP TRANSFER FROM NGOZI OKAFOR',
    amountKobo: 100_000_00,
  }
  test.each([
    [
      'the victim alone',
      [victim],
      { confidence: 'likely', transactionId: 1, subscriptionId: null, candidates: [] },
    ],
    [
      'an impostor alone',
      [impostor],
      { confidence: 'likely', transactionId: 2, subscriptionId: null, candidates: [] },
    ],
    [
      'the victim and an impostor',
      [victim, impostor],
      { confidence: 'ambiguous', transactionId: null, subscriptionId: null, candidates: [1, 2] },
    ],
    [
      'an impostor who sent their claim first, then the victim',
      [impostor, victim],
      { confidence: 'ambiguous', transactionId: null, subscriptionId: null, candidates: [1, 2] },
    ],
    [
      'an impostor claiming a nearer day',
      [victim, { ...impostor, paidOn: '2027-01-05' }, { ...payment(3), paidOn: '2027-01-07' }],
      { confidence: 'ambiguous', transactionId: null, subscriptionId: null, candidates: [1, 2, 3] },
    ],
    [
      'an impostor with another amount',
      [victim, { ...impostor, amountKobo: 99_000_00 }],
      { confidence: 'likely', transactionId: 1, subscriptionId: null, candidates: [] },
    ],
    [
      'an impostor under another name',
      [victim, { ...impostor, customerName: 'Emeka Eze' }],
      { confidence: 'likely', transactionId: 1, subscriptionId: null, candidates: [] },
    ],
  ] as const)('a credit fitting %s', (_name, payments, expected) => {
    expect(matchLines([credit], [...payments], []).get(1)).toEqual(expected)
  })

  test('the narration naming the subscription settles it: exact, whoever else claims the amount', () => {
    const named = { ...credit, narration: 'NIP TRANSFER FROM NGOZI OKAFOR SUB-VICT0001' }
    expect(matchLines([named], [impostor, victim], []).get(1)).toEqual({
      confidence: 'exact',
      transactionId: 1,
      subscriptionId: null,
      candidates: [],
    })
  })

  test('a payment matched exactly to another line is no candidate', () => {
    const result = matchLines(
      [credit, { ...credit, key: 2, narration: 'SUB-VICT0001' }],
      [victim, impostor],
      [],
    )
    expect(result.get(2)).toMatchObject({ confidence: 'exact', transactionId: 1 })
    expect(result.get(1)).toEqual({
      confidence: 'likely',
      transactionId: 2,
      subscriptionId: null,
      candidates: [],
    })
  })

  test('two credits each fitting the same two payments are both ambiguous', () => {
    const result = matchLines([credit, { ...credit, key: 2 }], [victim, impostor], [])
    expect([result.get(1)?.confidence, result.get(2)?.confidence]).toEqual([
      'ambiguous',
      'ambiguous',
    ])
  })

  test('two lines naming one subscription awaiting payment: the first takes it', () => {
    const result = matchLines(
      [
        { key: 1, date: '2027-01-05', narration: 'SUB-BBBB0002', amountKobo: 50_000_00 },
        { key: 2, date: '2027-01-05', narration: 'SUB-BBBB0002', amountKobo: 50_000_00 },
      ],
      [],
      [{ id: 20, reference: 'SUB-BBBB0002', dueKobo: [50_000_00] }],
    )
    expect([result.get(1)?.confidence, result.get(2)?.confidence]).toEqual(['exact', 'none'])
  })
})

describe('payment provider settlements', () => {
  test.each([
    ['PAYSTACK SETTLEMENT 2027-01-05', 'paystack'],
    ['NIP/PSTK/LANDBANKING LTD', 'paystack'],
    ['TRF FROM MONNIFY LIMITED', 'monnify'],
    ['MNFY|SETTLEMENT|0001', 'monnify'],
    ['TRANSFER FROM ADA OBI SUB-7KQ2M9', null],
    ['MONIEPOINT/ADA OBI', null],
    ['PAYSTACKS OF CASH', null],
  ])('"%s" names %s', (narration, provider) => {
    expect(settlementProviderOf(narration)).toBe(provider)
  })

  const unsettled = [
    { id: 1, settledKobo: 100_000, paidOn: '2027-01-03' },
    { id: 2, settledKobo: 250_000, paidOn: '2027-01-04' },
    { id: 3, settledKobo: 50_000, paidOn: '2027-01-06' },
  ]
  test.each([
    // amount, line date, the payments it settles
    [100_000, '2027-01-05', [1]],
    [350_000, '2027-01-05', [1, 2]],
    [400_000, '2027-01-06', [1, 2, 3]],
    [400_000, '2027-01-05', null], // the last payment came after the credit
    [300_000, '2027-01-05', null], // no run of the oldest adds up to it
    [250_000, '2027-01-05', null], // the oldest come first
    [100_000, '2027-01-02', null],
  ] as const)('%i kobo on %s settles %j', (amount, date, batch) => {
    expect(settlementBatch(amount, date, unsettled)).toEqual(batch)
  })
})
