import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { subscriptionPanelError } from '~/features/subscriptions/lists'
import { PlanPanel } from '~/features/subscriptions/plan-panel'
import { loadPlanPanel } from '~/features/subscriptions/subscriptions.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPlanPanel(request, 'investment', params.reference)
}

export default function InvestmentPortfolioPlanRoute() {
  return <PlanPanel data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = () => [{ title: 'Payment plan | Land Banking' }]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={subscriptionPanelError('investment')} />
}
