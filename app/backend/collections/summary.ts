import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm'
import {
  type CollectionsSummary,
  type Delivery,
  type DeliveryStatus,
  type PaymentProvider,
} from '~/contract/collections'
import { getConfig } from '../config'
import { addInterval, todayIn } from '../dates/calendar'
import type { Executor } from '../db/client'
import { providerDeliveries, providerReceipts, transactions } from '../db/schema'
import { koboToNaira } from '../money'
import { configuredProvider } from '../payment-provider'
import { creditTotals } from './credits'

/** Collections: the money the providers brought in, by Lagos day, and what waits for staff. */

const DEFAULT_DAYS = 30

export async function collectionsSummary(
  db: Executor,
  filters: { from?: string; to?: string; provider?: PaymentProvider },
): Promise<CollectionsSummary> {
  const timeZone = getConfig().APP_TIME_ZONE
  const to = filters.to ?? todayIn(timeZone)
  const from = filters.from ?? addInterval(to, -(DEFAULT_DAYS - 1), 'days')
  const day = sql<string>`(${providerReceipts.paidAt} at time zone ${timeZone})::date`
  const where = and(
    gte(day, from),
    lte(day, to),
    filters.provider ? eq(providerReceipts.provider, filters.provider) : undefined,
  )
  const [days, totals, deliveries] = await Promise.all([
    db
      .select({
        date: sql<string>`${day}::text`,
        provider: providerReceipts.provider,
        count: count(),
        paid: sql<number>`coalesce(sum(${providerReceipts.amountPaid}), 0)`.mapWith(Number),
        settled: sql<number>`coalesce(sum(${providerReceipts.amountSettled}), 0)`.mapWith(Number),
        payments: sql<number>`count(${providerReceipts.transactionId})`.mapWith(Number),
        credits:
          sql<number>`count(*) filter (where exists (select 1 from credits c where c.receipt_id = provider_receipts.id and c.parent_id is null))`.mapWith(
            Number,
          ),
      })
      .from(providerReceipts)
      .where(where)
      // By position: the day's expression carries the time zone as a parameter, which differs each time it is written.
      .groupBy(sql`1`, sql`2`)
      .orderBy(sql`1 desc`, sql`2`),
    creditTotals(db),
    db
      .select({ status: providerDeliveries.status, total: count() })
      .from(providerDeliveries)
      .where(
        sql`${providerDeliveries.status} in ('failed', 'rejected', 'received')${
          filters.provider ? sql` and ${providerDeliveries.provider} = ${filters.provider}` : sql``
        }`,
      )
      .groupBy(providerDeliveries.status),
  ])
  const deliveriesBy = (status: DeliveryStatus) =>
    Number(deliveries.find((row) => row.status === status)?.total ?? 0)
  const rows = days.map((row) => ({
    date: row.date,
    provider: row.provider,
    count: Number(row.count),
    amount_paid: koboToNaira(row.paid),
    amount_settled: koboToNaira(row.settled),
    fees: koboToNaira(row.paid - row.settled),
    paid_payments: row.payments,
    credits: row.credits,
  }))
  const paid = days.reduce((sum, row) => sum + row.paid, 0)
  const settled = days.reduce((sum, row) => sum + row.settled, 0)
  return {
    provider: configuredProvider(),
    from,
    to,
    days: rows,
    totals: {
      count: days.reduce((sum, row) => sum + Number(row.count), 0),
      amount_paid: koboToNaira(paid),
      amount_settled: koboToNaira(settled),
      fees: koboToNaira(paid - settled),
    },
    open_credits: { count: totals.openCount, amount: koboToNaira(totals.openAmount) },
    pending_credits: { count: totals.pendingCount, amount: koboToNaira(totals.pendingAmount) },
    failed_deliveries: deliveriesBy('failed'),
    rejected_deliveries: deliveriesBy('rejected'),
    waiting_deliveries: deliveriesBy('received'),
  }
}

/** The inbox, newest first. */
export async function listDeliveries(
  db: Executor,
  filters: { status?: DeliveryStatus; provider?: PaymentProvider; page: number },
  pageSize: number,
) {
  const where = and(
    filters.status ? eq(providerDeliveries.status, filters.status) : undefined,
    filters.provider ? eq(providerDeliveries.provider, filters.provider) : undefined,
  )
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        delivery: providerDeliveries,
        transactionReference: transactions.reference,
        creditReference: sql<
          string | null
        >`(select c.reference from credits c where c.receipt_id = provider_deliveries.receipt_id and c.parent_id is null limit 1)`,
      })
      .from(providerDeliveries)
      .leftJoin(providerReceipts, eq(providerReceipts.id, providerDeliveries.receiptId))
      .leftJoin(transactions, eq(transactions.id, providerReceipts.transactionId))
      .where(where)
      .orderBy(desc(providerDeliveries.receivedAt), desc(providerDeliveries.id))
      .limit(pageSize)
      .offset((filters.page - 1) * pageSize),
    db.select({ total: count() }).from(providerDeliveries).where(where),
  ])
  const items: Delivery[] = rows.map(({ delivery: d, transactionReference, creditReference }) => ({
    id: String(d.id),
    provider: d.provider,
    event_type: d.eventType,
    status: d.status,
    signature_valid: d.signatureValid,
    provider_reference: d.providerReference,
    amount: d.amount === null ? null : koboToNaira(d.amount),
    attempts: d.attempts,
    error: d.error,
    client_ip: d.clientIp,
    received_at: d.receivedAt.toISOString(),
    processed_at: d.processedAt ? d.processedAt.toISOString() : null,
    transaction_reference: transactionReference,
    credit_reference: creditReference,
  }))
  return { items, total: Number(total) }
}
