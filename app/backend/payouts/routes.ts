import { and, eq } from 'drizzle-orm'
import { endpoints } from '~/contract/endpoints'
import { PAGE_SIZE } from '~/contract/envelope'
import { PAYOUTS_RECORDED } from '~/contract/payouts'
import { subscriptions } from '../db/schema'
import { paginated, type ApiUser } from '../http/context'
import { notFound } from '../http/errors'
import { implement, type HandlerTable } from '../http/router'
import type { Executor } from '../db/client'
import { findVisibleSubscription } from '../subscriptions/queries'
import { csvStream, decimalAmount, exportFilename } from '../csv'
import { seesEveryLedger } from './access'
import { ledgerOf, listPayouts, markPayoutsPaid, payoutsAfter, payoutSummary } from './service'
import { koboToNaira, koboOf } from '~/contract/money'

/** The subscription a ledger belongs to: one the caller may see, or any investment for staff who record payouts. */
async function ledgerSubscription(db: Executor, user: ApiUser, reference: string) {
  if (seesEveryLedger(user)) {
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

const summary = implement(endpoints.payoutSummary, async ({ db, user }) => ({
  data: await payoutSummary(db, user.id),
}))

const PAYOUT_CSV_HEADER = [
  'id',
  'subscription_reference',
  'product',
  'investor',
  'investor_email',
  'sequence',
  'due_date',
  'amount',
  'principal',
  'status',
  'days_late',
  'paid_at',
  'bank_reference',
  'recorded_by',
  'paid_to_bank',
  'paid_to_account_number',
  'paid_to_account_name',
]

const list = implement(
  endpoints.payoutList,
  async ({ db, query: { page = 1, format, ...filters } }) => {
    if (format === 'csv') {
      let after: number | null = null
      return csvStream(exportFilename('payouts'), PAYOUT_CSV_HEADER, async (_offset, limit) => {
        const { items, next } = await payoutsAfter(db, filters, after, limit)
        after = next
        return items.map((p) => [
          p.id,
          p.subscription_reference,
          p.product_reference,
          p.investor.name,
          p.investor.email,
          p.sequence,
          p.due_date,
          decimalAmount(koboOf(p.amount)),
          decimalAmount(koboOf(p.principal)),
          p.status,
          p.days_late,
          p.paid_at,
          p.bank_reference,
          p.recorded_by,
          p.paid_to?.bank_name ?? null,
          p.paid_to?.account_number ?? null,
          p.paid_to?.account_name ?? null,
        ])
      })
    }
    const { items, total, amountKobo } = await listPayouts(db, { page, ...filters }, PAGE_SIZE)
    return {
      data: {
        ...paginated(items, page, total),
        total_amount: koboToNaira(amountKobo),
        total_count: total,
      },
    }
  },
)

const markPaid = implement(endpoints.payoutMarkPaid, async ({ db, user, body }) => {
  const marked = await markPayoutsPaid(db, body, user)
  return { message: PAYOUTS_RECORDED(marked.length), data: marked }
})

export const payoutsHandlers = {
  payoutLedger: ledger,
  payoutSummary: summary,
  payoutList: list,
  payoutMarkPaid: markPaid,
} satisfies HandlerTable
