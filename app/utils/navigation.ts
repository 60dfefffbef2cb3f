import { mayCall } from '~/contract/access'
import { COMMISSION_ACCESS } from '~/contract/endpoints/commission-access'
import { PEOPLE_ACCESS } from '~/contract/endpoints/people-access'
import { PAYOUT_RECORDERS } from '~/contract/payout-rules'
import type { Principal } from '~/contract/permissions'

// The people entries show exactly to those their lists answer: each reads its list endpoint's
// access rule (the same objects as endpoints.customerList.access and so on, kept free of zod
// because the menu is drawn in the browser too).

/** Who may see the customers menu entry and the Customers card. */
export const canSeeCustomers = (user: Principal) => mayCall(user, PEOPLE_ACCESS.customerViewers)

export const canSeeRealtors = (user: Principal) => mayCall(user, PEOPLE_ACCESS.realtorViewers)

export const canSeeUsers = (user: Principal) => mayCall(user, PEOPLE_ACCESS.staffEditors)

/** Who may see the Titles entry: the access rule of admin/title (can_manage_titles). */
export const canSeeTitles = (user: Principal) => mayCall(user, { permissions: ['can_manage_titles'] })
export const canSeeAudit = (user: Principal) => mayCall(user, { permissions: ['can_view_audit'] })
/** Who may see the Reconciliation entry: the access rule of the admin/reconciliation endpoints. */
export const canSeeReconciliation = (user: Principal) => mayCall(user, { permissions: ['can_reconcile'] })
/** Who may see the Payouts entry: staff who record payouts (the same rule as its endpoints). */
export const canSeePayouts = (user: Principal) => mayCall(user, PAYOUT_RECORDERS)
/** Staff who change subscriptions or record payments: the arrears page's readers. */
export const canSeeArrears = (user: Principal) => mayCall(user, { permissions: ['can_modify_subscription', 'can_record_transaction'] })
/** Realtors see their own commissions; staff who pay them see everyone's. */
export const canSeeCommissions = (user: Principal) => user.role === 'realtor' || mayCall(user, COMMISSION_ACCESS.payers)

const everyone = () => true

export type NavIcon =
  | 'dashboard'
  | 'land'
  | 'investment'
  | 'purchase'
  | 'portfolio'
  | 'payouts'
  | 'customers'
  | 'realtors'
  | 'users'
  | 'titles'
  | 'arrears'
  | 'commissions'
  | 'audit'
  | 'reconciliation'
  | 'settings'

export type NavEntry = {
  path: string
  label: string
  icon: NavIcon
  visible: (user: Principal) => boolean
}

/** The sidebar's entries in order, each with who sees it. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { path: '/', label: 'Dashboard', icon: 'dashboard', visible: everyone },
  { path: '/land-purchases', label: 'Acquire Land', icon: 'land', visible: everyone },
  { path: '/land-investments', label: 'Investment Options', icon: 'investment', visible: everyone },
  { path: '/subscriptions', label: 'Land Subscriptions', icon: 'purchase', visible: everyone },
  { path: '/investment-portfolio', label: 'Investment Portfolio', icon: 'portfolio', visible: everyone },
  { path: '/arrears', label: 'Arrears', icon: 'arrears', visible: canSeeArrears },
  { path: '/titles', label: 'Titles', icon: 'titles', visible: canSeeTitles },
  { path: '/payouts', label: 'Payouts', icon: 'payouts', visible: canSeePayouts },
  { path: '/reconciliation', label: 'Reconciliation', icon: 'reconciliation', visible: canSeeReconciliation },
  { path: '/commissions', label: 'Commissions', icon: 'commissions', visible: canSeeCommissions },
  { path: '/customers', label: 'Customers', icon: 'customers', visible: canSeeCustomers },
  { path: '/realtors', label: 'Realtors', icon: 'realtors', visible: canSeeRealtors },
  { path: '/users', label: 'Users', icon: 'users', visible: canSeeUsers },
  { path: '/audit', label: 'Audit', icon: 'audit', visible: canSeeAudit },
  { path: '/settings', label: 'Settings', icon: 'settings', visible: everyone },
]

export function navEntriesFor(user: Principal) {
  return NAV_ENTRIES.filter((entry) => entry.visible(user))
}

/** The entry for a path is current on its own page and on its nested panels (/customers/new). */
export function isCurrentPath(pathname: string, entryPath: string) {
  if (entryPath === '/') return pathname === '/'
  return pathname === entryPath || pathname.startsWith(`${entryPath}/`)
}

export type DashboardCardKey = 'total_products' | 'total_customers' | 'total_subscriptions' | 'total_realtors'

export type DashboardCard = {
  key: DashboardCardKey
  label: string
  path: string
  visible: (user: Principal) => boolean
}

/** The dashboard cards, each linking to its list. */
export const DASHBOARD_CARDS: readonly DashboardCard[] = [
  { key: 'total_products', label: 'Products', path: '/land-purchases', visible: everyone },
  { key: 'total_customers', label: 'Customers', path: '/customers', visible: canSeeCustomers },
  { key: 'total_subscriptions', label: 'Subscriptions', path: '/subscriptions', visible: everyone },
  { key: 'total_realtors', label: 'Realtors', path: '/realtors', visible: canSeeRealtors },
]

export function dashboardCardsFor(user: Principal) {
  return DASHBOARD_CARDS.filter((card) => card.visible(user))
}

// Any origin of our own does: only a path is accepted, and the parser tells whether it stays on it.
const OWN_ORIGIN = 'http://app.invalid'

/**
 * A path on this site to go back to after a form post, or `fallback`. The value is resolved with
 * the URL parser against our own origin and only its path and query are kept (ASCII, encoded as
 * the parser encodes them). Browsers drop tabs and newlines and read a backslash as a slash, so
 * `/\t/evil.com` or `/\\evil.com` would lead off-site: values holding those are refused.
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = '/') {
  if (typeof value !== 'string' || !value.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(value)) return fallback
  let url: URL
  try {
    url = new URL(value, OWN_ORIGIN)
  } catch {
    return fallback
  }
  // A path that starts with // after the parser's clean-up (/.//evil.com) reads as another host.
  if (url.origin !== OWN_ORIGIN || url.pathname.startsWith('//')) return fallback
  return url.pathname + url.search
}

// Search params of the signed-in shell; list pages keep them as they are (readListQuery does).
export const MENU_PARAM = 'menu'
export const PANEL_PARAM = 'notifications'
export const PANEL_PAGE_PARAM = 'notifications_page'
export const PANEL_ITEM_PARAM = 'notification'
const PANEL_PARAMS = [PANEL_PARAM, PANEL_PAGE_PARAM, PANEL_ITEM_PARAM]

type Place = { pathname: string; search: string }

function hrefWith(place: Place, change: (params: URLSearchParams) => void) {
  const params = new URLSearchParams(place.search)
  change(params)
  const search = params.toString()
  return search ? `${place.pathname}?${search}` : place.pathname
}

/** The current page with the mobile menu open or closed. */
export function menuHref(place: Place, open: boolean) {
  return hrefWith(place, (params) => (open ? params.set(MENU_PARAM, 'open') : params.delete(MENU_PARAM)))
}

/** The current page with the notifications panel open on its list (keeping the list page's own params). */
export function panelHref(place: Place, page?: number) {
  return hrefWith(place, (params) => {
    params.delete(PANEL_ITEM_PARAM)
    params.set(PANEL_PARAM, '1')
    if (page && page > 1) params.set(PANEL_PAGE_PARAM, String(page))
    else if (page === 1) params.delete(PANEL_PAGE_PARAM)
  })
}

/** The current page with one notification open in the panel. */
export function panelItemHref(place: Place, uuid: string) {
  return hrefWith(place, (params) => {
    params.set(PANEL_PARAM, '1')
    params.set(PANEL_ITEM_PARAM, uuid)
  })
}

/** The current page with the panel closed: every other param is kept. */
export function panelClosedHref(place: Place) {
  return hrefWith(place, (params) => {
    for (const name of PANEL_PARAMS) params.delete(name)
    params.delete(MENU_PARAM)
  })
}

export type PanelState = { open: boolean; page: number; item: string | null }

export function panelStateFrom(params: URLSearchParams): PanelState {
  const open = params.get(PANEL_PARAM) === '1'
  const page = Number(params.get(PANEL_PAGE_PARAM) ?? '1')
  return {
    open,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    item: open ? params.get(PANEL_ITEM_PARAM) || null : null,
  }
}
