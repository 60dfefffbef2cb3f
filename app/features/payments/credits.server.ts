import { endpoints } from '~/contract/endpoints'
import { api } from '~/utils/api.server'
import { pageNumberFrom } from '~/utils/list.server'
import { requireUser } from '~/utils/session.server'
import { timeZoneFrom } from '~/utils/time-zone.server'

/**
 * The viewer's own credits (money received that paid no payment) and what they hold in all, newest
 * first; null when there are none, or when the API does not answer (the page shows the rest).
 */
export async function loadOwnCredits(request: Request) {
  const result = await api(request, endpoints.accountCredits, { query: { page: 1 } })
  if (!result.ok || !result.data.items.length) return null
  return {
    items: result.data.items,
    openAmount: result.data.open_amount,
    more: result.data.total_pages > 1,
  }
}

export type OwnCredits = NonNullable<Awaited<ReturnType<typeof loadOwnCredits>>>

/** /credits: a page of the viewer's own credits, and what the open ones hold in all. */
export async function loadOwnCreditsPage(request: Request) {
  await requireUser(request)
  const page = pageNumberFrom(new URL(request.url).searchParams.get('page'))
  const result = await api(request, endpoints.accountCredits, { query: { page } })
  return {
    list: result.ok ? result.data : null,
    error: result.ok ? null : result.message,
    timeZone: timeZoneFrom(request),
  }
}
