import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { peoplePanelError } from '~/features/people/forbidden'
import { RealtorDetailsView } from '~/features/people/person-details'
import { CommissionChainForm } from '~/features/people/commission-chain-form'
import { canModifyPeople } from '~/features/people/access'
import { requirePeopleAccess } from '~/features/people/access.server'
import {
  commissionChainAction,
  commissionChainSpec,
  loadPerson,
} from '~/features/people/people.server'
import { SlideOver } from '~/components/ui/slide-over'
import { commissionViewOf } from '~/features/commissions/access'
import { timeZoneFrom } from '~/utils/time-zone.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePeopleAccess(request, 'realtor')
  const realtor = await loadPerson(request, 'realtor', params.reference ?? '')
  return {
    realtor,
    timeZone: timeZoneFrom(request),
    chainSpec: canModifyPeople(user, 'realtor') ? commissionChainSpec() : null,
    canReviewHolds: commissionViewOf(user) === 'staff',
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  return commissionChainAction(request, params.reference ?? '')
}

export default function RealtorDetailsRoute() {
  const { realtor, timeZone, chainSpec, canReviewHolds } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { search } = useLocation()
  return (
    <SlideOver title="Realtor details" closeTo={`/realtors${search}`}>
      <RealtorDetailsView
        realtor={realtor}
        timeZone={timeZone}
        canReviewHolds={canReviewHolds}
        chainForm={
          chainSpec ? (
            <CommissionChainForm
              key={JSON.stringify([realtor.upline?.reference, realtor.registered_company])}
              realtor={realtor}
              spec={chainSpec}
              lastResult={actionData?.result}
            />
          ) : null
        }
      />
    </SlideOver>
  )
}

export const meta: MetaFunction = () => [{ title: 'Realtor details | Land Banking' }]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={peoplePanelError('/realtors')} />
}
