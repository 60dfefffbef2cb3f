import { and, count, eq, type SQL } from 'drizzle-orm'
import type { DashboardMetrics } from '~/contract/dashboard'
import { mayCall } from '~/contract/endpoint'
import { endpoints } from '~/contract/endpoints'
import { weekStart } from '~/contract/dashboard-rules'
import { isStaff } from '~/contract/permissions'
import { getConfig } from '../config'
import type { Executor } from '../db/client'
import { products, subscriptions, users } from '../db/schema'
import { implement, type HandlerTable } from '../http/router'
import { todayIn } from '../dates/calendar'
import { ownSummary, realtorSummary, staffSummary } from './summary'

type Counted = typeof products | typeof subscriptions | typeof users

async function countOf(db: Executor, table: Counted, where?: SQL) {
  const [row] = await db.select({ total: count() }).from(table).where(where)
  return row?.total ?? 0
}

/** Subscriptions of the customers a realtor added or referred (users.realtor_id), through users_realtor_idx. */
async function subscriptionsOfRealtor(db: Executor, realtorId: number) {
  const [row] = await db
    .select({ total: count() })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(eq(users.realtorId, realtorId))
  return row?.total ?? 0
}

/**
 * Staff see the platform's totals (customers and realtors only with the permissions that show
 * those lists); a realtor its own customers and their subscriptions; a customer its own
 * subscriptions. Everyone sees the products on sale, staff every product.
 */
const metrics = implement(endpoints.dashboardMetrics, async ({ db, user }) => {
  const onSale = eq(products.isAvailable, true)
  let data: DashboardMetrics
  if (isStaff(user)) {
    const [total_products, total_customers, total_subscriptions, total_realtors] =
      await Promise.all([
        countOf(db, products),
        mayCall(user, endpoints.customerList.access)
          ? countOf(db, users, eq(users.role, 'customer'))
          : 0,
        countOf(db, subscriptions),
        mayCall(user, endpoints.realtorList.access)
          ? countOf(db, users, eq(users.role, 'realtor'))
          : 0,
      ])
    data = { total_products, total_customers, total_subscriptions, total_realtors }
  } else if (user.role === 'realtor') {
    const [total_products, total_customers, total_subscriptions] = await Promise.all([
      countOf(db, products, onSale),
      countOf(db, users, and(eq(users.realtorId, user.id), eq(users.role, 'customer'))),
      subscriptionsOfRealtor(db, user.id),
    ])
    data = { total_products, total_customers, total_subscriptions, total_realtors: 0 }
  } else {
    const [total_products, total_subscriptions] = await Promise.all([
      countOf(db, products, onSale),
      countOf(db, subscriptions, eq(subscriptions.userId, user.id)),
    ])
    data = { total_products, total_customers: 0, total_subscriptions, total_realtors: 0 }
  }
  return { data }
})

/** The dashboards' figures: the caller's own money for everyone, plus its realtor or staff part. */
const summary = implement(endpoints.dashboardSummary, async ({ db, user }) => {
  const today = todayIn(getConfig().APP_TIME_ZONE)
  const week_start = weekStart(today)
  const [own, realtor, staff] = await Promise.all([
    ownSummary(db, user.id, today),
    user.role === 'realtor' ? realtorSummary(db, user.id, week_start, today) : null,
    isStaff(user) ? staffSummary(db, user, today, week_start) : null,
  ])
  return { data: { today, week_start, own, realtor, staff } }
})

export const dashboardHandlers = {
  dashboardMetrics: metrics,
  dashboardSummary: summary,
} satisfies HandlerTable
