import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { loadDashboard } from '~/features/dashboard/dashboard.server'
import { DashboardView } from '~/features/dashboard/dashboard-view'
import type { loader as appLoader } from './_app'

export async function loader({ request }: LoaderFunctionArgs) {
  return loadDashboard(request)
}

export default function DashboardRoute() {
  const data = useLoaderData<typeof loader>()
  const shell = useRouteLoaderData<typeof appLoader>('routes/_app')
  return <DashboardView cards={shell?.dashboardCards ?? []} {...data} />
}

export const meta: MetaFunction = () => [{ title: 'Dashboard | Land Banking' }]
