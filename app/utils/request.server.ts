import { getEnv } from './env.server'

/** Whether the browser reached us over HTTPS (directly, or through a trusted proxy). */
export function isSecureRequest(request: Request) {
  if (new URL(request.url).protocol === 'https:') return true
  return (
    getEnv().TRUST_PROXY &&
    request.headers.get('x-forwarded-proto')?.split(',')[0].trim() === 'https'
  )
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
 * Whether a post comes from another site. Browsers send Sec-Fetch-Site or Origin with every POST.
 * `Origin: null` is what a browser sends from a sandboxed frame, a data: or file: page, or after a
 * cross-site redirect: never from one of our own pages, so it counts as cross-site.
 * A post with neither header does not come from a browser but from a client such as curl or a
 * script; it is accepted: it carries only the cookies its sender chose to give it, so no site can
 * make a visitor's browser send it (which is what this check prevents), and testers post this way.
 */
export function isCrossSitePost(headers: Headers, url?: string) {
  if (headers.get('sec-fetch-site') === 'cross-site') return true
  const origin = headers.get('origin')
  if (origin === null || origin === '') return false
  if (origin === 'null') return true
  const host =
    (getEnv().TRUST_PROXY && headers.get('x-forwarded-host')) ||
    headers.get('host') ||
    (url ? new URL(url).host : null)
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
