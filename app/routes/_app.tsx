import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData, useLocation, type ShouldRevalidateFunction } from '@remix-run/react'
import { useEffect, useState, type MouseEvent } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Sidebar } from '~/components/layout/sidebar'
import { menuName } from '~/components/layout/user-menu.server'
import { TopBar } from '~/components/layout/top-bar'
import { NotificationBell } from '~/features/notifications/notification-bell'
import { NotificationsPanelSlot } from '~/features/notifications/notifications-panel-slot'
import { BankDetailsBanner } from '~/features/settings/bank-details-banner'
import { bankDetailsBanner, loadBankDetails } from '~/features/settings/bank-details-banner.server'
import type { NotificationItem, NotificationList } from '~/contract/notifications'
import { endpoints } from '~/contract/endpoints'
import { api } from '~/utils/api.server'
import { greetingForHour, hourIn } from '~/utils/greeting'
import { dashboardCardsFor, navEntriesFor } from '~/utils/menu-access.server'
import { MENU_PARAM, panelHref, panelStateFrom, type PanelState } from '~/utils/navigation'
import { requireAuth, updateSessionUser } from '~/utils/session.server'
import { sidebarCollapsedFrom } from '~/utils/sidebar.server'
import { timeZoneFrom } from '~/utils/time-zone.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAuth(request)
  const url = new URL(request.url)
  const panel = panelStateFrom(url.searchParams)
  const [me, bell, bank] = await Promise.all([
    api(request, endpoints.me),
    loadBell(request, panel),
    loadBankDetails(request, auth.user),
  ])
  // The snapshot in the cookie follows the account (permissions, names) as the API sees it now.
  const user = me.ok ? me.data : auth.user
  const headers = new Headers()
  if (me.ok && JSON.stringify(me.data) !== JSON.stringify(auth.user)) {
    headers.append('Set-Cookie', await updateSessionUser(request, me.data))
  }
  return data(
    {
      user,
      shortName: menuName(user),
      navEntries: navEntriesFor(user),
      // The dashboard's cards follow the same fresh user as the menu (the cookie's may be a request behind).
      dashboardCards: dashboardCardsFor(user),
      greeting: greetingForHour(hourIn(timeZoneFrom(request))),
      sidebarCollapsed: sidebarCollapsedFrom(request),
      menuOpen: url.searchParams.get(MENU_PARAM) === 'open',
      unread: bell.unread,
      panel: bell.panel,
      bankBanner: bankDetailsBanner(user, bank),
    },
    { headers },
  )
}

// The bell and the user snapshot follow every page change, as they do without JavaScript.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname

type PanelData = {
  list: NotificationList | null
  selected: NotificationItem | null
  error: string | null
}

/** The bell's unread figure and, with the panel open, the panel (whose page carries the same figure). */
async function loadBell(
  request: Request,
  panel: PanelState,
): Promise<{ unread: number; panel: PanelData | null }> {
  if (panel.open) {
    const opened = await loadNotifications(request, panel)
    return { unread: opened.list?.total_unread_notification ?? 0, panel: opened }
  }
  const count = await api(request, endpoints.notificationUnreadCount)
  return { unread: count.ok ? count.data.total_unread_notification : 0, panel: null }
}

/** The open panel's page of notifications, with the unread total, and the opened notification (marked read). */
async function loadNotifications(request: Request, panel: PanelState): Promise<PanelData> {
  const fetchPage = (page: number) => api(request, endpoints.notificationList, { query: { page } })
  let result = await fetchPage(panel.page)
  if (result.ok && !result.data.items.length && result.data.page > result.data.total_pages) {
    result = await fetchPage(result.data.total_pages)
  }
  if (!result.ok) return { list: null, selected: null, error: result.message }
  let list = result.data
  let selected = panel.item ? (list.items.find((item) => item.uuid === panel.item) ?? null) : null
  if (selected && !selected.is_read) {
    const marked = await api(request, endpoints.notificationMarkRead, {
      params: { uuid: selected.uuid },
    })
    if (marked.ok) {
      const uuid = selected.uuid
      selected = { ...selected, is_read: true }
      list = {
        ...list,
        items: list.items.map((item) => (item.uuid === uuid ? { ...item, is_read: true } : item)),
        total_unread_notification: Math.max(0, list.total_unread_notification - 1),
      }
    }
  }
  return { list, selected, error: null }
}

export default function AppLayout() {
  const {
    user,
    shortName,
    navEntries,
    greeting,
    sidebarCollapsed,
    menuOpen: menuOpenInUrl,
    unread,
    panel,
    bankBanner,
  } = useLoaderData<typeof loader>()
  const location = useLocation()
  // Without JavaScript the menu opens and closes through ?menu=open; with it, in place.
  // Each navigation sets it as the address says.
  const [menuOpen, setMenuOpen] = useState(menuOpenInUrl)
  const [menuSetAt, setMenuSetAt] = useState({ key: location.key, open: menuOpenInUrl })
  if (menuSetAt.key !== location.key || menuSetAt.open !== menuOpenInUrl) {
    setMenuSetAt({ key: location.key, open: menuOpenInUrl })
    setMenuOpen(menuOpenInUrl)
  }
  useEffect(() => {
    if (!menuOpen) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [menuOpen])
  const toggleMenu = (open: boolean) => (event: MouseEvent) => {
    if (menuOpenInUrl) return
    event.preventDefault()
    setMenuOpen(open)
  }

  return (
    <>
      <a
        href="#main"
        className="sr-only z-[80] rounded-md bg-white px-4 py-2 text-sm font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to main content
      </a>
      <div className="flex min-h-full">
        <Sidebar
          entries={navEntries}
          collapsed={sidebarCollapsed}
          menuOpen={menuOpen}
          onCloseMenu={toggleMenu(false)}
        />
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar
            greeting={greeting}
            firstName={user.first_name}
            lastName={user.last_name}
            shortName={shortName}
            bell={<NotificationBell href={panelHref(location)} hasUnread={unread > 0} />}
            menuOpen={menuOpen}
            onOpenMenu={toggleMenu(true)}
          />
          {bankBanner ? <BankDetailsBanner canSet={bankBanner.canSet} /> : null}
          <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8">
            <Outlet />
          </main>
        </div>
      </div>
      {panel ? (
        <NotificationsPanelSlot list={panel.list} selected={panel.selected} error={panel.error} />
      ) : null}
    </>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
