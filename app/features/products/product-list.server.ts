import { endpoints } from '~/contract/endpoints'
import { isStaff } from '~/contract/permissions'
import { AVAILABLE_STATUSES } from '~/contract/products'
import { api } from '~/utils/api.server'
import { readListQuery } from '~/utils/list.server'
import { listHref } from '~/utils/pagination'
import { requireUser } from '~/utils/session.server'
import { KINDS, LIST_KEYS, productPermissions, type KindName } from './kinds'

export const LIST_ERROR = 'Error encountered, try again'

/** The API's filters for a product list's address: what the list and its CSV export both ask for. */
export function productApiQuery(kindName: KindName, search: URLSearchParams) {
  const kind = KINDS[kindName]
  const value = (key: (typeof LIST_KEYS)[number]) => search.get(key)?.trim() ?? ''
  // Values the API does not know are dropped here rather than failing the whole list.
  const availability = (AVAILABLE_STATUSES as readonly string[]).includes(value('available_status'))
    ? value('available_status')
    : ''
  const subtype = kind.typeOptions.some((option) => option.value === value('type'))
    ? value('type')
    : ''
  return {
    type: kind.apiType,
    available_status: availability,
    [kind.typeParam]: subtype,
    search: value('search').slice(0, 100),
  }
}

/** The list under /land-purchases or /land-investments (and under every panel opened over it). */
export async function loadProductList(request: Request, kindName: KindName) {
  const kind = KINDS[kindName]
  const user = await requireUser(request)
  const { page, filters } = readListQuery(request, LIST_KEYS)
  const result = await api(request, endpoints.productList, {
    query: { page, ...productApiQuery(kindName, new URL(request.url).searchParams) },
  })
  const listUrl = listHref(kind.basePath, { page, ...filters })
  return {
    kind: kindName,
    filters,
    listUrl,
    listSearch: listUrl.slice(kind.basePath.length),
    list: result.ok ? result.data : null,
    error: result.ok ? null : LIST_ERROR,
    can: productPermissions(user),
    canExport: isStaff(user),
  }
}
