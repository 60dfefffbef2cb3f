import { getEnv } from './env.server'

/** Whether the browser reached us over HTTPS (directly, or through a trusted proxy). */
export function isSecureRequest(request: Request) {
  if (new URL(request.url).protocol === 'https:') return true
  return getEnv().TRUST_PROXY && request.headers.get('x-forwarded-proto')?.split(',')[0].trim() === 'https'
}

/**
 * The client's address, only when TRUST_PROXY says X-Forwarded-For can be believed: its last
 * entry, the one our proxy added. Entries before it come from the client (proxies append), so a
 * client could pick a fresh address per request and escape every per-address limit.
 */
export function clientAddress(request: Request) {
  if (!getEnv().TRUST_PROXY) return null
  return request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() || null
}

/**
 * Whether a post comes from another site: browsers send Sec-Fetch-Site or Origin with every POST.
 * `Origin: null` (sandboxed frames, some redirects) is let through, like a post without Origin.
 */
export function isCrossSitePost(headers: Headers, url?: string) {
  if (headers.get('sec-fetch-site') === 'cross-site') return true
  const origin = headers.get('origin')
  if (!origin || origin === 'null') return false
  const host =
    (getEnv().TRUST_PROXY && headers.get('x-forwarded-host')) || headers.get('host') || (url ? new URL(url).host : null)
  try {
    return new URL(origin).host !== host
  } catch {
    return true
  }
}

/** Refuses cross-site form posts with a 403 page. */
export function assertSameOrigin(request: Request) {
  if (isCrossSitePost(request.headers, request.url)) {
    throw new Response('Cross-site form posts are not allowed', { status: 403 })
  }
}
