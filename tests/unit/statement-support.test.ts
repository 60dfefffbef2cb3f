import { describe, expect, test } from 'vitest'
import {
  lacksCredit,
  statementSupport,
  statementWarningText,
  type StatementCredit,
} from '~/contract/statement-support'

const payment = (extra: Partial<Parameters<typeof statementSupport>[0]> = {}) => ({
  awaitingConfirmation: true,
  amountKobo: 4_320_000_00,
  paidOn: '2027-01-04',
  ...extra,
})
const credit = (extra: Partial<StatementCredit> = {}): StatementCredit => ({
  amountKobo: 4_320_000_00,
  date: '2027-01-04',
  ambiguous: false,
  ...extra,
})

describe('statementSupport', () => {
  test.each([
    ['a credit of its amount linked to it', payment(), credit(), '2027-01-31', 'backed'],
    [
      'a ₦1,000 credit linked as ₦4,320,000',
      payment(),
      credit({ amountKobo: 1_000_00 }),
      '2027-01-31',
      'amount_differs',
    ],
    [
      'a credit a kobo short',
      payment(),
      credit({ amountKobo: 4_320_000_00 - 1 }),
      '2027-01-31',
      'amount_differs',
    ],
    [
      'a larger credit linked to it',
      payment(),
      credit({ amountKobo: 5_000_000_00 }),
      '2027-01-31',
      'amount_differs',
    ],
    [
      'a credit fitting it and another payment',
      payment(),
      credit({ ambiguous: true }),
      '2027-01-31',
      'ambiguous',
    ],
    ['no credit, paid before the last statement day', payment(), null, '2027-01-31', 'missing'],
    [
      'no credit, paid on the last statement day',
      payment({ paidOn: '2027-01-31' }),
      null,
      '2027-01-31',
      'missing',
    ],
    [
      'no credit, paid after the last statement day',
      payment({ paidOn: '2027-02-01' }),
      null,
      '2027-01-31',
      null,
    ],
    ['no credit, no statement imported yet', payment(), null, null, null],
    ['no credit, no day given', payment({ paidOn: null }), null, '2027-01-31', null],
    [
      'a payment already marked',
      payment({ awaitingConfirmation: false }),
      credit({ amountKobo: 1_000_00 }),
      '2027-01-31',
      null,
    ],
  ] as const)('%s → %s', (_name, paid, found, lastStatementDate, expected) => {
    expect(statementSupport(paid, found, lastStatementDate)).toBe(expected)
  })

  test.each([
    ['backed', false],
    ['missing', true],
    ['amount_differs', true],
    ['ambiguous', true],
    [null, false],
  ] as const)('%s needs the acknowledgement to be marked paid: %s', (support, expected) => {
    expect(lacksCredit(support)).toBe(expected)
  })

  test('the verifier reads both figures', () => {
    expect(
      statementWarningText(
        { kind: 'amount_differs', credit_amount: 1_000, credit_date: '2027-01-04' },
        4_320_000,
      ),
    ).toBe(
      "The statement credit linked to it is ₦1,000.00 on 04/01/2027, not this payment's ₦4,320,000.00.",
    )
    expect(
      statementWarningText(
        { kind: 'ambiguous', credit_amount: 2_500_000, credit_date: '2027-01-04' },
        2_500_000,
      ),
    ).toBe(
      'The statement credit of ₦2,500,000.00 on 04/01/2027 fits this payment and another one: check who sent it before confirming.',
    )
  })
})
