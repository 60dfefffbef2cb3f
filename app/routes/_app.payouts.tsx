import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ForbiddenPage } from '~/features/people/forbidden'
import { PayoutsPage } from '~/features/payouts/payouts-page'
import { loadPayoutsPage, recordPayoutsAction } from '~/features/payouts/payouts.server'

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPayoutsPage(request)
}

export async function action({ request }: ActionFunctionArgs) {
  return recordPayoutsAction(request)
}

export default function PayoutsRoute() {
  const actionData = useActionData<typeof action>()
  return <PayoutsPage data={useLoaderData<typeof loader>()} lastResult={actionData?.result} />
}

export const meta: MetaFunction = () => [{ title: 'Payouts | Land Banking' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 403: () => <ForbiddenPage title="Payouts" /> }} />
}
