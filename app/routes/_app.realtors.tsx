import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ForbiddenPage } from '~/features/people/forbidden'
import { PeopleList } from '~/features/people/people-list'
import { loadPeopleList } from '~/features/people/people.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { user: _user, ...list } = await loadPeopleList(request, 'realtor')
  return list
}

export default function RealtorsRoute() {
  const list = useLoaderData<typeof loader>()
  return (
    <PeopleList kind="realtor" {...list}>
      <Outlet />
    </PeopleList>
  )
}

export const meta: MetaFunction = () => [{ title: 'Realtors | Land Banking' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 403: () => <ForbiddenPage title="Realtors" /> }} />
}
