import { Link, useFetcher, useLocation } from '@remix-run/react'
import { useEffect, useRef, type MouseEvent } from 'react'
import { AbsoluteLink } from '~/components/ui/absolute-link'
import { isCurrentPath, menuHref, type NavLink } from '~/utils/navigation'
import { Icon } from './icons'

export const SIDEBAR_ID = 'sidebar'

/**
 * The sidebar (the entries the user sees come from the loader: utils/menu-access.server.ts). On large screens it sits beside the page,
 * full or short (LBC), the choice posted to /resources/sidebar and kept in a cookie. Below lg it is
 * off-canvas: opened by a link to ?menu=open (JavaScript toggles it in place instead).
 */
export function Sidebar({
  entries,
  collapsed: savedCollapsed,
  menuOpen,
  onCloseMenu,
}: {
  entries: NavLink[]
  collapsed: boolean
  menuOpen: boolean
  onCloseMenu: (event: MouseEvent) => void
}) {
  const location = useLocation()
  const fetcher = useFetcher({ key: 'sidebar' })
  const pending = fetcher.formData?.get('collapsed')
  const collapsed = pending ? pending === 'true' : savedCollapsed
  const closeHref = menuHref(location, false)
  const closeButton = useRef<HTMLAnchorElement>(null)

  useEffect(() => {
    if (menuOpen && window.matchMedia('(max-width: 1023px)').matches) closeButton.current?.focus()
  }, [menuOpen])

  return (
    <>
      {menuOpen ? (
        <Link
          to={closeHref}
          onClick={onCloseMenu}
          preventScrollReset
          tabIndex={-1}
          aria-hidden="true"
          className="fixed inset-0 z-30 bg-slate-900/40 lg:hidden"
          data-testid="menu-backdrop"
        />
      ) : null}
      <aside
        id={SIDEBAR_ID}
        aria-label="Sidebar"
        data-collapsed={collapsed}
        className={`fixed inset-y-0 left-0 z-40 flex w-72 max-w-[85vw] flex-col border-r border-slate-200 bg-white transition-transform duration-200 motion-reduce:transition-none lg:sticky lg:top-0 lg:z-auto lg:h-screen lg:max-w-none lg:translate-x-0 ${
          menuOpen ? 'translate-x-0 shadow-xl lg:shadow-none' : '-translate-x-full max-lg:invisible'
        } ${collapsed ? 'lg:w-20' : 'lg:w-64'}`}
      >
        <div className="flex h-16 items-center justify-between gap-2 border-b border-slate-200 px-4">
          <AbsoluteLink to="/" className="flex min-w-0 items-center gap-2 text-brand-800">
            <span
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-sm font-black text-white"
              aria-hidden="true"
            >
              LBC
            </span>
            <span className={`truncate text-lg font-bold ${collapsed ? 'lg:hidden' : ''}`}>
              Land Banking
            </span>
            {/* The link's name: the monogram is decoration, and a collapsed menu hides the words. */}
            <span className="sr-only">{collapsed ? 'Land Banking home' : 'home'}</span>
          </AbsoluteLink>
          <Link
            ref={closeButton}
            to={closeHref}
            onClick={onCloseMenu}
            preventScrollReset
            aria-label="Close menu"
            aria-controls={SIDEBAR_ID}
            className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 lg:hidden"
          >
            <Icon name="close" />
          </Link>
        </div>

        <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="flex flex-col gap-1">
            {entries.map((entry) => {
              const current = isCurrentPath(location.pathname, entry.path)
              return (
                <li key={entry.path}>
                  <AbsoluteLink
                    to={entry.path}
                    aria-current={current ? 'page' : undefined}
                    title={collapsed ? entry.label : undefined}
                    aria-label={collapsed ? entry.label : undefined}
                    className={`flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors ${
                      current
                        ? 'bg-brand-50 text-brand-800'
                        : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
                    } ${collapsed ? 'lg:justify-center lg:px-0' : ''}`}
                  >
                    <Icon name={entry.icon} />
                    <span className={collapsed ? 'lg:hidden' : ''}>{entry.label}</span>
                  </AbsoluteLink>
                </li>
              )
            })}
          </ul>
        </nav>

        <fetcher.Form
          method="post"
          action="/resources/sidebar"
          className="hidden border-t border-slate-200 p-3 lg:block"
        >
          <input type="hidden" name="collapsed" value={String(!collapsed)} />
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <button
            type="submit"
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            aria-controls={SIDEBAR_ID}
            className={`flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 ${collapsed ? 'justify-center' : ''}`}
          >
            <Icon
              name="chevron"
              className={`h-5 w-5 transition-transform ${collapsed ? 'rotate-180' : ''}`}
            />
            {collapsed ? null : <span>Collapse</span>}
          </button>
        </fetcher.Form>
      </aside>
    </>
  )
}
