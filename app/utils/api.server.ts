import { callApi, startEmbeddedApi, type KeptAnswer } from '~/backend'
import { getConfig } from '~/backend/config'
import type { z } from 'zod'
import {
  buildPath,
  type CsvExportEndpoint,
  type Endpoint,
  type FileResponse,
  type ParamNames,
  type ParamsOf,
  type ResponseOf,
} from '~/contract/endpoint'
import { checkEnvironment } from '~/contract/env'
import { SUCCESS_STATUS, VALIDATION_STATUS, type FieldErrors } from '~/contract/envelope'
import { deviceOf } from './device.server'
import { getEnv } from './env.server'
import { clientAddress } from './request.server'
import { getAuth, logoutAndRedirect } from './session.server'

export const DEFAULT_ERROR = 'Something went wrong, please try again'
export const POST_ERROR = 'An error occurred'
export const THROWN_ERROR = 'Something went wrong!'

export type ApiSuccessResult<T> = { ok: true; data: T; message: string }
export type ApiFailure = {
  ok: false
  httpStatus: number
  status: string
  message: string
  fieldErrors: FieldErrors | null
  /** A 429's Retry-After header (seconds), to pass on to the browser. */
  retryAfter?: string | null
}
export type ApiResult<T> = ApiSuccessResult<T> | ApiFailure

export type Query = Record<string, string | number | boolean | null | undefined>

type CallOptions<E extends Endpoint> = {
  query?: Query | URLSearchParams
  body?: E['body'] extends z.ZodType ? z.input<E['body']> : never
  /** Defaults to the session's token; null calls anonymously. */
  token?: string | null
} & ([ParamNames<E['path']>] extends [never] ? { params?: undefined } : { params: ParamsOf<E> })

/** The options are required exactly when the path has parameters. */
type CallArgs<E extends Endpoint> = [ParamNames<E['path']>] extends [never]
  ? [options?: CallOptions<E>]
  : [options: CallOptions<E>]

/**
 * Calls an entry of the endpoint table: in-process when API_URL is unset, over HTTP otherwise.
 * Maps the envelope to the entry's data, field errors or a message; a 401 on a signed-in call signs out.
 */
export async function api<E extends Endpoint>(
  request: Request,
  endpoint: E,
  ...[options]: CallArgs<E>
): Promise<ApiResult<ResponseOf<E>>> {
  const { method } = endpoint
  let response: ApiAnswer
  try {
    response = await call(request, endpoint, (options ?? {}) as CallOptions<E>)
  } catch (error) {
    if (isResponse(error)) throw error
    console.error(`API ${method} ${endpoint.path} failed:`, error)
    return failure(0, 'networkError', THROWN_ERROR)
  }

  if (!contentTypeOf(response).includes('application/json')) {
    return failure(
      response.status,
      'invalidResponse',
      method === 'GET' ? DEFAULT_ERROR : POST_ERROR,
    )
  }
  const envelope = (await jsonOf(response)) as {
    status?: string
    message?: string
    data?: unknown
  } | null
  if (envelope?.status === SUCCESS_STATUS && response.status >= 200 && response.status < 300) {
    return { ok: true, data: envelope.data as ResponseOf<E>, message: envelope.message ?? '' }
  }
  const fallback = method === 'GET' ? DEFAULT_ERROR : POST_ERROR
  return {
    ok: false,
    httpStatus: response.status,
    status: envelope?.status ?? 'error',
    message: envelope?.message || fallback,
    retryAfter: headerOf(response, 'retry-after'),
    fieldErrors:
      envelope?.status === VALIDATION_STATUS && envelope.data && typeof envelope.data === 'object'
        ? (envelope.data as FieldErrors)
        : response.status === 409
          ? fieldErrorsIn(envelope?.data)
          : null,
  }
}

/** The field a refusal by the state of things (409) is about, when it names one. */
function fieldErrorsIn(data: unknown): FieldErrors | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null
  const entries = Object.entries(data)
  const isFieldMap = entries.every(
    ([, messages]) =>
      Array.isArray(messages) && messages.every((message) => typeof message === 'string'),
  )
  return entries.length && isFieldMap ? (data as FieldErrors) : null
}

/** The raw response of a download entry (receipts, documents, images), to stream on. */
export async function apiFile<E extends Endpoint & { response: FileResponse }>(
  request: Request,
  endpoint: E,
  ...[options]: CallArgs<E>
): Promise<Response> {
  return asResponse(await call(request, endpoint, (options ?? {}) as CallOptions<E>))
}

/**
 * A list's CSV export: the list's entry called with the filters of the page's address (`query`, in
 * the API's terms) and format=csv, every matching row rather than one page, streamed as it comes.
 */
export async function apiCsvExport(
  request: Request,
  endpoint: CsvExportEndpoint,
  query: Query,
  params?: Record<string, string>,
) {
  const { page: _page, ...filters } = query
  return asResponse(
    await call(request, endpoint, {
      params,
      query: { ...filters, format: 'csv' },
    } as CallOptions<CsvExportEndpoint>),
  )
}

/** An API answer: a Response, or a read the embedded API keeps, as its status, headers and bytes. */
type ApiAnswer = Response | KeptAnswer

const asResponse = (answer: ApiAnswer) =>
  answer instanceof Response
    ? answer
    : new Response(answer.body, { status: answer.status, headers: answer.headers })

const headerOf = (answer: ApiAnswer, header: string) =>
  answer instanceof Response
    ? answer.headers.get(header)
    : (answer.headers.find(([name]) => name.toLowerCase() === header)?.[1] ?? null)

const contentTypeOf = (answer: ApiAnswer) => headerOf(answer, 'content-type') ?? ''

/**
 * How a page answers a refused form: 429 with the API's Retry-After when the API said to wait
 * (so a browser or script knows when to try again), 400 otherwise.
 */
export function failureInit(failure: ApiFailure): ResponseInit {
  if (failure.httpStatus !== 429) return { status: 400 }
  return {
    status: 429,
    headers: failure.retryAfter ? { 'Retry-After': failure.retryAfter } : {},
  }
}

const utf8 = new TextDecoder()

async function jsonOf(answer: ApiAnswer): Promise<unknown> {
  if (answer instanceof Response) return answer.json().catch(() => null)
  try {
    return JSON.parse(utf8.decode(answer.body))
  } catch {
    return null
  }
}

/** One request to the API, headers and sign-out on 401 alike for JSON calls and downloads. */
async function call<E extends Endpoint>(request: Request, endpoint: E, options: CallOptions<E>) {
  const token =
    options.token === undefined ? ((await getAuth(request))?.token ?? null) : options.token
  const headers: Record<string, string> = { accept: '*/*' }
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  if (token) headers.authorization = `Bearer ${token}`
  const userAgent = request.headers.get('user-agent')
  if (userAgent) headers['user-agent'] = userAgent
  headers['x-device-id'] = (await deviceOf(request)).id
  const path = buildPath(endpoint.path, options.params as Record<string, string> | undefined)
  const response = await send(
    `${path}${toSearch(options.query)}`,
    {
      method: endpoint.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    },
    clientAddress(request),
  )
  if (response.status === 401 && token) await logoutAndRedirect(request)
  return response
}

const isResponse = (value: unknown): value is Response => value instanceof Response

function failure(httpStatus: number, status: string, message: string): ApiFailure {
  return { ok: false, httpStatus, status, message, fieldErrors: null }
}

function toSearch(query: Query | URLSearchParams | undefined) {
  if (!query) return ''
  const params = new URLSearchParams()
  const entries = query instanceof URLSearchParams ? [...query.entries()] : Object.entries(query)
  for (const [key, value] of entries) {
    if (value === undefined || value === null || value === '') continue
    params.set(key, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

/**
 * Checks the web layer's variables and the API's (which /api/v1 serves even with API_URL set) as
 * the server starts; with no API_URL the API runs in this process: open its database now too.
 */
export function startApi() {
  checkEnvironment(getEnv, getConfig)
  if (!getEnv().API_URL) startEmbeddedApi()
}

const RETRYABLE = new Set([502, 503, 504])

async function send(
  pathAndQuery: string,
  init: RequestInit & { headers: Record<string, string> },
  clientIp: string | null,
): Promise<ApiAnswer> {
  const apiUrl = getEnv().API_URL
  if (!apiUrl) {
    return callApi(`http://in-process/api/v1/${pathAndQuery}`, init, { clientIp })
  }
  const url = `${apiUrl.replace(/\/$/, '')}/api/v1/${pathAndQuery}`
  if (init.method !== 'GET') return fetch(url, init)
  // Reads from an external provider are retried 3 times: 1 s, 2 s, 4 s (capped at 30 s).
  let delay = 1000
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(url, init)
      if (!RETRYABLE.has(response.status) || attempt === 3) return response
    } catch (error) {
      if (attempt === 3) throw error
    }
    await new Promise((resolve) => setTimeout(resolve, delay))
    delay = Math.min(delay * 2, 30_000)
  }
}
