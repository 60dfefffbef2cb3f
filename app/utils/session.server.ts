import { createCookieSessionStorage, redirect, type SessionStorage } from '@remix-run/node'
import type { SessionData, SessionUser } from '~/contract/auth'
import { deviceCookie } from './device.server'
import { getEnv } from './env.server'
import { assertSameOrigin, isSecureRequest } from './request.server'

const REMEMBER_ME_SECONDS = 30 * 24 * 3600

type StoredSession = { token: string; user: SessionUser; remember: boolean }

const storages = new Map<boolean, SessionStorage>()

function storageFor(request: Request) {
  const secure = isSecureRequest(request)
  let storage = storages.get(secure)
  if (!storage) {
    storage = createCookieSessionStorage({
      cookie: {
        name: '__session',
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure,
        secrets: getEnv().sessionSecrets,
      },
    })
    storages.set(secure, storage)
  }
  return storage
}

async function readSession(request: Request) {
  return storageFor(request).getSession(request.headers.get('cookie'))
}

// A page request asks for its session several times (the document's headers, each loader, each
// API call): the cookie is verified and decoded once per request.
const authByRequest = new WeakMap<Request, Promise<StoredSession | null>>()

/** The signed-in user's token and snapshot, or null. */
export function getAuth(request: Request): Promise<StoredSession | null> {
  let auth = authByRequest.get(request)
  if (!auth) {
    auth = readAuth(request)
    authByRequest.set(request, auth)
  }
  return auth
}

async function readAuth(request: Request) {
  const session = await readSession(request)
  const token = session.get('token')
  const user = session.get('user')
  if (typeof token !== 'string' || !user) return null
  return { token, user, remember: Boolean(session.get('remember')) }
}

/** Set-Cookie for a new sign-in; 'Remember me' makes it last 30 days, otherwise it ends with the browser. */
export async function commitAuth(request: Request, data: SessionData, remember: boolean) {
  const session = await readSession(request)
  session.set('token', data.token)
  session.set('user', data.user)
  session.set('remember', remember)
  return storageFor(request).commitSession(session, {
    maxAge: remember ? REMEMBER_ME_SECONDS : undefined,
  })
}

/** Set-Cookie after the user snapshot changed (e-mail verified, permissions changed). */
export async function updateSessionUser(request: Request, user: SessionUser) {
  const session = await readSession(request)
  session.set('user', user)
  return storageFor(request).commitSession(session, {
    maxAge: session.get('remember') ? REMEMBER_ME_SECONDS : undefined,
  })
}

export async function destroyAuth(request: Request) {
  const session = await readSession(request)
  return storageFor(request).destroySession(session)
}

export async function signInAndRedirect(
  request: Request,
  data: SessionData,
  remember = false,
  to = '/',
) {
  const headers = new Headers({ 'Set-Cookie': await commitAuth(request, data, remember) })
  const device = await deviceCookie(request)
  if (device) headers.append('Set-Cookie', device)
  return redirect(to, { headers })
}

/** Signs out locally and sends the user to /login (any 401 from the API ends here). */
export async function logoutAndRedirect(request: Request, to = '/login'): Promise<never> {
  throw redirect(to, { headers: { 'Set-Cookie': await destroyAuth(request) } })
}

/** Signed-in pages: signed out → /login, unverified → /verify-email (docs/authorization.md). */
export async function requireAuth(request: Request, { allowUnverified = false } = {}) {
  // A signed-in action refuses a post from another site first, so such a post gets the 403 page
  // rather than the sign-in screen. Remix itself refuses a page post whose Origin names another
  // host before any action or loader runs; this also covers resource routes, `Origin: null` and
  // `Sec-Fetch-Site: cross-site`.
  if (request.method !== 'GET' && request.method !== 'HEAD') assertSameOrigin(request)
  const auth = await getAuth(request)
  // After login the user is always sent to /, so the page asked for is not carried along.
  if (!auth) throw redirect('/login')
  if (!allowUnverified && !auth.user.email_verified) throw redirect('/verify-email')
  return auth
}

export async function requireUser(request: Request) {
  return (await requireAuth(request)).user
}

/** Public auth screens are for signed-out users only. */
export async function requireAnonymous(request: Request) {
  if (await getAuth(request)) throw redirect('/')
}
