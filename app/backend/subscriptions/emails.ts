import { eq } from 'drizzle-orm'
import { receiptLink, subscriptionLink, transactionLink } from '~/contract/links'
import { appUrl } from '../config'
import type { Database } from '../db/client'
import { products, subscriptions, transactions, users } from '../db/schema'
import { sendNotice } from '../mail'
import { productName, subscriptionMessageColumns } from './queries'
import { formatKobo } from '~/contract/money'

/**
 * E-mails to a subscriber about their subscription, sent once what they report is committed. A
 * mail past the address's cap, or one the transport fails to send, is logged and dropped: the
 * change it reports stands, and the notification carries the same news.
 */
async function mailQuietly(db: Database, to: string, subject: string, lines: string[]) {
  try {
    await sendNotice(db, { to, subject, text: lines.join('\n') })
  } catch (error) {
    console.error(`E-mail "${subject}" failed:`, error)
  }
}

async function subscriptionFacts(db: Database, subscriptionId: number) {
  const [row] = await db
    .select({ ...subscriptionMessageColumns, type: subscriptions.type, lastName: users.lastName })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .where(eq(subscriptions.id, subscriptionId))
    .limit(1)
  return row ?? null
}

/** "Your subscription … has been made": what to pay first and where to send the proof. */
export async function mailSubscriptionMade(db: Database, subscriptionId: number) {
  const s = await subscriptionFacts(db, subscriptionId)
  if (!s) return
  const what = `${s.reference} (${productName(s.product)})`
  await mailQuietly(db, s.email, `Your subscription ${s.reference} has been made`, [
    `Hello ${s.firstName},`,
    '',
    `Your subscription ${what} has been made.`,
    `Pay ${formatKobo(s.amount ?? 0)} by bank transfer and upload the proof of payment to start it:`,
    `${appUrl()}${subscriptionLink(s.type, s.reference)}`,
    '',
    'Unpaid subscriptions expire after a few days, and what they hold goes back on sale.',
  ])
}

/** A payment staff marked: confirmed (with the receipt's link) or not confirmed (with their reason). */
export async function mailPaymentMarked(db: Database, transactionId: number) {
  const [trx] = await db
    .select()
    .from(transactions)
    .where(eq(transactions.id, transactionId))
    .limit(1)
  if (!trx || (trx.status !== 'paid' && trx.status !== 'not_confirmed')) return
  const s = await subscriptionFacts(db, trx.subscriptionId)
  if (!s) return
  const amount = formatKobo(trx.amount)
  const what = `${s.reference} (${productName(s.product)})`
  if (trx.status === 'paid') {
    await mailQuietly(db, s.email, `Payment confirmed for ${s.reference}`, [
      `Hello ${s.firstName},`,
      '',
      `Your payment of ${amount} for ${what} (${trx.reference}) has been confirmed.`,
      `Download your receipt: ${appUrl()}${receiptLink(s.type, s.reference, trx.reference)}`,
      '',
      'Thank you.',
    ])
    return
  }
  await mailQuietly(db, s.email, `Payment not confirmed for ${s.reference}`, [
    `Hello ${s.firstName},`,
    '',
    `Your payment of ${amount} for ${what} (${trx.reference}) could not be confirmed.`,
    `The reason given: ${trx.notConfirmedReason ?? 'none given'}`,
    '',
    `Check the details and send the proof again: ${appUrl()}${transactionLink(s.type, s.reference, trx.reference)}`,
  ])
}
