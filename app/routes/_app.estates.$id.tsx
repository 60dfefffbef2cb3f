import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { EstatePage, type EstateActionView } from '~/features/estates/estate-views'
import { estateAction, loadEstate } from '~/features/estates/estates.server'
import { ForbiddenPage } from '~/features/people/forbidden'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadEstate(request, params.id)
}

export async function action({ request, params }: ActionFunctionArgs) {
  return estateAction(request, params.id)
}

export default function EstateRoute() {
  const actionData = useActionData<typeof action>() as EstateActionView | undefined
  return <EstatePage data={useLoaderData<typeof loader>()} actionData={actionData} />
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.name ?? 'Estate'} | Land Banking` },
]

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 403: () => <ForbiddenPage title="Estate" /> }} />
}
