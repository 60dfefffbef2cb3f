import { Link } from '@remix-run/react'
import { COMMISSION_HOLD_STATUS_LABELS, signalsSentence } from '~/contract/commission-rules'
import type { CommissionHold } from '~/contract/commissions'
import { formatDate, formatNaira } from '~/contract/format'

/**
 * A customer's or realtor's purchases flagged as a possible self-referral, for staff on its
 * details panel; `canReview` (staff who pay commissions) links each to its review.
 */
export function CommissionHoldList({
  holds,
  timeZone,
  canReview,
}: {
  holds: CommissionHold[]
  timeZone: string
  canReview: boolean
}) {
  return (
    <ul
      className="flex flex-col gap-2"
      aria-label="Possible self-referrals"
      data-testid="commission-holds"
    >
      {holds.map((hold) => (
        <li key={hold.id} className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-mono text-xs">{hold.subscription.reference}</span>
            <span className="rounded-full bg-white px-2 py-0.5 text-xs">
              {COMMISSION_HOLD_STATUS_LABELS[hold.status]}
            </span>
          </div>
          <p className="mt-1 break-words text-slate-700">
            Customer {hold.customer.full_name} ({hold.customer.reference}) has{' '}
            {signalsSentence(hold.signals)} as realtor {hold.realtor.full_name} (
            {hold.realtor.reference}). Flagged {formatDate(hold.flagged_at, timeZone)}
            {hold.status === 'pending'
              ? `; ${formatNaira(hold.held_net)} of commission held.`
              : '.'}
          </p>
          {canReview ? (
            <Link to={`/commissions/holds/${hold.id}`} className="link mt-1 inline-block">
              {hold.status === 'pending' ? 'Review' : 'See the review'}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
