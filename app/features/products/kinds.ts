import type { SlideOverErrorFrame } from '~/components/slide-over-error-boundary'
import type { Principal } from '~/contract/permissions'
import { hasPermission } from '~/contract/permissions'
import type { Interval, ProductType } from '~/contract/products'
import { listHref } from '~/utils/pagination'

export type KindName = 'land' | 'investment'

export type Kind = {
  name: KindName
  apiType: ProductType
  basePath: string
  /** Its name under /export (the CSV of the list). */
  exportList: string
  title: string
  /** The API filter the list's `type` query parameter maps to. */
  typeParam: 'land_type' | 'land_investment_type'
  typeLabel: string
  typeOptions: Array<{ value: string; label: string }>
  addLabel: string
  editLabel: string
}

export const KINDS: Record<KindName, Kind> = {
  land: {
    name: 'land',
    apiType: 'land',
    basePath: '/land-purchases',
    exportList: 'land-purchases',
    title: 'Acquire Land',
    typeParam: 'land_type',
    typeLabel: 'Land type',
    typeOptions: [
      { value: 'plot', label: 'Plot' },
      { value: 'acre', label: 'Acre' },
    ],
    addLabel: 'Add land',
    editLabel: 'Edit land',
  },
  investment: {
    name: 'investment',
    apiType: 'land_investment',
    basePath: '/land-investments',
    exportList: 'land-investments',
    title: 'Investment Options',
    typeParam: 'land_investment_type',
    typeLabel: 'Investment type',
    typeOptions: [
      { value: 'recurring', label: 'Recurring' },
      { value: 'one_time', label: 'One time' },
    ],
    addLabel: 'Add investment',
    editLabel: 'Edit investment',
  },
}

export const AVAILABILITY_OPTIONS = [
  { value: 'available', label: 'Available' },
  { value: 'unavailable', label: 'Unavailable' },
]

/** The list's own query parameters; panels add theirs (image, edit, new, delete, plan_page) beside them. */
export const LIST_KEYS = ['available_status', 'type', 'search'] as const

/** The list address (canonical form) for the list parameters found in a URL's search params. */
export function listUrlFrom(kind: Kind, params: URLSearchParams) {
  const filters = Object.fromEntries(LIST_KEYS.map((key) => [key, params.get(key)?.trim() ?? '']))
  return listHref(kind.basePath, { page: params.get('page') ?? 1, ...filters })
}

/** How a product panel's error shows, over its list (the routes' ErrorBoundary). */
export function productPanelError(kind: KindName): SlideOverErrorFrame {
  return {
    closeTo: (search) => listUrlFrom(KINDS[kind], new URLSearchParams(search)),
    title: () => 'Something went wrong',
    notFound: 'This product could not be found.',
    smallText: true,
  }
}

/** The search part of the list address, for links that open a panel over the list. */
export function listSearchFrom(kind: Kind, params: URLSearchParams) {
  const url = listUrlFrom(kind, params)
  return url.slice(kind.basePath.length)
}

export function productPermissions(user: Principal) {
  const modifyProduct = hasPermission(user, 'can_modify_product')
  const viewPlans = hasPermission(user, 'can_view_payment_plan', 'can_modify_payment_plan')
  const modifyPlans = hasPermission(user, 'can_modify_payment_plan')
  return { modifyProduct, viewPlans, modifyPlans, menu: modifyProduct || viewPlans }
}
export type ProductPermissions = ReturnType<typeof productPermissions>

const SINGULAR: Record<Interval, string> = {
  days: 'day',
  weeks: 'week',
  months: 'month',
  years: 'year',
}

/** "3 months", "1 month". */
export function formatPeriod(count: number | null, interval: Interval | null) {
  if (count === null || !interval) return ''
  return `${count} ${count === 1 ? SINGULAR[interval] : interval}`
}

export function formatPercent(value: number | null) {
  return value === null ? '' : `${Number(value.toFixed(2))}%`
}
