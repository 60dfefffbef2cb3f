import { isRouteErrorResponse, Link, useLocation, useRouteError, type ErrorResponse } from '@remix-run/react'
import type { ReactNode } from 'react'
import { SlideOver } from '~/components/ui/slide-over'

type StatusHandler = (info: { error: ErrorResponse }) => ReactNode
type UnexpectedErrorHandler = (error: unknown) => ReactNode

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

/** The centred full-height page every unknown address shows. */
export function NotFoundPage({ children }: { children?: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-4xl font-extrabold text-brand-800">Page not found</h1>
      <p className="text-lg text-slate-700">We could not find that page. Check the address, or go back to the dashboard.</p>
      {children}
      <Link to="/" className="link mt-4">
        Go to the dashboard
      </Link>
    </main>
  )
}

const APOLOGY = 'Something went wrong, please try again'

/** A page's answers when its route gives none of its own. */
const pageDefaults = {
  statusHandlers: { 404: () => <NotFoundPage /> } as Record<number, StatusHandler>,
  defaultStatusHandler: (({ error }) => (
    <ErrorMessage title={`${error.status} ${error.statusText}`.trim()} detail={String(error.data ?? '')} />
  )) as StatusHandler,
  unexpectedErrorHandler: (() => <ErrorMessage title="Something went wrong!" detail="Please try again in a moment." />) as UnexpectedErrorHandler,
}

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
      say(error.status >= 400 && error.status < 500 && typeof error.data === 'string' && error.data.trim() ? error.data : APOLOGY)) as StatusHandler,
    unexpectedErrorHandler: (() => say(APOLOGY)) as UnexpectedErrorHandler,
  }
}

/**
 * The error boundary of every route: a handler per status, then a default for any other status,
 * then one for errors that are not responses. A route passes only the handlers it changes. With
 * `slideOver` the answer is framed as that panel; otherwise it is a page.
 */
export function GeneralErrorBoundary({
  statusHandlers,
  defaultStatusHandler,
  unexpectedErrorHandler,
  slideOver,
}: {
  statusHandlers?: Record<number, StatusHandler>
  defaultStatusHandler?: StatusHandler
  unexpectedErrorHandler?: UnexpectedErrorHandler
  slideOver?: SlideOverErrorFrame
}) {
  const error = useRouteError()
  const { search } = useLocation()
  if (typeof document !== 'undefined' && !isRouteErrorResponse(error)) console.error(error)
  const defaults = slideOver ? slideOverDefaults(slideOver) : pageDefaults
  const content = isRouteErrorResponse(error)
    ? (statusHandlers?.[error.status] ?? defaults.statusHandlers[error.status] ?? defaultStatusHandler ?? defaults.defaultStatusHandler)({ error })
    : (unexpectedErrorHandler ?? defaults.unexpectedErrorHandler)(error)
  if (!slideOver) return <>{content}</>
  const closeTo = slideOver.closeTo(search)
  return (
    <SlideOver title={slideOver.title(isRouteErrorResponse(error) ? error.status : null)} closeTo={closeTo}>
      {content}
      {slideOver.backLink ? (
        <Link to={closeTo} className="link mt-4 inline-block">
          Back to the list
        </Link>
      ) : null}
    </SlideOver>
  )
}

function ErrorMessage({ title, detail }: { title: string; detail?: string }) {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-2 p-6 text-center">
      <h1 className="text-2xl font-bold text-slate-800">{title}</h1>
      {detail ? <p className="text-slate-600">{detail}</p> : null}
      <Link to="/" className="link mt-4">
        Go to the dashboard
      </Link>
    </main>
  )
}
