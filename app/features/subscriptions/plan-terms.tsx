import { defaultActionWords } from '~/contract/arrears-rules'
import { formatNaira } from '~/contract/format'
import type { SubscriptionDetail } from '~/contract/subscriptions'
import { overdueWords } from '../payments/amount-choices'

const days = (count: number) => `${count} day${count === 1 ? '' : 's'}`

/** The terms of late payment a plan of instalments was sold under, in plain words, row by row. */
export function termsRows(terms: NonNullable<SubscriptionDetail['terms']>, unit = 'plot') {
  const action = defaultActionWords(terms.default_action, unit)
  return [
    { label: 'Grace period', value: `${days(terms.grace_days)} after each due date` },
    {
      label: 'Late fee',
      value:
        terms.late_fee_percent > 0
          ? `${terms.late_fee_percent}% of an instalment still unpaid after the grace period, added once`
          : 'None',
    },
    {
      label: `Unpaid ${days(terms.default_after_days)} after its due date`,
      value: action.charAt(0).toUpperCase() + action.slice(1),
    },
  ]
}

/** The plan's terms again after purchase (the plan panel, the pay panel): grace days, late fee, default action. */
export function PlanTerms({ subscription: s }: { subscription: SubscriptionDetail }) {
  if (!s.terms) return null
  return (
    <section
      aria-labelledby="plan-terms-title"
      className="mb-4 rounded-md border border-slate-200 px-4 py-3 text-sm"
      data-testid="plan-terms"
    >
      <h3 id="plan-terms-title" className="font-semibold text-slate-900">
        Your plan’s terms
      </h3>
      <dl className="mt-1 flex flex-col gap-1">
        {termsRows(s.terms, s.product.land_type ?? 'unit').map((row) => (
          <div key={row.label}>
            <dt className="text-slate-500">{row.label}</dt>
            <dd className="text-slate-900">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** The parts of what is overdue: "2 instalments ₦5,400,000.00 and 2 late fees ₦108,000.00". */
export function overdueParts(parts: SubscriptionDetail['overdue_parts']) {
  return [
    parts.instalments
      ? `${overdueWords({ instalments: parts.instalments, late_fees: 0 })} ${formatNaira(parts.instalments_amount)}`
      : null,
    parts.late_fees
      ? `${overdueWords({ instalments: 0, late_fees: parts.late_fees })} ${formatNaira(parts.late_fees_amount)}`
      : null,
  ]
    .filter(Boolean)
    .join(' and ')
}

/** "You owe ₦5,508,000.00 now", with its parts: nothing when nothing is overdue. */
export function OwedNow({ subscription: s }: { subscription: SubscriptionDetail }) {
  const parts = s.overdue_parts
  if (!(parts.amount > 0)) return null
  return (
    <div
      role="status"
      className="mb-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm"
      data-testid="owed-now"
    >
      <p className="text-base font-semibold text-red-800">
        {s.is_user ? 'You owe' : `${s.user.full_name} owes`}{' '}
        <span className="whitespace-nowrap">{formatNaira(parts.amount)}</span> now
      </p>
      <p className="text-red-800">{overdueParts(parts)}</p>
    </div>
  )
}
