import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { subscriptionPanelError } from '~/features/subscriptions/lists'
import { PaymentPanel } from '~/features/subscriptions/payment-panel'
import { loadPayment, paymentAction } from '~/features/subscriptions/payment.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPayment(request, 'land', params.reference)
}

export async function action({ request, params }: ActionFunctionArgs) {
  return paymentAction(request, 'land', params.reference)
}

export default function SubscriptionsPaymentRoute() {
  return (
    <PaymentPanel
      data={useLoaderData<typeof loader>()}
      lastResult={useActionData<typeof action>()?.result}
    />
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.mode === 'record' ? 'Record payment' : 'Make payment'} | Land Banking` },
]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={subscriptionPanelError('land')} />
}
