import { redirect } from '@remix-run/node'
import { PAGE_MAX } from '~/contract/fields'
import { listHref } from './pagination'

/**
 * A page number from an address someone may have typed: anything that is not a page is page 1
 * (the API refuses it, so it is never sent).
 */
export function pageNumberFrom(value: string | null) {
  const page = Number(value ?? '1')
  return Number.isSafeInteger(page) && page >= 1 && page <= PAGE_MAX ? page : 1
}

/**
 * Reads a list's page and filters from the URL and redirects to the canonical address when the
 * URL is not it (a GET form sends empty filters; page 1 with no filters is the bare path).
 */
export function readListQuery<K extends string>(request: Request, filterKeys: readonly K[]) {
  const url = new URL(request.url)
  const page = pageNumberFrom(url.searchParams.get('page'))
  const filters = {} as Record<K, string>
  for (const key of filterKeys) filters[key] = url.searchParams.get(key)?.trim() ?? ''

  const canonical = listHref(url.pathname, { page, ...filters })
  // Other params (an open panel, say) are not part of the list's address and are kept as they are.
  const extra = [...url.searchParams.keys()].filter(
    (key) => key !== 'page' && !filterKeys.includes(key as K),
  )
  if (!extra.length && canonical !== url.pathname + url.search) throw redirect(canonical)
  return { page, filters }
}
