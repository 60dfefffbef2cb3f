import { and, asc, count, eq, isNull, lt, ne, sql } from 'drizzle-orm'
import { releasePlotsOf } from '../estates/registry'
import { unconfirmedPaymentExpiry, unpaidSubscriptionStep } from './expiry-rules'
import { formatDate } from '~/contract/format'
import { subscriptionLink, transactionLink } from '~/contract/links'
import { appUrl, getConfig } from '../config'
import type { Database, Executor } from '../db/client'
import { products, statementLines, subscriptions, transactions, users } from '../db/schema'
import { sendMail } from '../mail'
import { notify } from '../notifications/service'
import { getExpiryDays, getUnconfirmedExpiryDays } from '../settings/service'
import { todayIn } from '../dates/calendar'
import {
  lockSubscription,
  productName,
  subscriptionMessageColumns,
  type SubscriptionRow,
} from './queries'
import { recordAudit } from '../audit/record'
import { relatedTo, subscriptionRefs } from './audit'
import { formatKobo } from '~/contract/money'

/**
 * Stock held without a confirmed payment does not stay held (./expiry-rules.ts): a
 * subscription with nothing paid and no payment sent expires after the expiry days setting; a
 * payment staff neither confirm nor refuse expires after the unconfirmed payment expiry setting,
 * taking its subscription with it when nothing on it was confirmed before. Either way the units go
 * back on sale and the subscriber is told.
 */

type Unpaid = {
  id: number
  reference: string
  createdAt: Date
  amount: number | null
  warnedAt: Date | null
  userId: number
  email: string
  firstName: string
  product: {
    name: string
    reference: string
    location: string | null
    type: 'land' | 'land_investment'
  }
}

async function mailQuietly(db: Database, to: string, subject: string, lines: string[]) {
  try {
    await sendMail(db, { to, subject, text: lines.join('\n') })
  } catch (error) {
    console.error(`E-mail "${subject}" failed:`, error)
  }
}

/** The daily job: unpaid subscriptions, then payments left unconfirmed. */
export async function expireHeldStock(db: Database, now: Date) {
  const unpaid = await expireUnpaidSubscriptions(db, now)
  const payments = await expireUnconfirmedPayments(db, now)
  return { ...unpaid, payments }
}

/**
 * Expires unpaid subscriptions whose time is up and warns those that expire tomorrow. Idempotent:
 * each subscription is warned once (expiry_warned_at) and expired once (its status, checked under a
 * row lock), whatever how often this runs; a missed day is caught up.
 */
export async function expireUnpaidSubscriptions(db: Database, now: Date) {
  const timeZone = getConfig().APP_TIME_ZONE
  const today = todayIn(timeZone, now)
  const days = await getExpiryDays(db)
  // Anything made since the day before yesterday's window can neither expire nor be warned yet.
  const madeBefore = new Date(now.getTime() - Math.max(0, days - 2) * 86_400_000)
  const unpaid: Unpaid[] = await db
    .select({
      ...subscriptionMessageColumns,
      warnedAt: subscriptions.expiryWarnedAt,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .where(
      and(
        eq(subscriptions.status, 'awaiting_payment'),
        eq(subscriptions.totalAmountPaid, 0),
        lt(subscriptions.createdAt, madeBefore),
      ),
    )
    .orderBy(asc(subscriptions.id))

  let expired = 0
  let warned = 0
  for (const row of unpaid) {
    const { action, expiresOn } = unpaidSubscriptionStep({
      madeOn: todayIn(timeZone, row.createdAt),
      today,
      days,
      warned: Boolean(row.warnedAt),
    })
    const what = `${row.reference} (${productName(row.product)})`
    if (action === 'expire') {
      if (!(await expireOne(db, row.id, now, days))) continue
      expired += 1
      const body = `Hello ${row.firstName}, your subscription ${what} was not paid within ${days} days and has expired. Subscribe again when you are ready to pay.`
      await notify(db, row.userId, {
        title: 'Subscription expired',
        body,
        link: subscriptionLink(row.product.type, row.reference),
      })
      await mailQuietly(db, row.email, `Your subscription ${row.reference} has expired`, [
        `Hello ${row.firstName},`,
        '',
        `Your subscription ${what} was not paid within ${days} days, so it has expired and what it held is back on sale.`,
        `Subscribe again at ${appUrl()}/subscriptions when you are ready to pay.`,
      ])
    } else if (action === 'warn') {
      const [claimed] = await db
        .update(subscriptions)
        .set({ expiryWarnedAt: now })
        .where(
          and(
            eq(subscriptions.id, row.id),
            isNull(subscriptions.expiryWarnedAt),
            eq(subscriptions.status, 'awaiting_payment'),
          ),
        )
        .returning({ id: subscriptions.id })
      if (!claimed) continue
      warned += 1
      const date = formatDate(expiresOn)
      const amount = formatKobo(row.amount ?? 0)
      await notify(db, row.userId, {
        title: 'Subscription expires tomorrow',
        body: `Hello ${row.firstName}, your subscription ${what} has no payment yet and expires on ${date}. Pay ${amount} and upload the proof before then to keep it.`,
        link: subscriptionLink(row.product.type, row.reference),
      })
      await mailQuietly(db, row.email, `Your subscription ${row.reference} expires on ${date}`, [
        `Hello ${row.firstName},`,
        '',
        `Your subscription ${what} has no payment yet. Unless you pay ${amount} and upload the proof, it expires on ${date} and what it holds goes back on sale.`,
        `Make the transfer and upload your proof of payment at ${appUrl()}${subscriptionLink(row.product.type, row.reference)}`,
      ])
    }
  }
  return { expired, warned }
}

/** Expires one subscription if it is still unpaid (checked under its row lock); the units it bought go back to stock. */
async function expireOne(db: Database, id: number, now: Date, days: number) {
  return db.transaction(async (tx) => {
    const [s] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, id))
      .for('update')
      .limit(1)
    if (!s || s.status !== 'awaiting_payment' || s.totalAmountPaid !== 0) return false
    await endSubscription(tx, s, now, `not paid within ${days} days`)
    return true
  })
}

/** A subscription, locked by the caller, expires: nothing more is due and the units it bought go back to stock. */
async function endSubscription(tx: Executor, s: SubscriptionRow, now: Date, why: string) {
  await tx
    .update(subscriptions)
    .set({
      status: 'expired',
      cancelledAt: now,
      nextPaymentAmount: null,
      nextPaymentDate: null,
      updatedAt: now,
    })
    .where(eq(subscriptions.id, s.id))
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
  await releasePlotsOf(tx, s.id, 'The subscription expired unpaid')
  const refs = await subscriptionRefs(tx, s.id)
  await recordAudit(tx, {
    action: 'subscription.expired',
    record: { type: 'subscription', reference: s.reference },
    related: relatedTo(refs),
    summary: `Cancelled unpaid subscription ${s.reference} of ${refs.customerName} (${refs.customer}): ${why}`,
    changes: { status: { before: s.status, after: 'expired' } },
  })
}

/** The reason an expired payment carries, shown to the payer like any payment not confirmed. */
export const unconfirmedExpiryReason = (days: number) =>
  `Not confirmed within ${days} days of being sent, so the payment expired`

/**
 * Expires payments left unconfirmed past the setting (unconfirmedPaymentExpiry). Each is marked in
 * its own transaction under its subscription's row lock, by a conditional update, so a payment staff
 * confirm at the same moment is never also expired, and a run repeated (or on two servers) expires
 * it once. The customer is told by notification and e-mail.
 */
export async function expireUnconfirmedPayments(db: Database, now: Date) {
  const timeZone = getConfig().APP_TIME_ZONE
  const today = todayIn(timeZone, now)
  const days = await getUnconfirmedExpiryDays(db)
  // Anything sent within the last days - 1 days cannot have expired yet.
  const sentBefore = new Date(now.getTime() - Math.max(0, days - 1) * 86_400_000)
  const waiting = await db
    .select({ id: transactions.id })
    .from(transactions)
    .innerJoin(subscriptions, eq(subscriptions.id, transactions.subscriptionId))
    .where(
      and(
        eq(transactions.status, 'awaiting_confirmation'),
        eq(subscriptions.status, 'awaiting_payment_confirmation'),
        lt(transactions.createdAt, sentBefore),
      ),
    )
    .orderBy(asc(transactions.id))
  let expired = 0
  for (const { id } of waiting) {
    const told = await expirePayment(db, id, { now, today, days, timeZone })
    if (!told) continue
    expired += 1
    await mailQuietly(db, told.email, told.subject, told.lines)
  }
  return expired
}

async function expirePayment(
  db: Database,
  transactionId: number,
  clock: { now: Date; today: string; days: number; timeZone: string },
) {
  const { now, today, days, timeZone } = clock
  return db.transaction(async (tx) => {
    const [first] = await tx
      .select({ subscriptionId: transactions.subscriptionId })
      .from(transactions)
      .where(eq(transactions.id, transactionId))
    if (!first) return null
    const s = await lockSubscription(tx, first.subscriptionId)
    // Read again under the lock: staff may have marked it meanwhile.
    const [trx] = await tx.select().from(transactions).where(eq(transactions.id, transactionId))
    if (s.status !== 'awaiting_payment_confirmation' || trx.status !== 'awaiting_confirmation')
      return null
    const [{ others }] = await tx
      .select({ others: count() })
      .from(transactions)
      .where(
        and(
          eq(transactions.subscriptionId, s.id),
          eq(transactions.status, 'awaiting_confirmation'),
          ne(transactions.id, trx.id),
        ),
      )
    const outcome = unconfirmedPaymentExpiry({
      sentOn: todayIn(timeZone, trx.createdAt),
      today,
      days,
      subscription: {
        type: s.type,
        confirmedKobo: s.totalAmountPaid,
        othersWaiting: Number(others),
      },
    })
    if (!outcome.expires) return null
    const reason = unconfirmedExpiryReason(days)
    const [marked] = await tx
      .update(transactions)
      .set({ status: outcome.payment, markedById: null, markedAt: now, notConfirmedReason: reason })
      .where(and(eq(transactions.id, trx.id), eq(transactions.status, 'awaiting_confirmation')))
      .returning({ id: transactions.id })
    if (!marked) return null
    // A statement line matched to it lets it go, as when staff mark a payment not confirmed.
    await tx
      .update(statementLines)
      .set({ transactionId: null, subscriptionId: null, confidence: 'none' })
      .where(and(eq(statementLines.transactionId, trx.id), eq(statementLines.status, 'open')))
    const refs = await subscriptionRefs(tx, s.id)
    await recordAudit(tx, {
      action: 'transaction.rejected',
      record: { type: 'transaction', reference: trx.reference },
      related: relatedTo(refs),
      summary: `Expired ${trx.reference} of ${s.reference}: ${formatKobo(trx.amount)} not confirmed within ${days} days`,
      changes: {
        status: { before: trx.status, after: outcome.payment },
        not_confirmed_reason: { before: trx.notConfirmedReason, after: reason },
        subscription_status: { before: s.status, after: outcome.subscription },
      },
    })
    if (outcome.subscription === 'expired') {
      await endSubscription(
        tx,
        s,
        now,
        `its payment ${trx.reference} was not confirmed within ${days} days`,
      )
    } else if (outcome.subscription !== s.status) {
      await tx
        .update(subscriptions)
        .set({ status: outcome.subscription, updatedAt: now })
        .where(eq(subscriptions.id, s.id))
    }

    const [row] = await tx
      .select(subscriptionMessageColumns)
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .innerJoin(products, eq(products.id, subscriptions.productId))
      .where(eq(subscriptions.id, s.id))
    const amount = formatKobo(trx.amount)
    const what = `${s.reference} (${productName(row.product)})`
    const lapsed = `your payment of ${amount} for ${what}, sent on ${formatDate(todayIn(timeZone, trx.createdAt))} (${trx.reference}), was not confirmed within ${days} days, so it has expired`
    const after =
      outcome.subscription === 'expired'
        ? 'With no payment confirmed on it, the subscription has expired too and what it held is back on sale.'
        : outcome.subscription === 'awaiting_payment_confirmation'
          ? 'Your other payment on it is still waiting for confirmation.'
          : 'Your subscription is as it was before this payment.'
    const next =
      outcome.subscription === 'expired'
        ? `If you did make this transfer, contact us with your bank's confirmation; subscribe again at ${appUrl()}/subscriptions when you are ready.`
        : `If you did make this transfer, send the proof again at ${appUrl()}${transactionLink(s.type, s.reference, trx.reference)}`
    await notify(tx, s.userId, {
      title: outcome.subscription === 'expired' ? 'Subscription expired' : 'Payment expired',
      body: `Hello ${row.firstName}, ${lapsed}. ${after}`,
      link:
        outcome.subscription === 'expired'
          ? subscriptionLink(s.type, s.reference)
          : transactionLink(s.type, s.reference, trx.reference),
    })
    return {
      email: row.email,
      subject: `Your payment ${trx.reference} for ${s.reference} has expired`,
      lines: [
        `Hello ${row.firstName},`,
        '',
        `${lapsed[0].toUpperCase()}${lapsed.slice(1)}.`,
        after,
        '',
        next,
      ],
    }
  })
}
