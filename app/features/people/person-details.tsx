import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { CustomerDetails, Realtor, RealtorDetails } from '~/contract/people'
import type { Profile } from '~/contract/profile'
import { DETAILS_LIMIT, fullName } from '~/contract/people-labels'
import { formatDate, formatNaira } from '~/contract/format'
import { humanize } from '~/utils/text'
import { CommissionHoldList } from '~/features/commissions/hold-list'
import { StatusBadge } from './status-badge'

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-[10rem,1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-sm font-medium text-slate-500">{term}</dt>
          <dd className="break-words text-sm text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function personFacts(
  person: CustomerDetails | Realtor,
  timeZone: string,
): Array<[string, ReactNode]> {
  return [
    ['Reference', <span className="font-mono">{person.reference}</span>],
    ['First name', person.first_name],
    ['Last name', person.last_name],
    ['Email', person.email],
    ['Date registered', formatDate(person.created_at, timeZone)],
    ['Status', <StatusBadge suspended={person.is_suspended} />],
  ]
}

function Heading({ children }: { children: ReactNode }) {
  return <h3 className="mb-2 mt-6 text-base font-semibold text-slate-900">{children}</h3>
}

function MoreNote({ shown, total, noun }: { shown: number; total: number; noun: string }) {
  if (total <= shown) return null
  return (
    <p className="mt-2 text-xs text-slate-500">
      Showing the newest {Math.min(shown, DETAILS_LIMIT)} of {total} {noun}.
    </p>
  )
}

/** Contact details, next of kin and payout account, for staff who may view customers. */
function ProfileFacts({ profile }: { profile: Profile }) {
  const notGiven = <span className="text-slate-500">Not given</span>
  const kin = profile.next_of_kin_name
    ? `${profile.next_of_kin_name} (${profile.next_of_kin_relationship}), ${profile.next_of_kin_phone}`
    : null
  const payout = profile.account_number ? (
    <>
      {profile.bank_name || profile.bank} ·{' '}
      <span className="font-mono">{profile.account_number}</span> · {profile.account_name}
    </>
  ) : null
  return (
    <div data-testid="customer-profile">
      <Heading>Profile</Heading>
      <Facts
        rows={[
          ['Phone number', profile.phone || notGiven],
          ['Address', profile.address || notGiven],
          ['Next of kin', kin ?? notGiven],
          ['Payout account', payout ?? notGiven],
        ]}
      />
    </div>
  )
}

export function CustomerDetailsView({
  customer,
  profile,
  timeZone,
  canReviewHolds = false,
}: {
  customer: CustomerDetails
  profile?: Profile | null
  timeZone: string
  /** Staff who pay commissions: a possible self-referral links to its review. */
  canReviewHolds?: boolean
}) {
  return (
    <div>
      <Facts rows={personFacts(customer, timeZone)} />
      {profile ? <ProfileFacts profile={profile} /> : null}
      {customer.commission_holds?.length ? (
        <>
          <Heading>Possible self-referral</Heading>
          <CommissionHoldList
            holds={customer.commission_holds}
            timeZone={timeZone}
            canReview={canReviewHolds}
          />
        </>
      ) : null}
      <Heading>Realtor</Heading>
      {customer.realtor ? (
        <p className="text-sm text-slate-700">
          {fullName(customer.realtor)}
          {customer.realtor.business_name ? ` (${customer.realtor.business_name})` : ''}{' '}
          <span className="font-mono text-xs text-slate-500">{customer.realtor.reference}</span>
        </p>
      ) : (
        <p className="text-sm text-slate-500">No realtor brought this customer.</p>
      )}
      <Heading>Subscriptions ({customer.subscription_count})</Heading>
      {customer.subscriptions.length ? (
        <ul className="flex flex-col gap-2">
          {customer.subscriptions.map((subscription) => (
            <li
              key={subscription.reference}
              className="rounded-md border border-slate-200 p-3 text-sm"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-mono text-xs">{subscription.reference}</span>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs capitalize">
                  {humanize(subscription.status)}
                </span>
              </div>
              <p className="mt-1 text-slate-700">
                <span className="font-medium text-slate-900">
                  {subscription.product.name ||
                    subscription.product.location ||
                    subscription.product.reference}
                </span>{' '}
                · <span className="capitalize">{humanize(subscription.type)}</span> ·{' '}
                {subscription.payment_mode === 'installment' ? 'Instalments' : 'Full payment'}
              </p>
              <p className="mt-1 text-slate-600">
                {formatNaira(subscription.total_amount_paid)} paid of{' '}
                {formatNaira(subscription.total_amount)} ·{' '}
                {formatDate(subscription.created_at, timeZone)}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No subscriptions yet.</p>
      )}
      <MoreNote
        shown={customer.subscriptions.length}
        total={customer.subscription_count}
        noun="subscriptions"
      />
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a href={`/customers/${encodeURIComponent(customer.reference)}/statement`} className="link">
          Download statement
        </a>
        <a
          href={`/customers/${encodeURIComponent(customer.reference)}/statement?format=csv`}
          className="link"
        >
          Statement as CSV
        </a>
      </p>
    </div>
  )
}

export function RealtorDetailsView({
  realtor,
  timeZone,
  chainForm = null,
  canReviewHolds = false,
}: {
  realtor: RealtorDetails
  timeZone: string
  /** For staff who may change realtors: the form that changes the upline and company status. */
  chainForm?: ReactNode
  /** Staff who pay commissions: a possible self-referral links to its review. */
  canReviewHolds?: boolean
}) {
  return (
    <div>
      <Facts
        rows={[
          ...personFacts(realtor, timeZone).slice(0, 4),
          ['Business name', realtor.business_name ?? ''],
          ...personFacts(realtor, timeZone).slice(4),
        ]}
      />
      <Heading>Customers ({realtor.customer_count})</Heading>
      {realtor.customers.length ? (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {realtor.customers.map((customer) => (
            <li
              key={customer.uuid}
              className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
            >
              <span>
                <span className="font-medium text-slate-900">{fullName(customer)}</span>{' '}
                <span className="break-all text-slate-500">{customer.email}</span>
              </span>
              <span className="flex items-center gap-2">
                <span className="font-mono text-xs text-slate-500">{customer.reference}</span>
                <StatusBadge suspended={customer.is_suspended} />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No customers yet.</p>
      )}
      <MoreNote shown={realtor.customers.length} total={realtor.customer_count} noun="customers" />
      <Heading>Commission chain</Heading>
      <Facts
        rows={[
          [
            'Upline',
            realtor.upline ? (
              <span data-testid="realtor-upline">
                {fullName(realtor.upline)}{' '}
                <span className="font-mono text-xs text-slate-500">{realtor.upline.reference}</span>
              </span>
            ) : (
              <span data-testid="realtor-upline">None</span>
            ),
          ],
          [
            'Registered company',
            realtor.registered_company ? 'Yes (company rate of withholding tax)' : 'No',
          ],
          ...(realtor.registered_company_request
            ? ([
                [
                  'Change asked for',
                  <span key="request" data-testid="company-request-waiting">
                    On {formatDate(realtor.registered_company_request.requested_at, timeZone)} the
                    realtor asked to be treated as{' '}
                    {realtor.registered_company_request.registered_company
                      ? 'a registered company'
                      : 'an individual'}
                    : waiting for staff.{' '}
                    {chainForm ? (
                      <Link to={`/realtors/${realtor.uuid}/registered-company`} className="link">
                        Approve or reject
                      </Link>
                    ) : null}
                  </span>,
                ],
              ] as Array<[string, ReactNode]>)
            : []),
        ]}
      />
      <Heading>Realtors referred ({realtor.referral_count})</Heading>
      {realtor.referrals.length ? (
        <ul
          className="divide-y divide-slate-100 rounded-md border border-slate-200"
          aria-label="Realtors referred"
        >
          {realtor.referrals.map((referred) => (
            <li
              key={referred.uuid}
              className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
            >
              <span className="font-medium text-slate-900">{fullName(referred)}</span>
              <span className="font-mono text-xs text-slate-500">{referred.reference}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No realtors signed up through this realtor's link.</p>
      )}
      <MoreNote shown={realtor.referrals.length} total={realtor.referral_count} noun="realtors" />
      {realtor.commission_holds.length ? (
        <>
          <Heading>Possible self-referral</Heading>
          <CommissionHoldList
            holds={realtor.commission_holds}
            timeZone={timeZone}
            canReview={canReviewHolds}
          />
        </>
      ) : null}
      {chainForm}
    </div>
  )
}
