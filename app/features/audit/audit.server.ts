import { mayCall } from '~/contract/access'
import { AUDIT_ACTIONS, type AuditAction } from '~/contract/audit'
import { endpoints } from '~/contract/endpoints'
import { parseDisplayDate } from '~/contract/format'
import { api } from '~/utils/api.server'
import { pageNumberFrom, redirectToCanonical } from '~/utils/list.server'
import { listHref } from '~/utils/pagination'
import { requireUser } from '~/utils/session.server'
import { timeZoneFrom } from '~/utils/time-zone.server'

export const AUDIT_PATH = '/audit'
type FilterKey = 'actor' | 'action' | 'record' | 'from' | 'to' | 'search'
export type AuditFilters = Record<FilterKey, string>

const AUDIT_VIEWERS = { permissions: ['can_view_audit' as const] }
const isAction = (value: string): value is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(value)

/** The page's filters from its address: dates as YYYY-MM-DD however they were typed, unknown actions dropped. */
function auditFilters(search: URLSearchParams): AuditFilters {
  const raw = (key: FilterKey) => search.get(key)?.trim().slice(0, 100) ?? ''
  return {
    actor: raw('actor'),
    action: isAction(raw('action')) ? raw('action') : '',
    record: raw('record'),
    from: parseDisplayDate(raw('from')) ?? '',
    to: parseDisplayDate(raw('to')) ?? '',
    search: raw('search'),
  }
}

/** The API's filters for the page's address: what the list and its CSV export both ask for. */
export function auditApiQuery(search: URLSearchParams) {
  const filters = auditFilters(search)
  return Object.fromEntries(
    Object.entries(filters).map(([key, value]) => [key, value || undefined]),
  )
}

/** /audit: one page of the trail under the filters in the address (redirected to its canonical form). */
export async function loadAuditList(request: Request) {
  const user = await requireUser(request)
  if (!mayCall(user, AUDIT_VIEWERS))
    throw new Response('You do not have permission to view this page', { status: 403 })
  const url = new URL(request.url)
  const filters = auditFilters(url.searchParams)
  const page = pageNumberFrom(url.searchParams.get('page'))
  const canonical = listHref(AUDIT_PATH, { page, ...filters })
  redirectToCanonical(request, canonical)
  const result = await api(request, endpoints.auditList, {
    query: { page, ...auditApiQuery(url.searchParams) },
  })
  if (!result.ok && result.httpStatus === 403) throw new Response(result.message, { status: 403 })
  return {
    filters,
    list: result.ok ? result.data : null,
    error: result.ok ? null : result.message,
    timeZone: timeZoneFrom(request),
  }
}

/**
 * A record's History for its details panel: the newest entries that name it, for those who may
 * read the audit trail (null for anyone else, who sees no History section).
 */
export async function loadRecordHistory(request: Request, reference: string) {
  const user = await requireUser(request)
  if (!mayCall(user, AUDIT_VIEWERS)) return null
  const result = await api(request, endpoints.auditList, { query: { record: reference, page: 1 } })
  if (!result.ok) return null
  return { reference, entries: result.data.items, more: result.data.total_pages > 1 }
}
