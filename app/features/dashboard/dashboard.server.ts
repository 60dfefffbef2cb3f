import { endpoints } from '~/contract/endpoints'
import { api } from '~/utils/api.server'
import { requireAuth } from '~/utils/session.server'
import { dashboardDisplay } from './dashboard-display.server'

/** The dashboard's totals and what needs doing, read side by side; either may fail on its own. */
export async function loadDashboard(request: Request) {
  const auth = await requireAuth(request)
  const [metrics, summary] = await Promise.all([
    api(request, endpoints.dashboardMetrics),
    api(request, endpoints.dashboardSummary),
  ])
  const failed = !metrics.ok ? metrics : !summary.ok ? summary : null
  return {
    ...dashboardDisplay(
      auth.user.role,
      metrics.ok ? metrics.data : null,
      summary.ok ? summary.data : null,
    ),
    error: failed && !failed.ok ? failed.message : null,
  }
}
