import crypto from 'node:crypto'
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm'
import {
  codeFromBytes,
  CODE_LENGTH,
  CODE_PATTERN,
  DOCUMENT_KIND_LABELS,
  maskName,
  normaliseCode,
  type DocumentKind,
  type Verification,
} from '~/contract/verification'
import { monthRange } from '~/contract/commission-rules'
import { receiptTotals } from '~/contract/money'
import { allCommissions, serializeCommission } from '../commissions/service'
import { statementTotals } from '../commissions/statement'
import { appUrl } from '../config'
import type { Executor } from '../db/client'
import { documentVerifications, subscriptions, transactions } from '../db/schema'
import { koboToNaira } from '../money'

/**
 * Verification codes for issued documents (rules: docs/rules.md, "Verifiable documents").
 *
 *   const mark = await issueVerification(db, { kind: 'receipt', subject: `receipt:${trx.id}`, … })
 *   // draw it on the PDF: drawVerificationMark(doc, mark) (../pdf/verification-mark.ts)
 *   const facts = await verificationFacts(db, code) // null for an unknown code
 */

export type VerificationInput = {
  kind: DocumentKind
  /**
   * Names the document, so issuing it again reuses its code: e.g. `receipt:<transaction id>`. A
   * document whose figures change (a statement) puts them in its subject, so new figures get a new code.
   */
  subject: string
  customer: { firstName: string; lastName: string }
  /** The company's name as the document prints it. */
  issuer: string
  subscriptionReference?: string | null
  /** What the document asserts in money: a receipt's amount, a statement's total paid. */
  amountKobo?: number | null
  /** When the document was first issued; now unless the document carries its own date (a receipt: its confirmation). */
  issuedAt?: Date
  /** Its sources, from which a lookup works out whether it still stands. */
  subscriptionId?: number | null
  transactionId?: number | null
  userId?: number | null
}

/** What a PDF prints: the code, the address its QR code holds, and the date the document was first issued. */
export type VerificationMark = { code: string; url: string; issuedAt: Date }

export function newVerificationCode(): string {
  return codeFromBytes(crypto.randomBytes(CODE_LENGTH))
}

export function verificationUrl(code: string): string {
  return `${appUrl()}/verify/${code}`
}

/** The document's code: the one it was first issued with, or a new random one. */
export async function issueVerification(db: Executor, input: VerificationInput): Promise<VerificationMark> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await bySubject(db, input.subject)
    if (existing) return toMark(existing)
    // A parallel first issue of the same document, or (1 in 10^18) a code already taken: both
    // insert nothing; the next round finds the document's code or draws a new one.
    await db
      .insert(documentVerifications)
      .values({
        code: newVerificationCode(),
        kind: input.kind,
        subject: input.subject,
        issuedAt: input.issuedAt ?? new Date(),
        subscriptionReference: input.subscriptionReference ?? null,
        amount: input.amountKobo ?? null,
        customerName: maskName(input.customer.firstName, input.customer.lastName),
        issuer: input.issuer,
        subscriptionId: input.subscriptionId ?? null,
        transactionId: input.transactionId ?? null,
        userId: input.userId ?? null,
      })
      .onConflictDoNothing()
  }
  throw new Error(`Could not issue a verification code for ${input.subject}`)
}

async function bySubject(db: Executor, subject: string) {
  const [row] = await db.select().from(documentVerifications).where(eq(documentVerifications.subject, subject)).limit(1)
  return row
}

const toMark = (row: VerificationRow): VerificationMark => ({ code: row.code, url: verificationUrl(row.code), issuedAt: row.issuedAt })

type VerificationRow = typeof documentVerifications.$inferSelect
type Revocation = { at: Date | null; reason: string }

/** What the document with this code asserts, and whether it still stands; null for a code never issued. */
export async function verificationFacts(db: Executor, code: string): Promise<Verification | null> {
  const clean = normaliseCode(code)
  if (!CODE_PATTERN.test(clean)) return null
  const [row] = await db.select().from(documentVerifications).where(eq(documentVerifications.code, clean)).limit(1)
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
  if (s.status === 'cancelled') return { at: s.cancelledAt ?? s.updatedAt, reason: 'The subscription was cancelled' }
  if (s.status === 'expired') return { at: s.cancelledAt ?? s.updatedAt, reason: 'The subscription expired unpaid' }
  return null
}

/** A receipt stands while its payment is still marked paid on a subscription still in force. */
async function receiptRevocation(db: Executor, row: VerificationRow): Promise<Revocation | null> {
  if (row.transactionId === null) return { at: null, reason: GONE }
  const [trx] = await db.select().from(transactions).where(eq(transactions.id, row.transactionId)).limit(1)
  if (!trx) return { at: null, reason: GONE }
  if (trx.status !== 'paid') return { at: trx.markedAt, reason: 'The payment on this receipt is no longer confirmed' }
  const s = await subscriptionOf(db, trx.subscriptionId)
  return s ? endedSubscription(s) : { at: null, reason: GONE }
}

/** An allocation letter stands while its land stays fully paid. */
async function landDocumentRevocation(db: Executor, row: VerificationRow): Promise<Revocation | null> {
  const s = await subscriptionOf(db, row.subscriptionId)
  if (!s) return { at: null, reason: GONE }
  const ended = endedSubscription(s)
  if (ended) return ended
  if (s.status !== 'completed') return { at: s.updatedAt, reason: 'The land is no longer fully paid' }
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
    const owned = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, row.userId))
    ids = owned.map((s) => s.id)
  }
  if (row.amount === null || !ids.length) return null
  const paid = await db
    .select({ id: transactions.id, amount: transactions.amount, markedAt: transactions.markedAt, createdAt: transactions.createdAt })
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
    .select({ at: sql<Date | null>`max(${transactions.markedAt})`.mapWith((value) => (value ? new Date(value) : null)) })
    .from(transactions)
    .where(and(inArray(transactions.subscriptionId, ids), ne(transactions.status, 'paid'), gt(transactions.markedAt, row.issuedAt)))
  return { at: changed?.at ?? null, reason: 'A payment this statement counts is no longer confirmed' }
}

/**
 * A realtor's commission statement tells one month's entries. It stands while the net of those not
 * void still adds up to what it printed: an entry voided since revokes it (paying one does not).
 */
async function commissionStatementRevocation(db: Executor, row: VerificationRow): Promise<Revocation | null> {
  const month = row.subject.split(':')[2] ?? ''
  const range = monthRange(month)
  if (row.userId === null || row.amount === null || !range) return { at: null, reason: GONE }
  const rows = await allCommissions(db, { realtorId: row.userId, from: range.from, to: range.to })
  if (statementTotals(rows.map(serializeCommission)).net === row.amount) return null
  const voided = rows.map(({ entry }) => entry.voidedAt).filter((at): at is Date => at !== null && at > row.issuedAt)
  return { at: voided.length ? new Date(Math.max(...voided.map(Number))) : null, reason: 'A commission this statement counts was voided' }
}
