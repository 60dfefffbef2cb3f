import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { requirePeopleAccess } from '~/features/people/access.server'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { peoplePanelError } from '~/features/people/forbidden'
import { PersonForm } from '~/features/people/person-form'
import { createPersonAction, personFormSpec } from '~/features/people/people.server'
import { SlideOver } from '~/components/ui/slide-over'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePeopleAccess(request, 'realtor', 'modify')
  return { spec: personFormSpec('realtor') }
}

export async function action({ request }: ActionFunctionArgs) {
  return createPersonAction(request, 'realtor')
}

export default function AddRealtorRoute() {
  const { spec } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { search } = useLocation()
  return (
    <SlideOver title="Add realtor" closeTo={`/realtors${search}`}>
      <PersonForm kind="realtor" spec={spec} lastResult={actionData?.result} />
    </SlideOver>
  )
}

export const meta: MetaFunction = () => [{ title: 'Add realtor | Land Banking' }]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={peoplePanelError('/realtors')} />
}

/** A 429 says when to try again (Retry-After), as the API did. */
export { retryAfterHeaders as headers } from '~/utils/retry-after'
