import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { loadDeliveries } from '~/features/collections/collections.server'
import { DeliveriesPage } from '~/features/collections/deliveries-page'
import { ForbiddenPage } from '~/features/people/forbidden'

export async function loader({ request }: LoaderFunctionArgs) {
  return loadDeliveries(request)
}

export default function CollectionsDeliveriesRoute() {
  return <DeliveriesPage data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = () => [{ title: 'Deliveries | Collections | Land Banking' }]

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary statusHandlers={{ 403: () => <ForbiddenPage title="Collections" /> }} />
  )
}
