import { mayCall } from '~/contract/access'
import { endpoints } from '~/contract/endpoints'
import { api } from '~/utils/api.server'
import { requireAuth } from '~/utils/session.server'
import { timeZoneFrom } from '~/utils/time-zone.server'
import { loadOwnCredits } from '../payments/credits.server'
import { dashboardDisplay } from './dashboard-display.server'

/**
 * The dashboard's totals and what needs doing, read side by side; either may fail on its own. Staff
 * who confirm payments also get what waits on Collections, customers their credits (each left out
 * when it cannot be read).
 */
export async function loadDashboard(request: Request) {
  const auth = await requireAuth(request)
  const [metrics, summary, collections, credits] = await Promise.all([
    api(request, endpoints.dashboardMetrics),
    api(request, endpoints.dashboardSummary),
    mayCall(auth.user, endpoints.collectionsSummary.access)
      ? api(request, endpoints.collectionsSummary)
      : null,
    auth.user.role === 'customer' ? loadOwnCredits(request) : null,
  ])
  const failed = !metrics.ok ? metrics : !summary.ok ? summary : null
  return {
    ...dashboardDisplay(
      auth.user.role,
      metrics.ok ? metrics.data : null,
      summary.ok ? summary.data : null,
      collections?.ok ? collections.data : null,
    ),
    credits,
    timeZone: timeZoneFrom(request),
    error: failed && !failed.ok ? failed.message : null,
  }
}
