import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { CancelDialog } from '~/features/subscriptions/cancel-dialog'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { subscriptionPanelError } from '~/features/subscriptions/lists'
import { cancelAction, loadCancelPanel } from '~/features/subscriptions/subscriptions.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadCancelPanel(request, 'investment', params.reference)
}

export async function action({ request, params }: ActionFunctionArgs) {
  return cancelAction(request, 'investment', params.reference)
}

export default function InvestmentPortfolioCancelRoute() {
  const { subscription, closeTo } = useLoaderData<typeof loader>()
  return <CancelDialog subscription={subscription} closeTo={closeTo} />
}

export const meta: MetaFunction = () => [{ title: 'Cancel subscription | Land Banking' }]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={subscriptionPanelError('investment')} />
}
