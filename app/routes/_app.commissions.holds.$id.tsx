import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { SlideOverErrorBoundary } from '~/components/slide-over-error-boundary'
import { SlideOver } from '~/components/ui/slide-over'
import { holdDecisionAction, loadHold } from '~/features/commissions/commissions.server'
import { HoldReview } from '~/features/commissions/hold-review'
import { peoplePanelError } from '~/features/people/forbidden'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadHold(request, params.id ?? '')
}

export async function action({ request, params }: ActionFunctionArgs) {
  return holdDecisionAction(request, params.id ?? '')
}

export default function CommissionHoldRoute() {
  const { hold, timeZone } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  return (
    <SlideOver title="Possible self-referral" closeTo={`/commissions${search}`}>
      <HoldReview hold={hold} timeZone={timeZone} />
    </SlideOver>
  )
}

export const meta: MetaFunction = () => [{ title: 'Commissions | Land Banking' }]

export function ErrorBoundary() {
  return <SlideOverErrorBoundary frame={peoplePanelError('/commissions')} />
}
