import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { requirePeopleAccess } from '~/features/people/access.server'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { peoplePanelError } from '~/features/people/forbidden'
import { loadPerson } from '~/features/people/people.server'
import { UserEditForm } from '~/features/people/user-edit-form'
import {
  loadPermissionChoices,
  updateUserAction,
  userUpdateFormSpec,
} from '~/features/people/users.server'
import { SlideOver } from '~/components/ui/slide-over'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const editor = await requirePeopleAccess(request, 'user', 'modify')
  const [user, choices] = await Promise.all([
    loadPerson(request, 'user', params.uuid ?? '', 'modify'),
    loadPermissionChoices(request, editor),
  ])
  return { user, ...choices, spec: userUpdateFormSpec() }
}

export async function action({ request, params }: ActionFunctionArgs) {
  return updateUserAction(request, params.uuid ?? '')
}

export default function EditUserRoute() {
  const { user, permissions, locked, spec } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { search } = useLocation()
  return (
    <SlideOver title="Edit user" closeTo={`/users${search}`}>
      <UserEditForm
        key={user.uuid}
        user={user}
        permissions={permissions}
        locked={locked}
        spec={spec}
        lastResult={actionData?.result}
      />
    </SlideOver>
  )
}

export const meta: MetaFunction = () => [{ title: 'Edit user | Land Banking' }]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={peoplePanelError('/users')} />
}
