import { isRouteErrorResponse, Link, useLocation, useRouteError } from '@remix-run/react'
import {
  errorContent,
  type ErrorHandlers,
  type StatusHandler,
  type UnexpectedErrorHandler,
} from '~/components/error-boundary'
import { SlideOver } from '~/components/ui/slide-over'

/**
 * How a slide-over route shows its error: inside the panel, over the list it was opened from, so
 * closing it goes back to that list with its filters. Each feature keeps one of these.
 */
export type SlideOverErrorFrame = {
  /** The list under the panel, from the address's search part (`?page=2…`, or ''). */
  closeTo: (search: string) => string
  /** The panel's title, by the response's status (null: an unexpected error, not a response). */
  title: (status: number | null) => string
  /** What a 404 says. */
  notFound: string
  /** A 'Back to the list' link under the message. */
  backLink?: boolean
  /** The message in the small type of the panel's own text. */
  smallText?: boolean
}

const APOLOGY = 'Something went wrong, please try again'

/**
 * A slide-over's answers: the not-found text, the refusal, the server's own words for a post it
 * could not take (unreadable, too large: a 4xx with a text body), or an apology for anything else.
 */
function slideOverDefaults(frame: SlideOverErrorFrame) {
  const say = (text: string) => (
    <p role="alert" className={frame.smallText ? 'text-sm text-slate-700' : 'text-slate-700'}>
      {text}
    </p>
  )
  return {
    statusHandlers: {
      404: () => say(frame.notFound),
      403: () => say('You do not have permission to do this.'),
    } as Record<number, StatusHandler>,
    defaultStatusHandler: (({ error }) =>
      say(
        error.status >= 400 &&
          error.status < 500 &&
          typeof error.data === 'string' &&
          error.data.trim()
          ? error.data
          : APOLOGY,
      )) as StatusHandler,
    unexpectedErrorHandler: (() => say(APOLOGY)) as UnexpectedErrorHandler,
  }
}

/**
 * The error boundary of a slide-over route: its answer framed as that panel, over the list it was
 * opened from. A route passes only the handlers it changes (as with GeneralErrorBoundary).
 */
export function SlideOverErrorBoundary({
  frame,
  ...handlers
}: ErrorHandlers & { frame: SlideOverErrorFrame }) {
  const error = useRouteError()
  const { search } = useLocation()
  const content = errorContent(error, handlers, slideOverDefaults(frame))
  const closeTo = frame.closeTo(search)
  return (
    <SlideOver
      title={frame.title(isRouteErrorResponse(error) ? error.status : null)}
      closeTo={closeTo}
    >
      {content}
      {frame.backLink ? (
        <Link to={closeTo} className="link mt-4 inline-block">
          Back to the list
        </Link>
      ) : null}
    </SlideOver>
  )
}
