import { endpoint } from '../endpoint'
import { dashboardMetricsSchema } from '../dashboard'

export const dashboardEndpoints = {
  dashboardMetrics: endpoint({
    method: 'GET',
    path: 'dashboard-metrics',
    tag: 'Dashboard',
    summary: "The dashboard's totals, as far as the caller may see them",
    description:
      "Staff count every product and subscription, and customers or realtors when they may view those lists (0 otherwise); a realtor counts the products on sale, their own customers and those customers' subscriptions; a customer the products on sale and their own subscriptions.",
    access: 'verified',
    response: dashboardMetricsSchema,
  }),
} as const
