import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import { formatDate } from '~/contract/format'
import { payoutsLink } from '~/contract/links'
import { bankName } from '~/contract/banks'
import { maskedPayoutAccount, payoutAccountOf } from '~/contract/payout-account'
import {
  cumulativeReturns,
  daysLate,
  payoutAccountHold,
  payoutHoldWording,
  portfolioTotals,
  type PayoutStatus,
} from '~/contract/payout-rules'
import {
  PAID_AT_BEFORE_START,
  PAID_EARLY_CONFIRM,
  PAID_AT_IN_FUTURE,
  PAYOUT_ALREADY_PAID,
  type MarkPayoutsPaid,
  type Payout,
  type PayoutSummary,
  type StaffPayout,
} from '~/contract/payouts'
import { appUrl, getConfig } from '../config'
import type { Database, Executor } from '../db/client'
import {
  files,
  payouts,
  products,
  profiles,
  scheduleEntries,
  subscriptions,
  transactions,
  users,
} from '../db/schema'
import type { ApiUser } from '../http/context'
import { conflict, refusedField, forbidden, notFound } from '../http/errors'
import { sendNotice } from '../mail'
import { koboToNaira } from '../money'
import { notify } from '../notifications/service'
import { fileUrl, findOwnUpload } from '../subscriptions/access'
import { isUuid, productName } from '../subscriptions/queries'
import { payoutToday, settleInvestment } from '../payout-ledger/ledger'
import { getPayoutAccountHoldHours } from '../settings/service'
import { todayIn } from '../dates/calendar'
import { changesBetween, recordAudit } from '../audit/record'
import { relatedTo, subscriptionRefs, type SubscriptionRefs } from '../subscriptions/audit'
import { formatKobo } from '~/contract/money'

type PayoutRow = typeof payouts.$inferSelect

function ledgerQuery(db: Executor) {
  return db
    .select({
      payout: payouts,
      recorderFirst: users.firstName,
      recorderLast: users.lastName,
      proofName: files.name,
      accountChangedAt: profiles.payoutAccountChangedAt,
    })
    .from(payouts)
    .innerJoin(subscriptions, eq(subscriptions.id, payouts.subscriptionId))
    .leftJoin(profiles, eq(profiles.userId, subscriptions.userId))
    .leftJoin(users, eq(users.id, payouts.recordedById))
    .leftJoin(files, eq(files.id, payouts.proofFileId))
}

type LedgerJoin = {
  payout: PayoutRow
  recorderFirst: string | null
  recorderLast: string | null
  proofName: string | null
  /** When the investor's payout account was last set or changed (the hold counts from it). */
  accountChangedAt: Date | null
}

/** What a payout's answer depends on besides its row: the day and the moment, and the payout account hold setting. */
export type PayoutClock = { today: string; now: Date; holdHours: number }

export async function payoutClock(db: Executor, now: Date = new Date()): Promise<PayoutClock> {
  return { today: payoutToday(now), now, holdHours: await getPayoutAccountHoldHours(db) }
}

function paidTo(p: PayoutRow): Payout['paid_to'] {
  if (!p.paidToBank && !p.paidToAccountNumber) return null
  const bank = p.paidToBank ?? ''
  return {
    bank,
    bank_name: bankName(bank),
    account_number: p.paidToAccountNumber ?? '',
    account_name: p.paidToAccountName ?? '',
  }
}

/** A payout as the API answers it. Days late count to today, or to the day its status was last worked out when that is later. */
export function serializePayout(
  { payout: p, recorderFirst, recorderLast, proofName, accountChangedAt }: LedgerJoin,
  clock: PayoutClock,
): Payout {
  const { today } = clock
  const asOf = p.statusOn > today ? p.statusOn : today
  return {
    id: p.uuid,
    sequence: p.sequence,
    due_date: p.dueDate,
    amount: koboToNaira(p.amount),
    principal: koboToNaira(p.principal),
    includes_principal: p.principal > 0,
    status: p.status,
    days_late: p.status === 'due' || p.status === 'late' ? daysLate(p.dueDate, asOf) : 0,
    paid_at: p.paidAt,
    bank_reference: p.bankReference,
    recorded_by: recorderFirst ? `${recorderFirst} ${recorderLast ?? ''}`.trim() : null,
    proof_of_payment: proofName ? fileUrl(proofName) : null,
    paid_to: paidTo(p),
    account_hold: p.paidAt ? null : payoutAccountHold(accountChangedAt, clock.holdHours, clock.now),
    paid_early: p.paidAt !== null && p.paidAt < p.dueDate,
  }
}

export async function ledgerOf(db: Executor, subscriptionId: number): Promise<Payout[]> {
  const rows = await ledgerQuery(db)
    .where(eq(payouts.subscriptionId, subscriptionId))
    .orderBy(asc(payouts.sequence))
  const clock = await payoutClock(db)
  return (rows as LedgerJoin[]).map((row) => serializePayout(row, clock))
}

// ---------------------------------------------------------------------------------------------
// The investor's portfolio

export async function payoutSummary(db: Executor, userId: number): Promise<PayoutSummary> {
  const investments = await db
    .select({ id: subscriptions.id, invested: subscriptions.amountInvested })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.type, 'land_investment'),
        inArray(subscriptions.status, ['ongoing', 'completed']),
      ),
    )
  const ids = investments.map((row) => row.id)
  const rows = ids.length
    ? ((await ledgerQuery(db)
        .where(inArray(payouts.subscriptionId, ids))
        .orderBy(asc(payouts.dueDate), asc(payouts.sequence))) as LedgerJoin[])
    : []
  const references = ids.length
    ? new Map(
        (
          await db
            .select({ id: subscriptions.id, reference: subscriptions.reference })
            .from(subscriptions)
            .where(inArray(subscriptions.id, ids))
        ).map((row) => [row.id, row.reference]),
      )
    : new Map<number, string>()
  const facts = rows.map(({ payout: p }) => ({
    dueDate: p.dueDate,
    amount: p.amount,
    principal: p.principal,
    status: p.status,
    paidAt: p.paidAt,
  }))
  const totals = portfolioTotals(
    investments.map((row) => row.invested ?? 0),
    facts,
  )
  const clock = await payoutClock(db)
  return {
    total_invested: koboToNaira(totals.investedKobo),
    returns_received: koboToNaira(totals.returnsReceivedKobo),
    returns_expected: koboToNaira(totals.returnsExpectedKobo),
    next_payout: totals.next
      ? { due_date: totals.next.dueDate, amount: koboToNaira(totals.next.amount) }
      : null,
    late: { count: totals.late.count, amount: koboToNaira(totals.late.amount) },
    chart: cumulativeReturns(facts).map((point) => ({
      date: point.date,
      expected: koboToNaira(point.expectedKobo),
      received: koboToNaira(point.receivedKobo),
    })),
    late_payouts: rows
      .filter((row) => row.payout.status === 'late')
      .map((row) => ({
        ...serializePayout(row, clock),
        subscription_reference: references.get(row.payout.subscriptionId) ?? '',
      })),
  }
}

// ---------------------------------------------------------------------------------------------
// The staff list

export type PayoutFilters = {
  status?: PayoutStatus
  from?: string
  to?: string
  search?: string
  page: number
}

function listConditions(filters: PayoutFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filters.status ? eq(payouts.status, filters.status) : undefined,
  ]
  // Paid payouts are found by the day they were paid, the others by their date.
  const day = filters.status === 'paid' ? payouts.paidAt : payouts.dueDate
  if (filters.from) conditions.push(gte(day, filters.from))
  if (filters.to) conditions.push(lte(day, filters.to))
  const term = filters.search?.trim()
  if (term) {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    conditions.push(
      or(
        ilike(subscriptions.reference, like),
        ilike(products.reference, like),
        ilike(products.name, like),
        ilike(users.email, like),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
      ),
    )
  }
  return and(...conditions)
}

function orderOf(status: PayoutStatus | undefined) {
  if (status === 'paid') return [desc(payouts.paidAt), desc(payouts.id)]
  return [asc(payouts.dueDate), asc(payouts.id)]
}

function fromPayouts(db: Executor) {
  return db
    .select({
      payout: payouts,
      subscriptionReference: subscriptions.reference,
      product: {
        name: products.name,
        reference: products.reference,
        location: products.location,
        type: products.type,
      },
      investor: { firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(payouts)
    .innerJoin(subscriptions, eq(subscriptions.id, payouts.subscriptionId))
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
}

type PayoutListRow = Awaited<ReturnType<ReturnType<typeof fromPayouts>['execute']>>[number]

async function staffPayouts(db: Executor, rows: PayoutListRow[]): Promise<StaffPayout[]> {
  const extras = rows.length
    ? ((await ledgerQuery(db).where(
        inArray(
          payouts.id,
          rows.map((row) => row.payout.id),
        ),
      )) as LedgerJoin[])
    : []
  const byId = new Map(extras.map((row) => [row.payout.id, row]))
  const clock = await payoutClock(db)
  const bare = (payout: PayoutRow): LedgerJoin => ({
    payout,
    recorderFirst: null,
    recorderLast: null,
    proofName: null,
    accountChangedAt: null,
  })
  return rows.map((row) => ({
    ...serializePayout(byId.get(row.payout.id) ?? bare(row.payout), clock),
    subscription_reference: row.subscriptionReference,
    product_reference: productName(row.product),
    investor: {
      name: `${row.investor.firstName} ${row.investor.lastName}`,
      email: row.investor.email,
    },
  }))
}

export async function listPayouts(db: Executor, filters: PayoutFilters, pageSize: number) {
  const where = listConditions(filters)
  const [totals] = await db
    .select({ count: count(), amount: sql<string>`coalesce(sum(${payouts.amount}), 0)` })
    .from(payouts)
    .innerJoin(subscriptions, eq(subscriptions.id, payouts.subscriptionId))
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(where)
  const rows = await fromPayouts(db)
    .where(where)
    .orderBy(...orderOf(filters.status))
    .limit(pageSize)
    .offset((filters.page - 1) * pageSize)
  const items = await staffPayouts(db, rows)
  return { items, total: Number(totals?.count ?? 0), amountKobo: Number(totals?.amount ?? 0) }
}

/**
 * The next `limit` payouts of the list after the one with id `after` (the export's cursor): a
 * payout recorded paid while the file streams leaves its tab without shifting the rest.
 */
export async function payoutsAfter(
  db: Executor,
  filters: Omit<PayoutFilters, 'page'>,
  after: number | null,
  limit: number,
) {
  const paid = filters.status === 'paid'
  const day = paid ? payouts.paidAt : payouts.dueDate
  const last = sql`(select ${day}, ${payouts.id} from ${payouts} where ${payouts.id} = ${after})`
  const cursor =
    after === null
      ? undefined
      : paid
        ? sql`(${day}, ${payouts.id}) < ${last}`
        : sql`(${day}, ${payouts.id}) > ${last}`
  const rows = await fromPayouts(db)
    .where(and(listConditions({ ...filters, page: 1 }), cursor))
    .orderBy(...orderOf(filters.status))
    .limit(limit)
  return {
    items: await staffPayouts(db, rows),
    next: rows.length ? rows[rows.length - 1].payout.id : after,
  }
}

// ---------------------------------------------------------------------------------------------
// Recording payouts paid

export const OWN_INVESTMENT_PAYOUT =
  'You cannot record a payout on your own investment: another member of staff must record it'
export const OTHER_INVESTMENT_PAYOUT = 'This payout belongs to another investment'

/**
 * Records payouts paid, all or none, in one transaction. The rows are locked in id order, then
 * marked by a conditional update (only those not paid yet): of two requests racing for the same
 * payout, the second finds it paid and is refused, so a payout is never recorded twice.
 *
 * The day paid lies between the day the investment was made and today, in the platform's time
 * zone. An investor whose payout account was set or changed less than the hold hours ago is not
 * paid (409) until the hold ends. Each payout keeps the account it was paid into: the investor's
 * profile account at that moment, read under a lock so a change cannot slip in between.
 */
export async function markPayoutsPaid(
  db: Database,
  input: MarkPayoutsPaid & { reference?: string },
  actor: ApiUser,
) {
  const keys = [...new Set(input.ids.map((id) => id.trim().toLowerCase()))]
  if (keys.some((key) => !isUuid(key))) throw notFound('Payout not found')
  if (input.paid_at > payoutToday()) throw refusedField('paid_at', PAID_AT_IN_FUTURE)
  let proofFileId: number | null = null
  if (input.proof_of_payment) {
    const file = await findOwnUpload(db, actor, input.proof_of_payment)
    if (
      !file ||
      !(file.contentType.startsWith('image/') || file.contentType === 'application/pdf')
    ) {
      throw refusedField(
        'proof_of_payment',
        'Upload the proof of payment (PNG, JPG, JPEG or PDF) first',
      )
    }
    // A proof proves one transfer: not a customer's payment as well.
    const [used] = await db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.proofFileId, file.id))
      .limit(1)
    if (used)
      throw refusedField('proof_of_payment', 'This file is already attached to another payment')
    proofFileId = file.id
  }
  const bankReference = input.bank_reference.trim()
  const marked = await db.transaction(async (tx) => {
    const found = await tx
      .select({
        id: payouts.id,
        uuid: payouts.uuid,
        subscriptionId: payouts.subscriptionId,
        paidAt: payouts.paidAt,
        dueDate: payouts.dueDate,
        status: payouts.status,
      })
      .from(payouts)
      .where(inArray(payouts.uuid, keys))
      .orderBy(asc(payouts.id))
      .for('update')
    if (found.length !== keys.length) throw notFound('Payout not found')
    const owners = await tx
      .select({
        id: subscriptions.id,
        userId: subscriptions.userId,
        reference: subscriptions.reference,
        status: subscriptions.status,
        createdAt: subscriptions.createdAt,
      })
      .from(subscriptions)
      .where(inArray(subscriptions.id, [...new Set(found.map((row) => row.subscriptionId))]))
    if (
      input.reference &&
      owners.some((owner) => owner.reference !== input.reference!.trim().toUpperCase())
    ) {
      throw refusedField('ids', OTHER_INVESTMENT_PAYOUT)
    }
    if (owners.some((owner) => owner.userId === actor.id)) throw forbidden(OWN_INVESTMENT_PAYOUT)
    if (owners.some((owner) => owner.status !== 'ongoing'))
      throw conflict('Only payouts of an investment paying out can be recorded')
    const zone = getConfig().APP_TIME_ZONE
    const startedAfter = owners
      .map((owner) => todayIn(zone, owner.createdAt))
      .filter((day) => day > input.paid_at)
      .sort()
    if (startedAfter.length)
      throw refusedField('paid_at', PAID_AT_BEFORE_START(formatDate(startedAfter[0])))
    const early = found
      .map((row) => row.dueDate)
      .filter((due) => due > input.paid_at)
      .sort()
    if (early.length && !input.confirm_early)
      throw refusedField('confirm_early', PAID_EARLY_CONFIRM(early.length, formatDate(early[0])))
    const now = new Date()
    const accounts = await tx
      .select({
        userId: profiles.userId,
        bank: profiles.bank,
        account_number: profiles.accountNumber,
        account_name: profiles.accountName,
        changedAt: profiles.payoutAccountChangedAt,
      })
      .from(profiles)
      .where(inArray(profiles.userId, [...new Set(owners.map((owner) => owner.userId))]))
      .orderBy(asc(profiles.userId))
      .for('share')
    const accountOf = new Map(accounts.map((row) => [row.userId, row]))
    const holdHours = await getPayoutAccountHoldHours(tx)
    for (const owner of owners) {
      const hold = payoutAccountHold(accountOf.get(owner.userId)?.changedAt, holdHours, now)
      if (hold)
        throw conflict(
          `${payoutHoldWording(hold, zone)}. The payouts of ${owner.reference} can be recorded paid once the hold ends.`,
        )
    }
    const updated: PayoutRow[] = []
    for (const owner of owners) {
      const account = payoutAccountOf(accountOf.get(owner.userId) ?? {})
      const ids = found.filter((row) => row.subscriptionId === owner.id).map((row) => row.id)
      updated.push(
        ...(await tx
          .update(payouts)
          .set({
            status: 'paid',
            statusOn: payoutToday(now),
            paidAt: input.paid_at,
            bankReference,
            proofFileId,
            recordedById: actor.id,
            recordedAt: now,
            paidToBank: account?.bank || null,
            paidToAccountNumber: account?.account_number || null,
            paidToAccountName: account?.account_name || null,
          })
          .where(and(inArray(payouts.id, ids), isNull(payouts.paidAt)))
          .returning()),
      )
    }
    if (updated.length !== found.length) throw conflict(PAYOUT_ALREADY_PAID)
    const refsOf = new Map<number, SubscriptionRefs>()
    for (const owner of owners) refsOf.set(owner.id, await subscriptionRefs(tx, owner.id))
    const statusBefore = new Map(found.map((row) => [row.id, row.status]))
    for (const payout of [...updated].sort((a, b) => a.id - b.id)) {
      const refs = refsOf.get(payout.subscriptionId)!
      await recordAudit(tx, {
        action: 'payout.paid',
        record: { type: 'payout', reference: payout.uuid },
        related: relatedTo(refs),
        summary:
          `Recorded payout ${payout.sequence} of ${refs.subscription} to ${refs.customerName} (${refs.customer}) as paid: ` +
          `${formatKobo(payout.amount)} on ${formatDate(payout.paidAt)}` +
          `${payout.paidAt! < payout.dueDate ? `, early (due ${formatDate(payout.dueDate)})` : ''}, bank reference ${bankReference}`,
        changes: changesBetween(
          {
            status: statusBefore.get(payout.id),
            paid_at: null,
            bank_reference: null,
            proof_of_payment: false,
            paid_to: null,
          },
          {
            status: 'paid',
            paid_at: payout.paidAt,
            bank_reference: bankReference,
            proof_of_payment: proofFileId !== null,
            paid_to: paidTo(payout),
          },
        ),
      })
    }
    // The schedule the subscription shows marks the same rows settled.
    for (const payout of updated) {
      await tx
        .update(scheduleEntries)
        .set({ settledAt: now })
        .where(
          and(
            eq(scheduleEntries.subscriptionId, payout.subscriptionId),
            eq(scheduleEntries.kind, 'payout'),
            eq(scheduleEntries.sequence, payout.sequence - 1),
          ),
        )
    }
    for (const owner of owners) {
      const own = updated
        .filter((payout) => payout.subscriptionId === owner.id)
        .sort((a, b) => a.sequence - b.sequence)
      for (const payout of own) {
        await notify(tx, owner.userId, {
          title: 'Payout paid',
          body:
            `Payout ${payout.sequence} of your investment ${owner.reference}, ${formatKobo(payout.amount)}` +
            `${payout.principal > 0 ? ' (with the amount invested)' : ''}, was paid on ${formatDate(payout.paidAt)} ` +
            `(bank reference ${bankReference}).`,
          link: payoutsLink(owner.reference),
        })
      }
      await settleInvestment(tx, owner.id, now)
    }
    return updated
  })
  await mailPayoutsRecorded(
    db,
    marked.map((row) => row.id),
  )
  const rows = (await ledgerQuery(db)
    .where(
      inArray(
        payouts.id,
        marked.map((row) => row.id),
      ),
    )
    .orderBy(asc(payouts.id))) as LedgerJoin[]
  const clock = await payoutClock(db)
  return rows.map((row) => serializePayout(row, clock))
}

/** "Payout recorded": one e-mail per paid payout, after the change is committed; past the cap it is logged and dropped. */
async function mailPayoutsRecorded(db: Database, ids: number[]) {
  if (!ids.length) return
  const rows = await db
    .select({
      payout: payouts,
      reference: subscriptions.reference,
      email: users.email,
      firstName: users.firstName,
      product: {
        name: products.name,
        reference: products.reference,
        location: products.location,
        type: products.type,
      },
    })
    .from(payouts)
    .innerJoin(subscriptions, eq(subscriptions.id, payouts.subscriptionId))
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(inArray(payouts.id, ids))
    .orderBy(asc(payouts.id))
  for (const row of rows) {
    const p = row.payout
    const paid = payoutAccountOf({
      bank: p.paidToBank,
      account_number: p.paidToAccountNumber,
      account_name: p.paidToAccountName,
    })
    try {
      await sendNotice(db, {
        to: row.email,
        subject: `Payout recorded for ${row.reference}`,
        text: [
          `Hello ${row.firstName},`,
          '',
          `Payout ${p.sequence} of your investment ${row.reference} (${productName(row.product)}), ` +
            `${formatKobo(p.amount)}${p.principal > 0 ? ' including the amount invested' : ''}, was paid on ${formatDate(p.paidAt)}.`,
          `Bank reference: ${p.bankReference ?? ''}`,
          ...(paid ? [`Paid to: ${maskedPayoutAccount(paid)}`] : []),
          '',
          `See your payouts: ${appUrl()}${payoutsLink(row.reference)}`,
        ].join('\n'),
      })
    } catch (error) {
      console.error(`Payout e-mail for ${row.reference} failed:`, error)
    }
  }
}
