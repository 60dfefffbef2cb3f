import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { loadCredits } from '~/features/collections/collections.server'
import { CreditsPage } from '~/features/collections/credits-page'
import { ForbiddenPage } from '~/features/people/forbidden'

export async function loader({ request }: LoaderFunctionArgs) {
  return loadCredits(request)
}

export default function CollectionsCreditsRoute() {
  return (
    <CreditsPage data={useLoaderData<typeof loader>()}>
      <Outlet />
    </CreditsPage>
  )
}

export const meta: MetaFunction = () => [{ title: 'Credits | Collections | Land Banking' }]

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary statusHandlers={{ 403: () => <ForbiddenPage title="Collections" /> }} />
  )
}
