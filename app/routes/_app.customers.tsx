import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ForbiddenPage } from '~/features/people/forbidden'
import { PeopleList } from '~/features/people/people-list'
import { loadPeopleList } from '~/features/people/people.server'
import { ReferralLink } from '~/features/people/referral-link'
import { CUSTOMER_INVITE_MESSAGE, shareableOf } from '~/features/referrals/referral-share.server'
import { appUrl } from '~/utils/env.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, ...list } = await loadPeopleList(request, 'customer')
  // A realtor's customers sign up through its link (/register?ref=…) and are linked to it.
  const referral =
    user.role === 'realtor'
      ? await shareableOf(`${appUrl()}/register?ref=${user.reference}`, CUSTOMER_INVITE_MESSAGE)
      : null
  return { ...list, referral }
}

export default function CustomersRoute() {
  const { referral, ...list } = useLoaderData<typeof loader>()
  return (
    <PeopleList
      kind="customer"
      {...list}
      aside={referral ? <ReferralLink share={referral} /> : null}
    >
      <Outlet />
    </PeopleList>
  )
}

export const meta: MetaFunction = () => [{ title: 'Customers | Land Banking' }]

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary statusHandlers={{ 403: () => <ForbiddenPage title="Customers" /> }} />
  )
}
