import { and, eq } from 'drizzle-orm'
import { monthRange } from '~/contract/commission-rules'
import { statementMonthParam } from '~/contract/commissions'
import { endpoints } from '~/contract/endpoints'
import { users } from '../db/schema'
import { fieldError } from '../http/errors'
import { implement } from '../http/router'
import { getCompanyDetails } from '../settings/service'
import { pdfResponse } from '../subscriptions/documents'
import {
  allCommissions,
  listCommissions,
  markCommissionsPaid,
  netByRealtor,
  realtorIdOf,
  serializeCommission,
  totalsInNaira,
  totalsOf,
} from './service'
import { commissionStatementCsv, commissionStatementPdf } from './statement'

const ownList = implement(endpoints.commissionOwnList, async ({ db, user, query }) => {
  const filters = { realtorId: user.id, status: query.status, from: query.from, to: query.to }
  const [list, totals] = await Promise.all([listCommissions(db, filters, query.page ?? 1), totalsOf(db, user.id)])
  return { data: { ...list, totals: totalsInNaira(totals) } }
})

const adminList = implement(endpoints.commissionList, async ({ db, query }) => {
  let realtorId: number | undefined
  if (query.realtor) {
    // An unknown reference keeps nothing, rather than every realtor's entries.
    realtorId = (await realtorIdOf(db, query.realtor)) ?? -1
  }
  const filters = { realtorId, status: query.status, from: query.from, to: query.to }
  const [list, byRealtor] = await Promise.all([listCommissions(db, filters, query.page ?? 1), netByRealtor(db, filters)])
  return { data: { ...list, by_realtor: byRealtor } }
})

const markPaid = implement(endpoints.commissionMarkPaid, async ({ db, user, body }) => {
  const { message, ...data } = await markCommissionsPaid(db, body.ids, body.paid_at, body.bank_reference, user)
  return { message, data }
})

/** The signed-in realtor's entries earned in a month, with what a statement needs around them. */
async function statementOf(ctx: { db: Parameters<typeof totalsOf>[0]; user: { id: number }; params: { month: string } }) {
  const month = statementMonthParam.safeParse(ctx.params.month)
  const range = month.success ? monthRange(ctx.params.month) : null
  if (!range) throw fieldError('month', 'Month must be YYYY-MM')
  const [rows, overall, [realtor], company] = await Promise.all([
    allCommissions(ctx.db, { realtorId: ctx.user.id, from: range.from, to: range.to }),
    totalsOf(ctx.db, ctx.user.id),
    ctx.db
      .select({ firstName: users.firstName, lastName: users.lastName, reference: users.reference, email: users.email })
      .from(users)
      .where(and(eq(users.id, ctx.user.id)))
      .limit(1),
    getCompanyDetails(ctx.db),
  ])
  return {
    company,
    realtor: { name: `${realtor.firstName} ${realtor.lastName}`, reference: realtor.reference, email: realtor.email },
    month: ctx.params.month,
    entries: rows.map(serializeCommission),
    overall,
  }
}

const statementPdf = implement(endpoints.commissionStatementPdf, async (ctx) => {
  const data = await statementOf(ctx)
  return pdfResponse(await commissionStatementPdf(data), `commission-statement-${data.realtor.reference}-${data.month}.pdf`)
})

const statementCsv = implement(endpoints.commissionStatementCsv, async (ctx) => {
  const data = await statementOf(ctx)
  const body = commissionStatementCsv(data.entries)
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="commission-statement-${data.realtor.reference}-${data.month}.csv"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
})

export const commissionsRoutes = [ownList, statementPdf, statementCsv, adminList, markPaid]
