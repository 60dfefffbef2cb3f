import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PortfolioSummary } from '~/features/payouts/portfolio-summary'
import { loadPortfolioSummary } from '~/features/payouts/payouts.server'
import { shouldRevalidateList, SubscriptionList } from '~/features/subscriptions/subscription-list'
import { loadSubscriptionList } from '~/features/subscriptions/subscriptions.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const [list, summary] = await Promise.all([
    loadSubscriptionList(request, 'investment'),
    loadPortfolioSummary(request),
  ])
  return { ...list, summary }
}

export const shouldRevalidate = shouldRevalidateList

export default function InvestmentPortfolioRoute() {
  const { summary, ...data } = useLoaderData<typeof loader>()
  return (
    <SubscriptionList
      data={data}
      top={summary ? <PortfolioSummary summary={summary} timeZone={data.timeZone} /> : null}
    />
  )
}

export const meta: MetaFunction = () => [{ title: 'Investment Portfolio | Land Banking' }]
