import crypto from 'node:crypto'
import { mayCall, type Endpoint } from '~/contract/endpoint'
import { endpoints } from '~/contract/endpoints'
import { SUCCESS_STATUS } from '~/contract/envelope'
import { BodyTooLargeError, readBodyBytes } from '~/contract/request-body'
import { withRequestOrigin } from './audit/record'
import { getConfig } from './config'
import { getConnection, getDb } from './db/client'
import { bearerToken, userForToken } from './http/authenticate'
import { parseValue, type ApiContext, type ApiUser } from './http/context'
import { hasNul, NUL_REFUSED, parseJsonBody } from './http/body'
import { ApiError, badRequest, forbidden, notFound, unauthorized } from './http/errors'
import { readCache, type KeptAnswer } from './http/read-cache'
import { createRouter, type Handlers } from './http/router'
import { serialise } from './http/serialise'
import { requestFinished, requestStarted } from './lifecycle'
import { auditHandlers } from './audit/routes'
import { authHandlers } from './auth/routes'
import { collectionsHandlers } from './collections/routes'
import { commissionsHandlers } from './commissions/routes'
import { dashboardHandlers } from './dashboard/routes'
import { documentsHandlers } from './documents/routes'
import { estatesHandlers } from './estates/routes'
import { healthHandlers } from './health'
import { mediaHandlers } from './media/routes'
import { notificationsHandlers } from './notifications/routes'
import { payoutsHandlers } from './payouts/routes'
import { peopleHandlers } from './people/routes'
import { productsHandlers } from './products/routes'
import { profileHandlers } from './profile/routes'
import { reconciliationHandlers } from './reconciliation/routes'
import { referenceHandlers } from './reference/routes'
import { settingsHandlers } from './settings/routes'
import { arrearsHandlers } from './subscriptions/arrears-routes'
import { subscriptionsHandlers } from './subscriptions/routes'
import { titlesHandlers } from './titles/routes'

export { startEmbeddedApi } from './lifecycle'
export type { KeptAnswer } from './http/read-cache'

export const API_PREFIX = '/api/v1'
// An upload is a 2 MB image in base64 (2.7 MB) inside JSON: every body fits in 4 MB, unless its
// entry says otherwise (bodyLimit).
const DEFAULT_BODY_LIMIT = {
  bytes: 4 * 1024 * 1024,
  message: 'The request body is too large: at most 4 MB',
}

/** Every entry of the endpoint table with its handler: each module's, under their entries' names. */
const handlers = {
  ...healthHandlers,
  ...authHandlers,
  ...dashboardHandlers,
  ...notificationsHandlers,
  ...productsHandlers,
  ...mediaHandlers,
  ...subscriptionsHandlers,
  ...titlesHandlers,
  ...payoutsHandlers,
  ...arrearsHandlers,
  ...peopleHandlers,
  ...profileHandlers,
  ...settingsHandlers,
  ...referenceHandlers,
  ...documentsHandlers,
  ...commissionsHandlers,
  ...auditHandlers,
  ...reconciliationHandlers,
  ...estatesHandlers,
  ...collectionsHandlers,
} satisfies Handlers

const router = createRouter(endpoints, handlers)

/** The routes the API serves: every entry of the endpoint table. */
export const servedRoutes = router.routes

export type ApiRequestOptions = { clientIp?: string | null }

/**
 * The embedded API: one function from Request to Response, mounted at /api/v1 for HTTP clients
 * and called in-process by the web layer's API client.
 */
export async function handleApiRequest(request: Request, options: ApiRequestOptions = {}) {
  requestStarted()
  const isRead = request.method === 'GET' || request.method === 'HEAD'
  try {
    if (!isRead || !(await getConnection()).cacheable) return await handle(request, options)
    return await readCache.read(
      readKey(request.method, request.headers.get('authorization'), request.url),
      () => handle(request, options),
    )
  } finally {
    if (!isRead) readCache.invalidate()
    requestFinished()
  }
}

// HEAD answers have no body: they must not be served to a GET of the same address.
const readKey = (method: string, authorization: string | null, url: string) =>
  `${method} ${authorization ?? ''} ${url}`

/**
 * The web layer's in-process call, answered as handleApiRequest answers it. A read the cache
 * keeps comes back as its status, headers and bytes, and a kept one is found without building a
 * Request: a page makes three or four of these calls, and each Request and Response cost more
 * than the rest of a kept read.
 */
export async function callApi(
  url: string,
  init: RequestInit & { headers: Record<string, string> },
  options: ApiRequestOptions = {},
): Promise<KeptAnswer | Response> {
  const method = init.method ?? 'GET'
  if (method !== 'GET') return handleApiRequest(new Request(url, init), options)
  requestStarted()
  try {
    const request = () => new Request(url, init)
    if (!(await getConnection()).cacheable) return await handle(request(), options)
    return await readCache.readKept(
      readKey(method, init.headers.authorization ?? null, new URL(url).href),
      () => handle(request(), options),
    )
  } finally {
    requestFinished()
  }
}

async function handle(request: Request, options: ApiRequestOptions) {
  const requestId = crypto.randomUUID()
  try {
    const url = new URL(request.url)
    const path = url.pathname.startsWith(API_PREFIX)
      ? url.pathname.slice(API_PREFIX.length)
      : url.pathname
    const method = request.method === 'HEAD' ? 'GET' : request.method
    const { route, params, allowed } = router.match(method, path)
    if (!route) {
      if (allowed.length) {
        return envelope(
          405,
          { status: 'methodNotAllowed', message: 'Method not allowed', data: null },
          {
            Allow: [...new Set(allowed)].join(', '),
          },
        )
      }
      throw notFound('Route not found')
    }

    // PostgreSQL refuses NUL in text: say so instead of failing in the first query that meets it.
    for (const [key, value] of url.searchParams) {
      if (hasNul(key) || hasNul(value)) throw badRequest(NUL_REFUSED)
    }

    const db = await getDb()
    const token = bearerToken(request)
    const user = token ? await userForToken(db, token) : null
    const base: ApiContext = {
      request,
      url,
      params,
      db,
      user,
      token: user ? token : null,
      clientIp: options.clientIp ?? null,
      requestId,
      rawBody: new Uint8Array(),
    }

    const { endpoint } = route
    checkAccess(endpoint, user)
    // Every input is checked before any record is looked up: an invalid request is 422 whatever the ids.
    parseValue(endpoint.params, params)
    const query = endpoint.query ? parseValue(endpoint.query, firstValues(url.searchParams)) : {}
    const limit = endpoint.bodyLimit ?? DEFAULT_BODY_LIMIT
    if (endpoint.rawBody) base.rawBody = await readRawBody(request, limit)
    const body =
      endpoint.body && !endpoint.rawBody
        ? parseValue(endpoint.body, await readBody(request, limit))
        : {}
    const origin = { user, clientIp: base.clientIp, userAgent: request.headers.get('user-agent') }
    const result = await withRequestOrigin(origin, () =>
      route.handler({ ...base, query, body } as Parameters<typeof route.handler>[0]),
    )
    if (result instanceof Response) return result
    const { message, data } = result as { message?: string; data?: unknown }
    return envelope(200, {
      status: SUCCESS_STATUS,
      message: message ?? 'Request processed successfully',
      data: serialise(endpoint, data, { strict: getConfig().API_CHECK_RESPONSES }),
    })
  } catch (error) {
    if (error instanceof ApiError) {
      // A body refused for its size is left unread, so the connection cannot carry another request.
      const headers: Record<string, string> =
        error.httpStatus === 413 ? { Connection: 'close' } : {}
      if (error.retryAfterSeconds !== null) headers['Retry-After'] = String(error.retryAfterSeconds)
      return envelope(
        error.httpStatus,
        { status: error.status, message: error.message, data: error.data },
        headers,
      )
    }
    if (isDatabaseUnavailable(error)) {
      console.error(
        `[api ${requestId}] ${request.method} ${request.url}: the database is unavailable (${describe(error)})`,
      )
      return envelope(
        503,
        {
          status: 'serviceUnavailable',
          message: 'The service is temporarily unavailable, please try again in a moment',
          data: { request_id: requestId },
        },
        { 'Retry-After': '5' },
      )
    }
    console.error(`[api ${requestId}] ${request.method} ${request.url}`, error)
    return envelope(500, {
      status: 'serverError',
      message: 'Something went wrong, please try again',
      data: { request_id: requestId },
    })
  }
}

const emailNotVerified = () =>
  new ApiError(403, 'emailNotVerified', 'Verify your email address to continue')

/** The entry's access rule, before any input is read: 401 signed out, 403 unverified or without the role or permission. */
function checkAccess(endpoint: Endpoint, user: ApiUser | null) {
  const { access } = endpoint
  if (access === 'public') return
  if (!user) throw unauthorized()
  if (access === 'signed-in') return
  if (!user.emailVerified) throw emailNotVerified()
  if (!mayCall(user, access)) throw forbidden()
}

/** A query as the first value of each name, the way a handler reading one name would see it. */
function firstValues(search: URLSearchParams) {
  // Collected in a Map: a name such as `constructor` or `__proto__` is a key like any other, not an
  // object's property (fromEntries makes each an own property).
  const values = new Map<string, string>()
  for (const [key, value] of search) if (!values.has(key)) values.set(key, value)
  return Object.fromEntries(values)
}

/** Connection failures (PostgreSQL down, restarting or unreachable), as pg and drizzle report them. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
])

function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true
    if (
      typeof message === 'string' &&
      /Connection terminated|connect ECONNREFUSED|the database system is (starting up|shutting down)/i.test(
        message,
      )
    ) {
      return true
    }
    current = (current as { cause?: unknown }).cause
  }
  return false
}

function describe(error: unknown) {
  let current = error
  while ((current as { cause?: unknown })?.cause) current = (current as { cause?: unknown }).cause
  return current instanceof Error ? current.message : String(current)
}

function envelope(httpStatus: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status: httpStatus,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...headers,
    },
  })
}

type BodyLimit = { bytes: number; message: string; field?: string }

/** The body's bytes, up to its limit. */
async function readRawBody(request: Request, limit: BodyLimit) {
  try {
    return await readBodyBytes(request, limit.bytes)
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw new ApiError(
        413,
        'payloadTooLarge',
        limit.message,
        limit.field ? { [limit.field]: [limit.message] } : null,
      )
    }
    throw badRequest('The request body could not be read')
  }
}

/** JSON bodies as the contract says; urlencoded and multipart too, for curl and plain forms. */
async function readBody(request: Request, limit: BodyLimit): Promise<Record<string, unknown>> {
  if (request.method === 'GET' || request.method === 'HEAD') return {}
  const bytes = await readRawBody(request, limit)
  const type = (request.headers.get('content-type') ?? '').toLowerCase()
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    let form: FormData
    try {
      form = await new Response(bytes, {
        headers: { 'content-type': request.headers.get('content-type') ?? '' },
      }).formData()
    } catch {
      throw badRequest('The form data could not be read')
    }
    // A field named `__proto__` or `toString` is collected like any other (see firstValues). A file
    // part stays the File it is: an entry that takes one says so in its schema (z.file()); any
    // other field refuses it under its name, and a schema without the name drops it.
    const fields = new Map<string, unknown>()
    for (const [key, value] of form) {
      fields.set(key, fields.has(key) ? ([] as unknown[]).concat(fields.get(key), value) : value)
    }
    const body: Record<string, unknown> = Object.fromEntries(fields)
    if (hasNul(body)) throw badRequest(NUL_REFUSED)
    return body
  }
  return parseJsonBody(bytes)
}
