import { describe, expect, test } from 'vitest'
import { defaultPaidAt, paidAtWithOffset } from '~/features/subscriptions/payment.server'
import { isPayable } from '~/features/subscriptions/subscription-card'
import {
  LISTS,
  listSearchFrom,
  listUrlFrom,
  proofHref,
  typeParamFor,
  viewerAbilities,
} from '~/features/subscriptions/lists'
import type { Subscription } from '~/contract/subscriptions'

describe('list addresses', () => {
  test('/subscriptions always carries type=land; the portfolio is the bare path on page 1', () => {
    const params = (text: string) => new URLSearchParams(text)
    expect(listUrlFrom(LISTS.land, params(''))).toBe('/subscriptions?page=1&type=land')
    expect(
      listUrlFrom(LISTS.land, params('type=land_investment&status=ongoing&search=x&image=2')),
    ).toBe('/subscriptions?page=1&type=land&search=x&status=ongoing')
    expect(listUrlFrom(LISTS.investment, params(''))).toBe('/investment-portfolio')
    expect(listUrlFrom(LISTS.investment, params('page=2&status=completed'))).toBe(
      '/investment-portfolio?page=2&status=completed',
    )
    expect(listUrlFrom(LISTS.investment, params('type=land'))).toBe('/investment-portfolio')
    expect(listUrlFrom(LISTS.investment, params('type=land_investment'))).toBe(
      '/investment-portfolio?page=1&type=land_investment',
    )
    expect(listSearchFrom(LISTS.land, params('page=3'))).toBe('?page=3&type=land')
    expect(typeParamFor(LISTS.land, '')).toBe('land')
  })

  test('a proof URL from the API opens through the web resource route', () => {
    expect(proofHref('/api/v1/media/0123456789abcdef0123456789abcdef.png')).toBe(
      '/resources/media/0123456789abcdef0123456789abcdef.png',
    )
    expect(proofHref('https://api.example.com/api/v1/media/abc.jpg?x=1')).toBe(
      '/resources/media/abc.jpg',
    )
    expect(proofHref(null)).toBeNull()
  })

  test('only super_admin and admin see the subscriber; abilities follow the permissions', () => {
    expect(viewerAbilities({ role: 'customer', permissions: [] })).toEqual({
      seesSubscriber: false,
      record: false,
      verify: false,
      modify: false,
    })
    expect(viewerAbilities({ role: 'admin', permissions: ['can_verify_transaction'] })).toEqual({
      seesSubscriber: true,
      record: false,
      verify: true,
      modify: false,
    })
    expect(viewerAbilities({ role: 'super_admin', permissions: [] })).toEqual({
      seesSubscriber: true,
      record: true,
      verify: true,
      modify: true,
    })
  })
})

describe('payable subscriptions', () => {
  const base = { type: 'land', status: 'awaiting_payment', amount_left: 100 } as Subscription
  test('awaiting payment, or an ongoing land plan with money left', () => {
    expect(isPayable(base)).toBe(true)
    expect(isPayable({ ...base, status: 'ongoing' })).toBe(true)
    expect(isPayable({ ...base, status: 'ongoing', amount_left: 0 })).toBe(false)
    expect(isPayable({ ...base, type: 'land_investment', status: 'ongoing' })).toBe(false)
    expect(isPayable({ ...base, status: 'awaiting_payment_confirmation' })).toBe(false)
    expect(isPayable({ ...base, status: 'completed', amount_left: 0 })).toBe(false)
  })
})

describe('the payment date and time boxes', () => {
  test('default to today at 12:00 in the user time zone (DD/MM/YYYY); before noon, to now in 5-minute steps', () => {
    expect(defaultPaidAt('Africa/Lagos', new Date('2026-03-05T13:07:00Z'))).toEqual({
      paid_on: '05/03/2026',
      paid_time: '12:00',
    })
    expect(defaultPaidAt('Africa/Lagos', new Date('2026-03-05T11:00:00Z'))).toEqual({
      paid_on: '05/03/2026',
      paid_time: '12:00',
    })
    expect(defaultPaidAt('Africa/Lagos', new Date('2026-03-05T08:58:00Z'))).toEqual({
      paid_on: '05/03/2026',
      paid_time: '09:55',
    })
    expect(defaultPaidAt('America/New_York', new Date('2026-03-05T03:00:00Z'))).toEqual({
      paid_on: '04/03/2026',
      paid_time: '12:00',
    })
  })

  test('a typed day and time are sent with the user offset', () => {
    expect(paidAtWithOffset('05/03/2026', '12:00', 'Africa/Lagos')).toBe(
      '2026-03-05T12:00:00+01:00',
    )
    expect(paidAtWithOffset('01/07/2026', '09:30', 'Europe/London')).toBe(
      '2026-07-01T09:30:00+01:00',
    )
    expect(paidAtWithOffset('5/3/2026', '12:00', 'UTC')).toBe('2026-03-05T12:00:00+00:00')
  })
})
