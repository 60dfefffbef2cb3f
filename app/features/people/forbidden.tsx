import { Link } from '@remix-run/react'
import type { SlideOverErrorFrame } from '~/components/slide-over-error-boundary'

/** A people or settings page the viewer may not open: the page's own title, then the refusal. */
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

/** A people panel that failed to load (not found, not allowed) says so inside the panel, over the list. */
export function peoplePanelError(listPath: string): SlideOverErrorFrame {
  return {
    closeTo: (search) => `${listPath}${search}`,
    title: (status) => (status === 404 ? 'Not found' : 'Unavailable'),
    notFound: 'This record does not exist, or you may not see it.',
    backLink: true,
  }
}
