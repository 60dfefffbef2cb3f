import type { PaymentPlan } from '~/contract/products'
import { formatNaira } from '~/contract/format'
import { capitalize } from '~/utils/text'

/** One plan, read-only: amount, duration, duration type and what each instalment costs. */
export function PlanSummary({ plan }: { plan: PaymentPlan }) {
  const items: Array<[string, string]> = [
    ['Amount', formatNaira(plan.amount)],
    ['Duration', String(plan.duration)],
    ['Duration type', capitalize(plan.duration_type)],
    ['Initial deposit', formatNaira(plan.initial_deposit)],
    ['Estimated payment per instalment', formatNaira(plan.estimated_duration_payment)],
    ['Grace days', String(plan.grace_days)],
    ['Late fee', `${plan.late_fee_percent}% of the missed instalment`],
    [
      'Default after',
      `${plan.default_after_days} days: ${plan.default_action === 'reprice' ? 'reprice' : 'cancel'}`,
    ],
  ]
  return (
    <dl
      className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3"
      data-testid="plan-summary"
    >
      {items.map(([label, value]) => (
        <div
          key={label}
          className={label.startsWith('Estimated') ? 'col-span-2 sm:col-span-1' : undefined}
        >
          <dt className="text-xs text-slate-500">{label}</dt>
          <dd className="font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
