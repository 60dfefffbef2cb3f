import { Link, useLocation } from '@remix-run/react'
import type { MouseEvent, ReactNode } from 'react'
import { menuHref } from '~/utils/navigation'
import { Icon } from './icons'
import { SIDEBAR_ID } from './sidebar'
import { UserMenu } from './user-menu'

export function TopBar({
  greeting,
  firstName,
  lastName,
  shortName,
  bell,
  menuOpen,
  onOpenMenu,
}: {
  greeting: string
  firstName: string
  lastName: string
  /** The full name as the user menu shows it, cut at 15 characters. */
  shortName: string
  /** The notification bell, which the layout makes from the notifications feature. */
  bell: ReactNode
  menuOpen: boolean
  onOpenMenu: (event: MouseEvent) => void
}) {
  const location = useLocation()
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:gap-3 sm:px-6">
      <Link
        to={menuHref(location, true)}
        onClick={onOpenMenu}
        preventScrollReset
        aria-label="Open menu"
        aria-controls={SIDEBAR_ID}
        aria-expanded={menuOpen}
        className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 lg:hidden"
      >
        <Icon name="menu" className="h-6 w-6" />
      </Link>
      <p
        className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-800 sm:text-base"
        data-testid="greeting"
      >
        {greeting}, {firstName}
      </p>
      {bell}
      <UserMenu firstName={firstName} lastName={lastName} shortName={shortName} />
    </header>
  )
}
