import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { requirePeopleAccess } from '~/features/people/access.server'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { peoplePanelError } from '~/features/people/forbidden'
import { PersonForm } from '~/features/people/person-form'
import { createPersonAction, personFormSpec } from '~/features/people/people.server'
import { loadPermissionChoices } from '~/features/people/users.server'
import { SlideOver } from '~/components/ui/slide-over'

export async function loader({ request }: LoaderFunctionArgs) {
  const editor = await requirePeopleAccess(request, 'user', 'modify')
  return { ...(await loadPermissionChoices(request, editor)), spec: personFormSpec('user') }
}

export async function action({ request }: ActionFunctionArgs) {
  return createPersonAction(request, 'user')
}

export default function AddUserRoute() {
  const { permissions, spec } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { search } = useLocation()
  return (
    <SlideOver title="Add user" closeTo={`/users${search}`}>
      <PersonForm
        kind="user"
        spec={spec}
        permissions={permissions}
        lastResult={actionData?.result}
      />
    </SlideOver>
  )
}

export const meta: MetaFunction = () => [{ title: 'Add user | Land Banking' }]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={peoplePanelError('/users')} />
}

/** A 429 says when to try again (Retry-After), as the API did. */
export { retryAfterHeaders as headers } from '~/utils/retry-after'
