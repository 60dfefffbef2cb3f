import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { checkoutAction } from '~/features/payments/checkout.server'
import { CheckoutForward } from '~/features/payments/checkout-views'
import { subscriptionPanelError } from '~/features/subscriptions/lists'
import { PaymentPanel } from '~/features/subscriptions/payment-panel'
import { loadPayment } from '~/features/subscriptions/payment.server'

// The pay panel again, for a refused "Pay online" (its message by the amounts).
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPayment(request, 'investment', params.reference)
}

export async function action({ request, params }: ActionFunctionArgs) {
  return checkoutAction(request, 'investment', params.reference)
}

export default function InvestmentPortfolioCheckoutRoute() {
  const data = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  if (answer?.forward) return <CheckoutForward forward={answer.forward} closeTo={data.closeTo} />
  return <PaymentPanel data={data} checkoutResult={answer?.result ?? undefined} />
}

export const meta: MetaFunction = () => [{ title: 'Make payment | Land Banking' }]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={subscriptionPanelError('investment')} />
}
