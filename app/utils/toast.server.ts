import { createCookieSessionStorage } from '@remix-run/node'
import { createToastUtilsWithCustomSession } from 'remix-toast'
import { getEnv } from './env.server'
import { isSecureRequest } from './request.server'

// remix-toast's own cookie is signed with a public default secret: ours is signed with SESSION_SECRET.
type ToastUtils = ReturnType<typeof createToastUtilsWithCustomSession>
const utils = new Map<boolean, ToastUtils>()

function toastUtils(request: Request) {
  const secure = isSecureRequest(request)
  let found = utils.get(secure)
  if (!found) {
    found = createToastUtilsWithCustomSession(
      createCookieSessionStorage({
        cookie: {
          name: '__toast',
          httpOnly: true,
          sameSite: 'lax',
          path: '/',
          secure,
          secrets: getEnv().sessionSecrets,
        },
      }),
    )
    utils.set(secure, found)
  }
  return found
}

const TOAST_COOKIE = /(?:^|;\s*)__toast=/

/**
 * The toast a redirect left, if any. Without a toast cookie there is nothing to read or clear, so no
 * empty cookie is signed and set on every page.
 */
export async function getToast(request: Request) {
  if (!TOAST_COOKIE.test(request.headers.get('cookie') ?? ''))
    return { toast: undefined, headers: new Headers() }
  return toastUtils(request).getToast(request)
}

export const redirectWithSuccess = (
  request: Request,
  url: string,
  message: string,
  init?: ResponseInit,
) => toastUtils(request).redirectWithSuccess(url, message, init)

export const redirectWithError = (
  request: Request,
  url: string,
  message: string,
  init?: ResponseInit,
) => toastUtils(request).redirectWithError(url, message, init)

export const redirectWithInfo = (
  request: Request,
  url: string,
  message: string,
  init?: ResponseInit,
) => toastUtils(request).redirectWithInfo(url, message, init)

export const jsonWithError = <T>(request: Request, data: T, message: string, init?: ResponseInit) =>
  toastUtils(request).jsonWithError(data, message, init)

/** For JavaScript submissions that stay on the page: the toast shows when the loaders revalidate. */
export const jsonWithSuccess = <T>(
  request: Request,
  data: T,
  message: string,
  init?: ResponseInit,
) => toastUtils(request).jsonWithSuccess(data, message, init)
