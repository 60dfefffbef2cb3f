import { redirect } from '@remix-run/node'
import { endpoints } from '~/contract/endpoints'
import { hasPermission } from '~/contract/permissions'
import { SUBSCRIPTION_STATUSES } from '~/contract/subscription-labels'
import { api } from '~/utils/api.server'
import { readListQuery } from '~/utils/list.server'
import { assertSameOrigin } from '~/utils/request.server'
import { listHref } from '~/utils/pagination'
import { requireUser } from '~/utils/session.server'
import { timeZoneFrom } from '~/utils/time-zone.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'
import { productPermissions } from '../products/kinds'
import { loadRecordHistory } from '../audit/audit.server'
import { detailsExtras } from '../products/product-details.server'
import {
  dueParamFor,
  LIST_KEYS,
  LISTS,
  listFor,
  listUrlFrom,
  typeParamFor,
  viewerAbilities,
  type ListName,
} from './lists'

export const LIST_ERROR = 'Error encountered, try again'
export const NO_PERMISSION = 'You do not have permission to do this'

/**
 * Reads the list's page and filters and redirects to its canonical address: /subscriptions
 * always carries type=land (?page=N&type=land…); the portfolio is the bare path on page 1.
 */
function readSubscriptionQuery(request: Request, name: ListName) {
  const list = LISTS[name]
  const { page, filters } = readListQuery(request, LIST_KEYS)
  const type = typeParamFor(list, filters.type)
  if (type !== filters.type) {
    const url = new URL(request.url)
    const target = new URL(listHref(url.pathname, { page, ...filters, type }), url)
    // Params that belong to an open panel stay as they were.
    for (const [key, value] of url.searchParams) {
      if (key !== 'page' && !(LIST_KEYS as readonly string[]).includes(key))
        target.searchParams.append(key, value)
    }
    throw redirect(target.pathname + target.search)
  }
  return { page, filters }
}

/** The API's filters for a subscription list's address: what the list and its CSV export both ask for. */
export function subscriptionApiQuery(name: ListName, search: URLSearchParams) {
  const value = (key: (typeof LIST_KEYS)[number]) => search.get(key)?.trim() ?? ''
  const status = (SUBSCRIPTION_STATUSES as readonly string[]).includes(value('status'))
    ? value('status')
    : ''
  return {
    type: LISTS[name].apiType,
    search: value('search').slice(0, 100),
    status,
    due: dueParamFor(name, value('due')) || undefined,
  }
}

/** The list under /subscriptions or /investment-portfolio (and under every panel opened over it). */
export async function loadSubscriptionList(request: Request, name: ListName) {
  const list = LISTS[name]
  const user = await requireUser(request)
  const { page, filters } = readSubscriptionQuery(request, name)
  const result = await api(request, endpoints.subscriptionList, {
    query: { page, ...subscriptionApiQuery(name, new URL(request.url).searchParams) },
  })
  const listUrl = listHref(list.basePath, { page, ...filters })
  return {
    name,
    filters,
    listUrl,
    listSearch: listUrl.slice(list.basePath.length),
    list: result.ok ? result.data : null,
    // The portfolio hides a list that failed to load, with no message; /subscriptions says so.
    error: result.ok ? null : name === 'land' ? LIST_ERROR : '',
    can: viewerAbilities(user),
    timeZone: timeZoneFrom(request),
  }
}

/** Where a panel over a list closes to, and the search its links carry. */
export function panelContext(request: Request, name: ListName) {
  const list = LISTS[name]
  const url = new URL(request.url)
  const closeTo = listUrlFrom(list, url.searchParams)
  return { list, url, closeTo, listSearch: closeTo.slice(list.basePath.length) }
}

/**
 * The subscription a panel shows; a failed load closes the panel with the server's message
 * as a toast. One of the other list's type is sent to the same panel under that list.
 */
export async function loadSubscription(
  request: Request,
  name: ListName,
  reference: string | undefined,
) {
  const user = await requireUser(request)
  const { list, url, closeTo, listSearch } = panelContext(request, name)
  const result = await api(request, endpoints.subscriptionShow, {
    params: { reference: reference ?? '' },
  })
  if (!result.ok) throw await redirectWithError(request, closeTo, result.message)
  const owner = listFor(result.data.type)
  if (owner.name !== list.name) {
    throw redirect(`${owner.basePath}${url.pathname.slice(list.basePath.length)}${url.search}`)
  }
  return {
    user,
    subscription: result.data,
    closeTo,
    listSearch,
    base: `${list.basePath}/${result.data.reference}`,
    can: viewerAbilities(user),
    timeZone: timeZoneFrom(request),
  }
}

export async function loadPlanPanel(
  request: Request,
  name: ListName,
  reference: string | undefined,
) {
  const { subscription, closeTo, timeZone } = await loadSubscription(request, name, reference)
  return {
    name,
    subscription,
    closeTo,
    timeZone,
    history: await loadRecordHistory(request, subscription.reference),
  }
}

export async function loadSubscriberPanel(
  request: Request,
  name: ListName,
  reference: string | undefined,
) {
  const { subscription, closeTo, timeZone } = await loadSubscription(request, name, reference)
  return { name, subscription, closeTo, timeZone }
}

/** The catalogue's product details, opened from a card's location or portfolio. */
export async function loadProductPanel(
  request: Request,
  name: ListName,
  reference: string | undefined,
) {
  const { user, subscription, closeTo } = await loadSubscription(request, name, reference)
  const url = new URL(request.url)
  const result = await api(request, endpoints.productShow, {
    params: { reference: subscription.product.reference },
  })
  if (!result.ok) throw await redirectWithError(request, closeTo, result.message)
  const product = result.data
  return {
    kind: product.type === 'land' ? ('land' as const) : ('investment' as const),
    product,
    ...(await detailsExtras(request, product, url)),
    closeTo,
    listSearch: '',
    can: productPermissions(user),
  }
}

/** The cancel confirmation: staff who add subscriptions, and only while nothing has been paid. */
export async function loadCancelPanel(
  request: Request,
  name: ListName,
  reference: string | undefined,
) {
  const { user, subscription, closeTo } = await loadSubscription(request, name, reference)
  if (!hasPermission(user, 'can_modify_subscription'))
    throw await redirectWithError(request, closeTo, NO_PERMISSION)
  if (subscription.status === 'cancelled') {
    throw await redirectWithError(request, closeTo, 'This subscription is already cancelled')
  }
  if (subscription.status === 'expired') {
    throw await redirectWithError(
      request,
      closeTo,
      'This subscription has expired: it was not paid in time',
    )
  }
  if (subscription.has_paid_transaction) {
    throw await redirectWithError(
      request,
      closeTo,
      'A subscription with a paid transaction cannot be cancelled',
    )
  }
  return { subscription, closeTo }
}

export async function cancelAction(
  request: Request,
  name: ListName,
  reference: string | undefined,
) {
  assertSameOrigin(request)
  const { closeTo } = panelContext(request, name)
  const result = await api(request, endpoints.subscriptionCancel, {
    params: { reference: reference ?? '' },
  })
  if (!result.ok) return redirectWithError(request, closeTo, result.message)
  return redirectWithSuccess(
    request,
    closeTo,
    result.message || 'Subscription cancelled successfully',
  )
}
