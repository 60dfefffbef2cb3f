/** GET dashboard-metrics, scoped to the caller (see app/backend/dashboard/routes.ts). */
export type DashboardMetrics = {
  total_products: number
  total_customers: number
  total_subscriptions: number
  total_realtors: number
}
