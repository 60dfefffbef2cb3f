import { Link } from '@remix-run/react'

/**
 * A filter a list was opened with from a link (a dashboard count) rather than from its form:
 * says what the list is limited to, with a link to the whole list.
 */
export function ActiveFilter({ label, clearTo }: { label: string; clearTo: string }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="active-filter">
      <span className="rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-800">{label}</span>
      <Link to={clearTo} className="link inline-flex min-h-[44px] items-center" preventScrollReset>
        Show all
      </Link>
    </p>
  )
}
