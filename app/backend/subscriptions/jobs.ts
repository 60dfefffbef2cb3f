import { and, eq, gt, gte, inArray, lte } from 'drizzle-orm'
import { formatDate } from '~/contract/format'
import { subscriptionLink } from '~/contract/links'
import { appUrl, getConfig } from '../config'
import type { Database } from '../db/client'
import { products, sentReminders, settings, subscriptions, users } from '../db/schema'
import { sendMail } from '../mail'
import { notify } from '../notifications/service'
import { addInterval, todayIn } from '../dates/calendar'
import { expireHeldStock } from './expiry'
import { refreshPayoutStatuses } from '../payout-ledger/ledger'
import { applyDefaultActions, chargeLateFees, sendArrearsReminders } from './arrears'
import { productName, subscriptionMessageColumns } from './queries'
import { formatKobo } from '~/contract/money'

const DEFAULT_REMINDER_DAYS = 3

export async function reminderDays(db: Database) {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, 'subscription_due_reminder_day'))
    .limit(1)
  const days = Number((row?.value as { value?: unknown } | undefined)?.value)
  return Number.isInteger(days) && days >= 0 && days <= 366 ? days : DEFAULT_REMINDER_DAYS
}

/**
 * Reminds subscribers (notification and e-mail) of a land payment due within the next
 * subscription_due_reminder_day days: once per subscription and due date, whatever how often this
 * runs, and a missed day is caught up. A first payment due the day the subscription was made is
 * not reminded: the subscriber just saw it.
 */
export async function sendDueReminders(db: Database, now: Date) {
  const timeZone = getConfig().APP_TIME_ZONE
  const today = todayIn(timeZone, now)
  const until = addInterval(today, await reminderDays(db), 'days')
  const due = await db
    .select({
      ...subscriptionMessageColumns,
      dueDate: subscriptions.nextPaymentDate,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .where(
      and(
        eq(subscriptions.type, 'land'),
        inArray(subscriptions.status, ['awaiting_payment', 'ongoing']),
        gt(subscriptions.nextPaymentAmount, 0),
        gte(subscriptions.nextPaymentDate, today),
        lte(subscriptions.nextPaymentDate, until),
        eq(users.isSuspended, false),
      ),
    )
  let sent = 0
  for (const row of due) {
    if (!row.dueDate || row.dueDate <= todayIn(timeZone, row.createdAt)) continue
    const [claimed] = await db
      .insert(sentReminders)
      .values({ subscriptionId: row.id, dueDate: row.dueDate, sentAt: now })
      .onConflictDoNothing()
      .returning({ id: sentReminders.subscriptionId })
    if (!claimed) continue
    const amount = formatKobo(row.amount ?? 0)
    const date = formatDate(row.dueDate)
    const what = `your payment of ${amount} for ${row.reference} (${productName(row.product)}) is due on ${date}`
    await notify(db, row.userId, {
      title: 'Payment due reminder',
      body: `Hello ${row.firstName}, ${what}.`,
      link: subscriptionLink('land', row.reference),
    })
    try {
      await sendMail(db, {
        to: row.email,
        subject: `Payment reminder: ${row.reference} is due on ${date}`,
        text: [
          `Hello ${row.firstName},`,
          '',
          `This is a reminder that ${what}.`,
          `Use ${row.reference} as the narration of your transfer, then upload your proof of payment at ${appUrl()}/subscriptions`,
          '',
          'If you have already paid, please ignore this e-mail.',
        ].join('\n'),
      })
    } catch (error) {
      console.error(`Reminder e-mail for ${row.reference} failed:`, error)
    }
    sent += 1
  }
  return sent
}

/** The subscription jobs, in the order the daily run takes them. */
export const subscriptionJobs = [
  // Payouts are never settled by the clock: the job only moves them between scheduled, due and late.
  {
    name: 'payout-statuses',
    run: (db: Database, now: Date) => refreshPayoutStatuses(db, now).then(() => {}),
  },
  // Unpaid subscriptions, then payments left unconfirmed: either way the stock they hold goes back on sale.
  {
    name: 'expire-unpaid-subscriptions',
    run: (db: Database, now: Date) => expireHeldStock(db, now).then(() => {}),
  },
  {
    name: 'subscription-due-reminders',
    run: (db: Database, now: Date) => sendDueReminders(db, now).then(() => {}),
  },
  // Late payment: fees first, so a reminder states the fee charged today; the default action last.
  { name: 'late-fees', run: (db: Database, now: Date) => chargeLateFees(db, now).then(() => {}) },
  {
    name: 'arrears-reminders',
    run: (db: Database, now: Date) => sendArrearsReminders(db, now).then(() => {}),
  },
  {
    name: 'default-actions',
    run: (db: Database, now: Date) => applyDefaultActions(db, now).then(() => {}),
  },
]
