import { z } from 'zod'
import { SUBSCRIPTION_STATUSES, SUBSCRIPTION_TYPES } from './subscription-labels'
import { overduePartsSchema } from './subscriptions'

/** GET dashboard-metrics, scoped to the caller (see app/backend/dashboard/routes.ts). */
export const dashboardMetricsSchema = z.object({
  total_products: z.number().int(),
  total_customers: z.number().int(),
  total_subscriptions: z.number().int(),
  total_realtors: z.number().int(),
})
export type DashboardMetrics = z.infer<typeof dashboardMetricsSchema>

/** A land subscription's progress: paid as a share of what it costs. Money in naira. */
export const plotProgressSchema = z.object({
  reference: z.string(),
  /** The product's place or reference, as the subscription's card names it. */
  title: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  total_amount: z.number(),
  total_amount_paid: z.number(),
  balance: z.number(),
  /** Whole percent, 0 to 100, rounded down (paidPercent). */
  paid_percent: z.number().int().min(0).max(100),
})
export type PlotProgress = z.infer<typeof plotProgressSchema>

/** A dated amount on one subscription: the next payment to make, or the next payout to receive. */
export const dueItemSchema = z.object({
  reference: z.string(),
  type: z.enum(SUBSCRIPTION_TYPES),
  title: z.string(),
  amount: z.number(),
  /** YYYY-MM-DD. */
  date: z.string(),
  /** Its date has passed. */
  overdue: z.boolean(),
  /**
   * Land in arrears: what is overdue on that subscription now, in parts (contract/money.ts
   * overdueNow), to pay in one go; null when nothing is, and for a payout.
   */
  owed_now: overduePartsSchema.nullable(),
})
export type DueItem = z.infer<typeof dueItemSchema>

/** The caller's own subscriptions: land paid and owed, the next payment, investments. */
export const ownSummarySchema = z.object({
  land: z.object({
    /** Land subscriptions other than cancelled and expired ones. */
    count: z.number().int(),
    /** The plots or acres they hold: a purchase of 2 plots counts 2. */
    units: z.number().int(),
    amount_paid: z.number(),
    balance: z.number(),
    /** The newest of them (at most PLOTS_SHOWN). */
    plots: z.array(plotProgressSchema),
    /**
     * What is overdue now across them (contract/money.ts overdueNow on each, summed), and on how
     * many: next_payment.owed_now is one purchase's share.
     */
    overdue_now: z.object({ amount: z.number(), purchases: z.number().int() }),
  }),
  /** The payable subscription whose payment is dated first, or null. */
  next_payment: dueItemSchema.nullable(),
  investments: z.object({
    /** Investments paying out (ongoing). */
    active: z.number().int(),
    portfolio_value: z.number(),
    next_payout: dueItemSchema.nullable(),
  }),
})
export type OwnSummary = z.infer<typeof ownSummarySchema>

export const realtorCustomerSchema = z.object({
  reference: z.string(),
  full_name: z.string(),
  /** Subscriptions other than cancelled and expired ones. */
  subscriptions: z.number().int(),
  amount_paid: z.number(),
  total_amount: z.number(),
  paid_percent: z.number().int().min(0).max(100),
  /** Its land purchases in arrears today. */
  subscriptions_in_arrears: z.number().int(),
})
export type RealtorCustomer = z.infer<typeof realtorCustomerSchema>

/** A realtor's customers (the newest, at most CUSTOMERS_SHOWN) and sign-ups through its referral link. */
export const realtorSummarySchema = z.object({
  customers_total: z.number().int(),
  customers: z.array(realtorCustomerSchema),
  /** How many of all its customers (not only those listed) have a land purchase in arrears today. */
  customers_in_arrears: z.number().int(),
  /** Customers who signed up through the realtor's link since week_start. */
  referral_signups_this_week: z.number().int(),
  /** Its commissions in naira, net of withholding tax: earned (every entry not void), paid, and the balance owed. */
  commissions: z.object({ earned: z.number(), paid: z.number(), balance: z.number() }),
})
export type RealtorSummary = z.infer<typeof realtorSummarySchema>

/**
 * Staff figures; each is null for staff who may not see the list it counts (subscriptions: staff
 * holding a subscription permission; customers: those who may view customers).
 */
export const staffSummarySchema = z.object({
  awaiting_confirmation: z
    .object({ land: z.number().int(), investment: z.number().int() })
    .nullable(),
  payouts_due: z.number().int().nullable(),
  in_arrears: z.number().int().nullable(),
  new_customers_this_week: z.number().int().nullable(),
})
export type StaffSummary = z.infer<typeof staffSummarySchema>

/** GET dashboard-summary: what needs doing, for the caller's kind of account. */
export const dashboardSummarySchema = z.object({
  /** YYYY-MM-DD in the platform's time zone: the day the figures are for. */
  today: z.string(),
  /** YYYY-MM-DD: the Monday this week started on (weekStart). */
  week_start: z.string(),
  own: ownSummarySchema,
  realtor: realtorSummarySchema.nullable(),
  staff: staffSummarySchema.nullable(),
})
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>

export const PLOTS_SHOWN = 12
export const CUSTOMERS_SHOWN = 10
