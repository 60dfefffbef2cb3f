import { data } from '@remix-run/node'
import { endpoints } from '~/contract/endpoints'
import { normaliseCode } from '~/contract/verification'
import { api, apiFile, DEFAULT_ERROR } from '~/utils/api.server'
import { timeZoneFrom } from '~/utils/time-zone'
import { requireUser } from '~/utils/session.server'
import { redirectWithError } from '~/utils/toast.server'

/** GET /verify/{code}: the public facts of an issued document, checked anonymously. */
export async function loadVerification(request: Request, code: string | undefined) {
  const result = await api(request, endpoints.verifyDocument, { params: { code: normaliseCode(code ?? '') || '-' }, token: null })
  if (result.ok) return { verification: result.data, timeZone: timeZoneFrom(request) }
  if (result.httpStatus === 404) throw data(result.message, { status: 404 })
  if (result.httpStatus === 429) throw data(result.message, { status: 429 })
  throw data(DEFAULT_ERROR, { status: result.httpStatus >= 400 ? result.httpStatus : 500 })
}

const FORMATS = new Set(['pdf', 'csv'])
const formatOf = (request: Request) => {
  const asked = new URL(request.url).searchParams.get('format')
  return asked && FORMATS.has(asked) ? (asked as 'pdf' | 'csv') : undefined
}

const PASSED_HEADERS = ['content-type', 'content-disposition', 'content-length']

/** Streams the API's file on; when the API refuses, back to `back` with its message as a toast. */
async function passDownload(request: Request, response: Response, back: string) {
  const type = response.headers.get('content-type') ?? ''
  if (response.ok && (type.startsWith('application/pdf') || type.startsWith('text/csv'))) {
    const headers = new Headers({ 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' })
    for (const name of PASSED_HEADERS) {
      const value = response.headers.get(name)
      if (value) headers.set(name, value)
    }
    return new Response(response.body, { status: 200, headers })
  }
  const envelope = (await response.json().catch(() => null)) as { message?: string } | null
  return redirectWithError(request, back, envelope?.message || DEFAULT_ERROR)
}

/** A subscription's statement (land or investment), as PDF or ?format=csv. */
export async function subscriptionStatementDownload(request: Request, reference: string | undefined, back: string) {
  await requireUser(request)
  const response = await apiFile(request, endpoints.subscriptionStatement, {
    params: { reference: reference ?? '' },
    query: { format: formatOf(request) },
  })
  return passDownload(request, response, back)
}

/** The signed-in person's own statement over all their subscriptions. */
export async function ownStatementDownload(request: Request) {
  await requireUser(request)
  const response = await apiFile(request, endpoints.ownStatement, { query: { format: formatOf(request) } })
  return passDownload(request, response, '/')
}

/** A customer's statement, for staff who view customers and the customer's realtor. */
export async function customerStatementDownload(request: Request, reference: string | undefined) {
  await requireUser(request)
  const response = await apiFile(request, endpoints.customerStatement, {
    params: { id: reference ?? '' },
    query: { format: formatOf(request) },
  })
  return passDownload(request, response, `/customers/${encodeURIComponent(reference ?? '')}`)
}
