import { describe, expect, test } from 'vitest'
import {
  customersFromHref,
  payHref,
  planHref,
  STAFF_LINKS,
} from '~/features/dashboard/links.server'
import { LISTS, listUrlFrom } from '~/features/subscriptions/lists'

/** The address a list's loader settles on for a URL (it redirects anything else there). */
const canonical = (href: string) => {
  const url = new URL(href, 'http://app.invalid')
  const list = url.pathname === LISTS.land.basePath ? LISTS.land : LISTS.investment
  return listUrlFrom(list, url.searchParams)
}

describe('where the dashboard’s figures lead', () => {
  test('each staff count opens its list filtered as the API counted, at the list’s own address', () => {
    expect(STAFF_LINKS).toEqual({
      landAwaitingConfirmation:
        '/subscriptions?page=1&type=land&status=awaiting_payment_confirmation',
      investmentsAwaitingConfirmation:
        '/investment-portfolio?page=1&status=awaiting_payment_confirmation',
      payoutsDue: '/investment-portfolio?page=1&due=payout',
      inArrears: '/subscriptions?page=1&type=land&due=arrears',
    })
    for (const href of Object.values(STAFF_LINKS)) expect(canonical(href)).toBe(href)
    expect(customersFromHref('2026-11-23')).toBe('/customers?page=1&registered_from=2026-11-23')
  })

  test('Pay now opens the subscription’s payment panel over its list', () => {
    expect(payHref('land', 'SUB-ABC123')).toBe('/subscriptions/SUB-ABC123/pay?page=1&type=land')
    expect(payHref('land_investment', 'SUB-XYZ')).toBe('/investment-portfolio/SUB-XYZ/pay')
    expect(planHref('land', 'SUB-ABC123')).toBe('/subscriptions/SUB-ABC123/plan?page=1&type=land')
  })
})
