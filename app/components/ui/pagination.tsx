import { useLocation } from '@remix-run/react'
import { AbsoluteLink } from '~/components/ui/absolute-link'
import { paginationRange } from '~/utils/pagination'

/** Page links that keep the other search params; works without JavaScript. */
export function Pagination({
  page,
  totalPages,
  param = 'page',
  label = 'Pagination',
}: {
  page: number
  totalPages: number
  param?: string
  label?: string
}) {
  const location = useLocation()
  if (totalPages <= 1) return null
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search)
    params.set(param, String(target))
    return `${location.pathname}?${params}`
  }
  const base = 'inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm'
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <AbsoluteLink
          to={hrefFor(page - 1)}
          className={`${base} border border-slate-300 bg-white hover:bg-slate-50`}
          rel="prev"
        >
          <span aria-hidden="true">‹</span>
          <span className="sr-only">Previous page</span>
        </AbsoluteLink>
      ) : null}
      {paginationRange(page, totalPages).map((item, index) =>
        item === 'ellipsis' ? (
          <span key={`ellipsis-${index}`} className={`${base} text-slate-500`} aria-hidden="true">
            …
          </span>
        ) : (
          <AbsoluteLink
            key={item}
            to={hrefFor(item)}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item}`}
            className={`${base} ${item === page ? 'bg-brand-700 font-semibold text-white' : 'border border-slate-300 bg-white hover:bg-slate-50'}`}
          >
            {item}
          </AbsoluteLink>
        ),
      )}
      {page < totalPages ? (
        <AbsoluteLink
          to={hrefFor(page + 1)}
          className={`${base} border border-slate-300 bg-white hover:bg-slate-50`}
          rel="next"
        >
          <span aria-hidden="true">›</span>
          <span className="sr-only">Next page</span>
        </AbsoluteLink>
      ) : null}
    </nav>
  )
}
