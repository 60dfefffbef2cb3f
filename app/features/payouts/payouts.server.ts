import { data } from '@remix-run/node'
import { mayCall } from '~/contract/access'
import { endpoints } from '~/contract/endpoints'
import { DEFAULT_TIME_ZONE, formatDate, parseDisplayDate } from '~/contract/format'
import { PAYOUT_RECORDERS, PAYOUT_STATUSES, type PayoutStatus } from '~/contract/payout-rules'
import { CHOOSE_A_PAYOUT, payoutFormSchema } from '~/contract/payouts'
import { MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS } from '~/contract/products'
import { api } from '~/utils/api.server'
import { pageNumberFrom, redirectToCanonical } from '~/utils/list.server'
import { uploadFormFile } from '~/utils/files.server'
import { formSpec, parseForm, replyWithServerErrors } from '~/utils/form.server'
import { listHref } from '~/utils/pagination'
import { requireUser } from '~/utils/session.server'
import { timeZoneFrom } from '~/utils/time-zone.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'
import { FORBIDDEN_MESSAGE } from '../people/access.server'
import { PROOF_FOLDER } from '../subscriptions/payment.server'
import { loadSubscription } from '../subscriptions/subscriptions.server'
import { returnsChartMarkup } from './returns-chart.server'

export const PAYOUTS_PATH = '/payouts'
const FILTER_KEYS = ['status', 'from', 'to', 'search'] as const
export type PayoutFilters = Record<(typeof FILTER_KEYS)[number], string>
// One proof file of at most 2 MB and the form's text (up to a hundred ticked payouts).
const PAYOUT_FORM_LIMIT = {
  bytes: MAX_UPLOAD_BYTES + 64 * 1024,
  message: 'The proof of payment may not be greater than 2 MB',
}

const isStatus = (value: string): value is PayoutStatus =>
  (PAYOUT_STATUSES as readonly string[]).includes(value)

/**
 * The page's address as its filters make it: ?status= always (Due when none is given), dates as
 * YYYY-MM-DD whatever way they were typed, page 1 left out. Anything else redirects to it.
 */
function readPayoutQuery(request: Request) {
  const url = new URL(request.url)
  const page = pageNumberFrom(url.searchParams.get('page'))
  const filters = payoutFilters(url.searchParams)
  const canonical = listHref(PAYOUTS_PATH, { page, ...filters })
  redirectToCanonical(request, canonical)
  return { page, filters }
}

function payoutFilters(search: URLSearchParams): PayoutFilters {
  const raw = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, search.get(key)?.trim() ?? '']),
  ) as PayoutFilters
  return {
    status: isStatus(raw.status) ? raw.status : 'due',
    from: parseDisplayDate(raw.from) ?? '',
    to: parseDisplayDate(raw.to) ?? '',
    search: raw.search.slice(0, 100),
  }
}

/** GET admin/payout's filters for a tab (the address's own by default): the page, its tabs and its export alike. */
export function payoutApiQuery(search: URLSearchParams, status?: PayoutStatus) {
  const filters = payoutFilters(search)
  return {
    status: status ?? (filters.status as PayoutStatus),
    from: filters.from || undefined,
    to: filters.to || undefined,
    search: filters.search || undefined,
  }
}

export function payoutsHref(filters: PayoutFilters, change: Partial<PayoutFilters> = {}, page = 1) {
  return listHref(PAYOUTS_PATH, { page, ...filters, ...change })
}

async function requireRecorder(request: Request) {
  const user = await requireUser(request)
  if (!mayCall(user, PAYOUT_RECORDERS)) throw new Response(FORBIDDEN_MESSAGE, { status: 403 })
  return user
}

/** /payouts: one tab's page of payouts, and every tab's count and naira total under the same dates and search. */
export async function loadPayoutsPage(request: Request) {
  await requireRecorder(request)
  const { page, filters } = readPayoutQuery(request)
  const search = new URL(request.url).searchParams
  const [list, ...tabs] = await Promise.all([
    api(request, endpoints.payoutList, { query: { ...payoutApiQuery(search), page } }),
    ...PAYOUT_STATUSES.map((status) =>
      api(request, endpoints.payoutList, { query: { ...payoutApiQuery(search, status), page: 1 } }),
    ),
  ])
  return {
    filters,
    listUrl: payoutsHref(filters, {}, page),
    list: list.ok ? list.data : null,
    error: list.ok ? null : list.message,
    tabs: PAYOUT_STATUSES.map((status, index) => {
      const tab = tabs[index]
      return {
        status,
        count: tab.ok ? tab.data.total_count : 0,
        total: tab.ok ? tab.data.total_amount : 0,
      }
    }),
    // The platform's date, which the API checks "not in the future" against: a viewer west of
    // Lagos after its midnight would otherwise be offered yesterday, one east of it a refused date.
    today: formatDate(new Date(), DEFAULT_TIME_ZONE),
    spec: formSpec(payoutFormSchema),
  }
}

/**
 * The record form's post: the ticked payouts (or the one whose own button was pressed) recorded
 * paid with the day, bank reference and optional proof (sent to media/upload first, like a payment's).
 * Back to the same tab with a toast; a mistake is said under its field, keeping what was typed.
 */
export async function recordPayoutsAction(request: Request) {
  await requireRecorder(request)
  const url = new URL(request.url)
  const back = url.pathname + url.search
  const { submission } = await parseForm(request, payoutFormSchema, { limit: PAYOUT_FORM_LIMIT })
  const hideFields = ['proof_of_payment']
  const answer = (result: ReturnType<typeof submission.reply>) => data({ result }, { status: 400 })
  if (submission.status !== 'success') return answer(submission.reply({ hideFields }))
  const {
    ids = [],
    only,
    paid_on,
    bank_reference,
    confirm_early,
    proof_of_payment: file,
  } = submission.value
  const chosen = only ? [only] : ids.filter(Boolean)
  if (!chosen.length) return answer(submission.reply({ formErrors: [CHOOSE_A_PAYOUT], hideFields }))
  const proofError = (message: string) =>
    answer(submission.reply({ fieldErrors: { proof_of_payment: [message] }, hideFields }))

  let proofUrl: string | undefined
  if (file && file.size > 0) {
    const upload = await uploadFormFile(request, file, {
      folder: PROOF_FOLDER,
      extensions: UPLOAD_EXTENSIONS,
    })
    if (!upload.ok) return proofError(upload.message)
    proofUrl = upload.url
  }

  const result = await api(request, endpoints.payoutMarkPaid, {
    body: {
      ids: chosen,
      paid_at: parseDisplayDate(paid_on) ?? paid_on,
      bank_reference,
      proof_of_payment: proofUrl,
      confirm_early,
    },
  })
  if (!result.ok) {
    // The API names the date `paid_at`; the form's box is `paid_on`.
    const fieldErrors = result.fieldErrors
      ? { ...result.fieldErrors, paid_on: result.fieldErrors.paid_at ?? [] }
      : null
    if (fieldErrors && Object.values(fieldErrors).some((messages) => messages.length)) {
      return answer(replyWithServerErrors(submission, { ...result, fieldErrors }, hideFields))
    }
    return redirectWithError(request, back, result.message)
  }
  return redirectWithSuccess(request, back, result.message)
}

// ---------------------------------------------------------------------------------------------
// The investor's side

/** The top of /investment-portfolio: the viewer's own investments (nothing shown when it fails to load), the chart drawn. */
export async function loadPortfolioSummary(request: Request) {
  const result = await api(request, endpoints.payoutSummary)
  if (!result.ok) return null
  const { chart, ...summary } = result.data
  return { ...summary, chartMarkup: returnsChartMarkup(chart, timeZoneFrom(request)) }
}

/** The payouts panel over the portfolio: one investment's ledger. */
export async function loadPayoutsPanel(request: Request, reference: string | undefined) {
  const { subscription, closeTo, timeZone } = await loadSubscription(
    request,
    'investment',
    reference,
  )
  const result = await api(request, endpoints.payoutLedger, {
    params: { reference: subscription.reference },
  })
  if (!result.ok) throw await redirectWithError(request, closeTo, result.message)
  return { subscription, payouts: result.data, closeTo, timeZone }
}
