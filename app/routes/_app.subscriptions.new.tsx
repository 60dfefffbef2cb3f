import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import {
  createSubscriptionAction,
  loadNewSubscription,
} from '~/features/subscriptions/new-subscription.server'
import { NewSubscriptionPanel } from '~/features/subscriptions/new-subscription-panel'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { subscriptionPanelError } from '~/features/subscriptions/lists'

export async function loader({ request }: LoaderFunctionArgs) {
  return loadNewSubscription(request)
}

export async function action({ request }: ActionFunctionArgs) {
  return createSubscriptionAction(request)
}

export default function NewSubscriptionRoute() {
  return (
    <NewSubscriptionPanel
      data={useLoaderData<typeof loader>()}
      lastResult={useActionData<typeof action>()?.result}
    />
  )
}

export const meta: MetaFunction = () => [{ title: 'Add subscription | Land Banking' }]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={subscriptionPanelError('land')} />
}
