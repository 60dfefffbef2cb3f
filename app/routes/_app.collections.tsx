import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { loadCollectionsSummary } from '~/features/collections/collections.server'
import { SummaryPage } from '~/features/collections/summary-page'
import { ForbiddenPage } from '~/features/people/forbidden'

export async function loader({ request }: LoaderFunctionArgs) {
  return loadCollectionsSummary(request)
}

export default function CollectionsRoute() {
  return <SummaryPage data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = () => [{ title: 'Collections | Land Banking' }]

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary statusHandlers={{ 403: () => <ForbiddenPage title="Collections" /> }} />
  )
}
