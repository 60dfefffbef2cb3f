import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { creditAction, loadCredit } from '~/features/collections/collections.server'
import { CreditPanel } from '~/features/collections/credit-panel'
import { CREDITS_PATH } from '~/features/collections/links'
import { peoplePanelError } from '~/features/people/forbidden'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadCredit(request, params.reference ?? '')
}

export async function action({ request, params }: ActionFunctionArgs) {
  return creditAction(request, params.reference ?? '')
}

export default function CollectionsCreditRoute() {
  return (
    <CreditPanel
      data={useLoaderData<typeof loader>()}
      actionData={useActionData<typeof action>()}
    />
  )
}

export const meta: MetaFunction = () => [{ title: 'Credit | Collections | Land Banking' }]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={peoplePanelError(CREDITS_PATH)} />
}
