import { endpoint } from '../endpoint'
import { dashboardMetricsSchema, dashboardSummarySchema } from '../dashboard'

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
  dashboardSummary: endpoint({
    method: 'GET',
    path: 'dashboard-summary',
    tag: 'Dashboard',
    summary:
      'What needs doing: money paid and owed, the next payment and payout, and the counts staff act on',
    description:
      "`own` is the caller's own land (paid, balance, each plot's progress), the next payment due and its investments " +
      '(portfolio value, next payout). `realtor` (realtors only, else null) lists its newest customers with their payment ' +
      "progress, counts this week's sign-ups through its referral link, and totals its commissions (earned, paid, balance, net of withholding tax). `staff` (staff only, else null) counts the " +
      'payments awaiting confirmation, payouts due, subscriptions in arrears (`due` filters of product-subscription) and ' +
      'customers registered since `week_start` (`registered_from` of admin/customer); each count is null for staff who ' +
      "may not see that list. Money in naira; dates YYYY-MM-DD in the platform's time zone.",
    access: 'verified',
    response: dashboardSummarySchema,
  }),
} as const
