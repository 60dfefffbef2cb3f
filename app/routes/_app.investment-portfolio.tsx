import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { shouldRevalidateList, SubscriptionList } from '~/features/subscriptions/subscription-list'
import { loadSubscriptionList } from '~/features/subscriptions/subscriptions.server'

export async function loader({ request }: LoaderFunctionArgs) {
  return loadSubscriptionList(request, 'investment')
}

export const shouldRevalidate = shouldRevalidateList

export default function InvestmentPortfolioRoute() {
  return <SubscriptionList data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = () => [{ title: 'Investment Portfolio | Land Banking' }]
