import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { loadCheckoutReturn } from '~/features/payments/checkout.server'
import { CheckoutReturnPanel } from '~/features/payments/checkout-views'
import { subscriptionPanelError } from '~/features/subscriptions/lists'

// Where the provider's hosted checkout sends the browser back (contract/links.ts checkoutReturnLink).
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadCheckoutReturn(request, 'land', params.reference)
}

export default function SubscriptionsCheckoutReturnRoute() {
  return <CheckoutReturnPanel data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = () => [{ title: 'Pay online | Land Banking' }]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={subscriptionPanelError('land')} />
}
