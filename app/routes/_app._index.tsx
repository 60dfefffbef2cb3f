import type { MetaFunction } from '@remix-run/node'
import { useRouteLoaderData } from '@remix-run/react'
import type { loader as appLoader } from './_app'

export default function DashboardRoute() {
  const data = useRouteLoaderData<typeof appLoader>('routes/_app')
  return <h1 className="text-2xl font-bold">Dashboard{data ? `: ${data.user.first_name}` : ''}</h1>
}

export const meta: MetaFunction = () => [{ title: 'Dashboard | Land Banking' }]
