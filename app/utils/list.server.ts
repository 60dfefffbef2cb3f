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
 * Sends a page read at another spelling of its address to the canonical one. Only a read: after a
 * form post the page answers where it was posted, with the action's messages next to the fields.
 */
export function redirectToCanonical(request: Request, canonical: string) {
  const url = new URL(request.url)
  const reading = request.method === 'GET' || request.method === 'HEAD'
  if (reading && canonical !== url.pathname + url.search) throw redirect(canonical)
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
  if (!extra.length) redirectToCanonical(request, canonical)
  return { page, filters }
}
