import { expect, type APIRequestContext, type APIResponse } from '@playwright/test'
import { uniqueEmail } from './support'

export const PASSWORD = 'password-123'

/** Every signed-in page without parameters, /verify-email apart. */
export const PROTECTED_PATHS = [
  '/',
  '/subscriptions',
  '/investment-portfolio',
  '/land-purchases',
  '/land-investments',
  '/customers',
  '/realtors',
  '/users',
  '/settings',
]

export const PUBLIC_ONLY_PATHS = [
  '/login',
  '/register',
  '/realtor/register',
  '/forgot-password',
  '/reset-password',
  '/set-password',
]

/** The Set-Cookie lines of a response. */
export function setCookies(response: APIResponse) {
  return response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === 'set-cookie')
    .map((header) => header.value)
}

/** A plain form post to /login, as a browser without JavaScript (or curl) sends it. */
export function postLogin(
  request: APIRequestContext,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return request.post('/login', { form, headers, maxRedirects: 0 })
}

/** Registers through the /register form post, so `request` now holds an unverified session. */
export async function registerByForm(
  request: APIRequestContext,
  extra: Record<string, string> = {},
) {
  const email = uniqueEmail('web')
  const response = await request.post('/register', {
    form: { first_name: 'Amaka', last_name: 'Nwosu', email, password: PASSWORD, ...extra },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(302)
  expect(response.headers().location).toBe('/verify-email')
  return { email, password: PASSWORD }
}

/** Signs `request` in through the /login form post. */
export async function signInByForm(request: APIRequestContext, email: string, password: string) {
  const response = await postLogin(request, { email, password })
  expect(response.status(), await response.text()).toBe(302)
}
