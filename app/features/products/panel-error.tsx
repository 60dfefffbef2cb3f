import { useLocation, useRouteError } from '@remix-run/react'
import { panelErrorMessage } from '~/components/error-boundary'
import { SlideOver } from '~/components/ui/slide-over'
import { KINDS, listUrlFrom, type KindName } from './kinds'

/** A panel's error stays in the panel, over its list, with the way back. */
export function PanelErrorBoundary({ kind }: { kind: KindName }) {
  const error = useRouteError()
  const location = useLocation()
  const message = panelErrorMessage(error, 'This product could not be found.')
  return (
    <SlideOver title="Something went wrong" closeTo={listUrlFrom(KINDS[kind], new URLSearchParams(location.search))}>
      <p role="alert" className="text-sm text-slate-700">
        {message}
      </p>
    </SlideOver>
  )
}
