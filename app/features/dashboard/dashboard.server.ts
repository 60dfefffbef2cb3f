import { endpoints } from '~/contract/endpoints'
import { api } from '~/utils/api.server'
import { requireAuth } from '~/utils/session.server'

/** The dashboard's totals and what needs doing, read side by side; either may fail on its own. */
export async function loadDashboard(request: Request) {
  await requireAuth(request)
  const [metrics, summary] = await Promise.all([api(request, endpoints.dashboardMetrics), api(request, endpoints.dashboardSummary)])
  const failed = !metrics.ok ? metrics : !summary.ok ? summary : null
  return {
    metrics: metrics.ok ? metrics.data : null,
    summary: summary.ok ? summary.data : null,
    error: failed && !failed.ok ? failed.message : null,
  }
}
