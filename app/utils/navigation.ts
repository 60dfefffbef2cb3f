/** The signed-in shell's addresses (menu, notifications panel, redirects); who sees which entry is in menu-access.server.ts. */

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
  | 'collections'
  | 'settings'

/** A sidebar entry the user sees (menu-access.server.ts decides which). */
export type NavLink = { path: string; label: string; icon: NavIcon }

export type DashboardCardKey =
  'total_products' | 'total_customers' | 'total_subscriptions' | 'total_realtors'

/** A dashboard card the user sees, linking to its list. */
export type DashboardCardLink = { key: DashboardCardKey; label: string; path: string }

/** The entry for a path is current on its own page and on its nested panels (/customers/new). */
export function isCurrentPath(pathname: string, entryPath: string) {
  if (entryPath === '/') return pathname === '/'
  return pathname === entryPath || pathname.startsWith(`${entryPath}/`)
}

// Any origin of our own does: only a path is accepted, and the parser tells whether it stays on it.
const OWN_ORIGIN = 'http://app.invalid'

/** A control character (tab and newline among them) or a backslash. */
const leadsAstray = (char: string) => char < ' ' || char === '\u007f' || char === '\\'

/**
 * A path on this site to go back to after a form post, or `fallback`. The value is resolved with
 * the URL parser against our own origin and only its path and query are kept (ASCII, encoded as
 * the parser encodes them). Browsers drop tabs and newlines and read a backslash as a slash, so
 * `/\t/evil.com` or `/\\evil.com` would lead off-site: values holding those are refused.
 */
export function safeRedirectPath(
  value: FormDataEntryValue | string | null | undefined,
  fallback = '/',
) {
  if (typeof value !== 'string' || !value.startsWith('/') || [...value].some(leadsAstray))
    return fallback
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
/** The panel asks "Delete all your notifications?" before anything is deleted. */
export const PANEL_CONFIRM_PARAM = 'notifications_confirm'
export const PANEL_CONFIRM_DELETE_ALL = 'delete-all'
const PANEL_PARAMS = [PANEL_PARAM, PANEL_PAGE_PARAM, PANEL_ITEM_PARAM, PANEL_CONFIRM_PARAM]

type Place = { pathname: string; search: string }

function hrefWith(place: Place, change: (params: URLSearchParams) => void) {
  const params = new URLSearchParams(place.search)
  change(params)
  const search = params.toString()
  return search ? `${place.pathname}?${search}` : place.pathname
}

/** The current page with the mobile menu open or closed. */
export function menuHref(place: Place, open: boolean) {
  return hrefWith(place, (params) =>
    open ? params.set(MENU_PARAM, 'open') : params.delete(MENU_PARAM),
  )
}

/** The current page with the notifications panel open on its list (keeping the list page's own params). */
export function panelHref(place: Place, page?: number) {
  return hrefWith(place, (params) => {
    params.delete(PANEL_ITEM_PARAM)
    params.delete(PANEL_CONFIRM_PARAM)
    params.set(PANEL_PARAM, '1')
    if (page && page > 1) params.set(PANEL_PAGE_PARAM, String(page))
    else if (page === 1) params.delete(PANEL_PAGE_PARAM)
  })
}

/** The current page with the panel asking to confirm deleting every notification. */
export function panelConfirmDeleteAllHref(place: Place) {
  return hrefWith(place, (params) => {
    params.delete(PANEL_ITEM_PARAM)
    params.set(PANEL_PARAM, '1')
    params.set(PANEL_CONFIRM_PARAM, PANEL_CONFIRM_DELETE_ALL)
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
