import type { Paginated } from '~/contract/envelope'
import { endpoints } from '~/contract/endpoints'
import { AVAILABLE_STATUSES, type Product } from '~/contract/products'
import { api } from '~/utils/api.server'
import { readListQuery } from '~/utils/list.server'
import { listHref } from '~/utils/pagination'
import { requireUser } from '~/utils/session.server'
import { KINDS, LIST_KEYS, productPermissions, type KindName } from './kinds'

export const LIST_ERROR = 'Error encountered, try again'

/** The list under /land-purchases or /land-investments (and under every panel opened over it). */
export async function loadProductList(request: Request, kindName: KindName) {
  const kind = KINDS[kindName]
  const user = await requireUser(request)
  const { page, filters } = readListQuery(request, LIST_KEYS)
  // Values the API does not know are dropped here rather than failing the whole list.
  const availability = (AVAILABLE_STATUSES as readonly string[]).includes(filters.available_status)
    ? filters.available_status
    : ''
  const subtype = kind.typeOptions.some((option) => option.value === filters.type) ? filters.type : ''
  const result = await api(request, endpoints.productList, {
    query: {
      page,
      type: kind.apiType,
      available_status: availability,
      [kind.typeParam]: subtype,
      search: filters.search.slice(0, 100),
    },
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
  }
}
