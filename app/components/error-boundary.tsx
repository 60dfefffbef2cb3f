import { isRouteErrorResponse, Link, useRouteError, type ErrorResponse } from '@remix-run/react'
import type { ReactNode } from 'react'

type StatusHandler = (info: { error: ErrorResponse }) => ReactNode

/**
 * What a slide-over says when its route failed: the not-found text, the refusal, the server's own
 * words for a post it could not take (unreadable, too large: a 4xx with a text body), or a
 * general apology for anything unexpected.
 */
export function panelErrorMessage(error: unknown, notFound: string) {
  if (!isRouteErrorResponse(error)) return 'Something went wrong, please try again'
  if (error.status === 404) return notFound
  if (error.status === 403) return 'You do not have permission to do this.'
  if (error.status >= 400 && error.status < 500 && typeof error.data === 'string' && error.data.trim()) return error.data
  return 'Something went wrong, please try again'
}

/** The centred full-height page every unknown address shows. */
export function NotFoundPage({ children }: { children?: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-5xl font-extrabold text-brand-800">Oops!!</h1>
      <p className="text-xl font-semibold text-slate-700">Page Not Found</p>
      {children}
      <Link to="/" className="link mt-4">
        Go to the dashboard
      </Link>
    </main>
  )
}

/** One error boundary for every route, with a handler per status (epic-stack's pattern). */
export function GeneralErrorBoundary({
  statusHandlers,
  defaultStatusHandler = ({ error }) => (
    <ErrorMessage title={`${error.status} ${error.statusText}`.trim()} detail={String(error.data ?? '')} />
  ),
  unexpectedErrorHandler = () => (
    <ErrorMessage title="Something went wrong!" detail="Please try again in a moment." />
  ),
}: {
  statusHandlers?: Record<number, StatusHandler>
  defaultStatusHandler?: StatusHandler
  unexpectedErrorHandler?: (error: unknown) => ReactNode
}) {
  const error = useRouteError()
  if (typeof document !== 'undefined' && !isRouteErrorResponse(error)) console.error(error)
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status] ?? (error.status === 404 ? () => <NotFoundPage /> : defaultStatusHandler)
    return <>{handler({ error })}</>
  }
  return <>{unexpectedErrorHandler(error)}</>
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
