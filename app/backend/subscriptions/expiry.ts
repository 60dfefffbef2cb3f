import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm'
import { formatDate, formatNaira } from '~/contract/format'
import { subscriptionLink } from '~/contract/links'
import { appUrl, getConfig } from '../config'
import type { Database } from '../db/client'
import { products, subscriptions, users } from '../db/schema'
import { sendMail } from '../mail'
import { koboToNaira } from '../money'
import { notify } from '../notifications/service'
import { getExpiryDays } from '../settings/service'
import { addInterval, todayIn } from './plans'
import { productName, subscriptionMessageColumns } from './queries'
import { recordAudit } from '../audit/record'
import { relatedTo, subscriptionRefs } from './audit'

/**
 * Unpaid subscriptions: awaiting_payment with nothing paid (no payment waiting for confirmation
 * either: that moves the status on). They hold a unit of stock, so after the expiry days setting
 * they expire: the unit goes back on sale. The subscriber is told the day before and when it happens.
 */

/** The date (in the app's time zone) an unpaid subscription made at `createdAt` expires on. */
export function expiryDate(createdAt: Date, days: number, timeZone: string) {
  return addInterval(todayIn(timeZone, createdAt), days, 'days')
}

type Unpaid = {
  id: number
  reference: string
  createdAt: Date
  amount: number | null
  warnedAt: Date | null
  userId: number
  email: string
  firstName: string
  product: { name: string; reference: string; location: string | null; type: 'land' | 'land_investment' }
}

async function mailQuietly(db: Database, to: string, subject: string, lines: string[]) {
  try {
    await sendMail(db, { to, subject, text: lines.join('\n') })
  } catch (error) {
    console.error(`E-mail "${subject}" failed:`, error)
  }
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
    const expiresOn = expiryDate(row.createdAt, days, timeZone)
    const what = `${row.reference} (${productName(row.product)})`
    if (expiresOn <= today) {
      if (!(await expireOne(db, row.id, now, days))) continue
      expired += 1
      const body = `Hello ${row.firstName}, your subscription ${what} was not paid within ${days} days and has expired. Subscribe again when you are ready to pay.`
      await notify(db, row.userId, { title: 'Subscription expired', body, link: subscriptionLink(row.product.type, row.reference) })
      await mailQuietly(db, row.email, `Your subscription ${row.reference} has expired`, [
        `Hello ${row.firstName},`,
        '',
        `Your subscription ${what} was not paid within ${days} days, so it has expired and what it held is back on sale.`,
        `Subscribe again at ${appUrl()}/subscriptions when you are ready to pay.`,
      ])
    } else if (addInterval(expiresOn, -1, 'days') <= today && !row.warnedAt) {
      const [claimed] = await db
        .update(subscriptions)
        .set({ expiryWarnedAt: now })
        .where(and(eq(subscriptions.id, row.id), isNull(subscriptions.expiryWarnedAt), eq(subscriptions.status, 'awaiting_payment')))
        .returning({ id: subscriptions.id })
      if (!claimed) continue
      warned += 1
      const date = formatDate(expiresOn)
      const amount = formatNaira(koboToNaira(row.amount ?? 0))
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
    const [s] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update').limit(1)
    if (!s || s.status !== 'awaiting_payment' || s.totalAmountPaid !== 0) return false
    await tx
      .update(subscriptions)
      .set({ status: 'expired', cancelledAt: now, nextPaymentAmount: null, nextPaymentDate: null, updatedAt: now })
      .where(eq(subscriptions.id, s.id))
    await tx
      .update(products)
      .set({ unitAvailable: sql`${products.unitAvailable} + ${s.quantity}`, isAvailable: true, updatedAt: now })
      .where(and(eq(products.id, s.productId), eq(products.availableByQuantity, true)))
    const refs = await subscriptionRefs(tx, s.id)
    await recordAudit(tx, {
      action: 'subscription.expired',
      record: { type: 'subscription', reference: s.reference },
      related: relatedTo(refs),
      summary: `Cancelled unpaid subscription ${s.reference} of ${refs.customerName} (${refs.customer}): not paid within ${days} days`,
      changes: { status: { before: s.status, after: 'expired' } },
    })
    return true
  })
}
