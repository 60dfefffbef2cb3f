import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import type { SubmissionResult } from '@conform-to/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { EstatesPage } from '~/features/estates/estate-views'
import { estatesAction, loadEstates } from '~/features/estates/estates.server'
import { ForbiddenPage } from '~/features/people/forbidden'

export async function loader({ request }: LoaderFunctionArgs) {
  return loadEstates(request)
}

export async function action({ request }: ActionFunctionArgs) {
  return estatesAction(request)
}

export default function EstatesRoute() {
  const actionData = useActionData<typeof action>() as
    { result?: SubmissionResult<string[]> } | undefined
  return <EstatesPage data={useLoaderData<typeof loader>()} lastResult={actionData?.result} />
}

export const meta: MetaFunction = () => [{ title: 'Estates | Land Banking' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 403: () => <ForbiddenPage title="Estates" /> }} />
}
