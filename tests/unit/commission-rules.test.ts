import { describe, expect, test } from 'vitest'
import {
  commissionAmounts,
  commissionsFor,
  commissionTotals,
  DEFAULT_COMMISSION_RATES,
  entryStatusFor,
  isRate,
  makesLoop,
  monthName,
  monthRange,
  normalPhone,
  phoneAccountNumber,
  selfReferralSignals,
  signalsSentence,
  type ReferralIdentity,
} from '~/contract/commission-rules'
import { commissionRatesSchema } from '~/contract/commissions'

describe('commissionAmounts: gross = rate % of the payment, WHT = rate % of gross, each rounded half up; net = gross − WHT', () => {
  test.each([
    // amount paid (kobo), rate %, WHT %, gross, WHT, net
    [100_000_000, 5, 5, 5_000_000, 250_000, 4_750_000],
    [100_000_000, 3, 10, 3_000_000, 300_000, 2_700_000],
    [10_000_001, 5, 5, 500_000, 25_000, 475_000],
    [10, 5, 5, 1, 0, 1], // half a kobo of gross rounds up
    [30, 5, 10, 2, 0, 2], // 1.5 → 2
    [12_345_678, 2.5, 10, 308_642, 30_864, 277_778], // 308,641.95 → 308,642
    [333, 3, 5, 10, 1, 9], // gross 9.99 → 10, WHT 0.5 → 1
    [99, 2.55, 7.5, 3, 0, 3], // 2.5245 → 3
    [1_000_000, 0, 5, 0, 0, 0],
    [125_000_050, 5, 5, 6_250_003, 312_500, 5_937_503], // ₦1,250,000.50: 6,250,002.5 → 6,250,003
  ])('%i kobo at %s %% with %s %% WHT', (amount, rate, wht, gross, withholdingTax, net) => {
    expect(commissionAmounts(amount, rate, wht)).toEqual({ gross, withholdingTax, net })
  })
})

describe('commissionsFor: one entry per level with a realtor and a rate above 0', () => {
  const a = { realtorId: 1, registeredCompany: false }
  const b = { realtorId: 2, registeredCompany: true }
  const c = { realtorId: 3, registeredCompany: false }
  const d = { realtorId: 4, registeredCompany: false }

  test.each([
    ['no realtor', [], DEFAULT_COMMISSION_RATES, []],
    ['one level', [a], DEFAULT_COMMISSION_RATES, [[1, 1, 5_000_000, 250_000, 4_750_000]]],
    [
      'two levels, the upline a company (10 % WHT)',
      [a, b],
      DEFAULT_COMMISSION_RATES,
      [
        [1, 1, 5_000_000, 250_000, 4_750_000],
        [2, 2, 3_000_000, 300_000, 2_700_000],
      ],
    ],
    [
      'three levels; a fourth realtor earns nothing',
      [a, b, c, d],
      DEFAULT_COMMISSION_RATES,
      [
        [1, 1, 5_000_000, 250_000, 4_750_000],
        [2, 2, 3_000_000, 300_000, 2_700_000],
        [3, 3, 2_000_000, 100_000, 1_900_000],
      ],
    ],
    [
      'a rate of 0 turns its level off',
      [a, b, c],
      { ...DEFAULT_COMMISSION_RATES, level_2: 0 },
      [
        [1, 1, 5_000_000, 250_000, 4_750_000],
        [3, 3, 2_000_000, 100_000, 1_900_000],
      ],
    ],
  ] as const)('%s', (_name, chain, rates, expected) => {
    const planned = commissionsFor(100_000_000, chain, rates)
    expect(
      planned.map((entry) => [
        entry.level,
        entry.realtorId,
        entry.gross,
        entry.withholdingTax,
        entry.net,
      ]),
    ).toEqual(expected)
  })
})

describe('commissionTotals: earned counts every entry neither void nor held, paid the paid ones, balance the rest; held apart', () => {
  test.each([
    [[], { earned: 0, paid: 0, balance: 0, held: 0 }],
    [[{ status: 'earned', net: 100 }], { earned: 100, paid: 0, balance: 100, held: 0 }],
    [
      [
        { status: 'earned', net: 100 },
        { status: 'paid', net: 250 },
        { status: 'void', net: 1_000 },
      ],
      { earned: 350, paid: 250, balance: 100, held: 0 },
    ],
    [
      [
        { status: 'held', net: 400 },
        { status: 'earned', net: 100 },
        { status: 'held', net: 50 },
      ],
      { earned: 100, paid: 0, balance: 100, held: 450 },
    ],
  ] as const)('%j', (entries, expected) => {
    expect(commissionTotals(entries)).toEqual(expected)
  })
})

describe('makesLoop: a realtor may not sit below itself', () => {
  // 1 ← 2 ← 3 (3's upline is 2, 2's upline is 1); 4 stands alone.
  const uplines = new Map<number, number | null>([
    [1, null],
    [2, 1],
    [3, 2],
    [4, null],
  ])
  const uplineOf = (id: number) => uplines.get(id)
  test.each([
    [1, 1, true], // itself
    [1, 3, true], // 3 is below 1
    [1, 2, true],
    [2, 3, true],
    [3, 1, false], // further up is fine
    [4, 3, false],
    [1, 4, false],
  ])('realtor %i with upline %i: loop %s', (realtor, upline, expected) => {
    expect(makesLoop(realtor, upline, uplineOf)).toBe(expected)
  })
  test('an existing cycle in the data does not hang', () => {
    const cyclic = new Map([
      [7, 8],
      [8, 7],
    ])
    expect(makesLoop(1, 7, (id) => cyclic.get(id))).toBe(true)
  })
})

describe('rates: percent, 0 to 100, at most two decimals', () => {
  test.each([
    [5, true],
    [2.5, true],
    [2.55, true],
    [0, true],
    [100, true],
    [2.555, false],
    [-1, false],
    [100.01, false],
    [Number.NaN, false],
    ['5', false],
  ])('%s', (value, expected) => {
    expect(isRate(value)).toBe(expected)
  })

  test('the settings form takes typed percents and says what is wrong under each field', () => {
    const ok = commissionRatesSchema.safeParse({
      level_1: '5',
      level_2: '2.5 %',
      level_3: '0',
      wht_individual: '5',
      wht_company: '10',
    })
    expect(ok.success && ok.data).toEqual({
      level_1: 5,
      level_2: 2.5,
      level_3: 0,
      wht_individual: 5,
      wht_company: 10,
    })
    const bad = commissionRatesSchema.safeParse({
      level_1: '',
      level_2: 'abc',
      level_3: '2.555',
      wht_individual: '-1',
      wht_company: '101',
    })
    expect(bad.success).toBe(false)
    const messages = Object.fromEntries(
      (bad.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
    )
    expect(messages).toEqual({
      level_1: 'Enter the level 1 rate',
      level_2: 'Level 2 rate must be a number',
      level_3: 'Level 3 rate may have at most two decimals',
      wht_individual: 'Withholding tax for individuals must be at least 0',
      wht_company: 'Withholding tax for companies must be at most 100',
    })
  })
})

describe('statement months', () => {
  test.each([
    ['2026-11', { from: '2026-11-01', to: '2026-11-30' }],
    ['2028-02', { from: '2028-02-01', to: '2028-02-29' }],
    ['2026-13', null],
    ['2026-1', null],
    ['nonsense', null],
  ])('%s', (month, expected) => {
    expect(monthRange(month)).toEqual(expected)
  })
  test('named for people', () => {
    expect(monthName('2026-11')).toBe('November 2026')
  })
})

describe('self-referral: what a customer shares with a realtor of its chain', () => {
  test.each([
    ['0803 123 4567', '08031234567'],
    ['+234 803 123 4567', '08031234567'],
    ['2348031234567', '08031234567'],
    ['803-123-4567', '08031234567'],
    ['(01) 234 5678', '012345678'],
    ['12345', null],
    ['', null],
    [null, null],
  ])('normalPhone(%j) = %j', (typed, expected) => {
    expect(normalPhone(typed)).toBe(expected)
  })

  test.each([
    ['0803 123 4567', '8031234567'],
    ['+2347011112222', '7011112222'],
    ['09012345678', '9012345678'],
    ['012345678', null], // a landline is no account number
    ['', null],
  ])('phoneAccountNumber(%j) = %j', (phone, expected) => {
    expect(phoneAccountNumber(phone)).toBe(expected)
  })

  const person = (identity: Partial<ReferralIdentity>): ReferralIdentity => ({
    phone: null,
    accountNumber: null,
    devices: [],
    ...identity,
  })
  test.each([
    [
      'nothing in common',
      person({ phone: '08031234567', devices: ['a'] }),
      person({ phone: '08039999999', devices: ['b'] }),
      [],
    ],
    ['nothing known', person({}), person({}), []],
    [
      'the same phone, typed two ways',
      person({ phone: '+234 803 123 4567' }),
      person({ phone: '0803 123 4567' }),
      ['phone'],
    ],
    [
      'the same payout account number',
      person({ accountNumber: '0123456789' }),
      person({ accountNumber: '0123 456 789' }),
      ['account'],
    ],
    [
      "the customer's account is the realtor's phone as an account number",
      person({ accountNumber: '8031234567' }),
      person({ phone: '0803 123 4567' }),
      ['account'],
    ],
    [
      "the realtor's account is the customer's phone as an account number",
      person({ phone: '08031234567' }),
      person({ accountNumber: '8031234567' }),
      ['account'],
    ],
    [
      'both phones as accounts count as the phone only',
      person({ phone: '08031234567' }),
      person({ phone: '08031234567' }),
      ['phone'],
    ],
    [
      'a browser both used',
      person({ devices: ['x', 'shared'] }),
      person({ devices: ['shared', 'y'] }),
      ['device'],
    ],
    [
      'everything',
      person({ phone: '08031234567', accountNumber: '8031234567', devices: ['d'] }),
      person({ phone: '08031234567', devices: ['d'] }),
      ['phone', 'account', 'device'],
    ],
  ] as const)('%s', (_, customer, realtor, expected) => {
    expect(selfReferralSignals(customer, realtor)).toEqual(expected)
  })

  test.each([
    [[], ''],
    [['device'], 'the same device'],
    [['device', 'phone'], 'the same phone number and the same device'],
    [
      ['account', 'phone', 'device'],
      'the same phone number, the same bank account number and the same device',
    ],
  ] as const)('signalsSentence(%j)', (signals, expected) => {
    expect(signalsSentence(signals)).toBe(expected)
  })

  test.each([
    // review of the purchase, signals found now → the new entries' status, whether the purchase is flagged now
    [null, [], 'earned', false],
    [null, ['phone'], 'held', true],
    ['pending', [], 'held', false],
    ['pending', ['device'], 'held', false],
    ['cleared', ['phone'], 'earned', false],
    ['confirmed', [], 'void', false],
  ] as const)('entryStatusFor(%j, %j) = %s', (review, signals, status, flag) => {
    expect(entryStatusFor(review, signals)).toEqual({ status, flag })
  })
})
