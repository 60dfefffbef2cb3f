import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ArrearsPage } from '~/features/arrears/arrears-page'
import { loadArrears } from '~/features/arrears/arrears.server'
import { ForbiddenPage } from '~/features/people/forbidden'

export async function loader({ request }: LoaderFunctionArgs) {
  return loadArrears(request)
}

export default function ArrearsRoute() {
  const data = useLoaderData<typeof loader>()
  return <ArrearsPage filters={data.filters} page={data.page} list={data.list} />
}

export const meta: MetaFunction = () => [{ title: 'Arrears | Land Banking' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 403: () => <ForbiddenPage title="Arrears" /> }} />
}
