import { endpoints } from '~/contract/endpoints'
import { markTransactionSchema } from '~/contract/subscriptions'
import { api, apiFile, DEFAULT_ERROR, POST_ERROR } from '~/utils/api.server'
import { parseForm } from '~/utils/form.server'
import { requireUser } from '~/utils/session.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'
import { LISTS, type ListName } from './lists'
import { loadSubscription, panelContext } from './subscriptions.server'

export const TRANSACTION_PAGE_PARAM = 'transaction_page'
export const TRANSACTION_MARKED = 'Transaction marked successfully'

/** The transactions panel: a page of the subscription's transactions (its own page parameter). */
export async function loadTransactions(request: Request, name: ListName, reference: string | undefined) {
  const { subscription, closeTo, base, listSearch, can, timeZone } = await loadSubscription(request, name, reference)
  const url = new URL(request.url)
  const page = Math.max(1, Math.floor(Number(url.searchParams.get(TRANSACTION_PAGE_PARAM)) || 1))
  const result = await api(request, endpoints.transactionList, { params: { reference: subscription.reference }, query: { page } })
  if (!result.ok) throw await redirectWithError(request, closeTo, result.message)
  return { subscription, transactions: result.data, closeTo, base, listSearch, canVerify: can.verify, timeZone }
}

/** Staff with can_verify_transaction mark one awaiting confirmation paid or not confirmed; back to the same panel. */
export async function markAction(request: Request) {
  const url = new URL(request.url)
  const here = url.pathname + url.search
  const { submission } = await parseForm(request, markTransactionSchema)
  if (submission.status !== 'success') return redirectWithError(request, here, POST_ERROR)
  const result = await api(request, endpoints.transactionMark, { body: submission.value })
  if (!result.ok) return redirectWithError(request, here, result.message)
  return redirectWithSuccess(request, here, TRANSACTION_MARKED)
}

const PASSED_HEADERS = ['content-type', 'content-disposition', 'content-length']

/**
 * Streams a file the API answered (a PDF) with its type and Content-Disposition; when the API
 * refuses, goes back to `back` with its message as a toast.
 */
async function passFile(request: Request, response: Response, back: string, expectedType: string) {
  const type = response.headers.get('content-type') ?? ''
  if (response.ok && type.startsWith(expectedType)) {
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

/** GET …/{reference}/transactions/{id}/receipt: the API's receipt PDF. */
export async function receiptDownload(request: Request, name: ListName, reference: string | undefined, id: string | undefined) {
  await requireUser(request)
  const { listSearch } = panelContext(request, name)
  const response = await apiFile(request, endpoints.receiptDownload, { params: { reference: reference ?? '', id: id ?? '' } })
  const back = `${LISTS[name].basePath}/${encodeURIComponent(reference ?? '')}/transactions${listSearch}`
  return passFile(request, response, back, 'application/pdf')
}

/** GET …/{reference}/land-document: the allocation letter of a completed land subscription. */
export async function landDocumentDownload(request: Request, name: ListName, reference: string | undefined) {
  await requireUser(request)
  const { closeTo } = panelContext(request, name)
  const response = await apiFile(request, endpoints.landDocument, { params: { reference: reference ?? '' } })
  return passFile(request, response, closeTo, 'application/pdf')
}

/**
 * GET /resources/media/{name}: a stored file fetched with the session's token, so a proof of
 * payment opens for those the API lets see it (an <img> or link sends no bearer token). Images
 * show in place; a PDF is always a download (attachment), never rendered by the browser.
 */
export async function mediaFile(request: Request, fileName: string | undefined) {
  await requireUser(request)
  const name = fileName ?? ''
  if (!/^[\w.-]{1,200}$/.test(name)) throw new Response('Not found', { status: 404 })
  const response = await apiFile(request, endpoints.mediaFile, { params: { name } })
  const type = response.headers.get('content-type') ?? ''
  const pdf = type.startsWith('application/pdf')
  if (!response.ok || !(type.startsWith('image/') || pdf)) throw new Response('Not found', { status: 404 })
  return new Response(response.body, {
    headers: {
      'Content-Type': type,
      // Proofs of payment are someone's: kept by no cache, so none outlives a sign-out.
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Content-Disposition': `${pdf ? 'attachment' : 'inline'}; filename="${name}"`,
      ...(response.headers.get('content-length') ? { 'Content-Length': response.headers.get('content-length')! } : {}),
    },
  })
}
