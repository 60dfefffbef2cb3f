import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Outlet, useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { CommissionsPage } from '~/features/commissions/commissions-page'
import { loadCommissions, markPaidAction } from '~/features/commissions/commissions.server'
import { ForbiddenPage } from '~/features/people/forbidden'

export async function loader({ request }: LoaderFunctionArgs) {
  return loadCommissions(request)
}

export async function action({ request }: ActionFunctionArgs) {
  return markPaidAction(request)
}

export default function CommissionsRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <CommissionsPage data={data} lastResult={actionData?.result} />
      <Outlet />
    </>
  )
}

export const meta: MetaFunction = () => [{ title: 'Commissions | Land Banking' }]

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary statusHandlers={{ 403: () => <ForbiddenPage title="Commissions" /> }} />
  )
}
