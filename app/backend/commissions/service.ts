import { aliasedTable, and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import {
  commissionsFor,
  commissionTotals,
  SELF_REFERRAL_VOID,
  type ChainLink,
  type CommissionStatus,
} from '~/contract/commission-rules'
import {
  COMMISSIONS_PAID_MESSAGE,
  NOT_EARNED,
  PAID_IN_FUTURE,
  type Commission,
  type RealtorNet,
} from '~/contract/commissions'
import { PAGE_SIZE } from '~/contract/envelope'
import { formatDate } from '~/contract/format'
import { getConfig } from '../config'
import type { Database, Executor } from '../db/client'
import { commissions, products, profiles, subscriptions, transactions, users } from '../db/schema'
import { pageOffset, paginated, type ApiUser } from '../http/context'
import { conflict, refusedField, notFound } from '../http/errors'
import { koboToNaira } from '../money'
import { notify } from '../notifications/service'
import { getCommissionRates } from '../settings/service'
import { todayIn } from '../dates/calendar'
import { changesBetween, createdWith, recordAudit } from '../audit/record'
import { reviewedStatus } from './holds'
import { formatKobo } from '~/contract/money'

/** The link commission notifications point at: the realtor's own commissions page. */
export const COMMISSIONS_PATH = '/commissions'

/** The realtors above a customer: its realtor, that realtor's upline, and the next (at most three). */
async function chainOf(tx: Executor, customerId: number): Promise<ChainLink[]> {
  const [customer] = await tx
    .select({ realtorId: users.realtorId })
    .from(users)
    .where(eq(users.id, customerId))
    .limit(1)
  const chain: ChainLink[] = []
  let next = customer?.realtorId ?? null
  while (next !== null && chain.length < 3 && !chain.some((link) => link.realtorId === next)) {
    const [realtor] = await tx
      .select({
        id: users.id,
        uplineId: users.uplineId,
        registeredCompany: profiles.registeredCompany,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(and(eq(users.id, next), eq(users.role, 'realtor')))
      .limit(1)
    if (!realtor) break
    chain.push({ realtorId: realtor.id, registeredCompany: realtor.registeredCompany ?? false })
    next = realtor.uplineId
  }
  return chain
}

/**
 * Called in the transaction that marks a payment paid: one entry per level with a realtor and a
 * rate above 0. The unique (transaction, level) index keeps it to one set even if called twice.
 */
export async function earnCommissions(
  tx: Executor,
  payment: {
    transactionId: number
    subscriptionId: number
    customerId: number
    amountKobo: number
    now: Date
  },
) {
  const chain = await chainOf(tx, payment.customerId)
  if (!chain.length) return
  const planned = commissionsFor(payment.amountKobo, chain, await getCommissionRates(tx)).filter(
    (entry) => entry.gross > 0,
  )
  if (!planned.length) return
  // A purchase that may be the realtor's own is held for staff (or void once they confirmed it).
  const status = await reviewedStatus(tx, payment, chain)
  const voided = status === 'void' ? { voidReason: SELF_REFERRAL_VOID, voidedAt: payment.now } : {}
  const inserted = await tx
    .insert(commissions)
    .values(
      planned.map((entry) => ({
        realtorId: entry.realtorId,
        customerId: payment.customerId,
        subscriptionId: payment.subscriptionId,
        transactionId: payment.transactionId,
        level: entry.level,
        rate: entry.ratePercent,
        withholdingTaxRate: entry.whtPercent,
        gross: entry.gross,
        withholdingTax: entry.withholdingTax,
        net: entry.net,
        status,
        ...voided,
        createdAt: payment.now,
      })),
    )
    .onConflictDoNothing({ target: [commissions.transactionId, commissions.level] })
    .returning({ id: commissions.id })
  for (const row of await auditedEntries(
    tx,
    inserted.map((entry) => entry.id),
  )) {
    const e = row.entry
    await recordAudit(tx, {
      action: 'commission.earned',
      record: { type: 'commission', reference: e.uuid },
      related: entryRelated(row),
      summary:
        `${row.realtorFirst} ${row.realtorLast} (${row.realtorReference}) earned a level ${e.level} commission of ` +
        `${formatKobo(e.net)} net on ${row.transactionReference} of ${row.subscriptionReference}` +
        (e.status === 'held'
          ? ', held for review'
          : e.status === 'void'
            ? `, void: ${SELF_REFERRAL_VOID}`
            : ''),
      changes: createdWith({
        status: e.status,
        level: e.level,
        rate: e.rate,
        withholding_tax_rate: e.withholdingTaxRate,
        gross: koboToNaira(e.gross),
        withholding_tax: koboToNaira(e.withholdingTax),
        net: koboToNaira(e.net),
      }),
    })
  }
}

/** Entries with the references the audit trail relates them to, oldest first. */
async function auditedEntries(tx: Executor, ids: number[]) {
  if (!ids.length) return []
  return (await entryQuery(tx)
    .where(inArray(commissions.id, ids))
    .orderBy(commissions.id)) as EntryRow[]
}

const entryRelated = (row: EntryRow) => [
  row.realtorReference,
  row.customerReference,
  row.subscriptionReference,
  row.productReference,
  row.transactionReference,
]

export const VOID_ON_CANCEL = 'Subscription cancelled'

/** Cancelling a subscription voids its commissions not yet paid, held ones too (in the cancelling transaction). */
export async function voidUnpaidCommissions(
  tx: Executor,
  subscriptionId: number,
  reason: string,
  now: Date,
) {
  const unpaid = and(
    eq(commissions.subscriptionId, subscriptionId),
    inArray(commissions.status, ['earned', 'held']),
  )
  const wasHeld = new Set(
    (
      await tx
        .select({ id: commissions.id, status: commissions.status })
        .from(commissions)
        .where(unpaid)
        .for('update')
    )
      .filter((row) => row.status === 'held')
      .map((row) => row.id),
  )
  const voided = await tx
    .update(commissions)
    .set({ status: 'void', voidReason: reason, voidedAt: now })
    .where(unpaid)
    .returning({ id: commissions.id })
  for (const row of await auditedEntries(
    tx,
    voided.map((entry) => entry.id),
  )) {
    await recordAudit(tx, {
      action: 'commission.voided',
      record: { type: 'commission', reference: row.entry.uuid },
      related: entryRelated(row),
      summary:
        `Voided the level ${row.entry.level} commission of ${formatKobo(row.entry.net)} of ` +
        `${row.realtorFirst} ${row.realtorLast} (${row.realtorReference}) on ${row.subscriptionReference}: ${reason}`,
      changes: changesBetween(
        { status: wasHeld.has(row.entry.id) ? 'held' : 'earned', void_reason: null },
        { status: 'void', void_reason: reason },
      ),
    })
  }
}

const realtorUser = aliasedTable(users, 'commission_realtor')
const customerUser = aliasedTable(users, 'commission_customer')
const payer = aliasedTable(users, 'commission_payer')

const entryColumns = {
  entry: commissions,
  realtorReference: realtorUser.reference,
  realtorFirst: realtorUser.firstName,
  realtorLast: realtorUser.lastName,
  customerReference: customerUser.reference,
  customerFirst: customerUser.firstName,
  customerLast: customerUser.lastName,
  payerFirst: payer.firstName,
  payerLast: payer.lastName,
  subscriptionReference: subscriptions.reference,
  subscriptionType: subscriptions.type,
  productName: products.name,
  productReference: products.reference,
  transactionReference: transactions.reference,
  transactionAmount: transactions.amount,
}

function entryQuery(db: Executor) {
  return db
    .select(entryColumns)
    .from(commissions)
    .innerJoin(realtorUser, eq(realtorUser.id, commissions.realtorId))
    .innerJoin(customerUser, eq(customerUser.id, commissions.customerId))
    .leftJoin(payer, eq(payer.id, commissions.paidById))
    .innerJoin(subscriptions, eq(subscriptions.id, commissions.subscriptionId))
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .innerJoin(transactions, eq(transactions.id, commissions.transactionId))
}

export type EntryRow = {
  entry: typeof commissions.$inferSelect
  realtorReference: string
  realtorFirst: string
  realtorLast: string
  customerReference: string
  customerFirst: string
  customerLast: string
  payerFirst: string | null
  payerLast: string | null
  subscriptionReference: string
  subscriptionType: 'land' | 'land_investment'
  productName: string
  productReference: string
  transactionReference: string
  transactionAmount: number
}

export function serializeCommission(row: EntryRow): Commission {
  const e = row.entry
  return {
    id: e.uuid,
    level: e.level,
    rate: e.rate,
    withholding_tax_rate: e.withholdingTaxRate,
    gross: koboToNaira(e.gross),
    withholding_tax: koboToNaira(e.withholdingTax),
    net: koboToNaira(e.net),
    status: e.status,
    created_at: new Date(e.createdAt).toISOString(),
    paid_at: e.status === 'paid' ? e.paidAt : null,
    bank_reference: e.status === 'paid' ? e.bankReference : null,
    paid_by: e.status === 'paid' && row.payerFirst ? `${row.payerFirst} ${row.payerLast}` : null,
    void_reason: e.status === 'void' ? e.voidReason : null,
    realtor: {
      reference: row.realtorReference,
      full_name: `${row.realtorFirst} ${row.realtorLast}`,
    },
    customer: {
      reference: row.customerReference,
      full_name: `${row.customerFirst} ${row.customerLast}`,
    },
    subscription: {
      reference: row.subscriptionReference,
      type: row.subscriptionType,
      product: row.productName || row.productReference,
    },
    transaction: {
      reference: row.transactionReference,
      amount: koboToNaira(row.transactionAmount),
    },
  }
}

export type CommissionFilters = {
  realtorId?: number
  subscriptionId?: number
  status?: CommissionStatus
  /** YYYY-MM-DD, days in the platform's time zone, on the day earned. */
  from?: string
  to?: string
}

function conditionsOf(filters: CommissionFilters): SQL | undefined {
  const zone = getConfig().APP_TIME_ZONE
  const conditions: SQL[] = []
  if (filters.realtorId !== undefined) conditions.push(eq(commissions.realtorId, filters.realtorId))
  if (filters.subscriptionId !== undefined)
    conditions.push(eq(commissions.subscriptionId, filters.subscriptionId))
  if (filters.status) conditions.push(eq(commissions.status, filters.status))
  if (filters.from)
    conditions.push(
      sql`${commissions.createdAt} >= (${filters.from}::date)::timestamp at time zone ${zone}`,
    )
  if (filters.to)
    conditions.push(
      sql`${commissions.createdAt} < (${filters.to}::date + 1)::timestamp at time zone ${zone}`,
    )
  return conditions.length ? and(...conditions) : undefined
}

export async function listCommissions(db: Executor, filters: CommissionFilters, page: number) {
  const where = conditionsOf(filters)
  const [rows, [{ total }]] = await Promise.all([
    entryQuery(db)
      .where(where)
      .orderBy(desc(commissions.createdAt), desc(commissions.id))
      .limit(PAGE_SIZE)
      .offset(pageOffset(page)) as Promise<EntryRow[]>,
    db.select({ total: count() }).from(commissions).where(where),
  ])
  return paginated(rows.map(serializeCommission), page, total)
}

/**
 * The next `limit` entries of the list (newest first) after the entry with id `after`: an export's
 * batch, which entries earned while the file streams do not shift.
 */
export async function commissionsAfter(
  db: Executor,
  filters: CommissionFilters,
  after: number | null,
  limit: number,
) {
  const cursor =
    after === null
      ? undefined
      : sql`(${commissions.createdAt}, ${commissions.id}) < (select ${commissions.createdAt}, ${commissions.id} from ${commissions} where ${commissions.id} = ${after})`
  const rows = (await entryQuery(db)
    .where(and(conditionsOf(filters), cursor))
    .orderBy(desc(commissions.createdAt), desc(commissions.id))
    .limit(limit)) as EntryRow[]
  return { rows, next: rows.length ? rows[rows.length - 1].entry.id : after }
}

/** Every entry the filters keep, oldest first (statements). */
export async function allCommissions(db: Executor, filters: CommissionFilters) {
  return (await entryQuery(db)
    .where(conditionsOf(filters))
    .orderBy(commissions.createdAt, commissions.id)) as EntryRow[]
}

/** A realtor's earned, paid and balance totals in kobo (contract/commission-rules.ts commissionTotals). */
export async function totalsOf(db: Executor, realtorId: number) {
  const rows = await db
    .select({ status: commissions.status, net: sql<string>`coalesce(sum(${commissions.net}), 0)` })
    .from(commissions)
    .where(eq(commissions.realtorId, realtorId))
    .groupBy(commissions.status)
  return commissionTotals(rows.map((row) => ({ status: row.status, net: Number(row.net) })))
}

export const totalsInNaira = (totals: { earned: number; paid: number; balance: number }) => ({
  earned: koboToNaira(totals.earned),
  paid: koboToNaira(totals.paid),
  balance: koboToNaira(totals.balance),
})

/** The total net per realtor of the entries the filters keep (void ones count nothing), largest first. */
export async function netByRealtor(
  db: Executor,
  filters: CommissionFilters,
): Promise<RealtorNet[]> {
  const where = and(conditionsOf(filters), ne(commissions.status, 'void'))
  const rows = await db
    .select({
      reference: users.reference,
      firstName: users.firstName,
      lastName: users.lastName,
      entries: count(),
      net: sql<string>`coalesce(sum(${commissions.net}), 0)`,
    })
    .from(commissions)
    .innerJoin(users, eq(users.id, commissions.realtorId))
    .where(where)
    .groupBy(users.id, users.reference, users.firstName, users.lastName)
    .orderBy(desc(sql`coalesce(sum(${commissions.net}), 0)`), users.reference)
    .limit(200)
  return rows.map((row) => ({
    realtor: { reference: row.reference, full_name: `${row.firstName} ${row.lastName}` },
    entries: Number(row.entries),
    net: koboToNaira(Number(row.net)),
  }))
}

export async function realtorIdOf(db: Executor, reference: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.reference, reference.trim().toUpperCase()), eq(users.role, 'realtor')))
    .limit(1)
  return row?.id ?? null
}

/**
 * Marks earned entries paid, all or none: an unknown id answers 404, one already paid or void
 * refuses the batch. The rows are locked, so two payers racing pay each entry once. Each realtor
 * paid is told how much, when and under which bank reference.
 */
export async function markCommissionsPaid(
  db: Database,
  ids: string[],
  paidAt: string,
  bankReference: string,
  actor: ApiUser,
) {
  if (paidAt > todayIn(getConfig().APP_TIME_ZONE)) throw refusedField('paid_at', PAID_IN_FUTURE)
  const uuids = ids
    .filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
    .map((id) => id.toLowerCase())
  if (uuids.length !== ids.length) throw notFound('Commission not found')
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: commissions.id,
        realtorId: commissions.realtorId,
        status: commissions.status,
        net: commissions.net,
      })
      .from(commissions)
      .where(inArray(commissions.uuid, uuids))
      .orderBy(commissions.id)
      .for('update')
    if (rows.length !== uuids.length) throw notFound('Commission not found')
    if (rows.some((row) => row.status !== 'earned'))
      throw conflict(`${NOT_EARNED}: some of those chosen are already paid or void`)
    const now = new Date()
    const updated = await tx
      .update(commissions)
      .set({ status: 'paid', paidAt, bankReference, paidById: actor.id, paidMarkedAt: now })
      .where(
        and(
          inArray(
            commissions.id,
            rows.map((row) => row.id),
          ),
          eq(commissions.status, 'earned'),
        ),
      )
      .returning({ id: commissions.id })
    if (updated.length !== rows.length) throw conflict(NOT_EARNED)
    for (const row of await auditedEntries(
      tx,
      rows.map((entry) => entry.id),
    )) {
      await recordAudit(tx, {
        action: 'commission.paid',
        record: { type: 'commission', reference: row.entry.uuid },
        related: entryRelated(row),
        summary:
          `Paid the level ${row.entry.level} commission of ${formatKobo(row.entry.net)} to ` +
          `${row.realtorFirst} ${row.realtorLast} (${row.realtorReference}) on ${row.subscriptionReference}, bank reference ${bankReference}`,
        changes: changesBetween(
          { status: 'earned', paid_at: null, bank_reference: null },
          { status: 'paid', paid_at: paidAt, bank_reference: bankReference },
        ),
      })
    }
    const byRealtor = new Map<number, { count: number; net: number }>()
    for (const row of rows) {
      const sum = byRealtor.get(row.realtorId) ?? { count: 0, net: 0 }
      byRealtor.set(row.realtorId, { count: sum.count + 1, net: sum.net + row.net })
    }
    for (const [realtorId, sum] of byRealtor) {
      await notify(tx, realtorId, {
        title: 'Commissions paid',
        body:
          `${formatKobo(sum.net)} in commissions (${sum.count} ${sum.count === 1 ? 'entry' : 'entries'}) was paid to you ` +
          `on ${formatDate(`${paidAt}T12:00:00Z`, 'UTC')}, bank reference ${bankReference}.`,
        link: COMMISSIONS_PATH,
      })
    }
    const net = rows.reduce((total, row) => total + row.net, 0)
    return {
      message: COMMISSIONS_PAID_MESSAGE(rows.length),
      paid: rows.length,
      net: koboToNaira(net),
    }
  })
}
