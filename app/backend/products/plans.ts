import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { PAGE_SIZE } from '~/contract/envelope'
import { endpoints } from '~/contract/endpoints'
import { discountedKobo, planCoversPrice, formatKobo } from '~/contract/money'
import {
  arrearsRulesProblems,
  DEFAULT_ARREARS_RULES,
  type ArrearsRules,
} from '~/contract/arrears-rules'
import type { PaymentPlan, PaymentPlanPayload } from '~/contract/products'
import { paymentPlans, products } from '../db/schema'
import { orNotFound, pageOffset, paginated } from '../http/context'
import { conflict, refusedField, notFound } from '../http/errors'
import { implement, type HandlerTable } from '../http/router'
import { koboToNaira, nairaToKobo } from '../money'
import type { Executor } from '../db/client'
import { estimatedDurationPayment, initialDeposit } from '../subscriptions/plans'
import { livePlansOf } from './queries'
import { changesBetween, createdWith, recordAudit } from '../audit/record'

type PlanRow = typeof paymentPlans.$inferSelect

export function toPaymentPlan(row: PlanRow, productDepositKobo: number | null): PaymentPlan {
  const terms = { amount: row.amount, duration: row.duration, durationType: row.durationType }
  return {
    uuid: row.uuid,
    amount: koboToNaira(row.amount),
    duration: row.duration,
    duration_type: row.durationType,
    estimated_duration_payment: koboToNaira(estimatedDurationPayment(terms, productDepositKobo)),
    initial_deposit: koboToNaira(initialDeposit(terms, productDepositKobo)),
    grace_days: row.graceDays,
    late_fee_percent: row.lateFeePercent,
    default_after_days: row.defaultAfterDays,
    default_action: row.defaultAction,
    created_at: new Date(row.createdAt).toISOString(),
  }
}

async function productFor(db: Executor, reference: string) {
  const [product] = await db
    .select({
      id: products.id,
      reference: products.reference,
      type: products.type,
      deposit: products.initialDepositAmount,
      amount: products.amount,
      discount: products.discountPercentage,
    })
    .from(products)
    .where(eq(products.reference, reference.trim().toUpperCase()))
    .limit(1)
  return orNotFound(product, 'Product not found')
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

async function planFor(db: Executor, productId: number, uuid: string) {
  if (!UUID.test(uuid)) throw notFound('Payment plan not found')
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
  return orNotFound(plan, 'Payment plan not found')
}

const list = implement(endpoints.paymentPlanList, async (ctx) => {
  const product = await productFor(ctx.db, ctx.params.reference)
  const page = ctx.query.page ?? 1
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(paymentPlans)
      .where(livePlansOf(product.id))
      .orderBy(desc(paymentPlans.createdAt), desc(paymentPlans.id))
      .limit(PAGE_SIZE)
      .offset(pageOffset(page)),
    ctx.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(paymentPlans)
      .where(livePlansOf(product.id)),
  ])
  return {
    data: paginated(
      rows.map((row) => toPaymentPlan(row, product.deposit)),
      page,
      total,
    ),
  }
})

/** A land product whose plans the caller may change, and the plan's values. */
async function planInput(
  ctx: { db: Executor; params: { reference: string }; body: PaymentPlanPayload },
  current: ArrearsRules = DEFAULT_ARREARS_RULES,
) {
  const product = await productFor(ctx.db, ctx.params.reference)
  if (product.type !== 'land') throw conflict('Payment plans are for land products only')
  const input = ctx.body
  const amount = nairaToKobo(input.amount)
  if (!planCoversPrice(amount, product.amount, product.discount)) {
    const price = discountedKobo(product.amount, product.discount)
    throw refusedField(
      'amount',
      `Amount must be at least the product's price (${formatKobo(price)})`,
    )
  }
  if (product.deposit !== null && amount <= product.deposit) {
    throw refusedField(
      'amount',
      `Amount must be more than the initial deposit (${formatKobo(product.deposit)})`,
    )
  }
  const rules: ArrearsRules = {
    graceDays: input.grace_days ?? current.graceDays,
    lateFeePercent: input.late_fee_percent ?? current.lateFeePercent,
    defaultAfterDays: input.default_after_days ?? current.defaultAfterDays,
    defaultAction: input.default_action ?? current.defaultAction,
  }
  const problems = arrearsRulesProblems(rules)
  const field = (Object.keys(problems) as (keyof ArrearsRules)[])[0]
  if (field) throw refusedField(PLAN_RULE_FIELDS[field], problems[field]!)
  return {
    product,
    values: { amount, duration: input.duration, durationType: input.duration_type, ...rules },
  }
}

const PLAN_RULE_FIELDS: Record<keyof ArrearsRules, string> = {
  graceDays: 'grace_days',
  lateFeePercent: 'late_fee_percent',
  defaultAfterDays: 'default_after_days',
  defaultAction: 'default_action',
}

/** A plan as the audit trail keeps it: API field names, money in naira. */
const planSnapshot = (row: PlanRow) => ({
  amount: koboToNaira(row.amount),
  duration: row.duration,
  duration_type: row.durationType,
  grace_days: row.graceDays,
  late_fee_percent: row.lateFeePercent,
  default_after_days: row.defaultAfterDays,
  default_action: row.defaultAction,
})

const planWords = (row: PlanRow) =>
  `${formatKobo(row.amount)} over ${row.duration} ${row.durationType}`

const create = implement(endpoints.paymentPlanCreate, async (ctx) => {
  const { product, values } = await planInput(ctx)
  const plan = await ctx.db.transaction(async (tx) => {
    const [plan] = await tx
      .insert(paymentPlans)
      .values({ ...values, productId: product.id })
      .returning()
    await recordAudit(tx, {
      action: 'plan.created',
      record: { type: 'plan', reference: plan.uuid },
      related: [product.reference],
      summary: `Added payment plan ${planWords(plan)} to product ${product.reference}`,
      changes: createdWith(planSnapshot(plan)),
    })
    return plan
  })
  return {
    message: 'Payment plan created successfully',
    data: toPaymentPlan(plan, product.deposit),
  }
})

const update = implement(endpoints.paymentPlanUpdate, async (ctx) => {
  const product = await productFor(ctx.db, ctx.params.reference)
  const existing = await planFor(ctx.db, product.id, ctx.params.uuid)
  const { values } = await planInput(ctx, existing)
  const plan = await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(paymentPlans)
      .where(eq(paymentPlans.id, existing.id))
      .for('update')
    const [plan] = await tx
      .update(paymentPlans)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(paymentPlans.id, existing.id), isNull(paymentPlans.deletedAt)))
      .returning()
    if (!plan) throw notFound('Payment plan not found')
    const changes = changesBetween(planSnapshot(before), planSnapshot(plan))
    const fields = Object.keys(changes)
    if (!fields.length) return plan
    await recordAudit(tx, {
      action: 'plan.updated',
      record: { type: 'plan', reference: plan.uuid },
      related: [product.reference],
      summary: `Changed payment plan ${planWords(plan)} of product ${product.reference}: ${fields.join(', ').replaceAll('_', ' ')}`,
      changes,
    })
    return plan
  })
  return {
    message: 'Payment plan updated successfully',
    data: toPaymentPlan(plan, product.deposit),
  }
})

/** Plans are kept (marked deleted) so subscriptions made under them still show their terms. */
const remove = implement(endpoints.paymentPlanDelete, async (ctx) => {
  const product = await productFor(ctx.db, ctx.params.reference)
  const existing = await planFor(ctx.db, product.id, ctx.params.uuid)
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(paymentPlans)
      .set({ deletedAt: new Date() })
      .where(and(eq(paymentPlans.id, existing.id), isNull(paymentPlans.deletedAt)))
      .returning()
    // Deleted meanwhile by someone else: nothing changed here, so nothing to record.
    if (!deleted) throw notFound('Payment plan not found')
    await recordAudit(tx, {
      action: 'plan.deleted',
      record: { type: 'plan', reference: deleted.uuid },
      related: [product.reference],
      summary: `Deleted payment plan ${planWords(deleted)} of product ${product.reference}`,
      changes: { deleted: { before: false, after: true } },
    })
  })
  return { message: 'Payment plan deleted successfully', data: null }
})

export const paymentPlanHandlers = {
  paymentPlanList: list,
  paymentPlanCreate: create,
  paymentPlanUpdate: update,
  paymentPlanDelete: remove,
} satisfies HandlerTable
