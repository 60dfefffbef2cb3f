import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { productPanelError } from '~/features/products/kinds'
import { PlansEditor } from '~/features/products/plans-editor'
import { loadPlansEditor, plansEditorAction } from '~/features/products/plans.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPlansEditor(request, params.reference)
}

export async function action({ request, params }: ActionFunctionArgs) {
  return plansEditorAction(request, params.reference)
}

export default function PaymentPlansRoute() {
  return (
    <PlansEditor
      data={useLoaderData<typeof loader>()}
      actionData={useActionData<typeof action>()}
    />
  )
}

export const meta: MetaFunction = () => [{ title: 'Payment plans | Land Banking' }]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={productPanelError('land')} />
}
