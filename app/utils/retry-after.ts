import type { HeadersFunction } from '@remix-run/node'

/**
 * A route's `headers`: a 429 answered by its action (or thrown by its loader) keeps the API's
 * Retry-After on the page, so a browser or a script posting the form knows when to try again.
 */
export const retryAfterHeaders: HeadersFunction = ({
  actionHeaders,
  errorHeaders,
  loaderHeaders,
}) => {
  const seconds =
    actionHeaders.get('Retry-After') ??
    errorHeaders?.get('Retry-After') ??
    loaderHeaders.get('Retry-After')
  return seconds ? { 'Retry-After': seconds } : new Headers()
}
