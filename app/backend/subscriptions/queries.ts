import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import {
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TYPES,
  type HistoryEntry,
  type ScheduleItem,
  type Subscription,
  type SubscriptionDetail,
} from '~/contract/subscriptions'
import type { DueFilter } from '~/contract/dashboard-rules'
import type { PgSelect } from 'drizzle-orm/pg-core'
import { getConfig } from '../config'
import type { Executor } from '../db/client'
import {
  paymentPlans,
  products,
  scheduleEntries,
  subscriptions,
  titleSteps,
  transactions,
  users,
} from '../db/schema'
import type { ApiUser } from '../http/context'
import { notFound } from '../http/errors'
import { koboToNaira } from '../money'
import { visibleSubscriptions } from './access'
import { dueCondition } from './due'
import { arrearsFor, historyOf, owedOf, rulesOf } from './arrears'
import { allocate, type Arrears, type ArrearsRules } from '~/contract/arrears-rules'
import type { OverdueParts } from '~/contract/money'
import { todayIn } from '../dates/calendar'

/** Reading subscriptions as the API shows them, and the lookups the other subscription modules share. */

/** What a message to a subscription's owner names, selected from subscriptions joined to users and products. */
export const subscriptionMessageColumns = {
  id: subscriptions.id,
  reference: subscriptions.reference,
  createdAt: subscriptions.createdAt,
  amount: subscriptions.nextPaymentAmount,
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  product: {
    name: products.name,
    reference: products.reference,
    location: products.location,
    type: products.type,
  },
}
export type ProductRow = typeof products.$inferSelect
export type PlanRow = typeof paymentPlans.$inferSelect
export type SubscriptionRow = typeof subscriptions.$inferSelect
export type TransactionRow = typeof transactions.$inferSelect

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (value: string) => UUID.test(value)

// ---------------------------------------------------------------------------------------------
// Products and plans

export async function findProduct(db: Executor, reference: string) {
  const [product] = await db
    .select()
    .from(products)
    .where(eq(products.reference, reference.trim().toUpperCase()))
    .limit(1)
  return product ?? null
}

/** A live (not deleted) payment plan of a product, by uuid. */
export async function findPlan(db: Executor, productId: number, uuid: string) {
  if (!isUuid(uuid)) return null
  const [plan] = await db
    .select()
    .from(paymentPlans)
    .where(
      and(
        eq(paymentPlans.uuid, uuid),
        eq(paymentPlans.productId, productId),
        isNull(paymentPlans.deletedAt),
      ),
    )
    .limit(1)
  return plan ?? null
}

export function productName(product: Pick<ProductRow, 'name' | 'location' | 'reference' | 'type'>) {
  if (product.name) return `${product.name} (${product.reference})`
  if (product.type === 'land_investment') return `investment ${product.reference}`
  return product.location ? `${product.location} (${product.reference})` : product.reference
}

/** The product as a document heads it: its name when it has one, never its code alone for a named product. */
export function documentProductName(
  product: Pick<ProductRow, 'name' | 'location' | 'reference' | 'type'>,
) {
  if (!product.name && product.type === 'land_investment')
    return `Land investment ${product.reference}`
  return productName(product)
}

// ---------------------------------------------------------------------------------------------
// Reading

const durationLeft =
  sql<number>`(select count(*) from ${scheduleEntries} where ${scheduleEntries.subscriptionId} = ${subscriptions.id} and ${scheduleEntries.settledAt} is null)`.mapWith(
    Number,
  )

const listColumns = {
  subscription: subscriptions,
  product: products,
  plan: {
    uuid: paymentPlans.uuid,
    amount: paymentPlans.amount,
    duration: paymentPlans.duration,
    durationType: paymentPlans.durationType,
    graceDays: paymentPlans.graceDays,
    lateFeePercent: paymentPlans.lateFeePercent,
    defaultAfterDays: paymentPlans.defaultAfterDays,
    defaultAction: paymentPlans.defaultAction,
  },
  owner: {
    id: users.id,
    reference: users.reference,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
  },
  durationLeft,
}

export type ListRow = {
  subscription: SubscriptionRow
  product: ProductRow
  plan:
    | (Pick<PlanRow, 'uuid' | 'amount' | 'duration' | 'durationType'> &
        Pick<PlanRow, 'graceDays' | 'lateFeePercent' | 'defaultAfterDays' | 'defaultAction'>)
    | null
  owner: { id: number; reference: string; firstName: string; lastName: string; email: string }
  durationLeft: number
  /** Land in arrears, worked out on reading (arrears.ts); undefined or null: none. */
  arrears?: Arrears | null
}

function withProductAndOwner<T extends PgSelect>(query: T) {
  return query
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
}

function baseQuery(db: Executor) {
  return db
    .select(listColumns)
    .from(subscriptions)
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .leftJoin(paymentPlans, eq(paymentPlans.id, subscriptions.paymentPlanId))
}

export const iso = (value: Date | null) => (value ? value.toISOString() : null)

/** What is overdue now in parts, naira (none: zeros). */
export function overduePartsView(parts: OverdueParts | undefined) {
  return {
    amount: koboToNaira(parts?.totalKobo ?? 0),
    instalments: parts?.instalments ?? 0,
    instalments_amount: koboToNaira(parts?.instalmentsKobo ?? 0),
    late_fees: parts?.fees ?? 0,
    late_fees_amount: koboToNaira(parts?.feesKobo ?? 0),
  }
}

function termsView(rules: ArrearsRules) {
  return {
    grace_days: rules.graceDays,
    late_fee_percent: rules.lateFeePercent,
    default_after_days: rules.defaultAfterDays,
    default_action: rules.defaultAction,
  }
}

export function toSubscription(row: ListRow, viewer: ApiUser): Subscription {
  const { subscription: s, product: p, plan, owner } = row
  return {
    reference: s.reference,
    type: s.type,
    status: s.status,
    payment_mode: s.paymentMode,
    quantity: s.quantity,
    payment_plan: plan
      ? {
          uuid: plan.uuid,
          amount: koboToNaira(plan.amount),
          duration: plan.duration,
          duration_type: plan.durationType,
        }
      : null,
    product: {
      reference: p.reference,
      name: p.name || p.location || p.reference,
      type: p.type,
      location: p.location,
      size: p.size,
      land_type: p.landType,
      size_in_measurement: p.sizeInMeasurement,
      amount: koboToNaira(p.amount),
      initial_deposit_amount:
        p.initialDepositAmount === null ? null : koboToNaira(p.initialDepositAmount),
      description: p.description,
      investment_return: p.investmentReturn,
      land_investment_type: p.landInvestmentType,
      duration: p.duration,
      interval: p.interval,
      frequency_period: p.frequencyPeriod,
    },
    meta: { amount_invested: koboToNaira(s.amountInvested ?? s.totalAmount) },
    total_amount: koboToNaira(s.totalAmount),
    total_amount_paid: koboToNaira(s.totalAmountPaid),
    amount_left: koboToNaira(Math.max(0, s.totalAmount - s.totalAmountPaid)),
    duration_left: row.durationLeft,
    next_payment_amount: s.nextPaymentAmount === null ? null : koboToNaira(s.nextPaymentAmount),
    next_payment_date: s.nextPaymentDate,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
    completed_at: iso(s.completedAt),
    cancelled_at: iso(s.cancelledAt),
    amount_overdue: koboToNaira(row.arrears?.amountOverdueKobo ?? 0),
    days_in_arrears: row.arrears?.daysInArrears ?? 0,
    arrears_bucket: row.arrears?.bucket ?? null,
    overdue_parts: overduePartsView(row.arrears?.overdueParts),
    terms:
      s.type === 'land' && s.paymentMode === 'installment' ? termsView(rulesOf(s, plan)) : null,
    is_user: s.userId === viewer.id,
    user: {
      reference: owner.reference,
      full_name: `${owner.firstName} ${owner.lastName}`,
      email: owner.email,
    },
  }
}

export type ListFilters = {
  page: number
  type?: string | null
  status?: string | null
  search?: string | null
  due?: DueFilter | null
  /** An export's bound: subscriptions made after it started (a higher id) are left out, so no batch shifts. */
  throughId?: number
  /** An export's batches skip counting the list. */
  withoutTotal?: boolean
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`)
}

export async function listSubscriptions(
  db: Executor,
  viewer: ApiUser,
  filters: ListFilters,
  pageSize: number,
) {
  const conditions: (SQL | undefined)[] = [visibleSubscriptions(viewer)]
  if (filters.type && (SUBSCRIPTION_TYPES as readonly string[]).includes(filters.type)) {
    conditions.push(eq(subscriptions.type, filters.type as (typeof SUBSCRIPTION_TYPES)[number]))
  }
  if (filters.status && (SUBSCRIPTION_STATUSES as readonly string[]).includes(filters.status)) {
    conditions.push(
      eq(subscriptions.status, filters.status as (typeof SUBSCRIPTION_STATUSES)[number]),
    )
  }
  if (filters.due) conditions.push(dueCondition(filters.due, todayIn(getConfig().APP_TIME_ZONE)))
  if (filters.throughId !== undefined) conditions.push(lte(subscriptions.id, filters.throughId))
  const search = filters.search?.trim().slice(0, 100)
  if (search) {
    const pattern = `%${escapeLike(search)}%`
    conditions.push(
      or(
        ilike(subscriptions.reference, pattern),
        ilike(products.reference, pattern),
        ilike(products.location, pattern),
        ilike(products.description, pattern),
        ilike(users.email, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      ),
    )
  }
  const where = and(...conditions)
  // The page's ids first, then the wide rows of just those: the ids come from an index, while
  // projecting every skipped row (page 500 skips 4,990) with its duration count cost 100+ ms.
  // Only the search names products and owners: otherwise the ids come from subscriptions alone.
  const joined = Boolean(search)
  const order = [desc(subscriptions.createdAt), desc(subscriptions.id)]
  const pageIds = db.select({ id: subscriptions.id }).from(subscriptions).$dynamic()
  const counted = db.select({ total: count() }).from(subscriptions).$dynamic()
  const [ids, [{ total }]] = await Promise.all([
    (joined ? withProductAndOwner(pageIds) : pageIds)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((filters.page - 1) * pageSize),
    filters.withoutTotal
      ? [{ total: 0 }]
      : (joined ? withProductAndOwner(counted) : counted).where(where),
  ])
  const rows = ids.length
    ? await baseQuery(db)
        .where(
          inArray(
            subscriptions.id,
            ids.map(({ id }) => id),
          ),
        )
        .orderBy(...order)
    : []
  return { rows: await withArrears(db, rows as ListRow[]), total: Number(total) }
}

/** The highest subscription id now, where an export's rows stop (see ListFilters.throughId). */
export async function lastSubscriptionId(db: Executor) {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${subscriptions.id}), 0)`.mapWith(Number) })
    .from(subscriptions)
  return row.id
}

/** A subscription the viewer may see, by reference; anything else is a 404. */
export async function findVisibleSubscription(db: Executor, viewer: ApiUser, reference: string) {
  const [row] = await baseQuery(db)
    .where(
      and(
        eq(subscriptions.reference, reference.trim().toUpperCase()),
        visibleSubscriptions(viewer),
      ),
    )
    .limit(1)
  if (!row) throw notFound('Subscription not found')
  return (await withArrears(db, [row as ListRow]))[0]
}

export async function subscriptionById(db: Executor, id: number) {
  const [row] = await baseQuery(db).where(eq(subscriptions.id, id)).limit(1)
  if (!row) throw notFound('Subscription not found')
  return (await withArrears(db, [row as ListRow]))[0]
}

/** The rows with their arrears as of today (only ongoing land can be in arrears). */
export async function withArrears(db: Executor, rows: ListRow[]): Promise<ListRow[]> {
  const subjects = rows.map((row) => ({ ...row.subscription, plan: row.plan }))
  const arrears = await arrearsFor(db, subjects, todayIn(getConfig().APP_TIME_ZONE))
  return rows.map((row) => ({ ...row, arrears: arrears.get(row.subscription.id) ?? null }))
}

export async function scheduleOf(db: Executor, subscriptionId: number) {
  return db
    .select()
    .from(scheduleEntries)
    .where(eq(scheduleEntries.subscriptionId, subscriptionId))
    .orderBy(asc(scheduleEntries.kind), asc(scheduleEntries.sequence))
}

export async function hasPaidTransaction(db: Executor, subscriptionId: number) {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.subscriptionId, subscriptionId), eq(transactions.status, 'paid')))
    .limit(1)
  return Boolean(row)
}

export async function toDetail(
  db: Executor,
  row: ListRow,
  viewer: ApiUser,
): Promise<SubscriptionDetail> {
  const id = row.subscription.id
  const [entries, paid, owed, history] = await Promise.all([
    scheduleOf(db, id),
    hasPaidTransaction(db, id),
    owedOf(db, [id]),
    historyOf(db, id),
  ])
  const payouts: ScheduleItem[] = entries
    .filter((entry) => entry.kind === 'payout')
    .map((entry) => ({
      kind: entry.kind,
      sequence: entry.sequence,
      reason: null,
      period: entry.dueDate,
      amount: koboToNaira(entry.amount),
      status: entry.settledAt ? 'paid' : 'due',
      settled_at: iso(entry.settledAt),
    }))
  // Payment rows and late fees in the order payments settle them: the oldest amount due first.
  const { instalments, fees } = owed.get(id)!
  const settled = new Map(
    entries.filter((e) => e.kind === 'payment').map((e) => [e.sequence, e.settledAt]),
  )
  const payments: ScheduleItem[] = allocate(
    instalments,
    fees,
    row.subscription.totalAmountPaid,
  ).map((item) =>
    item.kind === 'instalment'
      ? {
          kind: 'payment',
          sequence: item.sequence,
          reason: null,
          period: item.date,
          amount: koboToNaira(item.amountKobo),
          status: settled.get(item.sequence) ? 'paid' : 'due',
          settled_at: iso(settled.get(item.sequence) ?? null),
        }
      : {
          kind: 'late_fee',
          sequence: item.sequence,
          reason: fees.find((fee) => fee.instalment === item.sequence)?.reason ?? null,
          period: item.date,
          amount: koboToNaira(item.amountKobo),
          status: item.leftKobo === 0 ? 'paid' : 'due',
          settled_at: null,
        },
  )
  return {
    ...toSubscription(row, viewer),
    schedule: [...payments, ...payouts],
    today: todayIn(getConfig().APP_TIME_ZONE),
    has_paid_transaction: paid,
    history: history.map((h) => ({
      date: h.createdAt.toISOString(),
      event: h.event as HistoryEntry['event'],
      detail: h.detail,
    })),
  }
}

// ---------------------------------------------------------------------------------------------
// Paying

/** The subscription row, locked for the rest of the transaction so payments, marks and cancels queue up. */
export async function lockSubscription(tx: Executor, id: number) {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, id))
    .for('update')
    .limit(1)
  if (!row) throw notFound('Subscription not found')
  return row
}

/** The plot of a purchase once allocated, for its documents (the allocation letter). */
export async function allocatedPlot(db: Executor, subscriptionId: number) {
  const [row] = await db
    .select({ estate: titleSteps.estate, block: titleSteps.block, plot: titleSteps.plot })
    .from(titleSteps)
    .where(
      and(eq(titleSteps.subscriptionId, subscriptionId), eq(titleSteps.step, 'plot_allocated')),
    )
    .limit(1)
  return row ?? null
}
