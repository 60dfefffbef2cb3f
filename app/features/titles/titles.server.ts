import { data } from '@remix-run/node'
import { endpoints } from '~/contract/endpoints'
import { DEFAULT_TIME_ZONE, formatDate, parseDisplayDate } from '~/contract/format'
import { MAX_UPLOAD_BYTES, PROOF_EXTENSIONS } from '~/contract/products'
import { RECORDED_TITLE_STEPS, type RecordedTitleStep } from '~/contract/title-rules'
import { titleStepFormSchema, type Title } from '~/contract/titles'
import { api, apiFile } from '~/utils/api.server'
import { uploadFormFile } from '~/utils/files.server'
import { formSpec, parseForm, replyWithServerErrors } from '~/utils/form.server'
import { readListQuery } from '~/utils/list.server'
import { listHref } from '~/utils/pagination'
import { requireUser } from '~/utils/session.server'
import { timeZoneFrom } from '~/utils/time-zone.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'
import { panelContext } from '../subscriptions/subscriptions.server'

export const TITLE_FOLDER = 'titles'
export const TITLES_PATH = '/titles'
/** The list's own query parameters, in the order the address shows them. */
export const TITLE_LIST_KEYS = ['step', 'overdue', 'search'] as const

// One document of at most 2 MB and the form's text: a larger body is refused as it streams in.
const TITLE_FORM_LIMIT = {
  bytes: MAX_UPLOAD_BYTES + 64 * 1024,
  message: 'The document may not be greater than 2 MB',
}

/** Where the panel sits: over a customer's land subscriptions, or over the staff list of titles. */
export type TitlePanelHome = 'subscriptions' | 'titles'

const isStep = (value: string): value is RecordedTitleStep =>
  (RECORDED_TITLE_STEPS as readonly string[]).includes(value)

/** The staff list's address for the list params in a URL (kept when a panel opens over it). */
export function titleListUrl(params: URLSearchParams) {
  const step = params.get('step')?.trim() ?? ''
  return listHref(TITLES_PATH, {
    page: params.get('page') ?? 1,
    step: isStep(step) ? step : '',
    overdue: params.get('overdue') === 'true' ? 'true' : '',
    search: params.get('search')?.trim() ?? '',
  })
}

function closeToFor(request: Request, home: TitlePanelHome) {
  if (home === 'subscriptions') return panelContext(request, 'land').closeTo
  return titleListUrl(new URL(request.url).searchParams)
}

/** The steps staff may record now: those already recorded (to correct them) and the next one. */
export function recordable(title: Title) {
  return RECORDED_TITLE_STEPS.filter(
    (step) =>
      step === title.next_step ||
      title.steps.some((s) => s.step === step && s.status !== 'pending'),
  )
}

/**
 * The estate's site map for staff allocating: each free plot links to this panel with it picked
 * (`?plot=` added, so it works without JavaScript), beside the selects.
 */
async function pickMap(request: Request, estateId: string, url: URL, picked: string[]) {
  const target = new URL(url)
  target.searchParams.delete('plot')
  for (const id of picked) target.searchParams.append('plot', id)
  target.searchParams.append('plot', 'PLOT_ID')
  target.hash = 'plot-choice'
  const link = `${target.pathname}${target.search}${target.hash}`.replace('PLOT_ID', '{id}')
  const map = await apiFile(request, endpoints.estateMap, {
    params: { id: estateId },
    query: { link },
  })
  return map.ok ? await map.text() : null
}

/** The title documents panel: the timeline, and for staff who record titles the form for the next step. */
export async function loadTitlePanel(
  request: Request,
  home: TitlePanelHome,
  reference: string | undefined,
) {
  await requireUser(request)
  const closeTo = closeToFor(request, home)
  const result = await api(request, endpoints.titleShow, { params: { reference: reference ?? '' } })
  if (!result.ok) throw await redirectWithError(request, closeTo, result.message)
  const timeZone = timeZoneFrom(request)
  const allocation = result.data.allocation
  const url = new URL(request.url)
  // Plots picked on the site map (?plot=, one per click), free plots of the registry only.
  const picked = url.searchParams
    .getAll('plot')
    .filter((id) => allocation?.choices.some((plot) => plot.id === id))
  // The newest picks win: one click on a plot of a single-plot purchase replaces the last.
  picked.splice(0, Math.max(0, picked.length - (allocation?.quantity ?? 0)))
  const plotIds = Array.from(
    { length: allocation?.quantity ?? 0 },
    (_, index) => picked[index] ?? allocation?.held[index]?.id ?? '',
  )
  return {
    title: result.data,
    closeTo,
    timeZone,
    // The platform's date, which the API checks "not in the future" against, whatever the viewer's zone.
    defaults: {
      step:
        picked.length && recordable(result.data).includes('plot_allocated')
          ? 'plot_allocated'
          : (result.data.next_step ?? ''),
      date: formatDate(new Date(), DEFAULT_TIME_ZONE),
      // One select per plot bought: the plots picked on the map, then those the purchase holds (reserved when bought).
      plot_ids: plotIds,
    },
    pickMap: allocation?.estate ? await pickMap(request, allocation.estate.id, url, picked) : null,
    spec: formSpec(titleStepFormSchema),
  }
}

/**
 * The record-a-step form's post (multipart): a document goes to media/upload first, then the step
 * goes to the API with its URL. Refusals come back under their fields with what was typed.
 */
export async function titleAction(request: Request, reference: string | undefined) {
  await requireUser(request)
  const url = new URL(request.url)
  const here = url.pathname + url.search
  const { submission } = await parseForm(request, titleStepFormSchema, { limit: TITLE_FORM_LIMIT })
  const hideFields = ['document']
  const answer = (result: ReturnType<typeof submission.reply>) => data({ result }, { status: 400 })
  if (submission.status !== 'success') return answer(submission.reply({ hideFields }))
  const {
    step,
    date,
    note,
    plot_ids: plotIds,
    reason,
    not_applicable: notApplicable,
  } = submission.value
  const file =
    submission.value.document instanceof File && submission.value.document.size > 0
      ? submission.value.document
      : null
  const documentError = (message: string) =>
    answer(submission.reply({ fieldErrors: { document: [message] }, hideFields }))

  let documentUrl: string | undefined
  if (file) {
    const upload = await uploadFormFile(request, file, {
      folder: TITLE_FOLDER,
      extensions: PROOF_EXTENSIONS,
    })
    if (!upload.ok) return documentError(upload.message)
    documentUrl = upload.url
  }

  const result = await api(request, endpoints.titleRecord, {
    params: { reference: reference ?? '' },
    body: {
      step,
      status: notApplicable ? 'not_applicable' : 'done',
      date: parseDisplayDate(date) ?? date,
      note,
      document_url: documentUrl,
      ...(step === 'plot_allocated' ? { plot_ids: plotIds ?? [], reason } : {}),
    },
  })
  if (!result.ok) {
    if (!result.fieldErrors) return redirectWithError(request, here, result.message)
    // The API names the document document_url and the check box's value status.
    const { document_url: documentErrors, status: statusErrors, ...rest } = result.fieldErrors
    const fieldErrors = {
      ...rest,
      ...(documentErrors ? { document: documentErrors } : {}),
      ...(statusErrors ? { not_applicable: statusErrors } : {}),
    }
    return answer(replyWithServerErrors(submission, { ...result, fieldErrors }, hideFields))
  }
  return redirectWithSuccess(request, here, result.message)
}

/** The list's address (its search params) as GET admin/title's filters: the page and its export alike. */
export function titleApiQuery(search: URLSearchParams) {
  const step = search.get('step')?.trim() ?? ''
  return {
    step: isStep(step) ? step : undefined,
    overdue: search.get('overdue')?.trim() === 'true' ? ('true' as const) : undefined,
    search: search.get('search')?.trim().slice(0, 100) || undefined,
  }
}

/** The staff page /titles: completed purchases by the step they wait for. */
export async function loadTitleList(request: Request) {
  await requireUser(request)
  const { page, filters } = readListQuery(request, TITLE_LIST_KEYS)
  const result = await api(request, endpoints.titleList, {
    query: { page, ...titleApiQuery(new URL(request.url).searchParams) },
  })
  if (!result.ok && result.httpStatus === 403) throw new Response(result.message, { status: 403 })
  const listUrl = listHref(TITLES_PATH, { page, ...filters })
  return {
    filters,
    listSearch: listUrl.slice(TITLES_PATH.length),
    list: result.ok ? result.data : null,
    error: result.ok ? null : result.message,
    timeZone: timeZoneFrom(request),
  }
}
