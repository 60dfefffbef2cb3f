import { assertSameOrigin } from './request.server'

/**
 * Remix asks the entry module this before the action of a page post or a script's post runs (our
 * patch to @remix-run/server-runtime, applied at install: see "Patched dependencies" in the README).
 * Left to itself, Remix refuses a post whose Origin names another host by throwing, which answers a
 * bare 500 (no page, no security headers) and logs an error for every such post. Here our own rule
 * decides (it also counts `Origin: null` and `Sec-Fetch-Site: cross-site`), and the 403 thrown
 * answers the post: no action and no loader runs for it, signed in or not, and the root error
 * boundary shows the refusal.
 */
export function refuseCrossSitePost(request: Request) {
  assertSameOrigin(request)
}
