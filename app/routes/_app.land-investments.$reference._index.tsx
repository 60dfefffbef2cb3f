import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { productPanelError } from '~/features/products/kinds'
import { ProductDetails } from '~/features/products/product-details'
import { loadProductDetails } from '~/features/products/product-details.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadProductDetails(request, 'investment', params.reference)
}

export default function InvestmentDetailsRoute() {
  return <ProductDetails data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.product.reference ?? 'Investment'} | Land Banking` },
]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={productPanelError('investment')} />
}
