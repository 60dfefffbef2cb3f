import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { productPanelError } from '~/features/products/kinds'
import { investAction, loadInvest } from '~/features/subscribe/invest.server'
import { InvestPanel } from '~/features/subscribe/invest-panel'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadInvest(request, params.reference)
}

export async function action({ request, params }: ActionFunctionArgs) {
  return investAction(request, params.reference)
}

export default function InvestRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <InvestPanel data={data} actionResult={actionData?.result} />
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Invest in ${data?.product.reference ?? 'a product'} | Land Banking` },
]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={productPanelError('investment')} />
}
