import { useLocation, useRouteError } from '@remix-run/react'
import { panelErrorMessage } from '~/components/error-boundary'
import { SlideOver } from '~/components/ui/slide-over'
import { LISTS, listUrlFrom, type ListName } from './lists'

/** A panel's unexpected error stays in the panel, over its list, with the way back. */
export function PanelErrorBoundary({ name }: { name: ListName }) {
  const error = useRouteError()
  const location = useLocation()
  const message = panelErrorMessage(error, 'This subscription could not be found.')
  return (
    <SlideOver title="Something went wrong" closeTo={listUrlFrom(LISTS[name], new URLSearchParams(location.search))}>
      <p role="alert" className="text-sm text-slate-700">
        {message}
      </p>
    </SlideOver>
  )
}
