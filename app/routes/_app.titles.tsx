import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ForbiddenPage } from '~/features/people/forbidden'
import { TitleList } from '~/features/titles/title-list'
import { loadTitleList } from '~/features/titles/titles.server'

export async function loader({ request }: LoaderFunctionArgs) {
  return loadTitleList(request)
}

export default function TitlesRoute() {
  return (
    <TitleList data={useLoaderData<typeof loader>()}>
      <Outlet />
    </TitleList>
  )
}

export const meta: MetaFunction = () => [{ title: 'Titles | Land Banking' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 403: () => <ForbiddenPage title="Titles" /> }} />
}
