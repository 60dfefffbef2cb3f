// Who sees which sidebar entry and dashboard card: decided in the loaders, so the browser gets the
// entries and not the rules.
import { mayCall } from '~/contract/access'
import { endpoints } from '~/contract/endpoints'
import type { Principal } from '~/contract/permissions'
import type { DashboardCardLink, NavLink } from '~/utils/navigation'

// Each entry shows exactly to those its list answers: it reads the access rule of that list's
// entry in the endpoint table.

/** Who may see the customers menu entry and the Customers card. */
export const canSeeCustomers = (user: Principal) => mayCall(user, endpoints.customerList.access)
export const canSeeRealtors = (user: Principal) => mayCall(user, endpoints.realtorList.access)
export const canSeeUsers = (user: Principal) => mayCall(user, endpoints.userList.access)
export const canSeeTitles = (user: Principal) => mayCall(user, endpoints.titleList.access)
export const canSeeEstates = (user: Principal) => mayCall(user, endpoints.estateList.access)
export const canSeeAudit = (user: Principal) => mayCall(user, endpoints.auditList.access)
export const canSeeReconciliation = (user: Principal) =>
  mayCall(user, endpoints.reconciliationLines.access)
/** Money through the payment provider: staff who confirm payments (the Collections lists' rule). */
export const canSeeCollections = (user: Principal) =>
  mayCall(user, endpoints.collectionsSummary.access)
export const canSeePayouts = (user: Principal) => mayCall(user, endpoints.payoutList.access)
export const canSeeArrears = (user: Principal) => mayCall(user, endpoints.arrearsList.access)
/** Realtors see their own commissions; staff who pay them see everyone's. */
export const canSeeCommissions = (user: Principal) =>
  mayCall(user, endpoints.commissionOwnList.access) ||
  mayCall(user, endpoints.commissionList.access)

const everyone = () => true

/** An entry of a menu table, with who sees it: the browser gets the entries, not the rules. */
type Shown<Entry> = Entry & { visible: (user: Principal) => boolean }

/** The entries of a table a user sees, without their rules. */
function shownTo<Entry>(entries: readonly Shown<Entry>[], user: Principal): Entry[] {
  return entries
    .filter((entry) => entry.visible(user))
    .map(({ visible: _visible, ...entry }) => entry as Entry)
}

/** The sidebar's entries in order, each with who sees it. */
export const NAV_ENTRIES: readonly Shown<NavLink>[] = [
  { path: '/', label: 'Dashboard', icon: 'dashboard', visible: everyone },
  { path: '/land-purchases', label: 'Acquire Land', icon: 'land', visible: everyone },
  { path: '/land-investments', label: 'Investment Options', icon: 'investment', visible: everyone },
  { path: '/subscriptions', label: 'Land Subscriptions', icon: 'purchase', visible: everyone },
  {
    path: '/investment-portfolio',
    label: 'Investment Portfolio',
    icon: 'portfolio',
    visible: everyone,
  },
  { path: '/arrears', label: 'Arrears', icon: 'arrears', visible: canSeeArrears },
  { path: '/titles', label: 'Titles', icon: 'titles', visible: canSeeTitles },
  { path: '/estates', label: 'Estates', icon: 'land', visible: canSeeEstates },
  { path: '/payouts', label: 'Payouts', icon: 'payouts', visible: canSeePayouts },
  {
    path: '/reconciliation',
    label: 'Reconciliation',
    icon: 'reconciliation',
    visible: canSeeReconciliation,
  },
  { path: '/collections', label: 'Collections', icon: 'collections', visible: canSeeCollections },
  { path: '/commissions', label: 'Commissions', icon: 'commissions', visible: canSeeCommissions },
  { path: '/customers', label: 'Customers', icon: 'customers', visible: canSeeCustomers },
  { path: '/realtors', label: 'Realtors', icon: 'realtors', visible: canSeeRealtors },
  { path: '/users', label: 'Users', icon: 'users', visible: canSeeUsers },
  { path: '/audit', label: 'Audit', icon: 'audit', visible: canSeeAudit },
  { path: '/settings', label: 'Settings', icon: 'settings', visible: everyone },
]

/** The entries a user sees, as the sidebar draws them. */
export function navEntriesFor(user: Principal): NavLink[] {
  return shownTo(NAV_ENTRIES, user)
}

/** The dashboard cards, each linking to its list. */
export const DASHBOARD_CARDS: readonly Shown<DashboardCardLink>[] = [
  { key: 'total_products', label: 'Products', path: '/land-purchases', visible: everyone },
  { key: 'total_customers', label: 'Customers', path: '/customers', visible: canSeeCustomers },
  { key: 'total_subscriptions', label: 'Subscriptions', path: '/subscriptions', visible: everyone },
  { key: 'total_realtors', label: 'Realtors', path: '/realtors', visible: canSeeRealtors },
]

/** The cards a user sees, as the dashboard draws them. */
export function dashboardCardsFor(user: Principal): DashboardCardLink[] {
  return shownTo(DASHBOARD_CARDS, user)
}
