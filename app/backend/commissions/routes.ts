import { eq } from 'drizzle-orm'
import { monthRange } from '~/contract/commission-rules'
import { OWN_COMMISSIONS_ONLY, statementMonthParam } from '~/contract/commissions'
import { endpoints } from '~/contract/endpoints'
import { users } from '../db/schema'
import type { Executor } from '../db/client'
import { orNotFound, type ApiUser } from '../http/context'
import { fieldError, forbidden } from '../http/errors'
import { implement, type HandlerTable } from '../http/router'
import { csvResponse, csvStream, decimalAmount, exportFilename } from '../csv'
import { issueVerification } from '../verification-codes/issue'
import { getCompanyDetails } from '../settings/service'
import { pdfResponse } from '../pdf/kit'
import {
  allCommissions,
  commissionsAfter,
  listCommissions,
  markCommissionsPaid,
  netByRealtor,
  realtorIdOf,
  serializeCommission,
  totalsInNaira,
  totalsOf,
  type CommissionFilters,
} from './service'
import { commissionStatementCsv, commissionStatementPdf, statementTotals } from './statement'
import { decideHold, findHold, HOLD_NOT_FOUND, pendingHolds } from './holds'
import { koboToNaira } from '../money'
import { downlineOf } from './downline'

/**
 * Whose commissions the own endpoints read: a realtor its own (naming another is refused); staff
 * who pay commissions the realtor they name, or themselves (who have none).
 */
async function whose(db: Executor, user: ApiUser, realtor: string | undefined) {
  if (!realtor) return user.id
  if (user.role === 'realtor') {
    if (realtor.trim().toUpperCase() === user.reference.toUpperCase()) return user.id
    throw forbidden(OWN_COMMISSIONS_ONLY)
  }
  return orNotFound(await realtorIdOf(db, realtor), 'Realtor not found')
}

const COMMISSION_CSV_HEADER = [
  'id',
  'created_at',
  'realtor_reference',
  'realtor',
  'level',
  'rate',
  'withholding_tax_rate',
  'gross',
  'withholding_tax',
  'net',
  'status',
  'paid_at',
  'bank_reference',
  'paid_by',
  'void_reason',
  'customer_reference',
  'customer',
  'subscription_reference',
  'product',
  'transaction_reference',
  'transaction_amount',
]

/** Every entry the filters keep, newest first like the list, as a CSV download. */
function commissionsCsv(db: Executor, filters: CommissionFilters) {
  let after: number | null = null
  return csvStream(exportFilename('commissions'), COMMISSION_CSV_HEADER, async (_offset, limit) => {
    const { rows, next } = await commissionsAfter(db, filters, after, limit)
    after = next
    return rows.map((row) => {
      const c = serializeCommission(row)
      return [
        c.id,
        c.created_at,
        c.realtor.reference,
        c.realtor.full_name,
        c.level,
        c.rate,
        c.withholding_tax_rate,
        decimalAmount(row.entry.gross),
        decimalAmount(row.entry.withholdingTax),
        decimalAmount(row.entry.net),
        c.status,
        c.paid_at,
        c.bank_reference,
        c.paid_by,
        c.void_reason,
        c.customer.reference,
        c.customer.full_name,
        c.subscription.reference,
        c.subscription.product,
        c.transaction.reference,
        decimalAmount(row.transactionAmount),
      ]
    })
  })
}

const ownList = implement(endpoints.commissionOwnList, async ({ db, user, query }) => {
  const realtorId = await whose(db, user, query.realtor)
  const filters = { realtorId, status: query.status, from: query.from, to: query.to }
  if (query.format === 'csv') return commissionsCsv(db, filters)
  const [list, totals] = await Promise.all([
    listCommissions(db, filters, query.page ?? 1),
    totalsOf(db, realtorId),
  ])
  return { data: { ...list, totals: { ...totalsInNaira(totals), held: koboToNaira(totals.held) } } }
})

const adminList = implement(endpoints.commissionList, async ({ db, query }) => {
  let realtorId: number | undefined
  if (query.realtor) {
    // An unknown reference keeps nothing, rather than every realtor's entries.
    realtorId = (await realtorIdOf(db, query.realtor)) ?? -1
  }
  const filters = { realtorId, status: query.status, from: query.from, to: query.to }
  if (query.format === 'csv') return commissionsCsv(db, filters)
  const [list, byRealtor, flagged] = await Promise.all([
    listCommissions(db, filters, query.page ?? 1),
    netByRealtor(db, filters),
    pendingHolds(db),
  ])
  return {
    data: { ...list, by_realtor: byRealtor, holds: flagged.holds, hold_count: flagged.total },
  }
})

const holdShow = implement(endpoints.commissionHoldShow, async ({ db, params }) => {
  const found = orNotFound(await findHold(db, params.id), HOLD_NOT_FOUND)
  const entries = await allCommissions(db, { subscriptionId: found.subscriptionId })
  return { data: { ...found.hold, entries: entries.map(serializeCommission) } }
})

const holdDecide = implement(endpoints.commissionHoldDecide, async ({ db, user, params, body }) => {
  const { message } = await decideHold(db, params.id, body.decision, user)
  const found = orNotFound(await findHold(db, params.id), HOLD_NOT_FOUND)
  return { message, data: found.hold }
})

const markPaid = implement(endpoints.commissionMarkPaid, async ({ db, user, body }) => {
  const { message, ...data } = await markCommissionsPaid(
    db,
    body.ids,
    body.paid_at,
    body.bank_reference,
    user,
  )
  return { message, data }
})

/** The signed-in realtor's entries earned in a month, with what a statement needs around them. */
async function statementOf(ctx: {
  db: Executor
  user: ApiUser
  params: { month: string }
  query: { realtor?: string }
}) {
  const month = statementMonthParam.safeParse(ctx.params.month)
  const range = month.success ? monthRange(ctx.params.month) : null
  if (!range) throw fieldError('month', 'Month must be YYYY-MM')
  const realtorId = await whose(ctx.db, ctx.user, ctx.query.realtor)
  const [rows, overall, [realtor], company] = await Promise.all([
    allCommissions(ctx.db, { realtorId, from: range.from, to: range.to }),
    totalsOf(ctx.db, realtorId),
    ctx.db
      .select({
        firstName: users.firstName,
        lastName: users.lastName,
        reference: users.reference,
        email: users.email,
      })
      .from(users)
      .where(eq(users.id, realtorId))
      .limit(1),
    getCompanyDetails(ctx.db),
  ])
  return {
    company,
    realtorId,
    realtor: {
      name: `${realtor.firstName} ${realtor.lastName}`,
      reference: realtor.reference,
      email: realtor.email,
    },
    names: { firstName: realtor.firstName, lastName: realtor.lastName },
    month: ctx.params.month,
    entries: rows.map(serializeCommission),
    overall,
  }
}

const statementPdf = implement(endpoints.commissionStatementPdf, async (ctx) => {
  const data = await statementOf(ctx)
  const totals = statementTotals(data.entries)
  // The month and its figures name the statement: the same month with the same figures keeps its code.
  const verification = await issueVerification(ctx.db, {
    kind: 'commission_statement',
    subject: `commission_statement:${data.realtorId}:${data.month}:${totals.net}:${totals.paid}`,
    customer: data.names,
    issuer: data.company.name,
    amountKobo: totals.net,
    userId: data.realtorId,
  })
  return pdfResponse(
    await commissionStatementPdf({ ...data, verification }),
    `commission-statement-${data.realtor.reference}-${data.month}.pdf`,
  )
})

const statementCsv = implement(endpoints.commissionStatementCsv, async (ctx) => {
  const data = await statementOf(ctx)
  return csvResponse(
    commissionStatementCsv(data.entries),
    `commission-statement-${data.realtor.reference}-${data.month}.csv`,
  )
})

/** A realtor's own downline; staff who view realtors the one `realtor` names, or their own (empty). */
const downline = implement(endpoints.realtorDownline, async ({ db, user, query }) => {
  const realtorId = await whose(db, user, query.realtor)
  const found = user.role === 'realtor' || query.realtor ? await downlineOf(db, realtorId) : null
  return {
    data: found ?? {
      realtor: { reference: user.reference, full_name: `${user.firstName} ${user.lastName}` },
      own: { customer_count: 0, earned: 0 },
      generations: [],
    },
  }
})

export const commissionsHandlers = {
  realtorDownline: downline,
  commissionOwnList: ownList,
  commissionStatementPdf: statementPdf,
  commissionStatementCsv: statementCsv,
  commissionList: adminList,
  commissionMarkPaid: markPaid,
  commissionHoldShow: holdShow,
  commissionHoldDecide: holdDecide,
} satisfies HandlerTable
