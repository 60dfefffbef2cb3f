import { Link } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'

export function ForbiddenPage({ title }: { title: string }) {
  return (
    <section className="flex min-h-[50vh] flex-col items-center justify-center gap-2 p-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="text-lg font-semibold text-red-700">Access denied</p>
      <p className="text-slate-600">You do not have permission to view this page.</p>
      <Link to="/" className="link mt-4">
        Go to the dashboard
      </Link>
    </section>
  )
}

/** The error boundary of a people or settings page: a clear forbidden page for a 403. */
export function PageErrorBoundary({ title }: { title: string }) {
  return <GeneralErrorBoundary statusHandlers={{ 403: () => <ForbiddenPage title={title} /> }} />
}
