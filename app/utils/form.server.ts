import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import type { SubmissionResult } from '@conform-to/react'
import type { z } from 'zod'
import { BodyTooLargeError, readBodyForm } from '~/contract/request-body'
import type { ApiFailure } from './api.server'
import type { FormSpec } from './form-spec'
import { assertSameOrigin } from './request.server'

export const HONEYPOT_FIELD = 'website'

/** What a form without files may send: far more than any of ours holds. */
export const FORM_MAX_BYTES = 1024 * 1024
export const FORM_TOO_LARGE = 'The form is too large to send'

export type BodyLimit = { bytes: number; message: string }

const forms = new WeakMap<Request, Promise<FormData>>()

/**
 * A form post's fields, read once per request however many times asked, and at most
 * `limit.bytes` of it: a larger body is refused with a 413 page saying `limit.message`, an
 * unreadable one with a 400, a post from another site with a 403. Every action reads its form
 * through here (or parseForm).
 */
export function readForm(
  request: Request,
  limit: BodyLimit = { bytes: FORM_MAX_BYTES, message: FORM_TOO_LARGE },
) {
  assertSameOrigin(request)
  let form = forms.get(request)
  if (!form) {
    form = readBodyForm(request, limit.bytes).catch((error: unknown) => {
      if (error instanceof BodyTooLargeError) {
        throw new Response(limit.message, { status: 413, statusText: 'Payload Too Large' })
      }
      throw new Response('The form could not be read', { status: 400 })
    })
    forms.set(request, form)
  }
  return form
}

/**
 * Reads a plain form post (urlencoded or multipart) and validates it with conform + zod.
 * Cross-site posts are refused; on public forms a filled honeypot is refused too.
 */
export async function parseForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  { honeypot = false, limit }: { honeypot?: boolean; limit?: BodyLimit } = {},
) {
  const formData = await readForm(request, limit)
  if (honeypot && formData.get(HONEYPOT_FIELD)) {
    throw new Response('The form could not be submitted', { status: 400 })
  }
  return { formData, submission: parseWithZod(formData, { schema }) }
}

/** Server messages under their fields (joined by ', ') and as the form's message. */
export function replyWithApiFailure(
  submission: {
    reply: (options?: {
      formErrors?: string[]
      fieldErrors?: Record<string, string[]>
      hideFields?: string[]
      resetForm?: boolean
    }) => SubmissionResult
  },
  failure: ApiFailure,
  hideFields: string[] = [],
) {
  const fieldErrors = Object.fromEntries(
    Object.entries(failure.fieldErrors ?? {}).map(([field, messages]) => [
      field,
      [messages.join(', ')],
    ]),
  )
  return submission.reply({ formErrors: [failure.message], fieldErrors, hideFields })
}

/**
 * Server errors on an app form: under their fields when the API named fields (no banner
 * repeating them; only the auth screens also show a banner), otherwise as the form's message.
 */
export function replyWithServerErrors(
  submission: Parameters<typeof replyWithApiFailure>[0],
  failure: ApiFailure,
  hideFields: string[] = [],
) {
  if (!failure.fieldErrors) return replyWithApiFailure(submission, failure, hideFields)
  const fieldErrors = Object.fromEntries(
    Object.entries(failure.fieldErrors).map(([field, messages]) => [field, [messages.join(', ')]]),
  )
  return submission.reply({ fieldErrors, hideFields })
}

/**
 * A reply whose errors name fields this form does not show (a hand-made post to the land form's
 * twin, a hidden field) moves them to the form's banner, so no refusal goes unexplained.
 */
export function bannerForUnshownFields(
  result: SubmissionResult,
  shownFields: readonly string[],
): SubmissionResult {
  if (!result.error) return result
  const shown: Record<string, string[] | null> = {}
  const banner = [...(result.error[''] ?? [])]
  for (const [field, messages] of Object.entries(result.error)) {
    if (field === '') continue
    if (shownFields.includes(field) || !messages?.length) shown[field] = messages
    else banner.push(...messages)
  }
  return { ...result, error: { ...shown, ...(banner.length ? { '': banner } : {}) } }
}

const specs = new WeakMap<z.ZodType, Map<string, FormSpec>>()

/**
 * What the browser needs to validate a form without shipping zod (about 90 KiB gzip): the HTML
 * constraints and the message of each field an empty submission is refused for. Loaders return it;
 * `useSpecForm` uses it. The server still validates everything with the full schema.
 * `fixed` holds values the form always sends (hidden fields such as a product's type), so the
 * fields they make required count as required.
 */
export function formSpec(schema: z.ZodType, fixed: Record<string, string> = {}): FormSpec {
  let byFixed = specs.get(schema)
  if (!byFixed) specs.set(schema, (byFixed = new Map()))
  const key = JSON.stringify(fixed)
  let spec = byFixed.get(key)
  if (!spec) {
    const required: Record<string, string> = {}
    const empty = schema.safeParse(fixed)
    for (const issue of empty.success ? [] : empty.error.issues) {
      const field = issue.path.map(String).join('.')
      if (field && !(field in required)) required[field] = issue.message
    }
    spec = { constraint: getZodConstraint(schema), required }
    byFixed.set(key, spec)
  }
  return spec
}
