import { endpoints } from '~/contract/endpoints'
import { api } from '~/utils/api.server'

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
    more: result.data.totalPages > 1,
  }
}

export type OwnCredits = NonNullable<Awaited<ReturnType<typeof loadOwnCredits>>>
