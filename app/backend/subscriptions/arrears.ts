import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm'
import { releasePlotsOf } from '../estates/registry'
import {
  allocate,
  arrearsOf,
  DEFAULT_ARREARS_RULES,
  defaultActionWords,
  defaultDate,
  feeDate,
  feesAddedSentence,
  owedNowSentence,
  feesToCharge,
  graceEnd,
  isDefaultDue,
  lateFeeKobo,
  repricedBalanceKobo,
  repriceInstalments,
  type Arrears,
  type ArrearsRules,
  type Instalment,
  type LateFee,
} from '~/contract/arrears-rules'
import { formatDate } from '~/contract/format'
import { payLink, subscriptionLink } from '~/contract/links'
import { discountedKobo, formatKobo, koboToNaira, type OwedEntry } from '~/contract/money'
import { appUrl, getConfig } from '../config'
import type { Database, Executor } from '../db/client'
import {
  arrearsReminders,
  lateFees,
  paymentPlans,
  products,
  scheduleEntries,
  subscriptionHistory,
  subscriptions,
  users,
} from '../db/schema'
import { sendNotice } from '../mail'
import { notify, notifyStaffWith } from '../notifications/service'
import { todayIn } from '../dates/calendar'
import { changesBetween, recordAudit } from '../audit/record'
import { relatedTo, subscriptionRefs } from './audit'

/** Late payment on land: what is owed oldest first, fees, escalated reminders and the default action. */

type SubscriptionRow = typeof subscriptions.$inferSelect
type PlanRules = Pick<
  typeof paymentPlans.$inferSelect,
  'graceDays' | 'lateFeePercent' | 'defaultAfterDays' | 'defaultAction'
>

/** The rules a subscription was sold under; one from before they were kept follows its plan, else the defaults. */
export function rulesOf(
  s: Pick<SubscriptionRow, 'arrearsRules'>,
  plan?: PlanRules | null,
): ArrearsRules {
  if (s.arrearsRules) return { ...DEFAULT_ARREARS_RULES, ...s.arrearsRules }
  if (plan)
    return {
      graceDays: plan.graceDays,
      lateFeePercent: plan.lateFeePercent,
      defaultAfterDays: plan.defaultAfterDays,
      defaultAction: plan.defaultAction,
    }
  return DEFAULT_ARREARS_RULES
}

export type Owed = { instalments: Instalment[]; fees: (LateFee & { reason: string })[] }

/** The payment rows and late fees of some subscriptions. */
export async function owedOf(db: Executor, ids: number[]): Promise<Map<number, Owed>> {
  const owed = new Map<number, Owed>(ids.map((id) => [id, { instalments: [], fees: [] }]))
  if (!ids.length) return owed
  const [rows, fees] = await Promise.all([
    db
      .select()
      .from(scheduleEntries)
      .where(and(inArray(scheduleEntries.subscriptionId, ids), eq(scheduleEntries.kind, 'payment')))
      .orderBy(asc(scheduleEntries.sequence)),
    db
      .select()
      .from(lateFees)
      .where(inArray(lateFees.subscriptionId, ids))
      .orderBy(asc(lateFees.instalment)),
  ])
  for (const row of rows)
    owed
      .get(row.subscriptionId)!
      .instalments.push({ sequence: row.sequence, dueDate: row.dueDate, amountKobo: row.amount })
  for (const fee of fees) {
    owed.get(fee.subscriptionId)!.fees.push({
      instalment: fee.instalment,
      chargedOn: fee.chargedOn,
      amountKobo: fee.amount,
      reason: fee.reason,
    })
  }
  return owed
}

/** What a payment may be made of, oldest first: the payment rows and late fees in the order payments settle them. */
export async function owedAmounts(db: Executor, subscriptionId: number): Promise<OwedEntry[]> {
  const owed = (await owedOf(db, [subscriptionId])).get(subscriptionId)!
  return allocate(owed.instalments, owed.fees, 0).map((item) => ({
    amountKobo: item.amountKobo,
    fee: item.kind === 'fee',
  }))
}

/**
 * After money or fees change: payment rows fully covered (oldest first, fees in their place) are
 * settled, the others not, and the next payment is what is left of the first item not covered.
 */
export async function settleOldestFirst(
  tx: Executor,
  subscriptionId: number,
  paidKobo: number,
  now: Date,
) {
  const owed = (await owedOf(tx, [subscriptionId])).get(subscriptionId)!
  const items = allocate(owed.instalments, owed.fees, paidKobo)
  const covered = items
    .filter((i) => i.kind === 'instalment' && i.leftKobo === 0)
    .map((i) => i.sequence)
  const open = items.filter((i) => i.kind === 'instalment' && i.leftKobo > 0).map((i) => i.sequence)
  const rowsOf = (sequences: number[]) =>
    and(
      eq(scheduleEntries.subscriptionId, subscriptionId),
      eq(scheduleEntries.kind, 'payment'),
      inArray(scheduleEntries.sequence, sequences),
    )
  if (covered.length)
    await tx
      .update(scheduleEntries)
      .set({
        settledAt: sql`coalesce(${scheduleEntries.settledAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(rowsOf(covered))
  if (open.length) await tx.update(scheduleEntries).set({ settledAt: null }).where(rowsOf(open))
  const next = items.find((i) => i.leftKobo > 0)
  if (next) {
    await tx
      .update(subscriptions)
      .set({ nextPaymentAmount: next.leftKobo, nextPaymentDate: next.date })
      .where(eq(subscriptions.id, subscriptionId))
  }
}

type ArrearsSubject = Pick<
  SubscriptionRow,
  'id' | 'type' | 'status' | 'totalAmountPaid' | 'arrearsRules'
> & { plan?: PlanRules | null }

/**
 * The arrears of land subscriptions on a day. Only an ongoing one can be in arrears (as the
 * dashboard counts it): one not paid at all expires instead, one waiting for a confirmation is
 * counted among the payments to confirm.
 */
export async function arrearsFor(
  db: Executor,
  subjects: ArrearsSubject[],
  today: string,
): Promise<Map<number, Arrears>> {
  const counted = subjects.filter((s) => s.type === 'land' && s.status === 'ongoing')
  const owed = await owedOf(
    db,
    counted.map((s) => s.id),
  )
  const result = new Map<number, Arrears>()
  for (const s of counted) {
    const o = owed.get(s.id)!
    result.set(
      s.id,
      arrearsOf({
        instalments: o.instalments,
        fees: o.fees,
        paidKobo: s.totalAmountPaid,
        rules: rulesOf(s, s.plan),
        today,
      }),
    )
  }
  return result
}

const today = (now: Date) => todayIn(getConfig().APP_TIME_ZONE, now)

/** Ongoing land with something dated before today still unpaid: what the job looks at. */
async function lateSubscriptions(db: Executor, day: string) {
  return db
    .select({
      subscription: subscriptions,
      plan: {
        graceDays: paymentPlans.graceDays,
        lateFeePercent: paymentPlans.lateFeePercent,
        defaultAfterDays: paymentPlans.defaultAfterDays,
        defaultAction: paymentPlans.defaultAction,
      },
    })
    .from(subscriptions)
    .leftJoin(paymentPlans, eq(paymentPlans.id, subscriptions.paymentPlanId))
    .where(
      and(
        eq(subscriptions.type, 'land'),
        eq(subscriptions.status, 'ongoing'),
        lt(subscriptions.nextPaymentDate, day),
      ),
    )
    .orderBy(asc(subscriptions.id))
}

async function ownerOf(db: Executor, s: SubscriptionRow) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      suspended: users.isSuspended,
      product: products,
    })
    .from(users)
    .innerJoin(products, eq(products.id, s.productId))
    .where(eq(users.id, s.userId))
    .limit(1)
  return row
}

/** Late fees due today: once per missed instalment (the unique index), added to what is owed. */
export async function chargeLateFees(db: Database, now: Date) {
  const day = today(now)
  let charged = 0
  for (const { subscription } of await lateSubscriptions(db, day)) {
    const added = await db.transaction(async (tx) => {
      const [s] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, subscription.id))
        .for('update')
      if (s?.status !== 'ongoing') return []
      const [plan] = s.paymentPlanId
        ? await tx.select().from(paymentPlans).where(eq(paymentPlans.id, s.paymentPlanId))
        : []
      const rules = rulesOf(s, plan)
      const owed = (await owedOf(tx, [s.id])).get(s.id)!
      const due = feesToCharge(owed.instalments, owed.fees, s.totalAmountPaid, rules, day)
      const added: { fee: LateFee; reason: string }[] = []
      for (const fee of due) {
        const instalment = owed.instalments.find((i) => i.sequence === fee.instalment)!
        const reason =
          `Late fee: ${rules.lateFeePercent}% of instalment ${instalment.sequence} (${formatKobo(instalment.amountKobo)} due on ` +
          `${formatDate(instalment.dueDate)}), not received by ${formatDate(graceEnd(instalment.dueDate, rules))}`
        const [row] = await tx
          .insert(lateFees)
          .values({
            subscriptionId: s.id,
            instalment: fee.instalment,
            amount: fee.amountKobo,
            reason,
            chargedOn: day,
          })
          .onConflictDoNothing()
          .returning({ id: lateFees.id })
        if (row) added.push({ fee, reason })
      }
      if (!added.length) return []
      const total = added.reduce((sum, a) => sum + a.fee.amountKobo, 0)
      await tx
        .update(subscriptions)
        .set({ totalAmount: s.totalAmount + total, updatedAt: now })
        .where(eq(subscriptions.id, s.id))
      await settleOldestFirst(tx, s.id, s.totalAmountPaid, now)
      const refs = await subscriptionRefs(tx, s.id)
      let owedBefore = s.totalAmount
      for (const a of added) {
        await recordAudit(tx, {
          action: 'subscription.late_fee',
          record: { type: 'subscription', reference: s.reference },
          related: relatedTo(refs),
          summary: `Charged a late fee of ${formatKobo(a.fee.amountKobo)} on ${s.reference}: ${a.reason}`,
          changes: {
            total_amount: {
              before: koboToNaira(owedBefore),
              after: koboToNaira(owedBefore + a.fee.amountKobo),
            },
            late_fee: {
              before: null,
              after: {
                instalment: a.fee.instalment,
                amount: koboToNaira(a.fee.amountKobo),
                charged_on: day,
              },
            },
          },
        })
        owedBefore += a.fee.amountKobo
      }
      for (const a of added) {
        await notify(tx, s.userId, {
          title: 'Late fee added',
          body: `${a.reason}: ${formatKobo(a.fee.amountKobo)} is added to ${s.reference}.`,
          link: subscriptionLink('land', s.reference),
        })
      }
      return added
    })
    charged += added.length
  }
  return charged
}

/** The reminders after the one before the due date: on it, then 1, 7 and 30 days late. */
export const REMINDER_STEPS = [
  { step: 'due', days: 0 },
  { step: 'late_1', days: 1 },
  { step: 'late_7', days: 7 },
  { step: 'late_30', days: 30 },
] as const

/** The step due a number of days after the due date (a missed day is caught up until the next step). */
export function reminderStep(daysLate: number) {
  let found: (typeof REMINDER_STEPS)[number] | null = null
  for (const step of REMINDER_STEPS) if (daysLate >= step.days) found = step
  return found
}

/**
 * Escalated reminders, each once per instalment and step whatever how often or where the job runs:
 * a row is claimed (insert … on conflict do nothing) before anything is sent.
 */
export async function sendArrearsReminders(db: Database, now: Date) {
  const day = today(now)
  const candidates = await db
    .select({
      subscription: subscriptions,
      plan: {
        graceDays: paymentPlans.graceDays,
        lateFeePercent: paymentPlans.lateFeePercent,
        defaultAfterDays: paymentPlans.defaultAfterDays,
        defaultAction: paymentPlans.defaultAction,
      },
    })
    .from(subscriptions)
    .leftJoin(paymentPlans, eq(paymentPlans.id, subscriptions.paymentPlanId))
    .where(
      and(
        eq(subscriptions.type, 'land'),
        eq(subscriptions.status, 'ongoing'),
        sql`${subscriptions.nextPaymentDate} <= ${day}`,
      ),
    )
    .orderBy(asc(subscriptions.id))
  let sent = 0
  const owed = await owedOf(
    db,
    candidates.map((c) => c.subscription.id),
  )
  for (const { subscription: s, plan } of candidates) {
    const rules = rulesOf(s, plan?.defaultAction ? (plan as PlanRules) : null)
    const o = owed.get(s.id)!
    const items = allocate(o.instalments, o.fees, s.totalAmountPaid)
    const first = items.find((i) => i.kind === 'instalment' && i.leftKobo > 0 && i.date <= day)
    if (!first) continue
    const daysLate = Math.round(
      (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${first.date}T00:00:00Z`)) / 86_400_000,
    )
    const step = reminderStep(daysLate)
    if (!step) continue
    const [claimed] = await db
      .insert(arrearsReminders)
      .values({ subscriptionId: s.id, dueDate: first.date, step: step.step, sentAt: now })
      .onConflictDoNothing()
      .returning({ id: arrearsReminders.subscriptionId })
    if (!claimed) continue
    const owner = await ownerOf(db, s)
    if (!owner || owner.suspended) continue
    const a = arrearsOf({
      instalments: o.instalments,
      fees: o.fees,
      paidKobo: s.totalAmountPaid,
      rules,
      today: day,
    })
    const amount =
      step.step === 'due' ? formatKobo(first.leftKobo) : formatKobo(a.amountOverdueKobo)
    const charged = o.fees.find((f) => f.instalment === first.sequence)
    const fee = lateFeeKobo(first.amountKobo, rules)
    // Every fee still owed is named, not only the one on the oldest instalment.
    const feesOwed = items
      .filter((i) => i.kind === 'fee' && i.leftKobo > 0 && i.date <= day)
      .map((i) => ({ chargedOn: i.date, amountKobo: i.leftKobo }))
    const feeText = feesOwed.length
      ? feesAddedSentence(feesOwed)
      : charged
        ? ''
        : fee > 0
          ? `If it is not received by ${formatDate(graceEnd(first.date, rules))}, a late fee of ${formatKobo(fee)} is added on ${formatDate(feeDate(first.date, rules))}.`
          : 'No late fee applies.'
    const owedText = a.overdueParts.totalKobo > 0 ? owedNowSentence(a.overdueParts) : ''
    const payAt = `${appUrl()}${payLink('land', s.reference)}`
    const defaultText = `After ${formatDate(defaultDate(first.date, rules))} ${defaultActionWords(rules.defaultAction, owner.product.landType ?? 'unit')}.`
    const what =
      step.step === 'due'
        ? `your payment of ${amount} for ${s.reference} is due today (${formatDate(first.date)})`
        : `your payment for ${s.reference} is ${daysLate} day${daysLate === 1 ? '' : 's'} late: ${amount} is overdue`
    const title = step.step === 'due' ? 'Payment due today' : 'Payment overdue'
    await notify(db, s.userId, {
      title,
      body: [`Hello ${owner.firstName}, ${what}.`, owedText, feeText, defaultText]
        .filter(Boolean)
        .join(' '),
      link: subscriptionLink('land', s.reference),
    })
    await sendNotice(db, {
      to: owner.email,
      subject: `${title}: ${s.reference}`,
      text: [
        `Hello ${owner.firstName},`,
        '',
        `This is a reminder that ${what}.`,
        ...(owedText ? ['', owedText] : []),
        ...(feeText ? [feeText] : []),
        defaultText,
        '',
        `Use ${s.reference} as the narration of your transfer.`,
        owedText ? `Pay what is overdue at ${payAt}` : `Pay at ${payAt}`,
      ].join('\n'),
    }).catch((error) => console.error(`Arrears reminder for ${s.reference} failed:`, error))
    sent += 1
  }
  return sent
}

/**
 * The plan's default action once the oldest unpaid instalment is more than default_after_days late:
 * the unpaid balance repriced at the product's current price, or the subscription cancelled with its
 * units back in stock. Once per instalment (the history's unique index), recorded with why, and told
 * to the customer and to staff.
 */
export async function applyDefaultActions(db: Database, now: Date) {
  const day = today(now)
  let applied = 0
  for (const { subscription } of await lateSubscriptions(db, day)) {
    const done = await db.transaction(async (tx) => {
      const [s] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, subscription.id))
        .for('update')
      if (s?.status !== 'ongoing') return null
      const [plan] = s.paymentPlanId
        ? await tx.select().from(paymentPlans).where(eq(paymentPlans.id, s.paymentPlanId))
        : []
      const rules = rulesOf(s, plan)
      const owed = (await owedOf(tx, [s.id])).get(s.id)!
      const a = arrearsOf({
        instalments: owed.instalments,
        fees: owed.fees,
        paidKobo: s.totalAmountPaid,
        rules,
        today: day,
      })
      if (!isDefaultDue(a, rules, day)) return null
      const oldest = a.overdue[0]
      const [product] = await tx.select().from(products).where(eq(products.id, s.productId))
      const unit = product.landType ?? 'unit'
      const why = `Instalment ${oldest.sequence} due on ${formatDate(oldest.dueDate)} was still unpaid after ${formatDate(defaultDate(oldest.dueDate, rules))} (${rules.defaultAfterDays} days)`
      let detail: string
      if (rules.defaultAction === 'cancel') {
        detail = `${why}: the subscription is cancelled and its ${unit}s return to stock; what was paid (${formatKobo(s.totalAmountPaid)}) is handled as the terms say.`
      } else {
        const items = allocate(owed.instalments, owed.fees, s.totalAmountPaid).filter(
          (i) => i.kind === 'instalment' && i.leftKobo > 0,
        )
        const unpaid = items.reduce((sum, i) => sum + i.leftKobo, 0)
        const priceNow = discountedKobo(product.amount, product.discountPercentage)
        const repriced = repricedBalanceKobo(unpaid, s.unitPrice, priceNow)
        detail = `${why}: the unpaid balance of ${formatKobo(unpaid)} is repriced at the current price to ${formatKobo(repriced)}.`
      }
      const [claimed] = await tx
        .insert(subscriptionHistory)
        .values({
          subscriptionId: s.id,
          event: rules.defaultAction === 'cancel' ? 'cancelled' : 'repriced',
          instalment: oldest.sequence,
          detail,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: subscriptionHistory.id })
      if (!claimed) return null
      const refs = await subscriptionRefs(tx, s.id)
      if (rules.defaultAction === 'cancel') {
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
        await recordAudit(tx, {
          action: 'subscription.defaulted',
          record: { type: 'subscription', reference: s.reference },
          related: relatedTo(refs),
          summary: `Cancelled ${s.reference} for default: ${detail}`,
          changes: { status: { before: s.status, after: 'cancelled' } },
        })
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
        await releasePlotsOf(tx, s.id, 'The subscription was cancelled for default')
      } else {
        const items = allocate(owed.instalments, owed.fees, s.totalAmountPaid).filter(
          (i) => i.kind === 'instalment' && i.leftKobo > 0,
        )
        const unpaid = items.reduce((sum, i) => sum + i.leftKobo, 0)
        const repriced = repricedBalanceKobo(
          unpaid,
          s.unitPrice,
          discountedKobo(product.amount, product.discountPercentage),
        )
        const amounts = repriceInstalments(
          items.map((i) => i.leftKobo),
          repriced,
        )
        for (const [index, item] of items.entries()) {
          await tx
            .update(scheduleEntries)
            .set({ amount: item.paidKobo + amounts[index] })
            .where(
              and(
                eq(scheduleEntries.subscriptionId, s.id),
                eq(scheduleEntries.kind, 'payment'),
                eq(scheduleEntries.sequence, item.sequence),
              ),
            )
        }
        const unitPrice = discountedKobo(product.amount, product.discountPercentage)
        await tx
          .update(subscriptions)
          .set({ totalAmount: s.totalAmount + repriced - unpaid, unitPrice, updatedAt: now })
          .where(eq(subscriptions.id, s.id))
        await recordAudit(tx, {
          action: 'subscription.repriced',
          record: { type: 'subscription', reference: s.reference },
          related: relatedTo(refs),
          summary: `Repriced ${s.reference} for default: ${detail}`,
          changes: changesBetween(
            {
              total_amount: koboToNaira(s.totalAmount),
              unit_price: s.unitPrice === null ? null : koboToNaira(s.unitPrice),
            },
            {
              total_amount: koboToNaira(s.totalAmount + repriced - unpaid),
              unit_price: koboToNaira(unitPrice),
            },
          ),
        })
        await settleOldestFirst(tx, s.id, s.totalAmountPaid, now)
      }
      const title =
        rules.defaultAction === 'cancel'
          ? 'Subscription cancelled for non-payment'
          : 'Balance repriced for non-payment'
      await notify(tx, s.userId, {
        title,
        body: `${s.reference}: ${detail}`,
        link: subscriptionLink('land', s.reference),
      })
      await notifyStaffWith(
        tx,
        'can_modify_subscription',
        { title, body: `${s.reference}: ${detail}`, link: subscriptionLink('land', s.reference) },
        [s.userId],
      )
      return { s, title, detail }
    })
    if (!done) continue
    applied += 1
    const { s, title, detail } = done
    const owner = await ownerOf(db, s)
    if (!owner || owner.suspended) continue
    await sendNotice(db, {
      to: owner.email,
      subject: `${title}: ${s.reference}`,
      text: [
        `Hello ${owner.firstName},`,
        '',
        `${s.reference}: ${detail}`,
        '',
        `See it at ${appUrl()}${subscriptionLink('land', s.reference)}`,
      ].join('\n'),
    }).catch((error) => console.error(`Default action e-mail for ${s.reference} failed:`, error))
  }
  return applied
}

/** The history of a subscription, newest first. */
export async function historyOf(db: Executor, subscriptionId: number) {
  return db
    .select({
      event: subscriptionHistory.event,
      detail: subscriptionHistory.detail,
      createdAt: subscriptionHistory.createdAt,
    })
    .from(subscriptionHistory)
    .where(eq(subscriptionHistory.subscriptionId, subscriptionId))
    .orderBy(sql`${subscriptionHistory.createdAt} desc`, sql`${subscriptionHistory.id} desc`)
}
