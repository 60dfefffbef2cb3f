import { isRouteErrorResponse, Link, useRouteError, type ErrorResponse } from '@remix-run/react'
import type { ReactNode } from 'react'

export type StatusHandler = (info: { error: ErrorResponse }) => ReactNode
export type UnexpectedErrorHandler = (error: unknown) => ReactNode

/** The centred full-height page every unknown address shows. */
export function NotFoundPage({ children }: { children?: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-4xl font-extrabold text-brand-800">Page not found</h1>
      <p className="text-lg text-slate-700">
        We could not find that page. Check the address, or go back to the dashboard.
      </p>
      {children}
      <Link to="/" className="link mt-4">
        Go to the dashboard
      </Link>
    </main>
  )
}

/** A page's answers when its route gives none of its own. */
const pageDefaults = {
  statusHandlers: { 404: () => <NotFoundPage /> } as Record<number, StatusHandler>,
  defaultStatusHandler: (({ error }) => (
    <ErrorMessage
      title={`${error.status} ${error.statusText}`.trim()}
      detail={String(error.data ?? '')}
    />
  )) as StatusHandler,
  unexpectedErrorHandler: (() => (
    <ErrorMessage title="Something went wrong!" detail="Please try again in a moment." />
  )) as UnexpectedErrorHandler,
}

export type ErrorHandlers = {
  statusHandlers?: Record<number, StatusHandler>
  defaultStatusHandler?: StatusHandler
  unexpectedErrorHandler?: UnexpectedErrorHandler
}

/** What a boundary shows: the route's handler for the error, else the default it was given. */
export function errorContent(
  error: unknown,
  handlers: ErrorHandlers,
  defaults: Required<ErrorHandlers>,
) {
  if (typeof document !== 'undefined' && !isRouteErrorResponse(error)) console.error(error)
  return isRouteErrorResponse(error)
    ? (
        handlers.statusHandlers?.[error.status] ??
        defaults.statusHandlers[error.status] ??
        handlers.defaultStatusHandler ??
        defaults.defaultStatusHandler
      )({ error })
    : (handlers.unexpectedErrorHandler ?? defaults.unexpectedErrorHandler)(error)
}

/**
 * The error boundary of every page route: a handler per status, then a default for any other
 * status, then one for errors that are not responses. A route passes only the handlers it changes.
 * Slide-over routes use SlideOverErrorBoundary (~/components/slide-over-error-boundary) instead.
 */
export function GeneralErrorBoundary(handlers: ErrorHandlers) {
  return <>{errorContent(useRouteError(), handlers, pageDefaults)}</>
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
