import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ProductDetails } from '~/features/products/product-details'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { subscriptionPanelError } from '~/features/subscriptions/lists'
import { loadProductPanel } from '~/features/subscriptions/subscriptions.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadProductPanel(request, 'land', params.reference)
}

export default function SubscriptionsProductRoute() {
  return <ProductDetails data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.product.reference ?? 'Product details'} | Land Banking` },
]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={subscriptionPanelError('land')} />
}
