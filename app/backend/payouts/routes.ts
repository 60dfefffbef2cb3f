import { and, eq } from 'drizzle-orm'
import { endpoints } from '~/contract/endpoints'
import { PAGE_SIZE } from '~/contract/envelope'
import { hasPermission, isStaff } from '~/contract/permissions'
import { PAYOUTS_RECORDED } from '~/contract/payouts'
import { subscriptions } from '../db/schema'
import { paginated, type ApiUser } from '../http/context'
import { notFound } from '../http/errors'
import { implement } from '../http/router'
import type { Executor } from '../db/client'
import { findVisibleSubscription } from '../subscriptions/queries'
import { ledgerOf, listPayouts, markPayoutsPaid, payoutSummary } from './service'

/** The subscription a ledger belongs to: one the caller may see, or any investment for staff who record payouts. */
async function ledgerSubscription(db: Executor, user: ApiUser, reference: string) {
  if (isStaff(user) && hasPermission(user, 'can_record_payout')) {
    const [row] = await db
      .select({ id: subscriptions.id, type: subscriptions.type })
      .from(subscriptions)
      .where(and(eq(subscriptions.reference, reference.trim().toUpperCase())))
      .limit(1)
    if (!row) throw notFound('Subscription not found')
    return row
  }
  const row = await findVisibleSubscription(db, user, reference)
  return { id: row.subscription.id, type: row.subscription.type }
}

const ledger = implement(endpoints.payoutLedger, async ({ db, user, params }) => {
  const s = await ledgerSubscription(db, user, params.reference)
  return { data: s.type === 'land_investment' ? await ledgerOf(db, s.id) : [] }
})

const summary = implement(endpoints.payoutSummary, async ({ db, user }) => ({ data: await payoutSummary(db, user.id) }))

const list = implement(endpoints.payoutList, async ({ db, query: { page = 1, ...filters } }) => {
  const { items, total, amountKobo } = await listPayouts(db, { page, ...filters }, PAGE_SIZE)
  return { data: { ...paginated(items, page, total), total_amount: amountKobo / 100, total_count: total } }
})

const markPaid = implement(endpoints.payoutMarkPaid, async ({ db, user, body }) => {
  const marked = await markPayoutsPaid(db, body, user)
  return { message: PAYOUTS_RECORDED(marked.length), data: marked }
})

export const payoutsRoutes = [ledger, summary, list, markPaid]
