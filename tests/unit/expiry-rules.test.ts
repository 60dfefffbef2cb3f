import { describe, expect, test } from 'vitest'
import {
  MAX_UNCONFIRMED_UNITS,
  unconfirmedPaymentExpiry,
  unconfirmedUnitsProblem,
  unpaidSubscriptionStep,
  type WaitingPayment,
} from '~/backend/subscriptions/expiry-rules'

describe('unconfirmedUnitsProblem: at most 10 units of a product held without a confirmed payment', () => {
  test('the cap is what one purchase may have', () => {
    expect(MAX_UNCONFIRMED_UNITS).toBe(10)
  })

  test.each([
    // held, asked, own, refusal
    [0, 10, true, null],
    [0, 1, true, null],
    [9, 1, true, null],
    [6, 4, false, null],
    [
      9,
      2,
      true,
      'You already hold 9 plots of this product without a confirmed payment: at most 1 plot more until a payment is confirmed (10 in all)',
    ],
    [
      1,
      10,
      true,
      'You already hold 1 plot of this product without a confirmed payment: at most 9 plots more until a payment is confirmed (10 in all)',
    ],
    [
      10,
      1,
      true,
      'You already hold 10 plots of this product without a confirmed payment, the most one customer may hold until a payment is confirmed. Subscribe again once one is.',
    ],
    [
      12,
      1,
      true,
      'You already hold 12 plots of this product without a confirmed payment, the most one customer may hold until a payment is confirmed. Subscribe again once one is.',
    ],
    [
      10,
      1,
      false,
      'This customer already holds 10 plots of this product without a confirmed payment, the most one customer may hold until a payment is confirmed. Add more once one is.',
    ],
    [
      7,
      5,
      false,
      'This customer already holds 7 plots of this product without a confirmed payment: at most 3 plots more until a payment is confirmed (10 in all)',
    ],
  ])('holding %i, asking %i (own: %s)', (held, quantity, own, refusal) => {
    expect(unconfirmedUnitsProblem({ held, quantity, unit: 'plot', own })).toBe(refusal)
  })

  test('the unit is named as the product sells it', () => {
    expect(unconfirmedUnitsProblem({ held: 10, quantity: 1, unit: 'acre', own: true })).toContain(
      '10 acres of this product',
    )
  })
})

describe('unpaidSubscriptionStep: nothing paid, nothing sent, it expires after the expiry days, warned the day before', () => {
  test.each([
    // made on, today, days, warned, action, expires on
    ['2027-01-10', '2027-01-10', 7, false, 'keep', '2027-01-17'],
    ['2027-01-10', '2027-01-15', 7, false, 'keep', '2027-01-17'],
    ['2027-01-10', '2027-01-16', 7, false, 'warn', '2027-01-17'],
    ['2027-01-10', '2027-01-16', 7, true, 'keep', '2027-01-17'],
    ['2027-01-10', '2027-01-17', 7, true, 'expire', '2027-01-17'],
    ['2027-01-10', '2027-01-17', 7, false, 'expire', '2027-01-17'],
    // A day the job missed is caught up.
    ['2027-01-10', '2027-02-01', 7, false, 'expire', '2027-01-17'],
    ['2027-01-31', '2027-02-01', 1, false, 'expire', '2027-02-01'],
    ['2027-01-31', '2027-01-31', 1, false, 'warn', '2027-02-01'],
    ['2028-02-27', '2028-03-01', 3, false, 'expire', '2028-03-01'],
  ] as const)(
    'made %s, on %s with %i days (warned: %s): %s',
    (madeOn, today, days, warned, action, expiresOn) => {
      expect(unpaidSubscriptionStep({ madeOn, today, days, warned })).toEqual({ action, expiresOn })
    },
  )
})

describe('unconfirmedPaymentExpiry: a payment left unconfirmed expires after the confirmation days', () => {
  const waiting = (
    today: string,
    subscription: Partial<WaitingPayment['subscription']> = {},
    days = 7,
  ): WaitingPayment => ({
    sentOn: '2027-03-01',
    today,
    days,
    subscription: { type: 'land', confirmedKobo: 0, othersWaiting: 0, ...subscription },
  })

  test.each([
    ['2027-03-01', 7],
    ['2027-03-07', 7],
    ['2027-03-01', 1],
    ['2027-03-30', 30],
  ])('sent 01/03/2027, on %s with %i days: still waiting', (today, days) => {
    expect(unconfirmedPaymentExpiry(waiting(today, {}, days))).toEqual({
      expires: false,
      expiresOn: expect.any(String),
    })
  })

  test.each([
    // today, days, type, confirmed kobo, others waiting, subscription after, units back
    ['2027-03-08', 7, 'land', 0, 0, 'expired', true],
    ['2027-04-20', 7, 'land', 0, 0, 'expired', true],
    ['2027-03-02', 1, 'land', 0, 0, 'expired', true],
    ['2027-03-08', 7, 'land_investment', 0, 0, 'expired', true],
    ['2027-03-08', 7, 'land', 25_000_000, 0, 'ongoing', false],
    ['2027-03-08', 7, 'land_investment', 50_000_000, 0, 'awaiting_payment', false],
    ['2027-03-08', 7, 'land', 0, 1, 'awaiting_payment_confirmation', false],
    ['2027-03-08', 7, 'land', 25_000_000, 2, 'awaiting_payment_confirmation', false],
  ] as const)(
    'on %s with %i days, %s with %i kobo confirmed and %i other waiting: %s',
    (today, days, type, confirmedKobo, othersWaiting, after, unitsBack) => {
      expect(
        unconfirmedPaymentExpiry(waiting(today, { type, confirmedKobo, othersWaiting }, days)),
      ).toEqual({
        expires: true,
        expiresOn: days === 7 ? '2027-03-08' : '2027-03-02',
        payment: 'not_confirmed',
        subscription: after,
        unitsBack,
      })
    },
  )

  test('the day it expires is the day sent plus the days, across a month end', () => {
    expect(
      unconfirmedPaymentExpiry({ ...waiting('2027-02-01'), sentOn: '2027-01-28', days: 4 }),
    ).toMatchObject({ expires: true, expiresOn: '2027-02-01' })
    expect(
      unconfirmedPaymentExpiry({ ...waiting('2027-01-31'), sentOn: '2027-01-28', days: 4 }),
    ).toEqual({ expires: false, expiresOn: '2027-02-01' })
  })
})
