import { describe, expect, test } from 'vitest'
import {
  cumulativeReturns,
  daysLate,
  lateByWording,
  ledgerRows,
  payoutAccountHeldUntil,
  payoutAccountHold,
  payoutHoldWording,
  payoutStatus,
  portfolioTotals,
  totalKobo,
  type PayoutStatus,
  type PortfolioPayout,
} from '~/contract/payout-rules'
import {
  payoutAccountChanged,
  payoutAccountWording,
  maskedPayoutAccount,
} from '~/contract/payout-account'
import { investmentPlan, type InvestmentTerms } from '~/backend/subscriptions/plans'

const TODAY = '2026-11-23'

describe('payoutStatus: scheduled before its date, due through the grace days, late after, paid once recorded', () => {
  test.each<[string, string | null, number, PayoutStatus]>([
    ['2026-11-24', null, 3, 'scheduled'],
    ['2027-02-01', null, 3, 'scheduled'],
    ['2026-11-23', null, 3, 'due'], // today
    ['2026-11-22', null, 3, 'due'],
    ['2026-11-20', null, 3, 'due'], // the third day past: still within the grace days
    ['2026-11-19', null, 3, 'late'], // the fourth
    ['2026-10-01', null, 3, 'late'],
    ['2026-11-23', null, 0, 'due'], // no grace: due on the day only
    ['2026-11-22', null, 0, 'late'],
    ['2026-11-16', null, 7, 'due'],
    ['2026-11-15', null, 7, 'late'],
    ['2026-11-22', null, -2, 'late'], // a negative setting counts as none
    ['2026-10-01', '2026-10-02', 3, 'paid'],
    ['2026-12-01', '2026-11-20', 3, 'paid'], // paid early
  ])('dated %s, paid %s, %s grace days → %s', (dueDate, paidAt, grace, expected) => {
    expect(payoutStatus({ dueDate, paidAt }, TODAY, grace)).toBe(expected)
  })

  test.each<[string, number, string]>([
    ['2026-11-23', 0, 'Late by 0 days'],
    ['2026-11-22', 1, 'Late by 1 day'],
    ['2026-11-11', 12, 'Late by 12 days'],
    ['2026-12-01', 0, 'Late by 0 days'],
    ['2026-02-28', 268, 'Late by 268 days'],
  ])('%s is %s days past today: "%s"', (dueDate, days, wording) => {
    expect(daysLate(dueDate, TODAY)).toBe(days)
    expect(lateByWording(days)).toBe(wording)
  })
})

const recurring = (
  returnPercent: number,
  frequencyPeriod: number,
  duration: number,
  interval: InvestmentTerms['interval'] = 'months',
): InvestmentTerms => ({
  returnPercent,
  type: 'recurring',
  interval,
  frequencyPeriod,
  duration,
})
const oneTime = (
  returnPercent: number,
  frequencyPeriod: number,
  interval: InvestmentTerms['interval'] = 'months',
): InvestmentTerms => ({
  returnPercent,
  type: 'one_time',
  interval,
  frequencyPeriod,
  duration: null,
})

describe('the ledger adds up to what the invest panel promised, to the kobo', () => {
  // [amount in kobo, terms, the total promised worked out by hand, how many payouts]
  test.each<[number, InvestmentTerms, number, number]>([
    [50_000_000, recurring(8, 3, 24), 50_000_000 + 8 * 4_000_000, 8], // ₦500,000 at 8 % every 3 months for 2 years
    [10_000_000, recurring(2.5, 1, 12), 10_000_000 + 12 * 250_000, 12],
    [33_333_333, recurring(7.25, 6, 12), 33_333_333 + 2 * 2_416_667, 2], // 7.25 % of ₦333,333.33 rounds half up
    [100_001, recurring(12.5, 1, 5, 'weeks'), 100_001 + 5 * 12_500, 5], // 12,500.125 kobo → 12,500
    [100_004, recurring(12.5, 1, 3, 'days'), 100_004 + 3 * 12_501, 3], // 12,500.5 kobo → 12,501
    [100_000_000, oneTime(25, 12), 125_000_000, 1],
    [12_345_678, oneTime(35, 18), 12_345_678 + 4_320_987, 1], // 4,320,987.3 kobo → 4,320,987
    [99_999, oneTime(0.5, 1, 'years'), 99_999 + 500, 1], // 499.995 kobo → 500
  ])('₦%s kobo on %j', (amount, terms, promised, count) => {
    const shown = investmentPlan(amount, terms, '2026-01-31')
    const ledger = ledgerRows(shown, amount)
    expect(ledger).toHaveLength(count)
    expect(totalKobo(ledger)).toBe(promised)
    expect(totalKobo(ledger)).toBe(totalKobo(shown))
    // Same dates, numbered from 1, the principal in the last only.
    expect(ledger.map((row) => row.dueDate)).toEqual(shown.map((row) => row.period))
    expect(ledger.map((row) => row.sequence)).toEqual(shown.map((_, index) => index + 1))
    expect(ledger.map((row) => row.principal)).toEqual(
      shown.map((_, index) => (index === count - 1 ? amount : 0)),
    )
  })
})

const payout = (
  dueDate: string,
  amount: number,
  status: PayoutStatus,
  paidAt: string | null = null,
  principal = 0,
): PortfolioPayout => ({
  dueDate,
  amount,
  principal,
  status,
  paidAt,
})

describe('portfolioTotals: invested, returns received and expected, the next payout, late payouts', () => {
  test('nothing invested', () => {
    expect(portfolioTotals([], [])).toEqual({
      investedKobo: 0,
      returnsReceivedKobo: 0,
      returnsExpectedKobo: 0,
      next: null,
      late: { count: 0, amount: 0 },
    })
  })

  test('two investments: the principal is not a return; the next payout is the earliest unpaid one', () => {
    const rows = [
      payout('2026-08-01', 40_000, 'paid', '2026-08-02'),
      payout('2026-11-01', 40_000, 'late'),
      payout('2027-02-01', 540_000, 'scheduled', null, 500_000),
      payout('2026-11-22', 1_250_000, 'due', null, 1_000_000),
    ]
    expect(portfolioTotals([500_000, 1_000_000], rows)).toEqual({
      investedKobo: 1_500_000,
      returnsReceivedKobo: 40_000,
      returnsExpectedKobo: 40_000 + 40_000 + 250_000,
      next: { dueDate: '2026-11-01', amount: 40_000 },
      late: { count: 1, amount: 40_000 },
    })
  })

  test('payouts on the same day add up into the next payout; everything paid leaves none', () => {
    expect(
      portfolioTotals(
        [1],
        [payout('2026-12-01', 10, 'scheduled'), payout('2026-12-01', 15, 'scheduled')],
      ).next,
    ).toEqual({
      dueDate: '2026-12-01',
      amount: 25,
    })
    const done = portfolioTotals([100], [payout('2026-01-01', 110, 'paid', '2026-01-03', 100)])
    expect(done).toMatchObject({ returnsReceivedKobo: 10, returnsExpectedKobo: 0, next: null })
  })
})

describe('cumulativeReturns: expected by payout date, received by the day paid', () => {
  test('one point per day something changes, in date order', () => {
    const rows = [
      payout('2026-03-01', 100, 'paid', '2026-03-04'),
      payout('2026-06-01', 100, 'late'),
      payout('2026-09-01', 1_100, 'scheduled', null, 1_000),
    ]
    expect(cumulativeReturns(rows)).toEqual([
      { date: '2026-03-01', expectedKobo: 100, receivedKobo: 0 },
      { date: '2026-03-04', expectedKobo: 100, receivedKobo: 100 },
      { date: '2026-06-01', expectedKobo: 200, receivedKobo: 100 },
      { date: '2026-09-01', expectedKobo: 300, receivedKobo: 100 },
    ])
  })

  test('paid on its date, and paid early', () => {
    expect(
      cumulativeReturns([
        payout('2026-03-01', 50, 'paid', '2026-03-01'),
        payout('2026-04-01', 50, 'paid', '2026-02-20'),
      ]),
    ).toEqual([
      { date: '2026-02-20', expectedKobo: 0, receivedKobo: 50 },
      { date: '2026-03-01', expectedKobo: 50, receivedKobo: 100 },
      { date: '2026-04-01', expectedKobo: 100, receivedKobo: 100 },
    ])
    expect(cumulativeReturns([])).toEqual([])
  })
})

describe('payoutAccountHold: payouts wait the hold hours after the payout account is set or changed', () => {
  const changed = '2027-01-14T08:30:00.000Z' // 09:30 in Lagos
  test.each<[string | null, number, string, string | null]>([
    [changed, 72, '2027-01-14T08:30:00.000Z', '2027-01-17T08:30:00.000Z'], // the moment it changed
    [changed, 72, '2027-01-17T08:29:59.999Z', '2027-01-17T08:30:00.000Z'], // a moment before the end
    [changed, 72, '2027-01-17T08:30:00.000Z', null], // over exactly 72 hours later
    [changed, 72, '2027-02-01T00:00:00.000Z', null],
    [changed, 1, '2027-01-14T09:00:00.000Z', '2027-01-14T09:30:00.000Z'],
    [changed, 1, '2027-01-14T09:30:00.000Z', null],
    [changed, 720, '2027-02-12T08:00:00.000Z', '2027-02-13T08:30:00.000Z'],
    [null, 72, '2027-01-14T08:30:00.000Z', null], // never changed since holds began
    ['not a date', 72, '2027-01-14T08:30:00.000Z', null],
  ])('changed at %s, %s hours, at %s → held until %s', (changedAt, hours, now, heldUntil) => {
    const hold = payoutAccountHold(changedAt, hours, new Date(now))
    expect(hold?.held_until ?? null).toBe(heldUntil)
    if (hold) expect(hold.changed_at).toBe(changedAt)
  })

  test('the end of a hold, and how staff read it (DD/MM/YYYY, then HH:mm on a 24-hour clock, in the time zone given)', () => {
    expect(payoutAccountHeldUntil(new Date(changed), 72).toISOString()).toBe(
      '2027-01-17T08:30:00.000Z',
    )
    const hold = { changed_at: '2027-01-14T23:30:00.000Z', held_until: '2027-01-17T23:30:00.000Z' }
    expect(payoutHoldWording(hold, 'Africa/Lagos')).toBe(
      'Payout account changed on 15/01/2027: held until 18/01/2027 00:30',
    )
    expect(payoutHoldWording(hold, 'UTC')).toBe(
      'Payout account changed on 14/01/2027: held until 17/01/2027 23:30',
    )
    expect(
      payoutHoldWording(
        { changed_at: changed, held_until: '2027-01-17T14:05:00.000Z' },
        'Africa/Lagos',
      ),
    ).toBe('Payout account changed on 14/01/2027: held until 17/01/2027 15:05')
  })
})

describe('payoutAccountChanged: only the bank, the account number and the name count', () => {
  const saved = { bank: 'gtbank', account_number: '0123456789', account_name: 'Ngozi Eze' }
  test.each<[string, Parameters<typeof payoutAccountChanged>[1], boolean]>([
    ['the same account', { ...saved }, false],
    ['the number typed with spaces', { ...saved, account_number: '012 345 6789' }, false],
    ['the name with spaces around it', { ...saved, account_name: ' Ngozi Eze ' }, false],
    ['another number', { ...saved, account_number: '0123456780' }, true],
    ['another bank', { ...saved, bank: 'zenith' }, true],
    ['another name', { ...saved, account_name: 'Ngozi A. Eze' }, true],
    ['removed', { bank: '', account_number: '', account_name: undefined }, true],
  ])('%s → %s', (_what, next, expected) => {
    expect(payoutAccountChanged(saved, next)).toBe(expected)
  })

  test('set for the first time is a change; nothing to nothing is not', () => {
    expect(payoutAccountChanged({ bank: '', account_number: '', account_name: '' }, saved)).toBe(
      true,
    )
    expect(payoutAccountChanged({}, { bank: '', account_number: '' })).toBe(false)
  })

  test('as a payout record prints it, and as a notice shows it', () => {
    expect(payoutAccountWording(saved)).toBe(
      'Guaranty Trust Bank (GTBank) · 0123456789 · Ngozi Eze',
    )
    expect(maskedPayoutAccount(saved)).toBe('Guaranty Trust Bank (GTBank), account ending 6789')
  })
})
