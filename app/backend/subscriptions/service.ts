import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'
import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import {
  PRODUCT_UNAVAILABLE,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TYPES,
  type BankDetails,
  type ScheduleItem,
  type Subscription,
  type SubscriptionDetail,
  type Transaction,
} from '~/contract/subscriptions'
import { formatNaira } from '~/utils/format'
import { getEnv } from '~/utils/env.server'
import type { Database, Executor } from '../db/client'
import {
  files,
  paymentPlans,
  products,
  scheduleEntries,
  settings,
  subscriptions,
  transactions,
  users,
} from '../db/schema'
import type { ApiUser } from '../http/context'
import { ApiError, badRequest, conflict, fieldError, notFound } from '../http/errors'
import { koboToNaira } from '../money'
import { notify, notifyStaffWith } from '../notifications/service'
import { newReference } from '../references'
import { fileUrl, visibleSubscriptions } from './access'
import {
  fullPaymentStructure,
  fullPrice,
  investmentPlan,
  paymentStructure,
  todayIn,
  type InvestmentTerms,
  type ScheduleRow,
} from './plans'

export type ProductRow = typeof products.$inferSelect
export type PlanRow = typeof paymentPlans.$inferSelect
export type SubscriptionRow = typeof subscriptions.$inferSelect
export type TransactionRow = typeof transactions.$inferSelect

dayjs.extend(utc)
dayjs.extend(timezone)

export const today = (now: Date = new Date()) => todayIn(getEnv().APP_TIME_ZONE, now)

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (value: string) => UUID.test(value)

/** A payment time as typed: with an offset as given; without one in the app's time zone; a bare date at noon. */
export function parsePaidAt(text: string): Date | null {
  const value = text.trim().replace(' ', 'T')
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(value)) {
    const date = new Date(value)
    return Number.isNaN(date.getTime()) ? null : date
  }
  const local = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00` : value
  const parsed = dayjs.tz(local, getEnv().APP_TIME_ZONE)
  if (!parsed.isValid() || parsed.format('YYYY-MM-DD') !== value.slice(0, 10)) return null
  return parsed.toDate()
}

export const productUnavailable = () => new ApiError(409, 'productUnavailable', PRODUCT_UNAVAILABLE)

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
    .where(and(eq(paymentPlans.uuid, uuid), eq(paymentPlans.productId, productId), isNull(paymentPlans.deletedAt)))
    .limit(1)
  return plan ?? null
}

export function investmentTerms(product: ProductRow): InvestmentTerms {
  if (
    product.type !== 'land_investment' ||
    product.investmentReturn === null ||
    !product.landInvestmentType ||
    !product.interval ||
    !product.frequencyPeriod
  ) {
    throw badRequest('This product is not set up for investing')
  }
  return {
    returnPercent: product.investmentReturn,
    type: product.landInvestmentType,
    interval: product.interval,
    frequencyPeriod: product.frequencyPeriod,
    duration: product.duration,
  }
}

export function assertMinimum(product: ProductRow, amountKobo: number, field: string, label: string) {
  if (amountKobo < product.amount) {
    throw fieldError(field, `${label} must be at least ${formatNaira(koboToNaira(product.amount))}`)
  }
}

// ---------------------------------------------------------------------------------------------
// Subscribing

export type NewSubscription = {
  owner: { id: number; firstName: string }
  product: ProductRow
  plan: PlanRow | null
  /** Investments only, in kobo. */
  amountInvested: number | null
  createdById: number
  idempotencyKey: string | null
  now?: Date
}

class DuplicateKey extends Error {}

/** What a new subscription owes and its dated rows, by DESIGN.md section 4. */
function termsOf(input: NewSubscription, start: string) {
  const { product, plan } = input
  if (product.type === 'land_investment') {
    const amount = input.amountInvested ?? 0
    const payouts = investmentPlan(amount, investmentTerms(product), start)
    return { total: amount, first: amount, kind: 'payout' as const, rows: payouts, mode: 'full' as const }
  }
  const rows: ScheduleRow[] = plan
    ? paymentStructure(
        { amount: plan.amount, duration: plan.duration, durationType: plan.durationType },
        product.initialDepositAmount,
        start,
      )
    : fullPaymentStructure(product.amount, product.discountPercentage, start)
  const total = plan ? plan.amount : fullPrice(product.amount, product.discountPercentage)
  return { total, first: rows[0].amount, kind: 'payment' as const, rows, mode: plan ? ('installment' as const) : ('full' as const) }
}

/**
 * Creates a subscription awaiting payment with its schedule. A product sold by quantity gives up one
 * unit in the same transaction, by one conditional UPDATE, so concurrent buyers never oversell it.
 * The same idempotency key (per owner) answers the subscription it first created.
 */
export async function createSubscription(db: Database, input: NewSubscription): Promise<{ id: number; created: boolean }> {
  const { product, owner } = input
  const key = input.idempotencyKey ? `${owner.id}:${input.idempotencyKey}` : null
  if (key) {
    const existing = await findByIdempotencyKey(db, key)
    if (existing) return { id: existing, created: false }
  }
  if (!product.isAvailable) throw productUnavailable()
  const now = input.now ?? new Date()
  const start = today(now)
  const terms = termsOf(input, start)
  try {
    const id = await db.transaction(async (tx) => {
      if (product.availableByQuantity) {
        const [reserved] = await tx
          .update(products)
          .set({
            unitAvailable: sql`${products.unitAvailable} - 1`,
            isAvailable: sql`${products.unitAvailable} - 1 > 0`,
            updatedAt: now,
          })
          .where(and(eq(products.id, product.id), sql`${products.unitAvailable} > 0`, eq(products.isAvailable, true)))
          .returning({ id: products.id })
        if (!reserved) throw productUnavailable()
      }
      const [created] = await tx
        .insert(subscriptions)
        .values({
          reference: newReference('SUB'),
          userId: owner.id,
          productId: product.id,
          paymentPlanId: input.plan?.id ?? null,
          type: product.type,
          status: 'awaiting_payment',
          paymentMode: terms.mode,
          totalAmount: terms.total,
          amountInvested: product.type === 'land_investment' ? terms.total : null,
          totalAmountPaid: 0,
          nextPaymentAmount: terms.first,
          nextPaymentDate: start,
          createdById: input.createdById,
          idempotencyKey: key,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: subscriptions.idempotencyKey })
        .returning({ id: subscriptions.id, reference: subscriptions.reference })
      // A concurrent double submit won the key: undo this one (and its unit) and answer that one.
      if (!created) throw new DuplicateKey()
      await tx.insert(scheduleEntries).values(
        terms.rows.map((row, index) => ({
          subscriptionId: created.id,
          kind: terms.kind,
          sequence: index,
          dueDate: row.period,
          amount: row.amount,
        })),
      )
      await notify(tx, owner.id, {
        title: 'Subscription created',
        body:
          `Hello ${owner.firstName}, your subscription ${created.reference} to ${productName(product)} has been created. ` +
          `Make your payment of ${formatNaira(koboToNaira(terms.first))} and upload the proof to get started.`,
      })
      return created.id
    })
    return { id, created: true }
  } catch (error) {
    // A concurrent double submit may also have taken the last unit: it still answers the first one.
    const retried = error instanceof DuplicateKey || (error instanceof ApiError && error.status === 'productUnavailable')
    if (key && retried) {
      const existing = await findByIdempotencyKey(db, key)
      if (existing) return { id: existing, created: false }
    }
    throw error
  }
}

async function findByIdempotencyKey(db: Executor, key: string) {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.idempotencyKey, key))
    .limit(1)
  return row?.id ?? null
}

export function productName(product: Pick<ProductRow, 'location' | 'reference' | 'type'>) {
  if (product.type === 'land_investment') return `investment ${product.reference}`
  return product.location ? `${product.location} (${product.reference})` : product.reference
}

// ---------------------------------------------------------------------------------------------
// Reading

const durationLeft = sql<number>`(select count(*) from ${scheduleEntries} where ${scheduleEntries.subscriptionId} = ${subscriptions.id} and ${scheduleEntries.settledAt} is null)`.mapWith(
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

type ListRow = {
  subscription: SubscriptionRow
  product: ProductRow
  plan: { uuid: string; amount: number; duration: number; durationType: string } | null
  owner: { id: number; reference: string; firstName: string; lastName: string; email: string }
  durationLeft: number
}

function baseQuery(db: Executor) {
  return db
    .select(listColumns)
    .from(subscriptions)
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .leftJoin(paymentPlans, eq(paymentPlans.id, subscriptions.paymentPlanId))
}

const naira = (kobo: number | null) => (kobo === null ? null : koboToNaira(kobo))
const iso = (value: Date | null) => (value ? value.toISOString() : null)

export function toSubscription(row: ListRow, viewer: ApiUser): Subscription {
  const { subscription: s, product: p, plan, owner } = row
  return {
    reference: s.reference,
    type: s.type,
    status: s.status,
    payment_mode: s.paymentMode,
    payment_plan: plan
      ? { uuid: plan.uuid, amount: koboToNaira(plan.amount), duration: plan.duration, duration_type: plan.durationType }
      : null,
    product: {
      reference: p.reference,
      type: p.type,
      location: p.location,
      size: p.size,
      land_type: p.landType,
      size_in_measurement: p.sizeInMeasurement,
      amount: koboToNaira(p.amount),
      initial_deposit_amount: naira(p.initialDepositAmount),
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
    next_payment_amount: naira(s.nextPaymentAmount),
    next_payment_date: s.nextPaymentDate,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
    completed_at: iso(s.completedAt),
    cancelled_at: iso(s.cancelledAt),
    is_user: s.userId === viewer.id,
    user: { reference: owner.reference, full_name: `${owner.firstName} ${owner.lastName}`, email: owner.email },
  }
}

export type ListFilters = { page: number; type?: string | null; status?: string | null; search?: string | null }

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`)
}

export async function listSubscriptions(db: Executor, viewer: ApiUser, filters: ListFilters, pageSize: number) {
  const conditions: (SQL | undefined)[] = [visibleSubscriptions(viewer)]
  if (filters.type && (SUBSCRIPTION_TYPES as readonly string[]).includes(filters.type)) {
    conditions.push(eq(subscriptions.type, filters.type as (typeof SUBSCRIPTION_TYPES)[number]))
  }
  if (filters.status && (SUBSCRIPTION_STATUSES as readonly string[]).includes(filters.status)) {
    conditions.push(eq(subscriptions.status, filters.status as (typeof SUBSCRIPTION_STATUSES)[number]))
  }
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
  const [rows, [{ total }]] = await Promise.all([
    baseQuery(db)
      .where(where)
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(pageSize)
      .offset((filters.page - 1) * pageSize),
    db
      .select({ total: count() })
      .from(subscriptions)
      .innerJoin(products, eq(products.id, subscriptions.productId))
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(where),
  ])
  return { rows: rows as ListRow[], total: Number(total) }
}

/** A subscription the viewer may see, by reference; anything else is a 404. */
export async function findVisibleSubscription(db: Executor, viewer: ApiUser, reference: string) {
  const [row] = await baseQuery(db)
    .where(and(eq(subscriptions.reference, reference.trim().toUpperCase()), visibleSubscriptions(viewer)))
    .limit(1)
  if (!row) throw notFound('Subscription not found')
  return row as ListRow
}

export async function subscriptionById(db: Executor, id: number) {
  const [row] = await baseQuery(db).where(eq(subscriptions.id, id)).limit(1)
  if (!row) throw notFound('Subscription not found')
  return row as ListRow
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

export async function toDetail(db: Executor, row: ListRow, viewer: ApiUser): Promise<SubscriptionDetail> {
  const [entries, paid] = await Promise.all([scheduleOf(db, row.subscription.id), hasPaidTransaction(db, row.subscription.id)])
  const schedule: ScheduleItem[] = entries.map((entry) => ({
    kind: entry.kind,
    sequence: entry.sequence,
    period: entry.dueDate,
    amount: koboToNaira(entry.amount),
    status: entry.settledAt ? 'paid' : 'due',
    settled_at: iso(entry.settledAt),
  }))
  return { ...toSubscription(row, viewer), schedule, has_paid_transaction: paid }
}

// ---------------------------------------------------------------------------------------------
// Paying

/** Whether a payment can be made now: awaiting payment, or a land plan with instalments left. */
export function isPayable(s: SubscriptionRow) {
  if (s.status === 'awaiting_payment') return true
  return s.status === 'ongoing' && s.type === 'land' && s.totalAmountPaid < s.totalAmount
}

export const NOT_PAYABLE = 'This subscription is not awaiting a payment'

export async function bankDetails(db: Executor): Promise<BankDetails> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'bank_details')).limit(1)
  const value = (row?.value ?? {}) as Partial<BankDetails>
  return {
    account_number: String(value.account_number ?? ''),
    account_name: String(value.account_name ?? ''),
    bank_name: String(value.bank_name ?? ''),
  }
}

/** What the next payment is for, as the payment form and the bank narration say it. */
export async function paymentDescription(db: Executor, row: ListRow) {
  const s = row.subscription
  if (s.type === 'land_investment') return `Investment in ${row.product.reference} (${s.reference})`
  if (s.paymentMode === 'full') return `Full payment for ${productName(row.product)} (${s.reference})`
  const entries = (await scheduleOf(db, s.id)).filter((entry) => entry.kind === 'payment')
  const next = entries.findIndex((entry) => !entry.settledAt)
  if (next <= 0) return `Initial deposit for ${productName(row.product)} (${s.reference})`
  return `Instalment ${next} of ${entries.length - 1} for ${productName(row.product)} (${s.reference})`
}

const transactionColumns = {
  transaction: transactions,
  proofName: files.name,
  ownerId: subscriptions.userId,
}

function transactionQuery(db: Executor) {
  return db
    .select(transactionColumns)
    .from(transactions)
    .innerJoin(subscriptions, eq(subscriptions.id, transactions.subscriptionId))
    .leftJoin(files, eq(files.id, transactions.proofFileId))
}

type TransactionJoin = { transaction: TransactionRow; proofName: string | null; ownerId: number }

export function serializeTransaction({ transaction: t, proofName, ownerId }: TransactionJoin): Transaction {
  return {
    uuid: t.uuid,
    reference: t.reference,
    amount: koboToNaira(t.amount),
    description: t.description,
    status: t.status,
    proof_of_payment: proofName ? fileUrl(proofName) : null,
    paid_at: iso(t.paidAt),
    created_at: t.createdAt.toISOString(),
    marked_at: iso(t.markedAt),
    recorded_by_staff: t.recordedById !== null && t.recordedById !== ownerId,
  }
}

export async function listTransactions(db: Executor, subscriptionId: number, page: number, pageSize: number) {
  const [rows, [{ total }]] = await Promise.all([
    transactionQuery(db)
      .where(eq(transactions.subscriptionId, subscriptionId))
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(transactions).where(eq(transactions.subscriptionId, subscriptionId)),
  ])
  return { items: (rows as TransactionJoin[]).map(serializeTransaction), total: Number(total) }
}

export async function findTransaction(db: Executor, where: SQL) {
  const [row] = await transactionQuery(db).where(where).limit(1)
  return (row as TransactionJoin | undefined) ?? null
}

/** The subscription row, locked for the rest of the transaction so payments, marks and cancels queue up. */
export async function lockSubscription(tx: Executor, id: number) {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update').limit(1)
  if (!row) throw notFound('Subscription not found')
  return row
}

export type RecordPayment = {
  subscription: ListRow
  actor: ApiUser
  amount: number
  description: string
  proofFileId: number
  paidAt: Date
}

/** A payment with proof: a transaction awaiting confirmation, the subscription awaiting_payment_confirmation. */
export async function recordPayment(db: Database, input: RecordPayment) {
  return db.transaction(async (tx) => {
    const s = await lockSubscription(tx, input.subscription.subscription.id)
    if (!isPayable(s)) throw conflict(NOT_PAYABLE)
    const now = new Date()
    const [created] = await tx
      .insert(transactions)
      .values({
        reference: newReference('TRX'),
        subscriptionId: s.id,
        amount: input.amount,
        description: input.description,
        status: 'awaiting_confirmation',
        proofFileId: input.proofFileId,
        paidAt: input.paidAt,
        recordedById: input.actor.id,
        createdAt: now,
      })
      .returning()
    await tx
      .update(subscriptions)
      .set({ status: 'awaiting_payment_confirmation', updatedAt: now })
      .where(eq(subscriptions.id, s.id))
    const owner = input.subscription.owner
    await notifyStaffWith(tx, 'can_verify_transaction', {
      title: 'Proof of payment submitted',
      body:
        `${owner.firstName} ${owner.lastName} sent a payment of ${formatNaira(koboToNaira(input.amount))} for ` +
        `${s.reference} (${created.reference}). Check it and mark it paid or not confirmed.`,
    })
    return created.id
  })
}

/**
 * Applies a confirmed payment: land rows settle in order while the money covers them, then the
 * subscription is completed (all paid) or ongoing with the rest of the next row due. An investment
 * starts: ongoing, its next_payment_* showing the next ROI payout.
 */
async function applyPayment(tx: Executor, s: SubscriptionRow, amount: number, now: Date) {
  const paid = s.totalAmountPaid + amount
  if (s.type === 'land_investment') {
    const short = paid < s.totalAmount
    await tx
      .update(subscriptions)
      .set({
        totalAmountPaid: paid,
        updatedAt: now,
        ...(short ? { status: 'awaiting_payment' as const, nextPaymentAmount: s.totalAmount - paid } : {}),
      })
      .where(eq(subscriptions.id, s.id))
    // The investment starts once the whole amount is in.
    if (short) return 'awaiting_payment' as const
    return advanceInvestment(tx, s.id, today(now), now)
  }
  const rows = (await scheduleOf(tx, s.id)).filter((row) => row.kind === 'payment')
  let covered = 0
  let next: { amount: number; date: string } | null = null
  const settle: number[] = []
  for (const row of rows) {
    covered += row.amount
    if (covered <= paid) {
      if (!row.settledAt) settle.push(row.id)
    } else if (!next) {
      next = { amount: covered - paid, date: row.dueDate }
    }
  }
  if (settle.length) await tx.update(scheduleEntries).set({ settledAt: now }).where(inArray(scheduleEntries.id, settle))
  const done = paid >= s.totalAmount
  await tx
    .update(subscriptions)
    .set({
      totalAmountPaid: paid,
      status: done ? 'completed' : 'ongoing',
      completedAt: done ? now : null,
      nextPaymentAmount: done ? null : (next?.amount ?? s.totalAmount - paid),
      nextPaymentDate: done ? null : (next?.date ?? today(now)),
      updatedAt: now,
    })
    .where(eq(subscriptions.id, s.id))
  return done ? ('completed' as const) : ('ongoing' as const)
}

/**
 * Brings an ongoing investment up to a date: payouts dated before it are paid out (settled),
 * next_payment_* shows the next payout, and with none left the investment is completed.
 */
export async function advanceInvestment(tx: Executor, subscriptionId: number, asOf: string, now: Date) {
  await tx
    .update(scheduleEntries)
    .set({ settledAt: now })
    .where(
      and(
        eq(scheduleEntries.subscriptionId, subscriptionId),
        eq(scheduleEntries.kind, 'payout'),
        isNull(scheduleEntries.settledAt),
        lt(scheduleEntries.dueDate, asOf),
      ),
    )
  const [next] = await tx
    .select()
    .from(scheduleEntries)
    .where(and(eq(scheduleEntries.subscriptionId, subscriptionId), eq(scheduleEntries.kind, 'payout'), isNull(scheduleEntries.settledAt)))
    .orderBy(asc(scheduleEntries.sequence))
    .limit(1)
  if (next) {
    await tx
      .update(subscriptions)
      .set({ status: 'ongoing', nextPaymentAmount: next.amount, nextPaymentDate: next.dueDate, updatedAt: now })
      .where(eq(subscriptions.id, subscriptionId))
    return 'ongoing' as const
  }
  const [completed] = await tx
    .update(subscriptions)
    .set({ status: 'completed', completedAt: now, nextPaymentAmount: null, nextPaymentDate: null, updatedAt: now })
    .where(and(eq(subscriptions.id, subscriptionId), sql`${subscriptions.status} <> 'completed'`))
    .returning({ reference: subscriptions.reference, userId: subscriptions.userId })
  if (completed) {
    await notify(tx, completed.userId, {
      title: 'Subscription completed',
      body: `Your investment ${completed.reference} has matured and is now completed.`,
    })
  }
  return 'completed' as const
}

/** Staff confirm (paid) or reject (not_confirmed) a transaction awaiting confirmation. */
export async function markTransaction(db: Database, transactionId: number, status: 'paid' | 'not_confirmed', actor: ApiUser) {
  return db.transaction(async (tx) => {
    const [trx] = await tx.select().from(transactions).where(eq(transactions.id, transactionId)).limit(1)
    if (!trx) throw notFound('Transaction not found')
    const s = await lockSubscription(tx, trx.subscriptionId)
    if (s.status === 'cancelled') throw conflict('This subscription has been cancelled')
    const now = new Date()
    const [marked] = await tx
      .update(transactions)
      .set({ status, markedById: actor.id, markedAt: now })
      .where(and(eq(transactions.id, trx.id), eq(transactions.status, 'awaiting_confirmation')))
      .returning()
    if (!marked) throw conflict('Only transactions awaiting confirmation can be marked')
    const amount = formatNaira(koboToNaira(trx.amount))
    if (status === 'not_confirmed') {
      await tx
        .update(subscriptions)
        .set({ status: s.totalAmountPaid > 0 ? 'ongoing' : 'awaiting_payment', updatedAt: now })
        .where(eq(subscriptions.id, s.id))
      await notify(tx, s.userId, {
        title: 'Payment not confirmed',
        body: `Your payment of ${amount} for ${s.reference} (${trx.reference}) could not be confirmed. Check the details and send the proof again.`,
      })
      return marked
    }
    const outcome = await applyPayment(tx, s, trx.amount, now)
    await notify(tx, s.userId, {
      title: 'Payment confirmed',
      body: `Your payment of ${amount} for ${s.reference} (${trx.reference}) has been confirmed. Your receipt is ready to download.`,
    })
    if (outcome === 'completed' && s.type === 'land') {
      await notify(tx, s.userId, {
        title: 'Subscription completed',
        body: `Your subscription ${s.reference} is fully paid and completed. Your land document is ready to download.`,
      })
    }
    return marked
  })
}

/** Cancels a subscription with no paid transaction; a unit sold by quantity goes back to stock. */
export async function cancelSubscription(db: Database, subscriptionId: number) {
  return db.transaction(async (tx) => {
    const s = await lockSubscription(tx, subscriptionId)
    if (s.status === 'cancelled') throw conflict('This subscription is already cancelled')
    if (await hasPaidTransaction(tx, s.id)) throw conflict('A subscription with a paid transaction cannot be cancelled')
    const now = new Date()
    await tx
      .update(subscriptions)
      .set({ status: 'cancelled', cancelledAt: now, nextPaymentAmount: null, nextPaymentDate: null, updatedAt: now })
      .where(eq(subscriptions.id, s.id))
    await tx
      .update(products)
      .set({ unitAvailable: sql`${products.unitAvailable} + 1`, isAvailable: true, updatedAt: now })
      .where(and(eq(products.id, s.productId), eq(products.availableByQuantity, true)))
    await notify(tx, s.userId, {
      title: 'Subscription cancelled',
      body: `Your subscription ${s.reference} has been cancelled.`,
    })
  })
}
