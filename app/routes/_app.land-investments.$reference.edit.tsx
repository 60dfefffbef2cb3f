import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { productPanelError } from '~/features/products/kinds'
import { ProductForm } from '~/features/products/product-form'
import { loadEditProduct, productFormAction } from '~/features/products/product-form.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadEditProduct(request, 'investment', params.reference)
}

export async function action({ request, params }: ActionFunctionArgs) {
  return productFormAction(request, 'investment', params.reference)
}

export default function EditInvestmentRoute() {
  return (
    <ProductForm
      data={useLoaderData<typeof loader>()}
      actionData={useActionData<typeof action>()}
    />
  )
}

export const meta: MetaFunction = () => [{ title: 'Edit investment | Land Banking' }]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={productPanelError('investment')} />
}
