import { createRequire } from 'node:module'
import { isCrossSitePost } from './request.server'

/**
 * Remix refuses a form post whose Origin names another host by throwing inside its request
 * handler: the answer is a bare 500 (no page, no security headers) and an error in the log for
 * every such post. Our actions refuse those posts themselves with a 403 page (assertSameOrigin,
 * through parseForm). So Remix's check is replaced by one that takes the post's authority away
 * (its cookies, so no session acts for it) and lets the action answer the 403.
 */
export function replaceRemixCsrfCheck() {
  const require = createRequire(import.meta.url)
  const actions = require('@remix-run/server-runtime/dist/actions.js') as {
    throwIfPotentialCSRFAttack?: (headers: Headers) => void
  }
  if (typeof actions.throwIfPotentialCSRFAttack !== 'function') return
  actions.throwIfPotentialCSRFAttack = (headers) => {
    if (isCrossSitePost(headers)) headers.delete('cookie')
  }
}
