import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { peoplePanelError } from '~/features/people/forbidden'
import { loadPerson, suspendAction } from '~/features/people/people.server'
import { SuspendDialog } from '~/features/people/suspend-dialog'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return { person: await loadPerson(request, 'realtor', params.uuid ?? '', 'modify') }
}

export async function action({ request, params }: ActionFunctionArgs) {
  return suspendAction(request, 'realtor', params.uuid ?? '')
}

export default function SuspendRealtorRoute() {
  const { person } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  return <SuspendDialog person={person} closeTo={`/realtors${search}`} />
}

export const meta: MetaFunction = () => [{ title: 'Realtors | Land Banking' }]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={peoplePanelError('/realtors')} />
}
