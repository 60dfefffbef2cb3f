import { and, count, countDistinct, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm'
import {
  CUSTOMERS_SHOWN,
  PLOTS_SHOWN,
  type DueItem,
  type OwnSummary,
  type RealtorSummary,
  type StaffSummary,
} from '~/contract/dashboard'
import {
  balanceKobo,
  earliestDue,
  isPayableNow,
  paidPercent,
  portfolioValueKobo,
} from '~/contract/dashboard-rules'
import { mayCall } from '~/contract/endpoint'
import { endpoints } from '~/contract/endpoints'
import { totalsInNaira, totalsOf } from '../commissions/service'
import { getConfig } from '../config'
import type { Executor } from '../db/client'
import { products, subscriptions, users } from '../db/schema'
import type { ApiUser } from '../http/context'
import { koboToNaira } from '../money'
import { seesAllSubscriptions } from '../subscriptions/access'
import { dueCondition } from '../subscriptions/due'
import { overduePartsView, productName } from '../subscriptions/queries'
import { arrearsFor } from '../subscriptions/arrears'

/** Cancelled and expired subscriptions hold no money and owe none: the dashboards leave them out. */
const ENDED = ['cancelled', 'expired'] as const
const live = notInArray(subscriptions.status, [...ENDED])

/** The first moment of a calendar day in the platform's time zone, as SQL (a range the created_at indexes serve). */
const startOfDay = (day: string) =>
  sql`(${day}::date)::timestamp at time zone ${getConfig().APP_TIME_ZONE}`

/** The caller's own land and investments: what is paid and owed, what to pay next, what pays out next. */
export async function ownSummary(db: Executor, userId: number, today: string): Promise<OwnSummary> {
  // Only the columns the figures need: a customer may hold thousands of subscriptions, and each
  // column of each row is copied from the database's thread and mapped here.
  const rows = await db
    .select({
      subscription: {
        id: subscriptions.id,
        reference: subscriptions.reference,
        quantity: subscriptions.quantity,
        arrearsRules: subscriptions.arrearsRules,
        type: subscriptions.type,
        status: subscriptions.status,
        totalAmount: subscriptions.totalAmount,
        totalAmountPaid: subscriptions.totalAmountPaid,
        amountInvested: subscriptions.amountInvested,
        nextPaymentAmount: subscriptions.nextPaymentAmount,
        nextPaymentDate: subscriptions.nextPaymentDate,
      },
      product: {
        name: products.name,
        reference: products.reference,
        location: products.location,
        type: products.type,
      },
    })
    .from(subscriptions)
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .where(and(eq(subscriptions.userId, userId), live))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
  const land = rows.filter((row) => row.subscription.type === 'land')
  const investments = rows.filter((row) => row.subscription.type === 'land_investment')
  // What is overdue now on each land subscription, decided on the business's day.
  const arrears = await arrearsFor(
    db,
    land.map(({ subscription: s }) => s),
    today,
  )
  const due = (row: (typeof rows)[number]) => {
    const s = row.subscription
    return {
      id: s.id,
      reference: s.reference,
      type: s.type,
      title: productName(row.product),
      kobo: s.nextPaymentAmount,
      date: s.nextPaymentDate,
    }
  }
  const asDueItem = (item: ReturnType<typeof due> | null): DueItem | null =>
    item && item.kobo !== null && item.date !== null
      ? {
          reference: item.reference,
          type: item.type,
          title: item.title,
          amount: koboToNaira(item.kobo),
          date: item.date,
          overdue: item.date < today,
          owed_now: owedNow(item.id),
        }
      : null
  const owedNow = (id: number) => {
    const parts = arrears.get(id)?.overdueParts
    return parts && parts.totalKobo > 0 ? overduePartsView(parts) : null
  }
  const payout = (item: ReturnType<typeof due> | null) => {
    const shown = asDueItem(item)
    return shown ? { ...shown, owed_now: null } : null
  }
  const payable = rows.filter(({ subscription: s }) =>
    isPayableNow({
      type: s.type,
      status: s.status,
      totalKobo: s.totalAmount,
      paidKobo: s.totalAmountPaid,
    }),
  )
  const payingOut = investments.filter(({ subscription: s }) => s.status === 'ongoing')
  let paid = 0
  let owed = 0
  let units = 0
  let overdueKobo = 0
  let overduePurchases = 0
  for (const { overdueParts } of arrears.values()) {
    if (overdueParts.totalKobo <= 0) continue
    overdueKobo += overdueParts.totalKobo
    overduePurchases += 1
  }
  for (const { subscription: s } of land) {
    units += s.quantity
    paid += s.totalAmountPaid
    owed += balanceKobo(s.totalAmount, s.totalAmountPaid)
  }
  return {
    land: {
      count: land.length,
      units,
      amount_paid: koboToNaira(paid),
      balance: koboToNaira(owed),
      plots: land.slice(0, PLOTS_SHOWN).map(({ subscription: s, product }) => ({
        reference: s.reference,
        title: productName(product),
        status: s.status,
        total_amount: koboToNaira(s.totalAmount),
        total_amount_paid: koboToNaira(s.totalAmountPaid),
        balance: koboToNaira(balanceKobo(s.totalAmount, s.totalAmountPaid)),
        paid_percent: paidPercent(s.totalAmountPaid, s.totalAmount),
      })),
      overdue_now: { amount: koboToNaira(overdueKobo), purchases: overduePurchases },
    },
    next_payment: asDueItem(earliestDue(payable.map(due).filter((item) => item.kobo !== null))),
    investments: {
      active: payingOut.length,
      portfolio_value: koboToNaira(
        portfolioValueKobo(
          investments.map(({ subscription: s }) => ({
            status: s.status,
            investedKobo: s.amountInvested ?? s.totalAmount,
          })),
        ),
      ),
      next_payout: payout(earliestDue(payingOut.map(due).filter((item) => item.kobo !== null))),
    },
  }
}

/** A realtor's newest customers with their payment progress, and this week's sign-ups through its link. */
export async function realtorSummary(
  db: Executor,
  realtorId: number,
  weekStart: string,
  today: string,
): Promise<RealtorSummary> {
  const mine = and(eq(users.role, 'customer'), eq(users.realtorId, realtorId))
  const inArrears = dueCondition('arrears', today)
  const [customers, [{ total }], [{ signups }], [{ behind }]] = await Promise.all([
    db
      .select({
        id: users.id,
        reference: users.reference,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(users)
      .where(mine)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(CUSTOMERS_SHOWN),
    db.select({ total: count() }).from(users).where(mine),
    // Through the link: signed up themselves (an account the realtor added has created_by_id set).
    db
      .select({ signups: count() })
      .from(users)
      .where(
        and(mine, isNull(users.createdById), sql`${users.createdAt} >= ${startOfDay(weekStart)}`),
      ),
    db
      .select({ behind: countDistinct(subscriptions.userId) })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(and(mine, inArrears)),
  ])
  const sums = customers.length
    ? await db
        .select({
          userId: subscriptions.userId,
          subscriptions: count(),
          paid: sql<string>`coalesce(sum(${subscriptions.totalAmountPaid}), 0)`,
          total: sql<string>`coalesce(sum(${subscriptions.totalAmount}), 0)`,
          inArrears: sql<string>`count(*) filter (where ${inArrears})`,
        })
        .from(subscriptions)
        .where(
          and(
            inArray(
              subscriptions.userId,
              customers.map((customer) => customer.id),
            ),
            live,
          ),
        )
        .groupBy(subscriptions.userId)
    : []
  const byUser = new Map(sums.map((row) => [row.userId, row]))
  return {
    customers_total: Number(total),
    customers: customers.map((customer) => {
      const row = byUser.get(customer.id)
      const paid = Number(row?.paid ?? 0)
      const owed = Number(row?.total ?? 0)
      return {
        reference: customer.reference,
        full_name: `${customer.firstName} ${customer.lastName}`,
        subscriptions: Number(row?.subscriptions ?? 0),
        amount_paid: koboToNaira(paid),
        total_amount: koboToNaira(owed),
        paid_percent: row ? paidPercent(paid, owed) : 0,
        subscriptions_in_arrears: Number(row?.inArrears ?? 0),
      }
    }),
    customers_in_arrears: Number(behind),
    referral_signups_this_week: Number(signups),
    commissions: totalsInNaira(await totalsOf(db, realtorId)),
  }
}

async function countSubscriptions(db: Executor, where: ReturnType<typeof and>) {
  const [row] = await db.select({ total: count() }).from(subscriptions).where(where)
  return Number(row?.total ?? 0)
}

/**
 * The staff figures, each counted exactly as the list it links to filters: subscriptions for staff
 * who see every subscription, new customers for staff who may view customers.
 */
export async function staffSummary(
  db: Executor,
  user: ApiUser,
  today: string,
  weekStart: string,
): Promise<StaffSummary> {
  const subscriptionFigures = seesAllSubscriptions(user)
  const customerFigures = mayCall(user, endpoints.customerList.access)
  const confirming = eq(subscriptions.status, 'awaiting_payment_confirmation')
  const [land, investment, payouts, arrears, newCustomers] = await Promise.all([
    subscriptionFigures
      ? countSubscriptions(db, and(confirming, eq(subscriptions.type, 'land')))
      : null,
    subscriptionFigures
      ? countSubscriptions(db, and(confirming, eq(subscriptions.type, 'land_investment')))
      : null,
    subscriptionFigures ? countSubscriptions(db, dueCondition('payout', today)) : null,
    subscriptionFigures ? countSubscriptions(db, dueCondition('arrears', today)) : null,
    customerFigures
      ? db
          .select({ total: count() })
          .from(users)
          .where(
            and(eq(users.role, 'customer'), sql`${users.createdAt} >= ${startOfDay(weekStart)}`),
          )
          .then(([row]) => Number(row?.total ?? 0))
      : null,
  ])
  return {
    awaiting_confirmation: land === null || investment === null ? null : { land, investment },
    payouts_due: payouts,
    in_arrears: arrears,
    new_customers_this_week: newCustomers,
  }
}
