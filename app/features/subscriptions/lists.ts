import type { SlideOverErrorFrame } from '~/components/slide-over-error-boundary'
import { hasPermission, isStaff, type Principal } from '~/contract/permissions'
import {
  SUBSCRIPTION_STATUS_LABELS,
  SUBSCRIPTION_STATUSES,
  type DueFilter,
  type SubscriptionType,
} from '~/contract/subscription-labels'
import { listHref } from '~/utils/pagination'

export type ListName = 'land' | 'investment'

export type SubscriptionList = {
  name: ListName
  apiType: SubscriptionType
  basePath: string
  /** Its name under /export (the CSV of the list). */
  exportList: string
  title: string
}

/** /export/transactions?subscription=<reference>: the export of one subscription's transactions. */
export const EXPORT_SUBSCRIPTION_PARAM = 'subscription'

/** /subscriptions lists land subscriptions; /investment-portfolio the investments. */
export const LISTS: Record<ListName, SubscriptionList> = {
  land: {
    name: 'land',
    apiType: 'land',
    basePath: '/subscriptions',
    exportList: 'subscriptions',
    title: 'Land Subscriptions',
  },
  investment: {
    name: 'investment',
    apiType: 'land_investment',
    basePath: '/investment-portfolio',
    exportList: 'investment-portfolio',
    title: 'Investment Portfolio',
  },
}

export const listFor = (type: SubscriptionType) => (type === 'land' ? LISTS.land : LISTS.investment)

/** The lists' own query parameters, in the order the address shows them. */
export const LIST_KEYS = ['type', 'search', 'status', 'due'] as const
export type ListFiltersValue = Record<(typeof LIST_KEYS)[number], string>

export const STATUS_OPTIONS = SUBSCRIPTION_STATUSES.map((value) => ({
  value,
  label: SUBSCRIPTION_STATUS_LABELS[value],
}))

/** The `due` filter each list offers: land in arrears, investments with a payout due. */
export const DUE_FILTER_OF: Record<ListName, DueFilter> = { land: 'arrears', investment: 'payout' }

/** A due filter from the address, when it is the one this list offers ('' otherwise). */
export const dueParamFor = (name: ListName, given: string) =>
  given === DUE_FILTER_OF[name] ? given : ''

/**
 * The canonical address of a list filtered by status or due: what the dashboard's counts link to,
 * so the link opens without a redirect.
 */
export function filteredListHref(name: ListName, filters: { status?: string; due?: string }) {
  const list = LISTS[name]
  return listHref(list.basePath, {
    page: 1,
    type: list.name === 'land' ? 'land' : '',
    search: '',
    status: filters.status ?? '',
    due: filters.due ?? '',
  })
}

/**
 * The type a list's address carries: /subscriptions always type=land; the portfolio none, or
 * type=land_investment when it was given.
 */
export function typeParamFor(list: SubscriptionList, given: string) {
  if (list.name === 'land') return 'land'
  return given === 'land_investment' ? 'land_investment' : ''
}

/** The canonical list address for the list parameters found in a URL's search params. */
export function listUrlFrom(list: SubscriptionList, params: URLSearchParams) {
  return listHref(list.basePath, {
    page: params.get('page') ?? 1,
    type: typeParamFor(list, params.get('type')?.trim() ?? ''),
    search: params.get('search')?.trim() ?? '',
    status: params.get('status')?.trim() ?? '',
    due: params.get('due')?.trim() ?? '',
  })
}

/** How a subscription panel's error shows, over its list (the routes' ErrorBoundary). */
export function subscriptionPanelError(name: ListName): SlideOverErrorFrame {
  return {
    closeTo: (search) => listUrlFrom(LISTS[name], new URLSearchParams(search)),
    title: () => 'Something went wrong',
    notFound: 'This subscription could not be found.',
    smallText: true,
  }
}

/** The search part of the list address, carried by every panel opened over the list. */
export function listSearchFrom(list: SubscriptionList, params: URLSearchParams) {
  return listUrlFrom(list, params).slice(list.basePath.length)
}

export function viewerAbilities(user: Principal) {
  return {
    /** super_admin and admin see the subscriber/investor. */
    seesSubscriber: isStaff(user),
    record: hasPermission(user, 'can_record_transaction'),
    verify: hasPermission(user, 'can_verify_transaction'),
    modify: hasPermission(user, 'can_modify_subscription'),
  }
}
export type ViewerAbilities = ReturnType<typeof viewerAbilities>

/** The web address a proof URL from the API opens at (resources.media.$name: fetched with the session's token). */
export function proofHref(url: string | null) {
  if (!url) return null
  const name = url.split(/[?#]/)[0].split('/').filter(Boolean).pop()
  return name ? `/resources/media/${name}` : null
}
