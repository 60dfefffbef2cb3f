import { parseWithZod } from '@conform-to/zod/v4'
import type { SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'
import { z } from 'zod'
import { mayCall } from '~/contract/access'
import { endpoints } from '~/contract/endpoints'
import type { StatementImportSummary, StatementPreview } from '~/contract/reconciliation'
import {
  MATCH_CONFIDENCES,
  STATEMENT_COLUMNS,
  STATEMENT_MAX_BYTES,
  type MatchConfidence,
} from '~/contract/reconciliation-labels'
import { api, type ApiFailure } from '~/utils/api.server'
import { pageNumberFrom, redirectToCanonical } from '~/utils/list.server'
import {
  bannerForUnshownFields,
  formSpec,
  readForm,
  replyWithServerErrors,
} from '~/utils/form.server'
import { assertSameOrigin } from '~/utils/request.server'
import { requireUser } from '~/utils/session.server'
import { timeZoneFrom } from '~/utils/time-zone.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'
import { FORBIDDEN_MESSAGE } from '../people/access.server'
import { DONE_STATUSES, linesHref, type DoneStatus, type LinesView } from './links'
import {
  columnsFormSchema,
  confirmFormSchema,
  ignoreFormSchema,
  linkFormSchema,
  previewFrom,
  STATEMENT_EXTENSIONS,
  uploadFormSchema,
} from './forms'

export const STATEMENT_TOO_LARGE = 'The statement may not be greater than 5 MB'
export const NOT_A_STATEMENT_FILE = 'Upload the statement as a CSV or XLSX file'
// One statement of at most 5 MB and the form's few fields. A file a little over the limit is still
// read, so it is refused beside its field with the bank kept; a far larger body is refused unread.
const STATEMENT_FORM_LIMIT = {
  bytes: 2 * STATEMENT_MAX_BYTES + 64 * 1024,
  message: STATEMENT_TOO_LARGE,
}

const RECONCILERS = { permissions: ['can_reconcile' as const] }
const isConfidence = (value: string | null): value is MatchConfidence =>
  (MATCH_CONFIDENCES as readonly (string | null)[]).includes(value)
const isDone = (value: string | null): value is DoneStatus =>
  (DONE_STATUSES as readonly (string | null)[]).includes(value)

async function requireReconciler(request: Request) {
  const user = await requireUser(request)
  if (!mayCall(user, RECONCILERS)) throw new Response(FORBIDDEN_MESSAGE, { status: 403 })
  return user
}

/** The address's view: ?status=confirmed|linked|ignored for the done lines, otherwise ?confidence= (Exact when none). */
function readView(request: Request) {
  const url = new URL(request.url)
  const page = pageNumberFrom(url.searchParams.get('page'))
  const status = url.searchParams.get('status')
  const confidence = url.searchParams.get('confidence')
  const view: LinesView = isDone(status)
    ? { confidence: null, status }
    : { confidence: isConfidence(confidence) ? confidence : 'exact', status: null }
  const canonical = linesHref(view, page)
  redirectToCanonical(request, canonical)
  return { page, view }
}

/** /reconciliation: the statement import form and one page of the lines of the chosen tab. */
export async function loadReconciliationPage(request: Request) {
  await requireReconciler(request)
  const { page, view } = readView(request)
  const query = view.status
    ? { status: view.status, page }
    : { status: 'open' as const, confidence: view.confidence, page }
  const list = await api(request, endpoints.reconciliationLines, { query })
  if (!list.ok && list.httpStatus === 403) throw new Response(list.message, { status: 403 })
  return {
    view,
    list: list.ok ? list.data : null,
    error: list.ok ? null : list.message,
    timeZone: timeZoneFrom(request),
    specs: {
      upload: formSpec(uploadFormSchema),
      columns: formSpec(columnsFormSchema),
      link: formSpec(linkFormSchema),
    },
  }
}

export type ReconciliationActionData =
  | { intent: 'preview'; result?: SubmissionResult<string[]>; preview?: StatementPreview }
  | {
      intent: 'import'
      result?: SubmissionResult<string[]>
      preview: StatementPreview | null
      summary?: StatementImportSummary
    }
  | { intent: 'confirm'; result: SubmissionResult<string[]> }
  | { intent: 'link'; line: string; result: SubmissionResult<string[]> }

const refused = (body: ReconciliationActionData) => data(body, { status: 400 })

/** A reply with only the messages given, for a post whose body could not be read. */
function replyOnly(
  intent: string,
  errors: { fieldErrors?: Record<string, string[]>; formErrors?: string[] },
) {
  const form = new FormData()
  form.set('intent', intent)
  return parseWithZod(form, { schema: z.object({ intent: z.string() }) }).reply(errors)
}

export const UPLOAD_AGAIN = 'Upload the statement again'

/** The API names the file `file_in_base64` (or `file_name`); the form's box is `file`. */
function fileErrors(failure: ApiFailure): ApiFailure {
  if (!failure.fieldErrors) return failure
  const { file_in_base64 = [], file_name = [], ...rest } = failure.fieldErrors
  const file = [...file_in_base64, ...file_name]
  return { ...failure, fieldErrors: file.length ? { ...rest, file } : rest }
}

/** The page's posts: read a statement, import it, confirm the ticked lines, link a line by hand, or mark it not ours. */
export async function reconciliationAction(request: Request) {
  await requireReconciler(request)
  assertSameOrigin(request)
  const url = new URL(request.url)
  const back = url.pathname + url.search
  let formData: FormData
  try {
    formData = await readForm(request, STATEMENT_FORM_LIMIT)
  } catch (error) {
    if (error instanceof Response && error.status === 413) {
      return refused({
        intent: 'preview',
        result: replyOnly('preview', { fieldErrors: { file: [STATEMENT_TOO_LARGE] } }),
      })
    }
    throw error
  }

  switch (formData.get('intent')) {
    case 'preview':
      return previewStatement(request, formData)
    case 'import':
      return importStatement(request, formData)
    case 'confirm':
      return confirmLines(request, formData, back)
    case 'link':
      return linkLine(request, formData, back)
    case 'ignore':
      return ignoreLine(request, formData, back)
    default:
      return redirectWithError(request, back, 'The form could not be submitted')
  }
}

async function previewStatement(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: uploadFormSchema })
  const hideFields = ['file']
  if (submission.status !== 'success')
    return refused({ intent: 'preview', result: submission.reply({ hideFields }) })
  const { bank, file } = submission.value
  const fileError = (message: string) =>
    refused({
      intent: 'preview',
      result: submission.reply({ fieldErrors: { file: [message] }, hideFields }),
    })
  if (file.size > STATEMENT_MAX_BYTES) return fileError(STATEMENT_TOO_LARGE)
  const extension = file.name.split('.').pop()?.toLowerCase() ?? ''
  if (!(STATEMENT_EXTENSIONS as readonly string[]).includes(extension))
    return fileError(NOT_A_STATEMENT_FILE)

  const result = await api(request, endpoints.reconciliationPreview, {
    body: {
      bank,
      file_name: file.name,
      file_in_base64: Buffer.from(await file.arrayBuffer()).toString('base64'),
    },
  })
  if (!result.ok) {
    if (result.httpStatus === 413) return fileError(STATEMENT_TOO_LARGE)
    // A file the API cannot read as a statement (not CSV or XLSX, empty, no credit column, a formula) is a plain 400 about the file.
    if (result.httpStatus === 400 && !result.fieldErrors) return fileError(result.message)
    const failure = fileErrors(result)
    const reply = failure.fieldErrors
      ? replyWithServerErrors(submission, failure, hideFields)
      : submission.reply({ formErrors: [failure.message], hideFields })
    return refused({ intent: 'preview', result: bannerForUnshownFields(reply, ['bank', 'file']) })
  }
  return data({ intent: 'preview', preview: result.data } satisfies ReconciliationActionData)
}

async function importStatement(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: columnsFormSchema })
  const preview = previewFrom(String(formData.get('preview') ?? ''))
  // Without the preview the columns cannot be shown again to correct: back to the first step.
  if (!preview)
    return refused({
      intent: 'preview',
      result: replyOnly('preview', { formErrors: [UPLOAD_AGAIN] }),
    })
  // The columns step shows only the column selects: any other message goes to its banner.
  const shown = STATEMENT_COLUMNS.map((column) => `columns.${column}`)
  if (submission.status !== 'success')
    return refused({
      intent: 'import',
      preview,
      result: bannerForUnshownFields(submission.reply(), shown),
    })
  const { bank, upload, columns } = submission.value
  const result = await api(request, endpoints.reconciliationImport, {
    body: { bank, upload, columns },
  })
  if (!result.ok) {
    const reply = result.fieldErrors
      ? replyWithServerErrors(submission, fileErrors(result))
      : submission.reply({ formErrors: [result.message] })
    return refused({ intent: 'import', preview, result: bannerForUnshownFields(reply, shown) })
  }
  // The summary is the answer itself (no toast: without JavaScript it would only show on the next page).
  return data({
    intent: 'import',
    preview,
    summary: result.data,
  } satisfies ReconciliationActionData)
}

async function confirmLines(request: Request, formData: FormData, back: string) {
  const submission = parseWithZod(formData, { schema: confirmFormSchema })
  if (submission.status !== 'success') {
    const messages = Object.values(submission.error ?? {})
      .flat()
      .filter((message): message is string => Boolean(message))
    return refused({
      intent: 'confirm',
      result: submission.reply({ formErrors: [...new Set(messages)] }),
    })
  }
  const result = await api(request, endpoints.reconciliationConfirm, {
    body: { line_ids: submission.value.line_ids },
  })
  if (!result.ok) {
    const messages = Object.values(result.fieldErrors ?? {}).flat()
    return refused({
      intent: 'confirm',
      result: submission.reply({ formErrors: messages.length ? messages : [result.message] }),
    })
  }
  const count = result.data.length
  return redirectWithSuccess(request, back, `Confirmed ${count} payment${count === 1 ? '' : 's'}`)
}

async function linkLine(request: Request, formData: FormData, back: string) {
  const submission = parseWithZod(formData, { schema: linkFormSchema })
  const line = String(formData.get('line') ?? '')
  if (submission.status !== 'success')
    return refused({ intent: 'link', line, result: submission.reply() })
  const { subscription, amount } = submission.value
  const result = await api(request, endpoints.reconciliationLink, {
    params: { id: line },
    body: { subscription, amount },
  })
  if (!result.ok) {
    const reply = result.fieldErrors
      ? replyWithServerErrors(submission, result)
      : submission.reply({ formErrors: [result.message] })
    return refused({
      intent: 'link',
      line,
      result: bannerForUnshownFields(reply, ['subscription', 'amount']),
    })
  }
  return redirectWithSuccess(
    request,
    back,
    `Line linked to ${subscription}: another member of staff confirms the payment`,
  )
}

async function ignoreLine(request: Request, formData: FormData, back: string) {
  const submission = parseWithZod(formData, { schema: ignoreFormSchema })
  if (submission.status !== 'success')
    return redirectWithError(request, back, 'The form could not be submitted')
  const result = await api(request, endpoints.reconciliationIgnore, {
    params: { id: submission.value.line },
  })
  if (!result.ok) return redirectWithError(request, back, result.message)
  return redirectWithSuccess(request, back, 'Line marked not ours')
}
