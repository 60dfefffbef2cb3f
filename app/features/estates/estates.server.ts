import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import { z } from 'zod'
import { mayCall } from '~/contract/access'
import { endpoints } from '~/contract/endpoints'
import {
  estateInputSchema,
  PLOT_FILE_MAX_BYTES,
  plotCheckQuerySchema,
  type PlotImportResult,
} from '~/contract/estates'
import { requiredString } from '~/contract/fields'
import { api, apiFile } from '~/utils/api.server'
import { formSpec, readForm, replyWithServerErrors } from '~/utils/form.server'
import { pageNumberFrom } from '~/utils/list.server'
import { requireUser } from '~/utils/session.server'
import { redirectWithSuccess } from '~/utils/toast.server'
import { FORBIDDEN_MESSAGE } from '../people/access.server'

export const ESTATES_PATH = '/estates'
export const estatePath = (id: string, block?: string | null) =>
  `${ESTATES_PATH}/${encodeURIComponent(id)}${block ? `?block=${encodeURIComponent(block)}` : ''}`

const refused = <T>(body: T) => data(body, { status: 400 })

/** The add-a-plot form: beacons typed as a survey plan lists them, "easting northing" a line (or ";" between). */
export const plotFormSchema = z.object({
  intent: z.literal('plot'),
  block: requiredString('Block', 40),
  number: requiredString('Plot number', 20),
  size_sqm: requiredString('Size', 20),
  beacons: z.string().trim().max(10_000, 'At most 100 beacons').optional(),
})
export type PlotForm = { block: string; number: string; size_sqm: string; beacons?: string }

export const BEACONS_FORMAT =
  'Write one beacon a line as "easting northing" in metres, like 543018.25 713000.10'

/** "543000 713000; 543018 713000" or one pair a line: the pairs, or null when a line is not two numbers. */
export function beaconsFromText(text: string | undefined): [number, number][] | null | undefined {
  if (!text) return undefined
  const pairs = text
    .split(/[;\n]/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => line.split(/[\s,]+/).filter(Boolean))
  if (pairs.some((pair) => pair.length !== 2 || pair.some((n) => !/^\d+(\.\d+)?$/.test(n))))
    return null
  return pairs.map(([e, n]) => [Number(e), Number(n)])
}

const keeps = { permissions: ['can_modify_product' as const] }
const reads = { permissions: ['can_modify_product' as const, 'can_manage_titles' as const] }

/** /estates: the staff list of estates and the form to add one. */
export async function loadEstates(request: Request) {
  const user = await requireUser(request)
  if (!mayCall(user, reads)) throw new Response(FORBIDDEN_MESSAGE, { status: 403 })
  const page = pageNumberFrom(new URL(request.url).searchParams.get('page'))
  const [list, unmatched] = await Promise.all([
    api(request, endpoints.estateList, { query: { page } }),
    api(request, endpoints.estateUnmatched),
  ])
  return {
    list: list.ok ? list.data : null,
    error: list.ok ? null : list.message,
    unmatched: unmatched.ok ? unmatched.data : [],
    canAdd: mayCall(user, keeps),
    spec: formSpec(estateInputSchema),
  }
}

export async function estatesAction(request: Request) {
  const user = await requireUser(request)
  if (!mayCall(user, keeps)) throw new Response(FORBIDDEN_MESSAGE, { status: 403 })
  const formData = await readForm(request)
  const submission = parseWithZod(formData, { schema: estateInputSchema })
  if (submission.status !== 'success') return refused({ result: submission.reply() })
  const result = await api(request, endpoints.estateCreate, { body: submission.value })
  if (!result.ok) return refused({ result: replyWithServerErrors(submission, result) })
  return redirectWithSuccess(request, estatePath(result.data.id), result.message)
}

/** /estates/:id: the site map for everyone signed in; the plots and the forms for staff. */
export async function loadEstate(request: Request, id: string | undefined) {
  const user = await requireUser(request)
  const block = new URL(request.url).searchParams.get('block')?.trim() || null
  const staff = mayCall(user, reads)
  const [map, detail] = await Promise.all([
    apiFile(request, endpoints.estateMap, {
      params: { id: id ?? '' },
      query: { block: block ?? undefined },
    }),
    staff ? api(request, endpoints.estateShow, { params: { id: id ?? '' } }) : null,
  ])
  if (map.status === 404) throw new Response('Estate not found', { status: 404 })
  if (!map.ok) throw new Response('The site map could not be read', { status: map.status })
  const svg = await map.text()
  const name = /<title id="[^"]*">([^<]*): site map<\/title>/.exec(svg)?.[1] ?? 'Estate'
  const blocks = [...svg.matchAll(/<title>(Block [^,<]+), plot /g)].map((match) => match[1])
  return {
    id: id ?? '',
    block,
    name,
    svg,
    blocks: [...new Set(blocks)].map((label) => ({
      label,
      key: label.replace(/^Block /, ''),
    })),
    detail: detail?.ok ? detail.data : null,
    canAdd: mayCall(user, keeps),
    plotSpec: formSpec(plotFormSchema, { intent: 'plot' }),
  }
}

export type EstateActionData =
  | { intent: 'plot'; result: SubmissionResult<string[]> }
  | {
      intent: 'preview' | 'import'
      error?: string
      preview?: PlotImportResult
      file?: string
      fileName?: string
    }

const PLOT_FORM_LIMIT = {
  bytes: 2 * Math.ceil((PLOT_FILE_MAX_BYTES * 4) / 3) + 64 * 1024,
  message: 'The plot file is larger than 2 MB: split it into several files',
}

export async function estateAction(request: Request, id: string | undefined) {
  const user = await requireUser(request)
  if (!mayCall(user, keeps)) throw new Response(FORBIDDEN_MESSAGE, { status: 403 })
  const here = new URL(request.url).pathname
  const formData = await readForm(request, PLOT_FORM_LIMIT)
  const intent = formData.get('intent')
  if (intent === 'preview' || intent === 'import') {
    const upload = formData.get('file')
    const file =
      intent === 'import'
        ? String(formData.get('file_in_base64') ?? '')
        : upload instanceof File && upload.size > 0
          ? Buffer.from(await upload.arrayBuffer()).toString('base64')
          : ''
    const fileName =
      intent === 'import'
        ? String(formData.get('file_name') ?? 'plots.csv')
        : upload instanceof File
          ? upload.name
          : ''
    if (!file)
      return refused({ intent, error: 'Choose the plot file (CSV)' } satisfies EstateActionData)
    const result = await api(request, endpoints.plotImport, {
      params: { id: id ?? '' },
      body: { file_in_base64: file, file_name: fileName, commit: intent === 'import' },
    })
    if (!result.ok)
      return refused({
        intent,
        error: Object.values(result.fieldErrors ?? {}).flat()[0] ?? result.message,
      } satisfies EstateActionData)
    if (intent === 'import') return redirectWithSuccess(request, here, result.message)
    return data({ intent, preview: result.data, file, fileName } satisfies EstateActionData)
  }
  const submission = parseWithZod(formData, { schema: plotFormSchema })
  if (submission.status !== 'success')
    return refused({ intent: 'plot' as const, result: submission.reply() })
  const beacons = beaconsFromText(submission.value.beacons)
  if (beacons === null)
    return refused({
      intent: 'plot' as const,
      result: submission.reply({ fieldErrors: { beacons: [BEACONS_FORMAT] } }),
    })
  const result = await api(request, endpoints.plotCreate, {
    params: { id: id ?? '' },
    body: {
      block: submission.value.block,
      number: submission.value.number,
      size_sqm: submission.value.size_sqm,
      beacons,
    },
  })
  if (!result.ok)
    return refused({
      intent: 'plot' as const,
      result: replyWithServerErrors(submission, result),
    })
  return redirectWithSuccess(
    request,
    here,
    `${result.message}: Block ${result.data.block} plot ${result.data.number}`,
  )
}

/** /verify/plot: the public check, read from the address (a GET form). */
export async function loadPlotCheck(request: Request) {
  const params = new URL(request.url).searchParams
  const asked = {
    estate: params.get('estate') ?? '',
    block: params.get('block') ?? '',
    plot: params.get('plot') ?? '',
  }
  if (!asked.estate && !asked.block && !asked.plot) return { asked, check: null, errors: null }
  const parsed = plotCheckQuerySchema.safeParse(asked)
  if (!parsed.success) {
    const errors: Record<string, string> = {}
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message
    return data({ asked, check: null, errors, notFound: null }, { status: 400 })
  }
  const result = await api(request, endpoints.plotCheck, { query: parsed.data, token: null })
  if (result.ok) return { asked, check: result.data, errors: null }
  return data(
    { asked, check: null, errors: null, notFound: result.message },
    { status: result.httpStatus === 404 ? 404 : 400 },
  )
}
