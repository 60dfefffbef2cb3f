import crypto from 'node:crypto'
import {
  aliasedTable,
  and,
  count,
  desc,
  eq,
  inArray,
  isNull,
  lt,
  ne,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm'
import { bankName } from '~/contract/banks'
import { PAGE_SIZE } from '~/contract/envelope'
import { formatDate } from '~/contract/format'
import { transactionLink } from '~/contract/links'
import { isAllowedPayment, formatKobo } from '~/contract/money'
import { hasPermission } from '~/contract/permissions'
import {
  AMBIGUOUS_CREDIT,
  type ColumnMapping,
  type MatchConfidence,
  type StatementImportSummary,
  type StatementLine,
  type StatementLineStatus,
  type StatementPreview,
} from '~/contract/reconciliation'
import { createdWith, recordAudit } from '../audit/record'
import type { Database, Executor } from '../db/client'
import {
  products,
  providerReceipts,
  statementColumnMappings,
  statementImports,
  statementLines,
  statementUploads,
  subscriptions,
  transactions,
  users,
} from '../db/schema'
import { paginated, type ApiUser } from '../http/context'
import { conflict, fieldError, refusedField, forbidden, notFound } from '../http/errors'
import { decodeBase64 } from '../files/content'
import { koboToNaira, nairaToKobo } from '../money'
import { notifyStaffWith } from '../notifications/service'
import { newReference } from '../references'
import { paymentCreatedChanges, relatedTo, subscriptionRefs } from '../subscriptions/audit'
import { mailPaymentMarked } from '../subscriptions/emails'
import {
  isPayable,
  markTransactionIn,
  NOT_PAYABLE,
  OWN_SUBSCRIPTION_CONFIRMATION,
  paymentChoiceRefusal,
  paymentChoicesOf,
  selfConfirmationRefusal,
} from '../subscriptions/payments'
import { iso, lockSubscription, productName } from '../subscriptions/queries'
import { today } from '../subscriptions/service'
import { STATEMENT_LIMITS, tooManyCreditLines } from './limits'
import {
  matchLines,
  settlementBatch,
  settlementProviderOf,
  subscriptionReferences,
  type LineMatch,
  type PayableSubscription,
  type PendingPayment,
} from './matching'
import {
  creditRowCount,
  findHeader,
  mappingFits,
  readStatementFile,
  StatementError,
  statementLines as readLines,
  type StatementTable,
} from './statement'
import { isZip } from './xlsx'

/** Reconciliation: statements imported, their credit lines matched, confirmed, linked or set aside. */

/** Lines inserted by one statement: well below PostgreSQL's 65,535 bound values per statement. */
const INSERT_BATCH = 1_000

/** A pending upload of a preview is kept this long. */
const UPLOAD_KEPT_MS = 24 * 3600_000
const PENDING_UPLOADS_KEPT = 5

/** A file refused for what it holds: 422 with the message on the field that brought it. */
function fileRefused(field: string, message: string) {
  return fieldError(field, message)
}

async function readOrRefuse(fileName: string, bytes: Uint8Array, field: string) {
  try {
    const table = await readStatementFile(fileName, bytes)
    return { table, header: findHeader(table) }
  } catch (error) {
    if (error instanceof StatementError) throw fileRefused(field, error.message)
    throw error
  }
}

/** A statement of more credit lines than one import takes: 400 on the file, before anything is written. */
function refuseLongStatement(creditRows: number, field: string) {
  if (creditRows > STATEMENT_LIMITS.creditLines)
    throw fileRefused(field, tooManyCreditLines(creditRows))
}

function decodeOrRefuse(base64: string | undefined) {
  const bytes = base64 ? decodeBase64(base64) : null
  if (!bytes)
    throw fileRefused('file_in_base64', 'The statement file could not be read: send it in base64')
  return bytes
}

async function rememberedColumns(
  db: Executor,
  bank: string,
  headers: string[],
): Promise<ColumnMapping | null> {
  const [row] = await db
    .select({ columns: statementColumnMappings.columns })
    .from(statementColumnMappings)
    .where(eq(statementColumnMappings.bank, bank))
    .limit(1)
  return row && mappingFits(row.columns, headers) ? row.columns : null
}

// ---------------------------------------------------------------------------------------------
// Preview and import

export async function previewStatement(
  db: Database,
  user: ApiUser,
  input: { bank: string; file_name: string; file_in_base64: string },
): Promise<StatementPreview> {
  const bytes = decodeOrRefuse(input.file_in_base64)
  const { table, header } = await readOrRefuse(input.file_name, bytes, 'file_in_base64')
  const headers = header.row.cells.map((cell) => cell.trim())
  const remembered = await rememberedColumns(db, input.bank, headers)
  const columns = remembered ?? header.columns
  if (columns.credit !== null)
    refuseLongStatement(creditRowCount(table, header.index, columns.credit), 'file_in_base64')
  const token = crypto.randomBytes(18).toString('base64url')
  // A few previews waiting per person at most: statements are large, and only the last is imported.
  await db
    .delete(statementUploads)
    .where(
      and(
        eq(statementUploads.uploadedById, user.id),
        sql`${statementUploads.id} not in (select ${statementUploads.id} from ${statementUploads} where ${statementUploads.uploadedById} = ${user.id} order by ${statementUploads.id} desc limit ${PENDING_UPLOADS_KEPT - 1})`,
      ),
    )
  await db.insert(statementUploads).values({
    token,
    bank: input.bank,
    fileName: input.file_name,
    content: bytes,
    uploadedById: user.id,
  })
  const body = dataRows(table, header.index)
  return {
    upload: token,
    bank: input.bank,
    file_name: input.file_name,
    headers,
    columns,
    remembered: remembered !== null,
    sample: body.slice(0, 5).map((row) => headers.map((_, i) => (row.cells[i] ?? '').trim())),
    rows: body.length,
  }
}

const dataRows = (table: StatementTable, headerIndex: number) =>
  table.rows.slice(headerIndex + 1).filter((row) => row.cells.some((cell) => cell.trim() !== ''))

const UPLOAD_EXPIRED = 'The statement read earlier has expired: choose the file again'
const NO_NARRATION_COLUMN = 'No narration column found: choose the column that holds the narration'

export type ImportInput = {
  bank: string
  upload?: string
  file_name?: string
  file_in_base64?: string
  columns?: ColumnMapping
}

export async function importStatement(
  db: Database,
  user: ApiUser,
  input: ImportInput,
): Promise<StatementImportSummary> {
  let fileName: string
  let bytes: Uint8Array
  let uploadId: number | null = null
  if (input.upload && !input.file_in_base64) {
    const [upload] = await db
      .select()
      .from(statementUploads)
      .where(
        and(eq(statementUploads.token, input.upload), eq(statementUploads.uploadedById, user.id)),
      )
      .limit(1)
    if (!upload || upload.createdAt.getTime() < Date.now() - UPLOAD_KEPT_MS)
      throw fileRefused('upload', UPLOAD_EXPIRED)
    fileName = upload.fileName
    bytes = upload.content
    uploadId = upload.id
  } else {
    bytes = decodeOrRefuse(input.file_in_base64)
    fileName = input.file_name?.trim() || (isZip(bytes) ? 'statement.xlsx' : 'statement.csv')
  }
  const field = uploadId ? 'upload' : 'file_in_base64'
  const { table, header } = await readOrRefuse(fileName, bytes, field)
  const headers = header.row.cells.map((cell) => cell.trim())
  if (input.columns && !mappingFits(input.columns, headers))
    throw fieldError('columns', 'A column chosen is not in the statement')
  const detected = header.columns
  const columns: ColumnMapping | null =
    input.columns ??
    (await rememberedColumns(db, input.bank, headers)) ??
    (detected.date !== null && detected.credit !== null && detected.narration !== null
      ? {
          date: detected.date,
          narration: detected.narration,
          credit: detected.credit,
          debit: detected.debit,
          balance: detected.balance,
          reference: detected.reference,
        }
      : null)
  if (!columns) throw fileRefused(field, NO_NARRATION_COLUMN)
  refuseLongStatement(creditRowCount(table, header.index, columns.credit), field)
  const read = readLines(table, header.index, columns, input.bank, today(new Date()))

  const summary = await db.transaction(async (tx) => {
    // Imports take turns: each matches against payments no other line has taken.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('statement-import'))`)
    if (input.columns) {
      await tx
        .insert(statementColumnMappings)
        .values({ bank: input.bank, columns: input.columns, updatedById: user.id })
        .onConflictDoUpdate({
          target: statementColumnMappings.bank,
          set: { columns: input.columns, updatedById: user.id, updatedAt: new Date() },
        })
    }
    const [created] = await tx
      .insert(statementImports)
      .values({
        reference: newReference('STM'),
        bank: input.bank,
        fileName,
        importedById: user.id,
        firstDate: read.firstDate,
        lastDate: read.lastDate,
        unreadable: read.unreadable.length,
      })
      .returning()
    // In batches: one insert of a long statement would pass PostgreSQL's limit of bound values.
    // A line already imported (the same hash, or the same bank reference and amount under any
    // bank) is skipped and counted as a duplicate.
    const inserted: { id: number; date: string; narration: string; amount: number }[] = []
    for (let at = 0; at < read.lines.length; at += INSERT_BATCH) {
      const batch = read.lines.slice(at, at + INSERT_BATCH)
      inserted.push(
        ...(await tx
          .insert(statementLines)
          .values(
            batch.map((line) => ({
              importId: created.id,
              bank: input.bank,
              date: line.date,
              narration: line.narration,
              reference: line.reference,
              amount: line.amountKobo,
              balance: line.balanceKobo,
              raw: line.raw,
              hash: line.hash,
            })),
          )
          .onConflictDoNothing()
          .returning({
            id: statementLines.id,
            date: statementLines.date,
            narration: statementLines.narration,
            amount: statementLines.amount,
          })),
      )
    }
    // A payment provider's settlement of payments it already confirmed is never a payment to match.
    const settlements = await recogniseSettlements(tx, inserted, created.reference)
    // Open lines of earlier statements without an exact match are matched again: the proof of a
    // credit may have been sent after the statement that shows it was imported, and a credit that
    // fitted one payment may now fit another too (it is then ambiguous).
    const waiting = await tx
      .select({
        id: statementLines.id,
        date: statementLines.date,
        narration: statementLines.narration,
        amount: statementLines.amount,
        confidence: statementLines.confidence,
        transactionId: statementLines.transactionId,
        subscriptionId: statementLines.subscriptionId,
        candidates: statementLines.candidateTransactionIds,
      })
      .from(statementLines)
      .where(
        and(
          eq(statementLines.status, 'open'),
          ne(statementLines.confidence, 'exact'),
          isNull(statementLines.settlementProvider),
          sql`${statementLines.importId} <> ${created.id}`,
        ),
      )
    const newIds = new Set(inserted.map((line) => line.id))
    const matches = await matchNewLines(
      tx,
      [...inserted.filter((line) => !settlements.lineIds.has(line.id)), ...waiting].map((line) => ({
        key: line.id,
        date: line.date,
        narration: line.narration,
        amountKobo: line.amount,
      })),
      waiting.map((line) => line.id),
    )
    const before = new Map(waiting.map((line) => [line.id, line]))
    const tally = { exact: 0, likely: 0, ambiguous: 0, none: 0 }
    let rematched = 0
    // Lines let go first: a payment may pass from one earlier line to another.
    const changes = [...matches].filter(([lineId, match]) => {
      const old = before.get(lineId)
      if (!old) return match.confidence !== 'none'
      return (
        old.confidence !== match.confidence ||
        old.transactionId !== match.transactionId ||
        old.subscriptionId !== match.subscriptionId ||
        (old.candidates ?? []).join() !== match.candidates.join()
      )
    })
    for (const [lineId, match] of matches) {
      if (newIds.has(lineId)) tally[match.confidence] += 1
    }
    const letGo = changes.filter(([lineId]) => before.has(lineId)).map(([lineId]) => lineId)
    if (letGo.length) {
      await tx
        .update(statementLines)
        .set({
          confidence: 'none',
          transactionId: null,
          subscriptionId: null,
          candidateTransactionIds: null,
        })
        .where(inArray(statementLines.id, letGo))
    }
    for (const [lineId, match] of changes) {
      if (match.confidence === 'none') continue
      if (before.has(lineId)) rematched += 1
      await tx
        .update(statementLines)
        .set({
          confidence: match.confidence,
          transactionId: match.transactionId,
          subscriptionId: match.subscriptionId,
          candidateTransactionIds: match.candidates.length ? match.candidates : null,
        })
        .where(eq(statementLines.id, lineId))
    }
    const duplicates = read.lines.length - inserted.length
    await tx
      .update(statementImports)
      .set({ imported: inserted.length, duplicates })
      .where(eq(statementImports.id, created.id))
    if (uploadId) await tx.delete(statementUploads).where(eq(statementUploads.id, uploadId))
    const outcome = {
      bank: input.bank,
      first_date: read.firstDate,
      last_date: read.lastDate,
      imported: inserted.length,
      duplicates,
      unreadable: read.unreadable.length,
      exact: tally.exact,
      likely: tally.likely,
      ambiguous: tally.ambiguous,
      unmatched: tally.none,
      ...(settlements.lineIds.size ? { provider_settlements: settlements.lineIds.size } : {}),
    }
    const period = read.firstDate
      ? ` covering ${formatDate(read.firstDate)} to ${formatDate(read.lastDate)}`
      : ''
    await recordAudit(tx, {
      action: 'statement.imported',
      record: { type: 'statement', reference: created.reference },
      summary:
        `Imported bank statement ${created.reference} (${fileName}, ${bankName(input.bank) || input.bank})${period}: ${inserted.length} credit line${inserted.length === 1 ? '' : 's'} added, ` +
        `${duplicates} already imported, ${read.unreadable.length} unreadable; ${tally.exact} exact and ${tally.likely} likely match${tally.likely === 1 ? '' : 'es'}` +
        (tally.ambiguous ? `, ${tally.ambiguous} ambiguous` : '') +
        (rematched ? `; ${rematched} earlier line${rematched === 1 ? '' : 's'} matched` : ''),
      changes: createdWith({
        file_name: fileName,
        ...outcome,
        ...(rematched ? { earlier_lines_matched: rematched } : {}),
        ...(input.columns ? { columns: input.columns } : {}),
      }),
    })
    return { statement_id: String(created.id), ...outcome, unreadable_rows: read.unreadable }
  })
  return summary
}

/**
 * New lines whose narration names a payment provider are its settlements: one whose amount is
 * exactly what the provider settles for its oldest payments not yet seen settled is marked
 * `settled`, and so are those payments (their settlement line); one that adds up to none is left
 * for staff, unmatched. Either way it is never matched to a payment awaiting confirmation, so
 * money the provider already confirmed is not confirmed a second time against a proof. Without
 * any provider payment recorded, narrations are matched as they always were.
 */
async function recogniseSettlements(
  tx: Executor,
  lines: { id: number; date: string; narration: string; amount: number }[],
  statementReference: string,
) {
  const lineIds = new Set<number>()
  for (const line of lines) {
    const provider = settlementProviderOf(line.narration)
    if (!provider) continue
    const unsettled = await tx
      .select({
        id: providerReceipts.id,
        settled: providerReceipts.amountSettled,
        paidAt: providerReceipts.paidAt,
        reference: providerReceipts.providerReference,
      })
      .from(providerReceipts)
      .where(
        and(eq(providerReceipts.provider, provider), isNull(providerReceipts.settlementLineId)),
      )
      .orderBy(providerReceipts.paidAt, providerReceipts.id)
      .limit(1000)
    const [{ any }] = await tx
      .select({ any: sql<number>`count(*)`.mapWith(Number) })
      .from(providerReceipts)
      .where(eq(providerReceipts.provider, provider))
    if (!any) continue
    lineIds.add(line.id)
    const batch = settlementBatch(
      line.amount,
      line.date,
      unsettled.map((receipt) => ({
        id: receipt.id,
        settledKobo: receipt.settled,
        paidOn: today(receipt.paidAt),
      })),
    )
    await tx
      .update(statementLines)
      .set({
        settlementProvider: provider,
        ...(batch ? { status: 'settled' as const, resolvedAt: new Date() } : {}),
      })
      .where(eq(statementLines.id, line.id))
    if (!batch) continue
    await tx
      .update(providerReceipts)
      .set({ settlementLineId: line.id })
      .where(inArray(providerReceipts.id, batch))
    const covered = unsettled.filter((receipt) => batch.includes(receipt.id))
    await recordAudit(tx, {
      action: 'statement_line.settled',
      record: { type: 'statement_line', reference: lineReference(statementReference, line.id) },
      related: covered.map((receipt) => receipt.reference),
      summary: `Recognised ${formatKobo(line.amount)} on ${formatDate(line.date)} as the ${provider === 'paystack' ? 'Paystack' : 'Monnify'} settlement of ${covered.length} payment${covered.length === 1 ? '' : 's'} already confirmed: ${covered.map((receipt) => receipt.reference).join(', ')}`,
    })
  }
  return { lineIds }
}

/** The payments awaiting confirmation and the subscriptions awaiting payment new lines may match, then the matches. */
async function matchNewLines(
  tx: Executor,
  lines: { key: number; date: string; narration: string; amountKobo: number }[],
  rematchedIds: number[],
) {
  if (!lines.length) return new Map<number, LineMatch>()
  const references = [...new Set(lines.flatMap((line) => subscriptionReferences(line.narration)))]
  const amounts = [...new Set(lines.map((line) => line.amountKobo))]
  // A payment another line holds is taken, unless that line is being matched again now.
  const untaken = sql`not exists (select 1 from ${statementLines} where ${statementLines.transactionId} = ${transactions.id}${
    rematchedIds.length ? sql` and ${notInArray(statementLines.id, rematchedIds)}` : sql``
  })`
  const wanted: SQL[] = [inArray(transactions.amount, amounts)]
  if (references.length) wanted.push(inArray(subscriptions.reference, references))
  const paymentRows = await tx
    .select({
      id: transactions.id,
      amount: transactions.amount,
      paidAt: transactions.paidAt,
      reference: subscriptions.reference,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(transactions)
    .innerJoin(subscriptions, eq(subscriptions.id, transactions.subscriptionId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        eq(transactions.status, 'awaiting_confirmation'),
        untaken,
        sql`(${sql.join(wanted, sql` or `)})`,
      ),
    )
    .orderBy(transactions.id)
  const payments: PendingPayment[] = paymentRows.map((row) => ({
    id: row.id,
    subscriptionReference: row.reference,
    amountKobo: row.amount,
    paidOn: row.paidAt ? today(row.paidAt) : null,
    customerName: `${row.firstName} ${row.lastName}`,
  }))
  const payable: PayableSubscription[] = []
  if (references.length) {
    const rows = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          inArray(subscriptions.reference, references),
          // A subscription another open line already waits to be confirmed for is taken.
          sql`not exists (select 1 from ${statementLines} where ${statementLines.subscriptionId} = ${subscriptions.id} and ${statementLines.status} = 'open' and ${statementLines.transactionId} is null${
            rematchedIds.length ? sql` and ${notInArray(statementLines.id, rematchedIds)}` : sql``
          })`,
        ),
      )
    for (const s of rows) {
      if (!isPayable(s)) continue
      const choices = await paymentChoicesOf(tx, s)
      const due = choices.map((choice) => choice.amountKobo)
      if (s.nextPaymentAmount !== null) due.push(s.nextPaymentAmount)
      payable.push({ id: s.id, reference: s.reference, dueKobo: due })
    }
  }
  return matchLines(lines, payments, payable)
}

export async function removeOldStatementUploads(db: Database, now: Date) {
  await db
    .delete(statementUploads)
    .where(lt(statementUploads.createdAt, new Date(now.getTime() - UPLOAD_KEPT_MS)))
}

// ---------------------------------------------------------------------------------------------
// Reading lines

const lineTransaction = aliasedTable(transactions, 'line_transaction')
const resolver = aliasedTable(users, 'line_resolver')
const owner = aliasedTable(users, 'line_owner')

function lineQuery(db: Executor) {
  return db
    .select({
      line: statementLines,
      statement: {
        reference: statementImports.reference,
        importedById: statementImports.importedById,
      },
      transaction: lineTransaction,
      subscription: subscriptions,
      product: products,
      owner: {
        id: owner.id,
        reference: owner.reference,
        firstName: owner.firstName,
        lastName: owner.lastName,
      },
      resolver: { firstName: resolver.firstName, lastName: resolver.lastName },
    })
    .from(statementLines)
    .innerJoin(statementImports, eq(statementImports.id, statementLines.importId))
    .leftJoin(lineTransaction, eq(lineTransaction.id, statementLines.transactionId))
    .leftJoin(
      subscriptions,
      sql`${subscriptions.id} = coalesce(${statementLines.subscriptionId}, ${lineTransaction.subscriptionId})`,
    )
    .leftJoin(products, eq(products.id, subscriptions.productId))
    .leftJoin(owner, eq(owner.id, subscriptions.userId))
    .leftJoin(resolver, eq(resolver.id, statementLines.resolvedById))
}

type LineJoin = Awaited<ReturnType<ReturnType<typeof lineQuery>['execute']>>[number]

export const IMPORTED_IT_YOURSELF =
  'You imported this statement: another member of staff must confirm the payment it records'
const NEEDS_VERIFY = 'Confirming a payment needs the permission to verify payments'
const NO_LONGER_AWAITING = 'This payment is no longer awaiting confirmation'

/** Why this viewer may not confirm the line's match now, or null. */
function confirmRefusal(row: LineJoin, viewer: ApiUser) {
  if (!row.subscription) return null
  if (!hasPermission(viewer, 'can_verify_transaction')) return NEEDS_VERIFY
  if (row.transaction) {
    if (row.transaction.status !== 'awaiting_confirmation') return NO_LONGER_AWAITING
    return selfConfirmationRefusal(viewer, row.subscription.userId, row.transaction.recordedById)
  }
  // Confirming a subscription's match records its payment from the statement: its importer recorded it.
  if (row.subscription.userId === viewer.id) return OWN_SUBSCRIPTION_CONFIRMATION
  if (row.statement.importedById === viewer.id) return IMPORTED_IT_YOURSELF
  return null
}

type Candidate = StatementLine['candidates'][number]

/** The payments the ambiguous lines among `rows` fit, by transaction id. */
async function candidatesOf(db: Executor, rows: LineJoin[]) {
  const ids = [
    ...new Set(
      rows.flatMap((row) =>
        row.line.confidence === 'ambiguous' ? (row.line.candidateTransactionIds ?? []) : [],
      ),
    ),
  ]
  const found = new Map<number, Candidate>()
  if (!ids.length) return found
  const payments = await db
    .select({
      transaction: transactions,
      subscription: subscriptions.reference,
      owner: { reference: users.reference, firstName: users.firstName, lastName: users.lastName },
    })
    .from(transactions)
    .innerJoin(subscriptions, eq(subscriptions.id, transactions.subscriptionId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(inArray(transactions.id, ids))
  for (const { transaction: t, subscription, owner } of payments) {
    found.set(t.id, {
      subscription_reference: subscription,
      customer: { reference: owner.reference, name: `${owner.firstName} ${owner.lastName}` },
      transaction: {
        reference: t.reference,
        amount: koboToNaira(t.amount),
        paid_at: iso(t.paidAt),
        status: t.status,
      },
    })
  }
  return found
}

function serializeLine(
  row: LineJoin,
  viewer: ApiUser,
  candidates: Map<number, Candidate>,
): StatementLine {
  const { line, transaction: t, subscription: s } = row
  const open = line.status === 'open'
  const ambiguous = open && line.confidence === 'ambiguous'
  const refusal = ambiguous ? AMBIGUOUS_CREDIT : open && s ? confirmRefusal(row, viewer) : null
  return {
    id: String(line.id),
    bank: line.bank,
    statement_id: String(line.importId),
    date: line.date,
    narration: line.narration,
    reference: line.reference,
    amount: koboToNaira(line.amount),
    status: line.status,
    confidence: line.confidence,
    match:
      s && row.product && row.owner
        ? {
            subscription_reference: s.reference,
            product_name: productName(row.product),
            customer: {
              reference: row.owner.reference,
              name: `${row.owner.firstName} ${row.owner.lastName}`,
            },
            expected_amount: koboToNaira(t ? t.amount : (s.nextPaymentAmount ?? line.amount)),
            transaction: t
              ? {
                  reference: t.reference,
                  amount: koboToNaira(t.amount),
                  paid_at: iso(t.paidAt),
                  status: t.status,
                }
              : null,
          }
        : null,
    candidates: ambiguous
      ? (line.candidateTransactionIds ?? []).flatMap((id) => candidates.get(id) ?? [])
      : [],
    can_confirm: open && !!s && refusal === null,
    cannot_confirm_reason: refusal,
    resolved_by: row.resolver?.firstName
      ? `${row.resolver.firstName} ${row.resolver.lastName}`
      : null,
    resolved_at: iso(line.resolvedAt),
  }
}

const confidenceOrder = sql`case ${statementLines.confidence} when 'exact' then 0 when 'likely' then 1 when 'ambiguous' then 2 else 3 end`

export async function listLines(
  db: Executor,
  viewer: ApiUser,
  filters: { status?: StatementLineStatus; confidence?: MatchConfidence; page: number },
) {
  const conditions: SQL[] = []
  if (filters.status) conditions.push(eq(statementLines.status, filters.status))
  if (filters.confidence) conditions.push(eq(statementLines.confidence, filters.confidence))
  const where = conditions.length ? and(...conditions) : undefined
  const [rows, [{ total }], tallies, [last]] = await Promise.all([
    lineQuery(db)
      .where(where)
      .orderBy(confidenceOrder, desc(statementLines.date), desc(statementLines.id))
      .limit(PAGE_SIZE)
      .offset((filters.page - 1) * PAGE_SIZE),
    db.select({ total: count() }).from(statementLines).where(where),
    db
      .select({ confidence: statementLines.confidence, total: count() })
      .from(statementLines)
      .where(eq(statementLines.status, 'open'))
      .groupBy(statementLines.confidence),
    db
      .select({ date: sql<string | null>`max(${statementImports.lastDate})::text` })
      .from(statementImports),
  ])
  const counts = { exact: 0, likely: 0, ambiguous: 0, none: 0 }
  for (const tally of tallies) counts[tally.confidence] = Number(tally.total)
  const candidates = await candidatesOf(db, rows)
  return {
    ...paginated(
      rows.map((row) => serializeLine(row, viewer, candidates)),
      filters.page,
      total,
    ),
    counts,
    last_statement_date: last?.date ?? null,
  }
}

async function linesByIds(db: Executor, viewer: ApiUser, ids: number[]) {
  const rows = await lineQuery(db).where(inArray(statementLines.id, ids))
  const byId = new Map(rows.map((row) => [row.line.id, row]))
  const candidates = await candidatesOf(db, rows)
  return ids.map((id) => serializeLine(byId.get(id)!, viewer, candidates))
}

/** A line id from the path: digits, else no such line. */
export function lineIdOf(value: string) {
  if (!/^\d{1,10}$/.test(value) || Number(value) > MAX_ID) throw notFound(LINE_NOT_FOUND)
  return Number(value)
}

const LINE_NOT_FOUND = 'Statement line not found'
/** The largest serial id. */
const MAX_ID = 2_147_483_647
const LINE_RESOLVED = 'This statement line has already been dealt with'
const NO_MATCH = 'This statement line has no match to confirm: link it to a subscription instead'

async function lockLine(tx: Executor, id: number) {
  const [row] = await tx
    .select({
      line: statementLines,
      statement: {
        reference: statementImports.reference,
        importedById: statementImports.importedById,
      },
    })
    .from(statementLines)
    .innerJoin(statementImports, eq(statementImports.id, statementLines.importId))
    .where(eq(statementLines.id, id))
    .for('update', { of: statementLines })
    .limit(1)
  if (!row) throw notFound(LINE_NOT_FOUND)
  return row
}

const lineReference = (statementReference: string, lineId: number) =>
  `${statementReference}/${lineId}`
const lineWords = (line: { date: string; narration: string; amount: number }) =>
  `the ${formatDate(line.date)} credit of ${formatKobo(line.amount)} ("${line.narration}")`
/** A payment made from a statement line names the line, as its proof. */
const paymentFromLine = (
  statementReference: string,
  line: { id: number; date: string; narration: string },
) =>
  `Bank statement ${statementReference}, line ${line.id}: ${formatDate(line.date)} credit "${line.narration}"`.slice(
    0,
    500,
  )
/** The day of the credit, at noon UTC so it is that day in every Nigerian reading. */
const creditTime = (date: string) => new Date(`${date}T12:00:00Z`)

/**
 * Records a payment awaiting confirmation from a statement line, on a subscription already locked:
 * the line named as its proof, the subscription awaiting confirmation, its audit entry.
 */
async function recordPaymentFromLine(
  tx: Executor,
  s: { id: number; reference: string },
  line: { id: number; date: string; narration: string },
  statement: { reference: string },
  payment: { amountKobo: number; recordedById: number | null; at: Date },
) {
  const [created] = await tx
    .insert(transactions)
    .values({
      reference: newReference('TRX'),
      subscriptionId: s.id,
      amount: payment.amountKobo,
      description: paymentFromLine(statement.reference, line),
      status: 'awaiting_confirmation',
      paidAt: creditTime(line.date),
      recordedById: payment.recordedById,
      createdAt: payment.at,
    })
    .returning()
  await tx
    .update(subscriptions)
    .set({ status: 'awaiting_payment_confirmation', updatedAt: payment.at })
    .where(eq(subscriptions.id, s.id))
  const refs = await subscriptionRefs(tx, s.id)
  // Recorded by whoever the payment names as its recorder (the statement's importer when a
  // verifier confirms the match), not by whoever's request this is.
  const [recorder] =
    payment.recordedById === null
      ? []
      : await tx
          .select({
            id: users.id,
            reference: users.reference,
            firstName: users.firstName,
            lastName: users.lastName,
          })
          .from(users)
          .where(eq(users.id, payment.recordedById))
  await recordAudit(tx, {
    action: 'transaction.recorded',
    record: { type: 'transaction', reference: created.reference },
    related: relatedTo(refs, statement.reference, lineReference(statement.reference, line.id)),
    summary: `Recorded payment ${created.reference} of ${formatKobo(created.amount)} for ${refs.customerName} (${refs.customer}) on ${s.reference} from line ${lineReference(statement.reference, line.id)} of bank statement ${statement.reference}`,
    changes: paymentCreatedChanges(created),
    actor: recorder,
  })
  return { created, refs }
}

// ---------------------------------------------------------------------------------------------
// Confirming, linking, setting aside

/**
 * Confirms the matches of the lines, all or none: each is the usual mark as paid (receipt,
 * notifications, commissions, its audit entry), with the line linked to the payment. A line matched
 * to a subscription without a payment first records the payment from the statement, its importer
 * as the one who recorded it.
 */
export async function confirmLines(db: Database, user: ApiUser, lineIds: string[]) {
  if (!hasPermission(user, 'can_verify_transaction')) throw forbidden(NEEDS_VERIFY)
  const ids = [...new Set(lineIds.map(Number))]
  // An id past the column's range names no line (and would fail the query).
  if (ids.some((id) => !Number.isSafeInteger(id) || id > MAX_ID)) throw notFound(LINE_NOT_FOUND)
  const marked = await db.transaction(async (tx) => {
    const transactionIds: number[] = []
    for (const id of ids) {
      const { line, statement } = await lockLine(tx, id)
      if (line.status !== 'open') throw conflict(LINE_RESOLVED)
      if (line.confidence === 'ambiguous') throw conflict(AMBIGUOUS_CREDIT)
      if (!line.transactionId && !line.subscriptionId) throw conflict(NO_MATCH)
      let transactionId = line.transactionId
      if (!transactionId) {
        const s = await lockSubscription(tx, line.subscriptionId!)
        if (s.userId === user.id) throw forbidden(OWN_SUBSCRIPTION_CONFIRMATION)
        if (statement.importedById === user.id) throw forbidden(IMPORTED_IT_YOURSELF)
        if (!isPayable(s)) throw conflict(`${s.reference}: ${NOT_PAYABLE}`)
        const choices = await paymentChoicesOf(tx, s)
        if (!isAllowedPayment(choices, line.amount))
          throw conflict(`${s.reference}: ${paymentChoiceRefusal(choices)}`)
        const { created } = await recordPaymentFromLine(tx, s, line, statement, {
          amountKobo: line.amount,
          recordedById: statement.importedById,
          at: new Date(),
        })
        transactionId = created.id
      }
      const now = new Date()
      await tx
        .update(statementLines)
        .set({ status: 'confirmed', transactionId, resolvedById: user.id, resolvedAt: now })
        .where(eq(statementLines.id, line.id))
      const trx = await markTransactionIn(tx, transactionId, 'paid', user, null)
      const refs = await subscriptionRefs(tx, trx.subscriptionId)
      await recordAudit(tx, {
        action: 'statement_line.confirmed',
        record: { type: 'statement_line', reference: lineReference(statement.reference, line.id) },
        related: relatedTo(refs, statement.reference, trx.reference),
        summary: `Confirmed ${lineWords(line)} of bank statement ${statement.reference} as payment ${trx.reference} on ${refs.subscription} (${line.confidence} match)`,
        changes: {
          status: { before: 'open', after: 'confirmed' },
          transaction: { before: null, after: trx.reference },
        },
      })
      transactionIds.push(transactionId)
    }
    return transactionIds
  })
  for (const id of marked) await mailPaymentMarked(db, id)
  return linesByIds(db, user, ids)
}

/**
 * Links an open line to a subscription by hand: a payment awaiting confirmation, recorded by the
 * caller, the line as its proof. The payment's amount is the credit's; another amount (one the
 * subscription may be paid) is recorded too, but as a payment without a matching credit: its
 * verifier is shown both figures and must confirm it knowingly (statementSupport).
 */
export async function linkLine(
  db: Database,
  user: ApiUser,
  lineId: number,
  input: { subscription: string; amount: number },
) {
  const amount = nairaToKobo(input.amount)
  const created = await db.transaction(async (tx) => {
    const { line, statement } = await lockLine(tx, lineId)
    if (line.status !== 'open') throw conflict(LINE_RESOLVED)
    const [found] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.reference, input.subscription.trim().toUpperCase()))
      .limit(1)
    if (!found) throw refusedField('subscription', 'The selected subscription is invalid')
    const s = await lockSubscription(tx, found.id)
    if (!isPayable(s)) throw refusedField('subscription', NOT_PAYABLE)
    const choices = await paymentChoicesOf(tx, s)
    if (!isAllowedPayment(choices, amount))
      throw refusedField('amount', paymentChoiceRefusal(choices))
    const now = new Date()
    const { created: trx, refs } = await recordPaymentFromLine(tx, s, line, statement, {
      amountKobo: amount,
      recordedById: user.id,
      at: now,
    })
    await tx
      .update(statementLines)
      .set({
        status: 'linked',
        transactionId: trx.id,
        subscriptionId: s.id,
        candidateTransactionIds: null,
        resolvedById: user.id,
        resolvedAt: now,
      })
      .where(eq(statementLines.id, line.id))
    await recordAudit(tx, {
      action: 'statement_line.linked',
      record: { type: 'statement_line', reference: lineReference(statement.reference, line.id) },
      related: relatedTo(refs, statement.reference, trx.reference),
      summary:
        `Linked ${lineWords(line)} of bank statement ${statement.reference} to ${s.reference} as payment ${trx.reference} of ${formatKobo(amount)}` +
        (amount === line.amount
          ? ''
          : `: not the credit's amount, so the payment has no matching credit`),
      changes: {
        status: { before: 'open', after: 'linked' },
        subscription: { before: null, after: s.reference },
        transaction: { before: null, after: trx.reference },
      },
    })
    await notifyStaffWith(
      tx,
      'can_verify_transaction',
      {
        title: 'Payment recorded from the bank statement',
        body:
          `${user.firstName} ${user.lastName} linked a credit of ${formatKobo(line.amount)} on the bank statement to ${s.reference} ` +
          `(${trx.reference}${amount === line.amount ? '' : `, recorded as ${formatKobo(amount)}: no matching credit`}). ` +
          'Another member of staff must check it and mark it paid or not confirmed.',
        link: transactionLink(s.type, s.reference, trx.reference),
      },
      [user.id, s.userId],
    )
    return line.id
  })
  return (await linesByIds(db, user, [created]))[0]
}

/** Sets an open line aside as "not ours": its match, if any, is let go. */
export async function ignoreLine(db: Database, user: ApiUser, lineId: number) {
  await db.transaction(async (tx) => {
    const { line, statement } = await lockLine(tx, lineId)
    if (line.status !== 'open') throw conflict(LINE_RESOLVED)
    await tx
      .update(statementLines)
      .set({
        status: 'ignored',
        transactionId: null,
        subscriptionId: null,
        candidateTransactionIds: null,
        resolvedById: user.id,
        resolvedAt: new Date(),
      })
      .where(eq(statementLines.id, line.id))
    await recordAudit(tx, {
      action: 'statement_line.ignored',
      record: { type: 'statement_line', reference: lineReference(statement.reference, line.id) },
      related: [statement.reference],
      summary: `Marked ${lineWords(line)} of bank statement ${statement.reference} as not ours`,
      changes: {
        status: { before: 'open', after: 'ignored' },
        ...(line.transactionId || line.subscriptionId || line.candidateTransactionIds?.length
          ? { match: { before: line.confidence, after: null } }
          : {}),
      },
    })
  })
  return (await linesByIds(db, user, [lineId]))[0]
}
