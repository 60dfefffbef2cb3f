import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { peoplePanelError } from '~/features/people/forbidden'
import { RealtorDetailsView } from '~/features/people/person-details'
import { loadPerson } from '~/features/people/people.server'
import { SlideOver } from '~/components/ui/slide-over'
import { timeZoneFrom } from '~/utils/time-zone'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const realtor = await loadPerson(request, 'realtor', params.reference ?? '')
  return { realtor, timeZone: timeZoneFrom(request) }
}

export default function RealtorDetailsRoute() {
  const { realtor, timeZone } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  return (
    <SlideOver title="Realtor details" closeTo={`/realtors${search}`}>
      <RealtorDetailsView realtor={realtor} timeZone={timeZone} />
    </SlideOver>
  )
}

export const meta: MetaFunction = () => [{ title: 'Realtor details | Land Banking' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary slideOver={peoplePanelError('/realtors')} />
}
