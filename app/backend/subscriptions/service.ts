import type { ArrearsRules } from '~/contract/arrears-rules'
import { VOID_ON_CANCEL, voidUnpaidCommissions } from '../commissions/service'
import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import {
  discountedKobo,
  formatKobo,
  planCoversPrice,
  priceForQuantity,
  quantityProblem,
} from '~/contract/money'
import { unconfirmedUnitsProblem } from './expiry-rules'
import { PRODUCT_UNAVAILABLE } from '~/contract/subscriptions'
import { subscriptionLink } from '~/contract/links'
import { belowMinimumMessage } from '~/contract/subscription-labels'
import { getConfig } from '../config'
import type { Database, Executor } from '../db/client'
import { products, scheduleEntries, subscriptions, users } from '../db/schema'
import { ApiError, conflict, refusedField } from '../http/errors'
import { koboToNaira } from '../money'
import { notify } from '../notifications/service'
import { newReference } from '../references'
import {
  fullPaymentStructure,
  investmentPlan,
  paymentStructure,
  type InvestmentTerms,
  type ScheduleRow,
} from './plans'
import { todayIn } from '../dates/calendar'
import {
  hasPaidTransaction,
  lockSubscription,
  productName,
  type PlanRow,
  type ProductRow,
} from './queries'
import { createdWith, recordAudit } from '../audit/record'
import { releasePlotsOf, reservePlots } from '../estates/registry'
import { relatedTo, subscriptionRefs } from './audit'

dayjs.extend(utc)
dayjs.extend(timezone)

export const today = (now: Date = new Date()) => todayIn(getConfig().APP_TIME_ZONE, now)

/** A payment time as typed: with an offset as given; without one in the app's time zone; a bare date at noon. */
export function parsePaidAt(text: string): Date | null {
  const value = text.trim().replace(' ', 'T')
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(value)) {
    const date = new Date(value)
    return Number.isNaN(date.getTime()) ? null : date
  }
  const local = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00` : value
  const parsed = dayjs.tz(local, getConfig().APP_TIME_ZONE)
  if (!parsed.isValid() || parsed.format('YYYY-MM-DD') !== value.slice(0, 10)) return null
  return parsed.toDate()
}

export const SUBSCRIPTION_EXPIRED = 'This subscription has expired: it was not paid in time'

export const productUnavailable = () => new ApiError(409, 'productUnavailable', PRODUCT_UNAVAILABLE)

export function investmentTerms(product: ProductRow): InvestmentTerms {
  if (
    product.type !== 'land_investment' ||
    product.investmentReturn === null ||
    !product.landInvestmentType ||
    !product.interval ||
    !product.frequencyPeriod
  ) {
    throw conflict('This product is not set up for investing')
  }
  return {
    returnPercent: product.investmentReturn,
    type: product.landInvestmentType,
    interval: product.interval,
    frequencyPeriod: product.frequencyPeriod,
    duration: product.duration,
  }
}

export function assertMinimum(
  product: ProductRow,
  amountKobo: number,
  field: string,
  label: string,
) {
  if (amountKobo < product.amount) {
    throw refusedField(field, belowMinimumMessage(label, formatKobo(product.amount)))
  }
}

/**
 * A plan made before the price was raised above it stays on record, and subscriptions made under it
 * keep their terms, but nobody new may take it up: it would cost less than paying in full.
 */
export function assertPlanCoversPrice(product: ProductRow, plan: PlanRow, field: string) {
  if (!planCoversPrice(plan.amount, product.amount, product.discountPercentage)) {
    throw refusedField(
      field,
      "This payment plan costs less than the product's price; choose another plan",
    )
  }
}

// ---------------------------------------------------------------------------------------------
// Subscribing

export type NewSubscription = {
  owner: { id: number; reference: string; firstName: string; lastName: string }
  product: ProductRow
  plan: PlanRow | null
  /** Investments only, in kobo. */
  amountInvested: number | null
  /** Land only: how many plots or acres (1 when left out). */
  quantity?: number
  createdById: number
  idempotencyKey: string | null
  now?: Date
}

class DuplicateKey extends Error {}

function planArrearsRules(
  plan: Pick<PlanRow, 'graceDays' | 'lateFeePercent' | 'defaultAfterDays' | 'defaultAction'>,
): ArrearsRules {
  return {
    graceDays: plan.graceDays,
    lateFeePercent: plan.lateFeePercent,
    defaultAfterDays: plan.defaultAfterDays,
    defaultAction: plan.defaultAction,
  }
}

/** One plot's or acre's dated rows, in kobo: under the plan, or the discounted price paid in full. */
export function unitSchedule(
  product: ProductRow,
  plan: Pick<PlanRow, 'amount' | 'duration' | 'durationType'> | null,
  start: string,
): ScheduleRow[] {
  return plan
    ? paymentStructure(
        { amount: plan.amount, duration: plan.duration, durationType: plan.durationType },
        product.initialDepositAmount,
        start,
      )
    : fullPaymentStructure(product.amount, product.discountPercentage, start)
}

/** What a new subscription owes and its dated rows (the schedules of docs/rules.md). */
function termsOf(input: NewSubscription, start: string) {
  const { product, plan } = input
  if (product.type === 'land_investment') {
    const amount = input.amountInvested ?? 0
    const payouts = investmentPlan(amount, investmentTerms(product), start)
    return {
      total: amount,
      first: amount,
      kind: 'payout' as const,
      rows: payouts,
      mode: 'full' as const,
    }
  }
  const priced = priceForQuantity(unitSchedule(product, plan, start), input.quantity ?? 1)
  const rows: ScheduleRow[] = priced.rows.map((row) => ({ period: row.period, amount: row.amount }))
  return {
    total: priced.total,
    first: rows[0].amount,
    kind: 'payment' as const,
    rows,
    mode: plan ? ('installment' as const) : ('full' as const),
  }
}

/**
 * Creates a subscription awaiting payment with its schedule. A product sold by quantity gives up the
 * units bought in the same transaction, by one conditional UPDATE, so concurrent buyers never oversell it.
 * The same idempotency key (per owner) answers the subscription it first created.
 */
export async function createSubscription(
  db: Database,
  input: NewSubscription,
): Promise<{ id: number; created: boolean }> {
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
  const quantity = product.type === 'land' ? (input.quantity ?? 1) : 1
  const unitsLeft = product.availableByQuantity ? (product.unitAvailable ?? 0) : null
  if (unitsLeft !== null && unitsLeft <= 0) throw productUnavailable()
  const problem = quantityProblem(quantity, unitsLeft, unitNoun(product))
  if (problem) throw refusedField(QUANTITY_FIELD, problem)
  try {
    const id = await db.transaction(async (tx) => {
      // One subscriber at a time: the checks for an unpaid subscription and for the units held
      // unconfirmed below, and the insert, cannot interleave with another request of the same owner
      // (PostgreSQL runs them concurrently).
      await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.id)).for('update')
      if (key) {
        const existing = await findByIdempotencyKey(tx, key)
        if (existing) throw new DuplicateKey()
      }
      const unpaid = await findUnpaidSubscription(tx, owner.id, product.id)
      if (unpaid) throw alreadyUnpaid(unpaid, input.createdById === owner.id)
      const held = await unconfirmedUnitsHeld(tx, owner.id, product.id)
      const overCap = unconfirmedUnitsProblem({
        held,
        quantity,
        unit: unitNoun(product),
        own: input.createdById === owner.id,
      })
      if (overCap) throw refusedField(QUANTITY_FIELD, overCap)
      if (product.availableByQuantity && product.estateId === null) {
        const [reserved] = await tx
          .update(products)
          .set({
            unitAvailable: sql`${products.unitAvailable} - ${quantity}`,
            isAvailable: sql`${products.unitAvailable} - ${quantity} > 0`,
            updatedAt: now,
          })
          .where(
            and(
              eq(products.id, product.id),
              sql`${products.unitAvailable} >= ${quantity}`,
              eq(products.isAvailable, true),
            ),
          )
          .returning({ id: products.id, unitAvailable: products.unitAvailable })
        if (!reserved) throw await notEnoughUnits(tx, product, quantity)
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
          quantity,
          totalAmount: terms.total,
          amountInvested: product.type === 'land_investment' ? terms.total : null,
          totalAmountPaid: 0,
          nextPaymentAmount: terms.first,
          nextPaymentDate: start,
          createdById: input.createdById,
          // The late-payment rules shown on the breakdown, and the price repricing compares with.
          arrearsRules: input.plan ? planArrearsRules(input.plan) : null,
          unitPrice:
            product.type === 'land'
              ? discountedKobo(product.amount, product.discountPercentage)
              : null,
          idempotencyKey: key,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: subscriptions.idempotencyKey })
        .returning({ id: subscriptions.id, reference: subscriptions.reference })
      // A concurrent double submit won the key: undo this one (and its unit) and answer that one.
      if (!created) throw new DuplicateKey()
      if (product.estateId !== null) {
        // The estate's plots are the stock: this purchase reserves its own, or there are too few.
        const reserved = await reservePlots(tx, {
          estateId: product.estateId,
          sizeSqm: product.size ?? 0,
          subscriptionId: created.id,
          quantity,
          createdById: input.createdById,
        })
        if (!reserved.ok) throw plotsLeft(product, quantity, reserved.left)
      }
      await tx.insert(scheduleEntries).values(
        terms.rows.map((row, index) => ({
          subscriptionId: created.id,
          kind: terms.kind,
          sequence: index,
          dueDate: row.period,
          amount: row.amount,
        })),
      )
      await recordAudit(tx, {
        action: 'subscription.created',
        record: { type: 'subscription', reference: created.reference },
        related: [owner.reference, product.reference],
        summary:
          `Added subscription ${created.reference} to ${productName(product)} for ${owner.firstName} ${owner.lastName} ` +
          `(${owner.reference}): ${formatKobo(terms.total)}`,
        changes: createdWith({
          status: 'awaiting_payment',
          type: product.type,
          payment_mode: terms.mode,
          payment_plan: input.plan?.uuid ?? null,
          quantity,
          total_amount: koboToNaira(terms.total),
          amount_invested: product.type === 'land_investment' ? koboToNaira(terms.total) : null,
          next_payment_amount: koboToNaira(terms.first),
          next_payment_date: start,
        }),
      })
      await notify(tx, owner.id, {
        title: 'Subscription created',
        body:
          `Hello ${owner.firstName}, your subscription ${created.reference} to ${productName(product)} has been created. ` +
          `Make your payment of ${formatKobo(terms.first)} and upload the proof to get started.`,
        link: subscriptionLink(product.type, created.reference),
      })
      return created.id
    })
    return { id, created: true }
  } catch (error) {
    // A concurrent double submit may also have taken the last unit: it still answers the first one.
    const retried =
      error instanceof DuplicateKey ||
      (error instanceof ApiError && error.status === 'productUnavailable')
    if (key && retried) {
      const existing = await findByIdempotencyKey(db, key)
      if (existing) return { id: existing, created: false }
    }
    throw error
  }
}

const QUANTITY_FIELD = 'quantity'

/** Fewer units left than asked for (another buyer came first): a message under the quantity, or sold out. */
async function notEnoughUnits(tx: Executor, product: ProductRow, quantity: number) {
  const [row] = await tx
    .select({ left: products.unitAvailable, available: products.isAvailable })
    .from(products)
    .where(eq(products.id, product.id))
    .limit(1)
  const left = row?.available ? (row.left ?? 0) : 0
  if (left <= 0) return productUnavailable()
  return refusedField(
    QUANTITY_FIELD,
    quantityProblem(quantity, left, unitNoun(product)) ?? PRODUCT_UNAVAILABLE,
  )
}

/** Too few of the estate's plots were free for this purchase: a message under the quantity, or sold out. */
function plotsLeft(product: ProductRow, quantity: number, left: number) {
  if (left <= 0) return productUnavailable()
  return refusedField(
    QUANTITY_FIELD,
    quantityProblem(quantity, left, unitNoun(product)) ?? PRODUCT_UNAVAILABLE,
  )
}

/** What one unit of this land is called: 'plot', 'acre', or 'unit' when the land type is not set. */
export const unitNoun = (product: Pick<ProductRow, 'landType'>) => product.landType ?? 'unit'

/**
 * A subscription of this owner to this product that waits for its first payment (awaiting_payment
 * with nothing paid). At most one may exist, so nobody holds stock they do not pay for.
 */
export async function findUnpaidSubscription(db: Executor, ownerId: number, productId: number) {
  const [row] = await db
    .select({ reference: subscriptions.reference })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, ownerId),
        eq(subscriptions.productId, productId),
        eq(subscriptions.status, 'awaiting_payment'),
        eq(subscriptions.totalAmountPaid, 0),
      ),
    )
    .limit(1)
  return row?.reference ?? null
}

/**
 * Units of this product this owner holds in subscriptions nothing is confirmed on yet, awaiting
 * payment or the confirmation of one: at most MAX_UNCONFIRMED_UNITS, so made-up proofs cannot hoard stock.
 */
export async function unconfirmedUnitsHeld(db: Executor, ownerId: number, productId: number) {
  const [row] = await db
    .select({
      units: sql<number>`coalesce(sum(${subscriptions.quantity}), 0)::int`.mapWith(Number),
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, ownerId),
        eq(subscriptions.productId, productId),
        inArray(subscriptions.status, ['awaiting_payment', 'awaiting_payment_confirmation']),
        eq(subscriptions.totalAmountPaid, 0),
      ),
    )
  return row?.units ?? 0
}

function alreadyUnpaid(reference: string, own: boolean) {
  const message = own
    ? `You already have an unpaid subscription to this product (${reference}). Pay for it, or wait until it expires, before subscribing again.`
    : `This customer already has an unpaid subscription to this product (${reference}). It must be paid, or expire, before another is added.`
  return new ApiError(409, 'conflict', message, { subscription: reference })
}

async function findByIdempotencyKey(db: Executor, key: string) {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.idempotencyKey, key))
    .limit(1)
  return row?.id ?? null
}

/** Cancels a subscription with no paid transaction; the units it bought, when sold by quantity, go back to stock. */
export async function cancelSubscription(db: Database, subscriptionId: number) {
  return db.transaction(async (tx) => {
    const s = await lockSubscription(tx, subscriptionId)
    if (s.status === 'cancelled') throw conflict('This subscription is already cancelled')
    if (s.status === 'expired') throw conflict(SUBSCRIPTION_EXPIRED)
    if (await hasPaidTransaction(tx, s.id))
      throw conflict('A subscription with a paid transaction cannot be cancelled')
    const now = new Date()
    await tx
      .update(subscriptions)
      .set({
        status: 'cancelled',
        cancelledAt: now,
        nextPaymentAmount: null,
        nextPaymentDate: null,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, s.id))
    const refs = await subscriptionRefs(tx, s.id)
    await recordAudit(tx, {
      action: 'subscription.cancelled',
      record: { type: 'subscription', reference: s.reference },
      related: relatedTo(refs),
      summary: `Cancelled subscription ${s.reference} of ${refs.customerName} (${refs.customer}) to ${refs.product}`,
      changes: { status: { before: s.status, after: 'cancelled' } },
    })
    await voidUnpaidCommissions(tx, s.id, VOID_ON_CANCEL, now)
    await tx
      .update(products)
      .set({
        unitAvailable: sql`${products.unitAvailable} + ${s.quantity}`,
        isAvailable: true,
        updatedAt: now,
      })
      .where(
        and(
          eq(products.id, s.productId),
          eq(products.availableByQuantity, true),
          isNull(products.estateId),
        ),
      )
    await releasePlotsOf(tx, s.id, 'The subscription was cancelled')
    await notify(tx, s.userId, {
      title: 'Subscription cancelled',
      body: `Your subscription ${s.reference} has been cancelled.`,
      link: subscriptionLink(s.type, s.reference),
    })
  })
}
