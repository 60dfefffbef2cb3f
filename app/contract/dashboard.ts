import { z } from 'zod'

/** GET dashboard-metrics, scoped to the caller (see app/backend/dashboard/routes.ts). */
export const dashboardMetricsSchema = z.object({
  total_products: z.number().int(),
  total_customers: z.number().int(),
  total_subscriptions: z.number().int(),
  total_realtors: z.number().int(),
})
export type DashboardMetrics = z.infer<typeof dashboardMetricsSchema>
