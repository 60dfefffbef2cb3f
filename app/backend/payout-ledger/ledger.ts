import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, ne, or } from 'drizzle-orm'
import { subscriptionLink } from '~/contract/links'
import { addDays, ledgerRows, payoutStatus } from '~/contract/payout-rules'
import { getConfig } from '../config'
import type { Executor } from '../db/client'
import { payouts, scheduleEntries, subscriptions } from '../db/schema'
import { notify } from '../notifications/service'
import { getGraceDays } from '../settings/service'
import { todayIn } from '../dates/calendar'

/** Today in the platform's time zone, for the clock given (the jobs pass theirs). */
export const payoutToday = (now: Date = new Date()) => todayIn(getConfig().APP_TIME_ZONE, now)

/** The grace days setting (payout_grace_days): how long a payout stays due before it is late. */
export const payoutGraceDays = getGraceDays

/**
 * The ledger of an investment that has just started: one payout per row of the schedule it was
 * sold with (the rows the invest panel showed, made by investmentPlan), the principal in the last.
 * Made once: a second call leaves the rows as they are.
 */
export async function createLedger(tx: Executor, subscriptionId: number, now: Date) {
  const [s] = await tx
    .select({ invested: subscriptions.amountInvested })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    .limit(1)
  const promised = await tx
    .select({ period: scheduleEntries.dueDate, amount: scheduleEntries.amount })
    .from(scheduleEntries)
    .where(
      and(eq(scheduleEntries.subscriptionId, subscriptionId), eq(scheduleEntries.kind, 'payout')),
    )
    .orderBy(asc(scheduleEntries.sequence))
  if (!promised.length) return
  const today = payoutToday(now)
  const grace = await payoutGraceDays(tx)
  await tx
    .insert(payouts)
    .values(
      ledgerRows(promised, s?.invested ?? 0).map((row) => ({
        subscriptionId,
        sequence: row.sequence,
        dueDate: row.dueDate,
        amount: row.amount,
        principal: row.principal,
        status: payoutStatus({ dueDate: row.dueDate, paidAt: null }, today, grace),
        statusOn: today,
        createdAt: now,
      })),
    )
    .onConflictDoNothing()
}

/**
 * Brings an investment's next_payment_* up to its ledger: the first unpaid payout, or, with every
 * payout paid (the last returning the principal), the investment is completed and its investor told.
 */
export async function settleInvestment(tx: Executor, subscriptionId: number, now: Date) {
  const [next] = await tx
    .select({ dueDate: payouts.dueDate, amount: payouts.amount })
    .from(payouts)
    .where(and(eq(payouts.subscriptionId, subscriptionId), isNull(payouts.paidAt)))
    .orderBy(asc(payouts.sequence))
    .limit(1)
  if (next) {
    await tx
      .update(subscriptions)
      .set({
        status: 'ongoing',
        nextPaymentAmount: next.amount,
        nextPaymentDate: next.dueDate,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, subscriptionId))
    return 'ongoing' as const
  }
  const [completed] = await tx
    .update(subscriptions)
    .set({
      status: 'completed',
      completedAt: now,
      nextPaymentAmount: null,
      nextPaymentDate: null,
      updatedAt: now,
    })
    .where(and(eq(subscriptions.id, subscriptionId), ne(subscriptions.status, 'completed')))
    .returning({ reference: subscriptions.reference, userId: subscriptions.userId })
  if (completed) {
    await notify(tx, completed.userId, {
      title: 'Subscription completed',
      body: `Your investment ${completed.reference} has paid its last payout, with the amount invested, and is now completed.`,
      link: subscriptionLink('land_investment', completed.reference),
    })
  }
  return 'completed' as const
}

/** An investment whose whole amount is in starts paying out: its ledger is made and the first payout shown. */
export async function startInvestment(tx: Executor, subscriptionId: number, now: Date) {
  await createLedger(tx, subscriptionId, now)
  return settleInvestment(tx, subscriptionId, now)
}

/**
 * The daily job: every unpaid payout's status worked out again for the clock given (payoutStatus),
 * and those that changed stored. It never marks anything paid: only staff record a payout.
 */
export async function refreshPayoutStatuses(db: Executor, now: Date) {
  const today = payoutToday(now)
  const grace = await payoutGraceDays(db)
  const lateBefore = addDays(today, -grace)
  const rows = await db
    .select({ id: payouts.id, dueDate: payouts.dueDate, status: payouts.status })
    .from(payouts)
    .where(
      and(
        isNull(payouts.paidAt),
        // Only rows whose status can differ today: payoutStatus decides each.
        or(
          and(eq(payouts.status, 'scheduled'), lte(payouts.dueDate, today)),
          and(
            eq(payouts.status, 'due'),
            or(lt(payouts.dueDate, lateBefore), gt(payouts.dueDate, today)),
          ),
          and(eq(payouts.status, 'late'), gte(payouts.dueDate, lateBefore)),
        ),
      ),
    )
  const moves = new Map<string, number[]>()
  for (const row of rows) {
    const status = payoutStatus({ dueDate: row.dueDate, paidAt: null }, today, grace)
    if (status === row.status) continue
    moves.set(status, [...(moves.get(status) ?? []), row.id])
  }
  let moved = 0
  for (const [status, ids] of moves) {
    for (let start = 0; start < ids.length; start += 1000) {
      const chunk = ids.slice(start, start + 1000)
      await db
        .update(payouts)
        .set({ status: status as 'scheduled' | 'due' | 'late', statusOn: today })
        .where(and(inArray(payouts.id, chunk), isNull(payouts.paidAt)))
      moved += chunk.length
    }
  }
  return moved
}
