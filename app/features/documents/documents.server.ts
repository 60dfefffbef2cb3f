import { data } from '@remix-run/node'
import { endpoints } from '~/contract/endpoints'
import { normaliseCode } from '~/contract/verification'
import { api, apiFile, DEFAULT_ERROR, failureInit } from '~/utils/api.server'
import { passFile } from '~/utils/files.server'
import { timeZoneFrom } from '~/utils/time-zone.server'
import { requireUser } from '~/utils/session.server'

/** GET /verify/{code}: the public facts of an issued document, checked anonymously. */
export async function loadVerification(request: Request, code: string | undefined) {
  const result = await api(request, endpoints.verifyDocument, {
    params: { code: normaliseCode(code ?? '') || '-' },
    token: null,
  })
  if (result.ok) return { verification: result.data, timeZone: timeZoneFrom(request) }
  if (result.httpStatus === 404) throw data(result.message, { status: 404 })
  if (result.httpStatus === 429) throw data(result.message, failureInit(result))
  throw data(DEFAULT_ERROR, { status: result.httpStatus >= 400 ? result.httpStatus : 500 })
}

const DOWNLOAD_TYPES = ['application/pdf', 'text/csv']
const FORMATS = new Set(['pdf', 'csv'])
const formatOf = (request: Request) => {
  const asked = new URL(request.url).searchParams.get('format')
  return asked && FORMATS.has(asked) ? (asked as 'pdf' | 'csv') : undefined
}

/** A subscription's statement (land or investment), as PDF or ?format=csv. */
export async function subscriptionStatementDownload(
  request: Request,
  reference: string | undefined,
  back: string,
) {
  await requireUser(request)
  const response = await apiFile(request, endpoints.subscriptionStatement, {
    params: { reference: reference ?? '' },
    query: { format: formatOf(request) },
  })
  return passFile(request, response, back, DOWNLOAD_TYPES)
}

/** The signed-in person's own statement over all their subscriptions. */
export async function ownStatementDownload(request: Request) {
  await requireUser(request)
  const response = await apiFile(request, endpoints.ownStatement, {
    query: { format: formatOf(request) },
  })
  return passFile(request, response, '/', DOWNLOAD_TYPES)
}

/** A customer's statement, for staff who view customers and the customer's realtor. */
export async function customerStatementDownload(request: Request, reference: string | undefined) {
  await requireUser(request)
  const response = await apiFile(request, endpoints.customerStatement, {
    params: { id: reference ?? '' },
    query: { format: formatOf(request) },
  })
  return passFile(
    request,
    response,
    `/customers/${encodeURIComponent(reference ?? '')}`,
    DOWNLOAD_TYPES,
  )
}
