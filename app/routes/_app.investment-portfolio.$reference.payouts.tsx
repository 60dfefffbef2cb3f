import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { PayoutsPanel } from '~/features/payouts/payouts-panel'
import { loadPayoutsPanel } from '~/features/payouts/payouts.server'
import { subscriptionPanelError } from '~/features/subscriptions/lists'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPayoutsPanel(request, params.reference)
}

export default function InvestmentPortfolioPayoutsRoute() {
  return <PayoutsPanel data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = () => [{ title: 'Payouts | Land Banking' }]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={subscriptionPanelError('investment')} />
}
