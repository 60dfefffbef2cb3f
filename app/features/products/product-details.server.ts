import { redirect } from '@remix-run/node'
import { endpoints } from '~/contract/endpoints'
import type { Paginated } from '~/contract/envelope'
import type { PaymentPlan, Product } from '~/contract/products'
import { api } from '~/utils/api.server'
import { pageNumberFrom } from '~/utils/list.server'
import { loadRecordHistory } from '../audit/audit.server'
import { requireUser } from '~/utils/session.server'
import { timeZoneFrom } from '~/utils/time-zone.server'
import { redirectWithError } from '~/utils/toast.server'
import { KINDS, listUrlFrom, productPermissions, type KindName } from './kinds'

/** A product for a panel over its list; a failed load closes the panel with the server's message. */
export async function loadProduct(
  request: Request,
  kindName: KindName,
  reference: string | undefined,
) {
  const kind = KINDS[kindName]
  const user = await requireUser(request)
  const url = new URL(request.url)
  const closeTo = listUrlFrom(kind, url.searchParams)
  const result = await api(request, endpoints.productShow, {
    params: { reference: reference ?? '' },
  })
  if (!result.ok) throw await redirectWithError(request, closeTo, result.message)
  if (result.data.type !== kind.apiType) {
    const other = kind.name === 'land' ? KINDS.investment : KINDS.land
    throw redirect(`${other.basePath}${url.pathname.slice(kind.basePath.length)}${url.search}`)
  }
  return { kind: kindName, product: result.data, closeTo, can: productPermissions(user), url }
}

export async function loadProductDetails(
  request: Request,
  kindName: KindName,
  reference: string | undefined,
) {
  const { product, closeTo, can, url } = await loadProduct(request, kindName, reference)
  return {
    kind: kindName,
    product,
    ...(await detailsExtras(request, product, url)),
    closeTo,
    listSearch: closeTo.slice(KINDS[kindName].basePath.length),
    can,
  }
}

/**
 * What the details view shows beside the product: the page of a land product's plans the address
 * asks for (null for staff who may not see plans: they simply do not get the section) and the
 * image chosen in the gallery, and the product's History for those who read the audit trail.
 */
export async function detailsExtras(request: Request, product: Product, url: URL) {
  let plans: Paginated<PaymentPlan> | null = null
  if (product.type === 'land') {
    const result = await api(request, endpoints.paymentPlanList, {
      params: { reference: product.reference },
      query: { page: pageNumberFrom(url.searchParams.get('plan_page')) },
    })
    plans = result.ok ? result.data : null
  }
  const image = Math.min(
    Math.max(1, Number(url.searchParams.get('image')) || 1),
    Math.max(1, product.images.length),
  )
  return {
    plans,
    image,
    history: await loadRecordHistory(request, product.reference),
    timeZone: timeZoneFrom(request),
  }
}
