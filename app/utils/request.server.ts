import { getEnv } from './env.server'

/** Whether the browser reached us over HTTPS (directly, or through a trusted proxy). */
export function isSecureRequest(request: Request) {
  if (new URL(request.url).protocol === 'https:') return true
  return getEnv().TRUST_PROXY && request.headers.get('x-forwarded-proto')?.split(',')[0].trim() === 'https'
}

/** The client's address, only when TRUST_PROXY says X-Forwarded-For can be believed. */
export function clientAddress(request: Request) {
  if (!getEnv().TRUST_PROXY) return null
  return request.headers.get('x-forwarded-for')?.split(',')[0].trim() || null
}

/** Refuses cross-site form posts: browsers send Origin or Sec-Fetch-Site with every POST. */
export function assertSameOrigin(request: Request) {
  if (request.headers.get('sec-fetch-site') === 'cross-site') {
    throw new Response('Cross-site form posts are not allowed', { status: 403 })
  }
  const origin = request.headers.get('origin')
  if (!origin || origin === 'null') return
  const host =
    (getEnv().TRUST_PROXY && request.headers.get('x-forwarded-host')) ||
    request.headers.get('host') ||
    new URL(request.url).host
  let originHost: string
  try {
    originHost = new URL(origin).host
  } catch {
    throw new Response('Cross-site form posts are not allowed', { status: 403 })
  }
  if (originHost !== host) {
    throw new Response('Cross-site form posts are not allowed', { status: 403 })
  }
}
