import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { CompanyRequestDialog } from '~/features/people/company-request-dialog'
import { peoplePanelError } from '~/features/people/forbidden'
import { companyDecisionAction, loadPerson } from '~/features/people/people.server'
import { timeZoneFrom } from '~/utils/time-zone.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return {
    realtor: await loadPerson(request, 'realtor', params.uuid ?? '', 'modify'),
    timeZone: timeZoneFrom(request),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  return companyDecisionAction(request, params.uuid ?? '')
}

export default function RealtorCompanyRequestRoute() {
  const { realtor, timeZone } = useLoaderData<typeof loader>()
  return (
    <CompanyRequestDialog
      realtor={realtor}
      timeZone={timeZone}
      closeTo={`/realtors/${encodeURIComponent(realtor.reference)}`}
    />
  )
}

export const meta: MetaFunction = () => [{ title: 'Realtors | Land Banking' }]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={peoplePanelError('/realtors')} />
}
