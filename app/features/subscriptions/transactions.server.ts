import { data } from '@remix-run/node'
import { endpoints } from '~/contract/endpoints'
import { transactionAnchor } from '~/contract/links'
import { markTransactionSchema } from '~/contract/subscriptions'
import { api, apiFile, POST_ERROR } from '~/utils/api.server'
import { pageNumberFrom } from '~/utils/list.server'
import { passFile } from '~/utils/files.server'
import { formSpec, parseForm, replyWithServerErrors } from '~/utils/form.server'
import { requireUser } from '~/utils/session.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'
import { loadOwnCredits } from '../payments/credits.server'
import { LISTS, type ListName } from './lists'
import { loadSubscription, panelContext } from './subscriptions.server'

export const TRANSACTION_PAGE_PARAM = 'transaction_page'
/** The panel's two-step marking: ?mark=<transaction>&as=paid|not_confirmed opens the confirmation in place. */
export const MARK_PARAM = 'mark'
export const MARK_AS_PARAM = 'as'
export const MARKED_PAID = 'Payment marked as paid; the payer has been told'
export const MARKED_NOT_CONFIRMED = 'Payment marked as not confirmed; the payer has been told why'

export type Marking = { reference: string; status: 'paid' | 'not_confirmed' }

function markingFrom(url: URL): Marking | null {
  const reference = url.searchParams.get(MARK_PARAM)?.trim()
  const status = url.searchParams.get(MARK_AS_PARAM)
  if (!reference || (status !== 'paid' && status !== 'not_confirmed')) return null
  return { reference, status }
}

/** The panel's own address without the marking step (where a mark, or its cancel, goes back to). */
function withoutMarking(url: URL) {
  const back = new URL(url)
  back.searchParams.delete(MARK_PARAM)
  back.searchParams.delete(MARK_AS_PARAM)
  return back.pathname + back.search
}

/** The transactions panel: a page of the subscription's transactions (its own page parameter). */
export async function loadTransactions(
  request: Request,
  name: ListName,
  reference: string | undefined,
) {
  const { subscription, closeTo, base, listSearch, can, timeZone } = await loadSubscription(
    request,
    name,
    reference,
  )
  const url = new URL(request.url)
  const page = pageNumberFrom(url.searchParams.get(TRANSACTION_PAGE_PARAM))
  const [result, credits] = await Promise.all([
    api(request, endpoints.transactionList, {
      params: { reference: subscription.reference },
      query: { page },
    }),
    subscription.is_user ? loadOwnCredits(request) : null,
  ])
  if (!result.ok) throw await redirectWithError(request, closeTo, result.message)
  const asked = can.verify ? markingFrom(url) : null
  // Only a transaction this viewer may mark now opens the step; anything else shows the plain panel.
  const marking =
    asked && result.data.items.some((t) => t.reference === asked.reference && t.can_mark)
      ? asked
      : null
  return {
    subscription,
    transactions: result.data,
    closeTo,
    base,
    listSearch,
    canVerify: can.verify,
    canExport: can.seesSubscriber,
    timeZone,
    marking,
    panelHref: withoutMarking(url),
    reasonSpec: formSpec(markTransactionSchema, { reference: 'TRX', status: 'not_confirmed' }),
    paidSpec: formSpec(markTransactionSchema, { reference: 'TRX', status: 'paid' }),
    credits,
  }
}

/**
 * Staff with can_verify_transaction mark one awaiting confirmation paid or not confirmed (with the
 * reason, required: a field message when blank); back to the same panel without the step.
 */
export async function markAction(request: Request) {
  const url = new URL(request.url)
  const here = withoutMarking(url)
  const { submission } = await parseForm(request, markTransactionSchema)
  if (submission.status !== 'success') {
    const { reference, status } = submission.payload as Record<string, unknown>
    // A blank reason is the one mistake a person makes here: said under the field.
    if (
      typeof reference === 'string' &&
      reference &&
      (status === 'not_confirmed' || status === 'paid')
    ) {
      return data({ result: submission.reply(), reference, status }, { status: 400 })
    }
    return redirectWithError(request, here, POST_ERROR)
  }
  const result = await api(request, endpoints.transactionMark, { body: submission.value })
  if (!result.ok) {
    const { reference, status } = submission.value
    if (result.fieldErrors?.reason || result.fieldErrors?.without_statement_credit) {
      return data(
        { result: replyWithServerErrors(submission, result), reference, status },
        { status: 400 },
      )
    }
    // A payment no statement line supports: the warning is answered by ticking the box beside it.
    if (
      status === 'paid' &&
      !submission.value.without_statement_credit &&
      /statement/i.test(result.message) &&
      result.httpStatus < 500
    ) {
      return data(
        {
          result: submission.reply({ fieldErrors: { without_statement_credit: [result.message] } }),
          reference,
          status,
        },
        { status: 400 },
      )
    }
    return redirectWithError(request, here, result.message)
  }
  const anchor = `#${transactionAnchor(result.data.reference)}`
  return redirectWithSuccess(
    request,
    here + anchor,
    submission.value.status === 'paid' ? MARKED_PAID : MARKED_NOT_CONFIRMED,
  )
}

/** GET …/{reference}/transactions/{id}/receipt: the API's receipt PDF. */
export async function receiptDownload(
  request: Request,
  name: ListName,
  reference: string | undefined,
  id: string | undefined,
) {
  await requireUser(request)
  const { listSearch } = panelContext(request, name)
  const response = await apiFile(request, endpoints.receiptDownload, {
    params: { reference: reference ?? '', id: id ?? '' },
  })
  const back = `${LISTS[name].basePath}/${encodeURIComponent(reference ?? '')}/transactions${listSearch}`
  return passFile(request, response, back, ['application/pdf'])
}

/** GET …/{reference}/land-document: the allocation letter of a completed land subscription. */
export async function landDocumentDownload(
  request: Request,
  name: ListName,
  reference: string | undefined,
) {
  await requireUser(request)
  const { closeTo } = panelContext(request, name)
  const response = await apiFile(request, endpoints.landDocument, {
    params: { reference: reference ?? '' },
  })
  return passFile(request, response, closeTo, ['application/pdf'])
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
  if (!response.ok || !(type.startsWith('image/') || pdf))
    throw new Response('Not found', { status: 404 })
  return new Response(response.body, {
    headers: {
      'Content-Type': type,
      // Proofs of payment are someone's: kept by no cache, so none outlives a sign-out.
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Content-Disposition': `${pdf ? 'attachment' : 'inline'}; filename="${name}"`,
      ...(response.headers.get('content-length')
        ? { 'Content-Length': response.headers.get('content-length')! }
        : {}),
    },
  })
}
