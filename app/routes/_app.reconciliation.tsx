import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ForbiddenPage } from '~/features/people/forbidden'
import { ReconciliationPage } from '~/features/reconciliation/reconciliation-page'
import {
  loadReconciliationPage,
  reconciliationAction,
  type ReconciliationActionData,
} from '~/features/reconciliation/reconciliation.server'

export async function loader({ request }: LoaderFunctionArgs) {
  return loadReconciliationPage(request)
}

export async function action({ request }: ActionFunctionArgs) {
  return reconciliationAction(request)
}

export default function ReconciliationRoute() {
  const actionData = useActionData<typeof action>() as ReconciliationActionData | undefined
  return <ReconciliationPage data={useLoaderData<typeof loader>()} actionData={actionData} />
}

export const meta: MetaFunction = () => [{ title: 'Reconciliation | Land Banking' }]

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 403: () => <ForbiddenPage title="Reconciliation" /> }}
    />
  )
}
