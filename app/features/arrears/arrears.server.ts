import { mayCall } from '~/contract/access'
import { ARREARS_BUCKETS, type ArrearsBucket } from '~/contract/arrears-rules'
import { endpoints } from '~/contract/endpoints'
import { api } from '~/utils/api.server'
import { pageNumberFrom } from '~/utils/list.server'
import { requireUser } from '~/utils/session.server'

export const ARREARS_FILTERS = ['bucket', 'product', 'realtor', 'search'] as const

export const ARREARS_PATH = '/arrears'

function arrearsFilters(search: URLSearchParams) {
  const param = (name: string) => search.get(name)?.trim() || ''
  const bucketParam = param('bucket')
  const bucket = (ARREARS_BUCKETS as readonly string[]).includes(bucketParam)
    ? (bucketParam as ArrearsBucket)
    : ''
  const filters: { bucket: ArrearsBucket | ''; product: string; realtor: string; search: string } =
    { bucket, product: param('product'), realtor: param('realtor'), search: param('search') }
  return filters
}

/** The URL's search params as GET admin/arrears's filters: the page and its export alike. */
export function arrearsApiQuery(search: URLSearchParams) {
  const filters = arrearsFilters(search)
  return {
    ...(filters.bucket ? { bucket: filters.bucket } : {}),
    product: filters.product,
    realtor: filters.realtor,
    search: filters.search,
  }
}

/** /arrears: the filters are the URL's search params, handed to GET admin/arrears as they are. */
export async function loadArrears(request: Request) {
  const user = await requireUser(request)
  if (!mayCall(user, endpoints.arrearsList.access)) throw new Response('Forbidden', { status: 403 })
  const url = new URL(request.url)
  const filters = arrearsFilters(url.searchParams)
  const page = pageNumberFrom(url.searchParams.get('page'))
  const answer = await api(request, endpoints.arrearsList, {
    query: { ...arrearsApiQuery(url.searchParams), page },
  })
  if (!answer.ok)
    throw new Response(answer.message, { status: answer.httpStatus === 403 ? 403 : 500 })
  return { filters, page, list: answer.data, search: url.search }
}
