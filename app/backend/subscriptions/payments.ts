import { and, count, desc, eq, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import {
  NOT_CONFIRMED_REASON_REQUIRED,
  type BankDetails,
  type Transaction,
} from '~/contract/subscriptions'
import { receiptLink, subscriptionLink, transactionLink } from '~/contract/links'
import { paymentChoices, type PaymentChoice, formatKobo } from '~/contract/money'
import { planPaymentWords } from '~/contract/payment-description'
import { lacksCredit, statementSupport, type StatementCredit } from '~/contract/statement-support'
import { hasPermission } from '~/contract/permissions'
import { earnCommissions } from '../commissions/service'
import type { Database, Executor } from '../db/client'
import {
  files,
  scheduleEntries,
  settings,
  statementImports,
  statementLines,
  subscriptions,
  transactions,
  users,
} from '../db/schema'
import type { ApiUser } from '../http/context'
import { conflict, fieldError, refusedField, forbidden, notFound } from '../http/errors'
import { koboToNaira } from '../money'
import { notify, notifyStaffWith } from '../notifications/service'
import { newReference } from '../references'
import { startInvestment } from '../payout-ledger/ledger'
import { fileUrl } from './access'
import { arrearsFor, owedAmounts, settleOldestFirst } from './arrears'
import { mailPaymentMarked } from './emails'
import {
  iso,
  lockSubscription,
  productName,
  scheduleOf,
  type ListRow,
  type SubscriptionRow,
  type TransactionRow,
} from './queries'
import { today } from './service'
import { changesBetween, recordAudit } from '../audit/record'
import { paymentCreatedChanges, relatedTo, subscriptionRefs } from './audit'

/** Paying: the payment details, transactions with proof, staff marking them, and what a confirmed payment moves. */

/** Whether a payment can be made now: awaiting payment, or a land plan with instalments left. */
export function isPayable(s: SubscriptionRow) {
  if (s.status === 'awaiting_payment') return true
  return s.status === 'ongoing' && s.type === 'land' && s.totalAmountPaid < s.totalAmount
}

export const NOT_PAYABLE = 'This subscription is not awaiting a payment'

export async function bankDetails(db: Executor): Promise<BankDetails> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, 'bank_details'))
    .limit(1)
  const value = (row?.value ?? {}) as Partial<BankDetails>
  return {
    account_number: String(value.account_number ?? ''),
    account_name: String(value.account_name ?? ''),
    bank_name: String(value.bank_name ?? ''),
  }
}

/**
 * The amounts a payment on this subscription may be (contract/money.ts paymentChoices): the land's
 * payment rows in order; an investment, or anything without rows, is paid in one amount.
 */
export async function paymentChoicesOf(db: Executor, s: SubscriptionRow): Promise<PaymentChoice[]> {
  // Late fees take their place among the rows, oldest first (see arrears.ts).
  const entries = s.type === 'land' ? await owedAmounts(db, s.id) : []
  // What is overdue is a choice too, as of today in the business's time zone.
  const arrears = (await arrearsFor(db, [s], today())).get(s.id)
  return paymentChoices(
    entries.length ? entries : [s.totalAmount],
    s.totalAmountPaid,
    s.totalAmount,
    arrears?.overdueParts ?? null,
  )
}

/** The refusal of a payment whose amount is not one of the choices, naming them. */
export function paymentChoiceRefusal(choices: readonly PaymentChoice[]) {
  const amounts = choices.map((choice) => formatKobo(choice.amountKobo))
  if (amounts.length === 1) return `Amount must be ${amounts[0]}, the full amount`
  return `Amount must be the next instalment or several instalments: one of ${amounts.slice(0, -1).join(', ')} or ${amounts[amounts.length - 1]}`
}

/**
 * What a payment is for, as its description and the bank narration say it: words that follow the
 * amount paid (contract/payment-description.ts), or the next payment's when no amount is given.
 */
export async function paymentDescription(db: Executor, row: ListRow, amountKobo?: number) {
  const s = row.subscription
  if (s.type === 'land_investment') return `Investment in ${row.product.reference} (${s.reference})`
  if (s.paymentMode === 'full')
    return `Full payment for ${productName(row.product)} (${s.reference})`
  const entries = (await scheduleOf(db, s.id)).filter((entry) => entry.kind === 'payment')
  const next = entries.findIndex((entry) => !entry.settledAt)
  const choice =
    amountKobo === undefined
      ? null
      : ((await paymentChoicesOf(db, s)).find((option) => option.amountKobo === amountKobo) ?? null)
  const words = planPaymentWords({ next: Math.max(0, next), of: entries.length - 1, choice })
  return `${words} for ${productName(row.product)} (${s.reference})`
}

const transactionColumns = {
  transaction: transactions,
  proofName: files.name,
  ownerId: subscriptions.userId,
  /**
   * The statement credit behind it: the line matched, confirmed or linked to it, else an open
   * line ambiguous between it and another payment.
   */
  statementCredit: sql<StatementCredit | null>`(
    select json_build_object('amountKobo', ${statementLines.amount}, 'date', ${statementLines.date}, 'ambiguous', ${statementLines.transactionId} is null)
    from ${statementLines}
    where ${statementLines.transactionId} = ${transactions.id}
      or (${statementLines.status} = 'open' and ${statementLines.confidence} = 'ambiguous' and ${transactions.id} = any(${statementLines.candidateTransactionIds}))
    order by ${statementLines.transactionId} is null, ${statementLines.id}
    limit 1
  )`,
  /** Who recorded it, when someone other than its payer did (a member of staff), by name. */
  recordedByName: sql<string | null>`(
    select trim(${users.firstName} || ' ' || ${users.lastName}) from ${users}
    where ${users.id} = ${transactions.recordedById} and ${users.id} <> ${subscriptions.userId}
  )`,
  /**
   * The statement line it was recorded from (statement reference / line), when it has no proof of
   * its own: a payment made from a bank statement line names the line as its proof.
   */
  fromStatementLine: sql<string | null>`(
    select ${statementImports.reference} || '/' || ${statementLines.id} from ${statementLines}
    join ${statementImports} on ${statementImports.id} = ${statementLines.importId}
    where ${statementLines.transactionId} = ${transactions.id} and ${transactions.proofFileId} is null
    order by ${statementLines.id}
    limit 1
  )`,
  /** The last day of the latest bank statement imported, or null before any. */
  lastStatementDate: sql<
    string | null
  >`(select max(${statementImports.lastDate})::text from ${statementImports})`,
}

function transactionQuery(db: Executor) {
  return db
    .select(transactionColumns)
    .from(transactions)
    .innerJoin(subscriptions, eq(subscriptions.id, transactions.subscriptionId))
    .leftJoin(files, eq(files.id, transactions.proofFileId))
}

type TransactionJoin = {
  transaction: TransactionRow
  proofName: string | null
  ownerId: number
  statementCredit: StatementCredit | null
  recordedByName: string | null
  fromStatementLine: string | null
  lastStatementDate: string | null
}

/** What the imported bank statements say of the payment (statementSupport). */
function supportOf({ transaction: t, statementCredit, lastStatementDate }: TransactionJoin) {
  return statementSupport(
    {
      awaitingConfirmation: t.status === 'awaiting_confirmation',
      amountKobo: t.amount,
      paidOn: t.paidAt ? today(t.paidAt) : null,
    },
    statementCredit,
    lastStatementDate,
  )
}

/** "No matching credit on the statement": marking it paid needs the warning answered. */
export const lacksStatementCredit = (row: TransactionJoin) => lacksCredit(supportOf(row))

function statementWarning(row: TransactionJoin): Transaction['statement_warning'] {
  const support = supportOf(row)
  const credit = row.statementCredit
  if (!credit || (support !== 'amount_differs' && support !== 'ambiguous')) return null
  return { kind: support, credit_amount: koboToNaira(credit.amountKobo), credit_date: credit.date }
}

export const OWN_SUBSCRIPTION_CONFIRMATION =
  'You cannot confirm a payment on your own subscription: another member of staff must confirm it'
export const OWN_RECORDING_CONFIRMATION =
  'You cannot confirm a payment you recorded yourself: another member of staff must confirm it'

/**
 * Four eyes on money: why this user may not mark this transaction, or null when nothing personal
 * stands in the way. Nobody confirms a payment on their own subscription or one they recorded.
 */
export function selfConfirmationRefusal(
  viewer: { id: number },
  ownerId: number,
  recordedById: number | null,
) {
  if (ownerId === viewer.id) return OWN_SUBSCRIPTION_CONFIRMATION
  if (recordedById === viewer.id) return OWN_RECORDING_CONFIRMATION
  return null
}

export function serializeTransaction(row: TransactionJoin, viewer: ApiUser): Transaction {
  const { transaction: t, proofName, ownerId } = row
  return {
    uuid: t.uuid,
    reference: t.reference,
    amount: koboToNaira(t.amount),
    description: t.description,
    status: t.status,
    proof_of_payment: proofName ? fileUrl(proofName) : null,
    paid_at: iso(t.paidAt),
    created_at: t.createdAt.toISOString(),
    marked_at: iso(t.markedAt),
    recorded_by_staff: t.recordedById !== null && t.recordedById !== ownerId,
    // Staff see which of them recorded it; its payer sees only that staff did.
    recorded_by:
      viewer.role === 'customer' || viewer.role === 'realtor' ? null : row.recordedByName,
    from_statement_line: row.fromStatementLine,
    not_confirmed_reason: t.status === 'not_confirmed' ? t.notConfirmedReason : null,
    can_mark:
      t.status === 'awaiting_confirmation' &&
      hasPermission(viewer, 'can_verify_transaction') &&
      selfConfirmationRefusal(viewer, ownerId, t.recordedById) === null,
    no_statement_credit: lacksStatementCredit(row),
    statement_warning: statementWarning(row),
  }
}

export async function listTransactions(
  db: Executor,
  subscriptionId: number,
  viewer: ApiUser,
  page: number,
  pageSize: number,
) {
  const [rows, [{ total }]] = await Promise.all([
    transactionQuery(db)
      .where(eq(transactions.subscriptionId, subscriptionId))
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count() })
      .from(transactions)
      .where(eq(transactions.subscriptionId, subscriptionId)),
  ])
  return {
    items: (rows as TransactionJoin[]).map((row) => serializeTransaction(row, viewer)),
    total: Number(total),
  }
}

/** A batch of a subscription's transactions in the list's order, for its CSV export, with who recorded each. */
export async function transactionExportRows(
  db: Executor,
  subscriptionId: number,
  throughId: number,
  offset: number,
  limit: number,
) {
  return db
    .select({ ...transactionColumns, recordedBy: users.reference })
    .from(transactions)
    .innerJoin(subscriptions, eq(subscriptions.id, transactions.subscriptionId))
    .leftJoin(files, eq(files.id, transactions.proofFileId))
    .leftJoin(users, eq(users.id, transactions.recordedById))
    .where(and(eq(transactions.subscriptionId, subscriptionId), lte(transactions.id, throughId)))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit)
    .offset(offset)
}

/** The highest transaction id now, where an export's rows stop (a payment sent meanwhile shifts no batch). */
export async function lastTransactionId(db: Executor) {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${transactions.id}), 0)`.mapWith(Number) })
    .from(transactions)
  return row.id
}

export async function findTransaction(db: Executor, where: SQL) {
  const [row] = await transactionQuery(db).where(where).limit(1)
  return (row as TransactionJoin | undefined) ?? null
}

export type RecordPayment = {
  subscription: ListRow
  actor: ApiUser
  amount: number
  description: string
  proofFileId: number
  paidAt: Date
}

export const PROOF_ALREADY_ATTACHED = 'This file is already attached to another payment'

/**
 * A proof belongs to one payment: the file, or the same image uploaded again, may not prove a
 * second payment while the first stands (awaiting confirmation or paid). A payment staff marked not
 * confirmed frees its proof, so the payer may send the same transfer again.
 */
async function assertProofUnused(tx: Executor, fileId: number) {
  // Locking the file makes two payments racing with the same file take turns.
  const [file] = await tx
    .select({ sha: files.contentSha256 })
    .from(files)
    .where(eq(files.id, fileId))
    .for('update')
    .limit(1)
  const sameFile = eq(transactions.proofFileId, fileId)
  const [used] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .innerJoin(files, eq(files.id, transactions.proofFileId))
    .where(
      and(
        file?.sha ? or(sameFile, eq(files.contentSha256, file.sha)) : sameFile,
        ne(transactions.status, 'not_confirmed'),
      ),
    )
    .limit(1)
  if (used) throw refusedField('proof_of_payment', PROOF_ALREADY_ATTACHED)
}

/** A payment with proof: a transaction awaiting confirmation, the subscription awaiting_payment_confirmation. */
export async function recordPayment(db: Database, input: RecordPayment) {
  return db.transaction(async (tx) => {
    const s = await lockSubscription(tx, input.subscription.subscription.id)
    if (!isPayable(s)) throw conflict(NOT_PAYABLE)
    await assertProofUnused(tx, input.proofFileId)
    const now = new Date()
    const [created] = await tx
      .insert(transactions)
      .values({
        reference: newReference('TRX'),
        subscriptionId: s.id,
        amount: input.amount,
        description: input.description,
        status: 'awaiting_confirmation',
        proofFileId: input.proofFileId,
        paidAt: input.paidAt,
        recordedById: input.actor.id,
        createdAt: now,
      })
      .returning()
    await tx
      .update(subscriptions)
      .set({ status: 'awaiting_payment_confirmation', updatedAt: now })
      .where(eq(subscriptions.id, s.id))
    const owner = input.subscription.owner
    const ownerName = `${owner.firstName} ${owner.lastName}`
    const amount = formatKobo(input.amount)
    const byStaff = input.actor.id !== owner.id
    const refs = await subscriptionRefs(tx, s.id)
    await recordAudit(tx, {
      action: byStaff ? 'transaction.recorded' : 'transaction.submitted',
      record: { type: 'transaction', reference: created.reference },
      related: relatedTo(refs),
      summary: byStaff
        ? `Recorded payment ${created.reference} of ${amount} for ${ownerName} (${refs.customer}) on ${s.reference}`
        : `Sent proof of payment ${created.reference} of ${amount} for ${s.reference}`,
      changes: paymentCreatedChanges(created),
    })
    // Neither the one who recorded it nor the subscriber may confirm it: the message is for the others.
    await notifyStaffWith(
      tx,
      'can_verify_transaction',
      byStaff
        ? {
            title: 'Payment recorded by staff',
            body:
              `${input.actor.firstName} ${input.actor.lastName} recorded a payment of ${amount} for ${ownerName} on ` +
              `${s.reference} (${created.reference}). Another member of staff must check it and mark it paid or not confirmed.`,
            link: transactionLink(s.type, s.reference, created.reference),
          }
        : {
            title: 'Proof of payment submitted',
            body:
              `${ownerName} sent a payment of ${amount} for ${s.reference} (${created.reference}). ` +
              'Check it and mark it paid or not confirmed.',
            link: transactionLink(s.type, s.reference, created.reference),
          },
      [input.actor.id, owner.id],
    )
    return created.id
  })
}

/**
 * Applies a confirmed payment: land rows settle in order while the money covers them, then the
 * subscription is completed (all paid) or ongoing with the rest of the next row due. An investment
 * starts: its payout ledger is made and next_payment_* shows its first payout.
 */
async function applyPayment(tx: Executor, s: SubscriptionRow, amount: number, now: Date) {
  const paid = s.totalAmountPaid + amount
  if (s.type === 'land_investment') {
    const short = paid < s.totalAmount
    await tx
      .update(subscriptions)
      .set({
        totalAmountPaid: paid,
        updatedAt: now,
        ...(short
          ? { status: 'awaiting_payment' as const, nextPaymentAmount: s.totalAmount - paid }
          : {}),
      })
      .where(eq(subscriptions.id, s.id))
    // The investment starts once the whole amount is in.
    if (short) return 'awaiting_payment' as const
    return startInvestment(tx, s.id, now)
  }
  const rows = (await scheduleOf(tx, s.id)).filter((row) => row.kind === 'payment')
  let covered = 0
  let next: { amount: number; date: string } | null = null
  const settle: number[] = []
  for (const row of rows) {
    covered += row.amount
    if (covered <= paid) {
      if (!row.settledAt) settle.push(row.id)
    } else if (!next) {
      next = { amount: covered - paid, date: row.dueDate }
    }
  }
  if (settle.length)
    await tx
      .update(scheduleEntries)
      .set({ settledAt: now })
      .where(inArray(scheduleEntries.id, settle))
  const done = paid >= s.totalAmount
  await tx
    .update(subscriptions)
    .set({
      totalAmountPaid: paid,
      status: done ? 'completed' : 'ongoing',
      completedAt: done ? now : null,
      nextPaymentAmount: done ? null : (next?.amount ?? s.totalAmount - paid),
      nextPaymentDate: done ? null : (next?.date ?? today(now)),
      updatedAt: now,
    })
    .where(eq(subscriptions.id, s.id))
  // Late fees sit between the rows: settle and find the next payment oldest first, fees included.
  if (!done) await settleOldestFirst(tx, s.id, paid, now)
  return done ? ('completed' as const) : ('ongoing' as const)
}

/**
 * Staff confirm (paid) or reject (not_confirmed, with the reason the payer is told) a transaction
 * awaiting confirmation. The payer is notified and e-mailed once the change is committed.
 */
export async function markTransaction(
  db: Database,
  transactionId: number,
  status: 'paid' | 'not_confirmed',
  actor: ApiUser,
  reason: string | null = null,
) {
  const why = reason?.trim() || null
  if (status === 'not_confirmed' && !why) throw fieldError('reason', NOT_CONFIRMED_REASON_REQUIRED)
  const marked = await db.transaction((tx) =>
    markTransactionIn(tx, transactionId, status, actor, why),
  )
  await mailPaymentMarked(db, marked.id)
  return marked
}

/**
 * An ambiguous statement line (a credit fitting several payments) follows a mark of one of them:
 * a payment marked paid without a line of its own takes the first such line, confirmed (its
 * verifier chose, warned that the credit fits another payment); the payment leaves every other
 * line's candidates, and a line left fitting fewer than two is matched again at the next import.
 */
async function settleAmbiguousLines(
  tx: Executor,
  transactionId: number,
  takenBy: { actorId: number | null; at: Date } | null,
) {
  const ambiguousWith = and(
    eq(statementLines.status, 'open'),
    eq(statementLines.confidence, 'ambiguous'),
    sql`${transactionId} = any(${statementLines.candidateTransactionIds})`,
  )
  if (takenBy) {
    const [first] = await tx
      .select({ id: statementLines.id })
      .from(statementLines)
      .where(ambiguousWith)
      .orderBy(statementLines.id)
      .limit(1)
      .for('update')
    const [own] = await tx
      .select({ id: statementLines.id })
      .from(statementLines)
      .where(eq(statementLines.transactionId, transactionId))
      .limit(1)
    if (first && !own) {
      await tx
        .update(statementLines)
        .set({
          status: 'confirmed',
          transactionId,
          candidateTransactionIds: null,
          resolvedById: takenBy.actorId,
          resolvedAt: takenBy.at,
        })
        .where(eq(statementLines.id, first.id))
    }
  }
  await tx
    .update(statementLines)
    .set({
      candidateTransactionIds: sql`array_remove(${statementLines.candidateTransactionIds}, ${transactionId})`,
    })
    .where(ambiguousWith)
  await tx
    .update(statementLines)
    .set({ confidence: 'none', candidateTransactionIds: null })
    .where(
      and(
        eq(statementLines.status, 'open'),
        eq(statementLines.confidence, 'ambiguous'),
        sql`coalesce(cardinality(${statementLines.candidateTransactionIds}), 0) < 2`,
      ),
    )
}

/**
 * The mark itself, on a transaction the caller holds (a statement's confirmation marks several in
 * one, all or none). The caller mails the payer (mailPaymentMarked) once it is committed.
 */
export async function markTransactionIn(
  tx: Executor,
  transactionId: number,
  status: 'paid' | 'not_confirmed',
  actor: ApiUser,
  why: string | null,
) {
  const [trx] = await tx
    .select()
    .from(transactions)
    .where(eq(transactions.id, transactionId))
    .limit(1)
  if (!trx) throw notFound('Transaction not found')
  const s = await lockSubscription(tx, trx.subscriptionId)
  const refusal = selfConfirmationRefusal(actor, s.userId, trx.recordedById)
  if (refusal) throw forbidden(refusal)
  return settleMark(tx, trx, s, status, { id: actor.id, why })
}

/**
 * A payment the payment provider confirmed: its transaction is marked paid by the same steps as a
 * payment staff confirm (the schedule moves on, commissions are earned, the receipt is ready and
 * the payer is told), with nobody's name on the mark and the provider as the audit's actor. The
 * caller verified the payment with the provider first, and mails the payer once it is committed.
 */
export async function confirmProviderPaymentIn(
  tx: Executor,
  transactionId: number,
  providerName: string,
) {
  const [trx] = await tx
    .select()
    .from(transactions)
    .where(eq(transactions.id, transactionId))
    .limit(1)
  if (!trx) throw notFound('Transaction not found')
  const s = await lockSubscription(tx, trx.subscriptionId)
  return settleMark(tx, trx, s, 'paid', { id: null, why: null, auditActor: providerName })
}

/** Who marks: a member of staff (their id), or nobody (a provider's confirmation, its name for the audit). */
type Marker = { id: number | null; why: string | null; auditActor?: string }

async function settleMark(
  tx: Executor,
  trx: TransactionRow,
  s: SubscriptionRow,
  status: 'paid' | 'not_confirmed',
  marker: Marker,
) {
  const { why } = marker
  if (s.status === 'cancelled') throw conflict('This subscription has been cancelled')
  if (s.status === 'expired') throw conflict('This subscription has expired')
  const now = new Date()
  const [marked] = await tx
    .update(transactions)
    .set({
      status,
      markedById: marker.id,
      markedAt: now,
      notConfirmedReason: status === 'not_confirmed' ? why : null,
    })
    .where(and(eq(transactions.id, trx.id), eq(transactions.status, 'awaiting_confirmation')))
    .returning()
  if (!marked) throw conflict('Only transactions awaiting confirmation can be marked')
  // A statement line matched to this payment follows the mark: confirmed with it, or let go when the
  // payment is not confirmed, so the credit can be linked to the payment it really is.
  await tx
    .update(statementLines)
    .set(
      status === 'paid'
        ? { status: 'confirmed', resolvedById: marker.id, resolvedAt: now }
        : { transactionId: null, subscriptionId: null, confidence: 'none' },
    )
    .where(and(eq(statementLines.transactionId, trx.id), eq(statementLines.status, 'open')))
  await settleAmbiguousLines(tx, trx.id, status === 'paid' ? { actorId: marker.id, at: now } : null)
  const amount = formatKobo(trx.amount)
  const refs = await subscriptionRefs(tx, s.id)
  const audit = (subscriptionAfter: string, totalPaidAfter: number) =>
    recordAudit(tx, {
      action: status === 'paid' ? 'transaction.confirmed' : 'transaction.rejected',
      record: { type: 'transaction', reference: trx.reference },
      related: relatedTo(refs),
      summary:
        status === 'paid'
          ? `Marked ${trx.reference} of ${s.reference} as paid: ${formatKobo(trx.amount)}`
          : `Marked ${trx.reference} of ${s.reference} as not confirmed: ${formatKobo(trx.amount)}. Reason: ${why}`,
      changes: changesBetween(
        {
          status: trx.status,
          not_confirmed_reason: trx.notConfirmedReason,
          subscription_status: s.status,
          total_amount_paid: koboToNaira(s.totalAmountPaid),
        },
        {
          status,
          not_confirmed_reason: status === 'not_confirmed' ? why : null,
          subscription_status: subscriptionAfter,
          total_amount_paid: koboToNaira(totalPaidAfter),
        },
      ),
      ...(marker.auditActor ? { actor: marker.auditActor } : {}),
    })
  if (status === 'not_confirmed') {
    const back = s.totalAmountPaid > 0 ? 'ongoing' : 'awaiting_payment'
    await tx
      .update(subscriptions)
      .set({ status: back, updatedAt: now })
      .where(eq(subscriptions.id, s.id))
    await audit(back, s.totalAmountPaid)
    await notify(tx, s.userId, {
      title: 'Payment not confirmed',
      body:
        `Your payment of ${amount} for ${s.reference} (${trx.reference}) could not be confirmed. Reason: ${why}. ` +
        'Check the details and send the proof again.',
      link: transactionLink(s.type, s.reference, trx.reference),
    })
    return marked
  }
  const outcome = await applyPayment(tx, s, trx.amount, now)
  await audit(outcome, s.totalAmountPaid + trx.amount)
  // The customer's realtors earn on the confirmed payment, in this same transaction.
  await earnCommissions(tx, {
    transactionId: trx.id,
    subscriptionId: s.id,
    customerId: s.userId,
    amountKobo: trx.amount,
    now,
  })
  await notify(tx, s.userId, {
    title: 'Payment confirmed',
    body: `Your payment of ${amount} for ${s.reference} (${trx.reference}) has been confirmed. Your receipt is ready to download.`,
    link: receiptLink(s.type, s.reference, trx.reference),
  })
  if (outcome === 'completed' && s.type === 'land') {
    await notify(tx, s.userId, {
      title: 'Subscription completed',
      body: `Your subscription ${s.reference} is fully paid and completed. Your land document is ready to download.`,
      link: subscriptionLink(s.type, s.reference),
    })
  }
  return marked
}
