import { data } from '@remix-run/node'
import { holdDecisionSchema, markCommissionsPaidSchema } from '~/contract/commissions'
import { parseDisplayDate } from '~/contract/format'
import { endpoints } from '~/contract/endpoints'
import { api, apiFile } from '~/utils/api.server'
import { passFile } from '~/utils/files.server'
import { appUrl } from '~/utils/env.server'
import { REALTOR_INVITE_MESSAGE, shareableOf } from '~/features/referrals/referral-share.server'
import { formSpec, parseForm, replyWithServerErrors } from '~/utils/form.server'
import { readListQuery } from '~/utils/list.server'
import { requireAuth } from '~/utils/session.server'
import { timeZoneFrom } from '~/utils/time-zone.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'
import { commissionViewOf } from './access'

export const COMMISSIONS_PATH = '/commissions'
export const FORBIDDEN_MESSAGE = 'You do not have permission to view this page'
export const BAD_DATE = 'Enter the date as DD/MM/YYYY, for example 22/11/2026'

/** The signed-in user as the API sees them now, and which view of /commissions is theirs (403 when none). */
async function requireCommissionView(request: Request) {
  await requireAuth(request)
  const me = await api(request, endpoints.me)
  if (!me.ok) throw new Response(me.message, { status: me.httpStatus || 500 })
  const view = commissionViewOf(me.data)
  if (!view) throw new Response(FORBIDDEN_MESSAGE, { status: 403 })
  return { user: me.data, view }
}

/** The twelve months up to this one (YYYY-MM), newest first, for the statement's month. */
export function recentMonths(today: string, count = 12) {
  const [year, month] = today.split('-').map(Number)
  return Array.from({ length: count }, (_, back) => {
    const date = new Date(Date.UTC(year, month - 1 - back, 1))
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`
  })
}

function todayInZone(timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date())
  return parts
}

/**
 * /commissions: a realtor's own entries and totals, or for staff who pay commissions everyone's,
 * filtered by the URL (realtor, status, from, to; dates typed DD/MM/YYYY).
 */
/**
 * The list's address as the API's filters (dates typed DD/MM/YYYY go as they are: the API reads
 * both forms and refuses a wrong one under its field): the page and its export alike.
 */
export function commissionApiQuery(search: URLSearchParams, view: 'staff' | 'realtor' = 'staff') {
  const param = (key: string) => search.get(key)?.trim() ?? ''
  const from = param('from')
  const to = param('to')
  return {
    status: param('status') || undefined,
    from: parseDisplayDate(from) ?? from,
    to: parseDisplayDate(to) ?? to,
    realtor: view === 'staff' ? param('realtor') || undefined : undefined,
  }
}

export async function loadCommissions(request: Request) {
  const { user, view } = await requireCommissionView(request)
  const keys =
    view === 'staff'
      ? (['realtor', 'status', 'from', 'to'] as const)
      : (['status', 'from', 'to'] as const)
  const { page, filters } = readListQuery(request, keys)
  const all = filters as Record<'realtor' | 'status' | 'from' | 'to', string | undefined>
  const timeZone = timeZoneFrom(request)
  const base = { user, view, filters: all, timeZone, months: recentMonths(todayInZone(timeZone)) }
  const from = parseDisplayDate(all.from)
  const to = parseDisplayDate(all.to)
  const badDate = (all.from && !from) || (all.to && !to) ? BAD_DATE : null
  const query = { page, ...commissionApiQuery(new URL(request.url).searchParams, view) }
  const empty = { items: [], page: 1, total_pages: 1 }
  if (view === 'realtor') {
    const [result, downline] = await Promise.all([
      badDate ? null : api(request, endpoints.commissionOwnList, { query }),
      api(request, endpoints.realtorDownline, { query: {} }),
    ])
    if (result && !result.ok && !result.fieldErrors)
      throw new Response(result.message, { status: result.httpStatus || 500 })
    if (!downline.ok) throw new Response(downline.message, { status: downline.httpStatus || 500 })
    return {
      ...base,
      ...(result?.ok
        ? result.data
        : { ...empty, totals: { earned: 0, paid: 0, balance: 0, held: 0 } }),
      byRealtor: [],
      holds: [],
      holdCount: 0,
      error: badDate ?? (result && !result.ok ? result.message : null),
      markSpec: null,
      // Realtors who sign up through this link get this realtor as their upline.
      realtorInvite: await shareableOf(
        `${appUrl()}/realtor/register?ref=${user.reference}`,
        REALTOR_INVITE_MESSAGE,
      ),
      downline: downline.data,
    }
  }
  const result = badDate ? null : await api(request, endpoints.commissionList, { query })
  if (result && !result.ok && !result.fieldErrors)
    throw new Response(result.message, { status: result.httpStatus || 500 })
  return {
    ...base,
    ...(result?.ok
      ? { items: result.data.items, page: result.data.page, total_pages: result.data.total_pages }
      : empty),
    totals: null,
    byRealtor: result?.ok ? result.data.by_realtor : [],
    holds: result?.ok ? result.data.holds : [],
    holdCount: result?.ok ? result.data.hold_count : 0,
    error: badDate ?? (result && !result.ok ? result.message : null),
    markSpec: formSpec(markCommissionsPaidSchema),
    realtorInvite: null,
    downline: null,
  }
}

/** "Mark paid" for the ticked entries: back to the same filtered list with a toast, or the form's errors. */
export async function markPaidAction(request: Request) {
  const { view } = await requireCommissionView(request)
  if (view !== 'staff') throw new Response(FORBIDDEN_MESSAGE, { status: 403 })
  const { submission } = await parseForm(request, markCommissionsPaidSchema)
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const result = await api(request, endpoints.commissionMarkPaid, { body: submission.value })
  if (!result.ok)
    return data({ result: replyWithServerErrors(submission, result) }, { status: 400 })
  const url = new URL(request.url)
  return redirectWithSuccess(request, `${COMMISSIONS_PATH}${url.search}`, result.message)
}

/** GET /commissions/statement?month=YYYY-MM&format=pdf|csv: the API's file, passed on as a download. */
export async function statementDownload(request: Request) {
  await requireAuth(request)
  const url = new URL(request.url)
  // Without a month (a bare link), this month's statement.
  const month =
    url.searchParams.get('month') || recentMonths(todayInZone(timeZoneFrom(request)), 1)[0]
  const csv = url.searchParams.get('format') === 'csv'
  const realtor = url.searchParams.get('realtor') ?? undefined
  const options = { params: { month }, query: { realtor } }
  const response = csv
    ? await apiFile(request, endpoints.commissionStatementCsv, options)
    : await apiFile(request, endpoints.commissionStatementPdf, options)
  return passFile(request, response, COMMISSIONS_PATH, [csv ? 'text/csv' : 'application/pdf'])
}

/** /commissions/holds/{id}: a flagged purchase and its entries, for staff who pay commissions. */
export async function loadHold(request: Request, id: string) {
  const { view } = await requireCommissionView(request)
  if (view !== 'staff') throw new Response(FORBIDDEN_MESSAGE, { status: 403 })
  const result = await api(request, endpoints.commissionHoldShow, { params: { id } })
  if (!result.ok) throw new Response(result.message, { status: result.httpStatus || 500 })
  return { hold: result.data, timeZone: timeZoneFrom(request) }
}

/** Clear or confirm a flagged purchase (the review's two buttons post `decision`); back to /commissions with a toast. */
export async function holdDecisionAction(request: Request, id: string) {
  const { view } = await requireCommissionView(request)
  if (view !== 'staff') throw new Response(FORBIDDEN_MESSAGE, { status: 403 })
  const back = `${COMMISSIONS_PATH}${new URL(request.url).search}`
  const { submission } = await parseForm(request, holdDecisionSchema)
  if (submission.status !== 'success')
    return redirectWithError(request, back, 'Choose clear or confirm')
  const result = await api(request, endpoints.commissionHoldDecide, {
    params: { id },
    body: submission.value,
  })
  if (!result.ok) return redirectWithError(request, back, result.message)
  return redirectWithSuccess(request, back, result.message)
}
