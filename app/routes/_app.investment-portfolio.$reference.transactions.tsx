import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { subscriptionPanelError } from '~/features/subscriptions/lists'
import { TransactionsPanel } from '~/features/subscriptions/transactions-panel'
import { loadTransactions, markAction } from '~/features/subscriptions/transactions.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadTransactions(request, 'investment', params.reference)
}

export async function action({ request }: ActionFunctionArgs) {
  return markAction(request)
}

export default function InvestmentPortfolioTransactionsRoute() {
  return (
    <TransactionsPanel
      data={useLoaderData<typeof loader>()}
      actionData={useActionData<typeof action>()}
    />
  )
}

export const meta: MetaFunction = () => [{ title: 'Transactions | Land Banking' }]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={subscriptionPanelError('investment')} />
}
