export type PageItem = number | 'ellipsis'

/**
 * The pagination control: every page when there are 5 or fewer; otherwise the first 3, the last 3
 * and a window around the current page, with an ellipsis for each gap.
 */
export function paginationRange(current: number, total: number): PageItem[] {
  if (total <= 5) return Array.from({ length: total }, (_, index) => index + 1)
  const pages = new Set<number>()
  for (let page = 1; page <= 3; page++) pages.add(page)
  for (let page = total - 2; page <= total; page++) pages.add(page)
  for (let page = current - 1; page <= current + 1; page++) {
    if (page >= 1 && page <= total) pages.add(page)
  }
  const sorted = [...pages].sort((a, b) => a - b)
  const items: PageItem[] = []
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1]
    if (previous !== undefined && page - previous > 1) items.push('ellipsis')
    items.push(page)
  })
  return items
}

/** The address of a list page: the base path on page 1 with no filters, otherwise ?page=N plus the filters. */
export function listHref(
  pathname: string,
  params: Record<string, string | number | null | undefined>,
) {
  const search = new URLSearchParams()
  const page = Number(params.page ?? 1)
  const filters = Object.entries(params).filter(
    ([key, value]) => key !== 'page' && value !== undefined && value !== null && value !== '',
  )
  if (page > 1 || filters.length) search.set('page', String(page))
  for (const [key, value] of filters) search.set(key, String(value))
  const text = search.toString()
  return text ? `${pathname}?${text}` : pathname
}
