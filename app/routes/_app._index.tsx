import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { MetricCard } from '~/components/layout/metric-card'
import { endpoints } from '~/contract/endpoints'
import { api } from '~/utils/api.server'
import { dashboardCardsFor } from '~/utils/navigation'
import { requireAuth } from '~/utils/session.server'
import type { loader as appLoader } from './_app'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAuth(request)
  const result = await api(request, endpoints.dashboardMetrics)
  return result.ok ? { metrics: result.data, error: null } : { metrics: null, error: result.message }
}

export default function DashboardRoute() {
  const { metrics, error } = useLoaderData<typeof loader>()
  const shell = useRouteLoaderData<typeof appLoader>('routes/_app')
  const cards = shell ? dashboardCardsFor(shell.user) : []
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Dashboard</h1>
      {error ? (
        <p role="alert" className="mb-4 rounded-md bg-red-50 px-4 py-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Metrics">
        {cards.map((card) => (
          <li key={card.key}>
            <MetricCard label={card.label} to={card.path} value={metrics ? metrics[card.key] : null} />
          </li>
        ))}
      </ul>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Dashboard | Land Banking' }]
