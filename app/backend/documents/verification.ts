import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm'
import {
  CODE_PATTERN,
  DOCUMENT_KIND_LABELS,
  normaliseCode,
  type Verification,
} from '~/contract/verification'
import { monthRange } from '~/contract/commission-rules'
import { receiptTotals } from '~/contract/money'
import { allCommissions, serializeCommission } from '../commissions/service'
import { statementTotals } from '../commissions/statement'
import type { Executor } from '../db/client'
import { allocatedSince } from '../estates/allocation'
import { documentVerifications, subscriptions, transactions } from '../db/schema'
import { koboToNaira } from '../money'

/** The other half of the codes that ../verification-codes/issue.ts hands out: what a code asserts, and whether it still stands. */

type VerificationRow = typeof documentVerifications.$inferSelect
type Revocation = { at: Date | null; reason: string }

/** What the document with this code asserts, and whether it still stands; null for a code never issued. */
export async function verificationFacts(db: Executor, code: string): Promise<Verification | null> {
  const clean = normaliseCode(code)
  if (!CODE_PATTERN.test(clean)) return null
  const [row] = await db
    .select()
    .from(documentVerifications)
    .where(eq(documentVerifications.code, clean))
    .limit(1)
  if (!row) return null
  const revoked = await revocationOf(db, row)
  return {
    code: row.code,
    document_type: row.kind,
    document_label: DOCUMENT_KIND_LABELS[row.kind],
    issued_at: row.issuedAt.toISOString(),
    subscription_reference: row.subscriptionReference,
    amount: row.amount === null ? null : koboToNaira(row.amount),
    customer_name: row.customerName,
    issuer: row.issuer,
    status: revoked ? 'revoked' : 'valid',
    revoked_at: revoked?.at ? revoked.at.toISOString() : null,
    revoked_reason: revoked?.reason ?? null,
    allocation:
      row.kind === 'land_document' && !revoked && row.subscriptionId !== null
        ? await allocatedSince(db, row.subscriptionId)
        : null,
  }
}

const GONE = 'The records this document was issued from no longer exist'

async function revocationOf(db: Executor, row: VerificationRow): Promise<Revocation | null> {
  switch (row.kind) {
    case 'receipt':
      return receiptRevocation(db, row)
    case 'land_document':
      return landDocumentRevocation(db, row)
    case 'statement':
    case 'customer_statement':
      return statementRevocation(db, row)
    case 'commission_statement':
      return commissionStatementRevocation(db, row)
  }
}

async function subscriptionOf(db: Executor, id: number | null) {
  if (id === null) return null
  const [s] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1)
  return s ?? null
}

function endedSubscription(s: typeof subscriptions.$inferSelect): Revocation | null {
  if (s.status === 'cancelled')
    return { at: s.cancelledAt ?? s.updatedAt, reason: 'The subscription was cancelled' }
  if (s.status === 'expired')
    return { at: s.cancelledAt ?? s.updatedAt, reason: 'The subscription expired unpaid' }
  return null
}

/** A receipt stands while its payment is still marked paid on a subscription still in force. */
async function receiptRevocation(db: Executor, row: VerificationRow): Promise<Revocation | null> {
  if (row.transactionId === null) return { at: null, reason: GONE }
  const [trx] = await db
    .select()
    .from(transactions)
    .where(eq(transactions.id, row.transactionId))
    .limit(1)
  if (!trx) return { at: null, reason: GONE }
  if (trx.status !== 'paid')
    return { at: trx.markedAt, reason: 'The payment on this receipt is no longer confirmed' }
  const s = await subscriptionOf(db, trx.subscriptionId)
  return s ? endedSubscription(s) : { at: null, reason: GONE }
}

/** An allocation letter stands while its land stays fully paid. */
async function landDocumentRevocation(
  db: Executor,
  row: VerificationRow,
): Promise<Revocation | null> {
  const s = await subscriptionOf(db, row.subscriptionId)
  if (!s) return { at: null, reason: GONE }
  const ended = endedSubscription(s)
  if (ended) return ended
  if (s.status !== 'completed')
    return { at: s.updatedAt, reason: 'The land is no longer fully paid' }
  return null
}

/**
 * A statement tells the figures of its day. It stands while the payments it counted still stand:
 * the payments confirmed by its issue that are still paid add up to the total it printed.
 */
async function statementRevocation(db: Executor, row: VerificationRow): Promise<Revocation | null> {
  let ids: number[]
  if (row.kind === 'statement') {
    const s = await subscriptionOf(db, row.subscriptionId)
    if (!s) return { at: null, reason: GONE }
    const ended = endedSubscription(s)
    if (ended) return ended
    ids = [s.id]
  } else {
    if (row.userId === null) return { at: null, reason: GONE }
    const owned = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.userId, row.userId))
    ids = owned.map((s) => s.id)
  }
  if (row.amount === null || !ids.length) return null
  const paid = await db
    .select({
      id: transactions.id,
      amount: transactions.amount,
      markedAt: transactions.markedAt,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .where(and(inArray(transactions.subscriptionId, ids), eq(transactions.status, 'paid')))
  const { paidKobo } = receiptTotals(
    0,
    paid.map((p) => ({ id: p.id, kobo: p.amount, confirmedAt: p.markedAt ?? p.createdAt })),
    { id: Number.MAX_SAFE_INTEGER, confirmedAt: row.issuedAt },
  )
  if (paidKobo === row.amount) return null
  // The change came from a payment marked again after the statement was issued.
  const [changed] = await db
    .select({
      at: sql<Date | null>`max(${transactions.markedAt})`.mapWith((value) =>
        value ? new Date(value) : null,
      ),
    })
    .from(transactions)
    .where(
      and(
        inArray(transactions.subscriptionId, ids),
        ne(transactions.status, 'paid'),
        gt(transactions.markedAt, row.issuedAt),
      ),
    )
  return {
    at: changed?.at ?? null,
    reason: 'A payment this statement counts is no longer confirmed',
  }
}

/**
 * A realtor's commission statement tells one month's entries. It stands while the net of those not
 * void still adds up to what it printed: an entry voided since revokes it (paying one does not).
 */
async function commissionStatementRevocation(
  db: Executor,
  row: VerificationRow,
): Promise<Revocation | null> {
  const month = row.subject.split(':')[2] ?? ''
  const range = monthRange(month)
  if (row.userId === null || row.amount === null || !range) return { at: null, reason: GONE }
  const rows = await allCommissions(db, { realtorId: row.userId, from: range.from, to: range.to })
  if (statementTotals(rows.map(serializeCommission)).net === row.amount) return null
  const voided = rows
    .map(({ entry }) => entry.voidedAt)
    .filter((at): at is Date => at !== null && at > row.issuedAt)
  return {
    at: voided.length ? new Date(Math.max(...voided.map(Number))) : null,
    reason: 'A commission this statement counts was voided',
  }
}
