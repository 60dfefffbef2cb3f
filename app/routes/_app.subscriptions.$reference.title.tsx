import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { subscriptionPanelError } from '~/features/subscriptions/lists'
import { TitlePanel } from '~/features/titles/title-panel'
import { loadTitlePanel, titleAction } from '~/features/titles/titles.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadTitlePanel(request, 'subscriptions', params.reference)
}

export async function action({ request, params }: ActionFunctionArgs) {
  return titleAction(request, params.reference)
}

export default function SubscriptionTitleRoute() {
  return (
    <TitlePanel
      data={useLoaderData<typeof loader>()}
      lastResult={useActionData<typeof action>()?.result}
    />
  )
}

export const meta: MetaFunction = () => [{ title: 'Title documents | Land Banking' }]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={subscriptionPanelError('land')} />
}
