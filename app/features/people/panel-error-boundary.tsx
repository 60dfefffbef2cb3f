import { isRouteErrorResponse, Link, useLocation, useRouteError } from '@remix-run/react'
import { panelErrorMessage } from '~/components/error-boundary'
import { SlideOver } from '~/components/ui/slide-over'

/** A panel that failed to load (not found, not allowed) says so inside the panel, over the list. */
export function PanelErrorBoundary({ listPath }: { listPath: string }) {
  const error = useRouteError()
  const { search } = useLocation()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const message = panelErrorMessage(error, 'This record does not exist, or you may not see it.')
  return (
    <SlideOver title={status === 404 ? 'Not found' : 'Unavailable'} closeTo={`${listPath}${search}`}>
      <p role="alert" className="text-slate-700">
        {message}
      </p>
      <Link to={`${listPath}${search}`} className="link mt-4 inline-block">
        Back to the list
      </Link>
    </SlideOver>
  )
}
