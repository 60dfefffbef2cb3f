import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ForbiddenPage } from '~/features/people/forbidden'
import { PeopleList } from '~/features/people/people-list'
import { loadPeopleList } from '~/features/people/people.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, ...list } = await loadPeopleList(request, 'user')
  return { ...list, selfUuid: user.uuid }
}

export default function UsersRoute() {
  const list = useLoaderData<typeof loader>()
  return (
    <PeopleList kind="user" {...list}>
      <Outlet />
    </PeopleList>
  )
}

export const meta: MetaFunction = () => [{ title: 'Users | Land Banking' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 403: () => <ForbiddenPage title="Users" /> }} />
}
