import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { productPanelError } from '~/features/products/kinds'
import { loadSubscribe, subscribeAction } from '~/features/subscribe/land.server'
import { SubscribePanel } from '~/features/subscribe/subscribe-panel'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadSubscribe(request, params.reference)
}

export async function action({ request, params }: ActionFunctionArgs) {
  return subscribeAction(request, params.reference)
}

export default function SubscribeRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <SubscribePanel data={data} actionResult={actionData?.result} />
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Buy ${data?.product.reference ?? 'land'} | Land Banking` },
]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={productPanelError('land')} />
}
