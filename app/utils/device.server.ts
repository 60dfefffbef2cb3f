import crypto from 'node:crypto'
import { createCookie, type Cookie } from '@remix-run/node'
import { getEnv } from './env.server'
import { isSecureRequest } from './request.server'

/**
 * A random id for this browser, kept in a signed cookie of its own that outlives sign-outs, sent
 * to the API (X-Device-Id) so it knows which browser a sign-in or sign-up comes from: the
 * self-referral check of commissions compares a customer's browsers with its realtor's
 * (docs/rules.md, "Self-referral").
 */
const TWO_YEARS = 2 * 365 * 24 * 3600
const cookies = new Map<boolean, Cookie>()

function cookieFor(request: Request) {
  const secure = isSecureRequest(request)
  let cookie = cookies.get(secure)
  if (!cookie) {
    cookie = createCookie('__device', {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure,
      maxAge: TWO_YEARS,
      secrets: getEnv().sessionSecrets,
    })
    cookies.set(secure, cookie)
  }
  return cookie
}

const DEVICE_ID = /^[A-Za-z0-9_-]{16,128}$/
// One answer per request: an id made for a browser without one is the id its sign-in sends and its cookie keeps.
const byRequest = new WeakMap<Request, Promise<{ id: string; isNew: boolean }>>()

export function deviceOf(request: Request) {
  let device = byRequest.get(request)
  if (!device) {
    device = cookieFor(request)
      .parse(request.headers.get('cookie'))
      .then((value: unknown) =>
        typeof value === 'string' && DEVICE_ID.test(value)
          ? { id: value, isNew: false }
          : { id: crypto.randomBytes(18).toString('base64url'), isNew: true },
      )
    byRequest.set(request, device)
  }
  return device
}

/** Set-Cookie for a browser that had no id yet (its first sign-in or sign-up), or null. */
export async function deviceCookie(request: Request) {
  const device = await deviceOf(request)
  return device.isNew ? cookieFor(request).serialize(device.id) : null
}
