import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { AuthShell } from '~/features/auth/auth-shell'
import { PlotCheckPage, type PlotCheckData } from '~/features/estates/estate-views'
import { loadPlotCheck } from '~/features/estates/estates.server'

// Public: anyone told to "do a search" before paying checks a plot here, signed in or not.
export async function loader({ request }: LoaderFunctionArgs) {
  return loadPlotCheck(request)
}

export default function PlotCheckRoute() {
  return (
    <AuthShell>
      <PlotCheckPage data={useLoaderData<typeof loader>() as PlotCheckData} />
    </AuthShell>
  )
}

export const meta: MetaFunction = () => [{ title: 'Plot check | Land Banking' }]

export function ErrorBoundary() {
  return (
    <AuthShell>
      <GeneralErrorBoundary />
    </AuthShell>
  )
}
