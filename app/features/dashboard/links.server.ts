import type { SubscriptionType } from '~/contract/subscription-labels'
import { filteredListHref, listFor, listSearchFrom } from '~/features/subscriptions/lists'
import { listHref } from '~/utils/pagination'

/**
 * Where the dashboards' figures lead. Each is the list's canonical address (no redirect on the
 * way), filtered exactly as the API counted.
 */

/** A subscription's pay panel, over its list. */
export function payHref(type: SubscriptionType, reference: string) {
  const list = listFor(type)
  return `${list.basePath}/${encodeURIComponent(reference)}/pay${listSearchFrom(list, new URLSearchParams())}`
}

/** A land subscription's plan panel (its instalments), over the list. */
export function planHref(type: SubscriptionType, reference: string) {
  const list = listFor(type)
  return `${list.basePath}/${encodeURIComponent(reference)}/plan${listSearchFrom(list, new URLSearchParams())}`
}

export const STAFF_LINKS = {
  landAwaitingConfirmation: filteredListHref('land', { status: 'awaiting_payment_confirmation' }),
  investmentsAwaitingConfirmation: filteredListHref('investment', {
    status: 'awaiting_payment_confirmation',
  }),
  payoutsDue: filteredListHref('investment', { due: 'payout' }),
  inArrears: filteredListHref('land', { due: 'arrears' }),
}

/** The customers list from a day on: new customers this week. */
export const customersFromHref = (day: string) =>
  listHref('/customers', { page: 1, registered_from: day })

/** One of a realtor's customers, in the customers list's details panel. */
export const customerHref = (reference: string) => `/customers/${encodeURIComponent(reference)}`
