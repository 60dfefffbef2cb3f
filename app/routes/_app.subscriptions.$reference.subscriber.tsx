import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { subscriptionPanelError } from '~/features/subscriptions/lists'
import { SubscriberPanel } from '~/features/subscriptions/subscriber-panel'
import { loadSubscriberPanel } from '~/features/subscriptions/subscriptions.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadSubscriberPanel(request, 'land', params.reference)
}

export default function SubscriptionsSubscriberRoute() {
  return <SubscriberPanel data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = () => [{ title: 'Subscriber details | Land Banking' }]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={subscriptionPanelError('land')} />
}
