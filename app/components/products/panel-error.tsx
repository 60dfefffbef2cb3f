import { isRouteErrorResponse, useLocation, useRouteError } from '@remix-run/react'
import { SlideOver } from '../ui/slide-over'
import { KINDS, listUrlFrom, type KindName } from './kinds'

/** A panel's error stays in the panel, over its list, with the way back. */
export function PanelErrorBoundary({ kind }: { kind: KindName }) {
  const error = useRouteError()
  const location = useLocation()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const message =
    status === 404
      ? 'This product could not be found.'
      : status === 413
      ? String((error as { data?: unknown }).data)
      : 'Something went wrong, please try again'
  return (
    <SlideOver title="Something went wrong" closeTo={listUrlFrom(KINDS[kind], new URLSearchParams(location.search))}>
      <p role="alert" className="text-sm text-slate-700">
        {message}
      </p>
    </SlideOver>
  )
}
