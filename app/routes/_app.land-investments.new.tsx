import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { productPanelError } from '~/features/products/kinds'
import { ProductForm } from '~/features/products/product-form'
import { loadNewProduct, productFormAction } from '~/features/products/product-form.server'

export async function loader({ request }: LoaderFunctionArgs) {
  return loadNewProduct(request, 'investment')
}

export async function action({ request }: ActionFunctionArgs) {
  return productFormAction(request, 'investment')
}

export default function NewInvestmentRoute() {
  return (
    <ProductForm
      data={useLoaderData<typeof loader>()}
      actionData={useActionData<typeof action>()}
    />
  )
}

export const meta: MetaFunction = () => [{ title: 'Add investment | Land Banking' }]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={productPanelError('investment')} />
}
