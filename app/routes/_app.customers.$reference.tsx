import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { peoplePanelError } from '~/features/people/forbidden'
import { CustomerDetailsView } from '~/features/people/person-details'
import { loadCustomerProfile, loadPerson } from '~/features/people/people.server'
import { SlideOver } from '~/components/ui/slide-over'
import { commissionViewOf } from '~/features/commissions/access'
import { requireUser } from '~/utils/session.server'
import { timeZoneFrom } from '~/utils/time-zone.server'
import { RecordHistory } from '~/features/audit/audit-entry'
import { loadRecordHistory } from '~/features/audit/audit.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const customer = await loadPerson(request, 'customer', params.reference ?? '')
  const profile = await loadCustomerProfile(request, customer.uuid)
  const history = await loadRecordHistory(request, customer.reference)
  return {
    customer,
    profile,
    history,
    timeZone: timeZoneFrom(request),
    canReviewHolds: commissionViewOf(await requireUser(request)) === 'staff',
  }
}

export default function CustomerDetailsRoute() {
  const { customer, profile, history, timeZone, canReviewHolds } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  return (
    <SlideOver title="Customer details" closeTo={`/customers${search}`}>
      <CustomerDetailsView
        customer={customer}
        profile={profile}
        timeZone={timeZone}
        canReviewHolds={canReviewHolds}
      />
      {history ? (
        <div className="mt-6">
          <RecordHistory history={history} timeZone={timeZone} />
        </div>
      ) : null}
    </SlideOver>
  )
}

export const meta: MetaFunction = () => [{ title: 'Customer details | Land Banking' }]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={peoplePanelError('/customers')} />
}
