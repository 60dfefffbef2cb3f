import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { AuditList } from '~/features/audit/audit-list'
import { loadAuditList } from '~/features/audit/audit.server'
import { ForbiddenPage } from '~/features/people/forbidden'

export async function loader({ request }: LoaderFunctionArgs) {
  return loadAuditList(request)
}

export default function AuditRoute() {
  return <AuditList data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = () => [{ title: 'Audit trail | Land Banking' }]

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary statusHandlers={{ 403: () => <ForbiddenPage title="Audit trail" /> }} />
  )
}
