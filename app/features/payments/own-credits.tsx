import {
  CREDIT_REASON_LABELS,
  CREDIT_STATE_LABELS,
  PAYMENT_PROVIDER_NAMES,
} from '~/contract/collections-labels'
import { formatDate, formatNaira } from '~/contract/format'
import { Link } from '@remix-run/react'
import type { CustomerCredit } from '~/contract/collections'
import { creditsLink } from '~/contract/links'
import type { OwnCredits } from './credits.server'

const STATE_BADGE: Record<string, string> = {
  open: 'bg-amber-100 text-amber-800',
  allocation_pending: 'bg-sky-100 text-sky-800',
  refund_pending: 'bg-sky-100 text-sky-800',
  allocated: 'bg-green-100 text-green-800',
  refunded: 'bg-slate-100 text-slate-700',
}

/** The customer's credits, newest first: amount, state, why, and what became of each. */
export function OwnCreditList({ items, timeZone }: { items: CustomerCredit[]; timeZone?: string }) {
  return (
    <ul className="divide-y divide-slate-100" aria-label="Credits">
      {items.map((credit) => (
        <li
          key={credit.reference}
          className="flex flex-col gap-1 py-2 text-sm"
          data-testid="own-credit"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <span className="font-semibold tabular-nums text-slate-900">
              {formatNaira(credit.amount)}
            </span>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_BADGE[credit.state] ?? ''}`}
            >
              {CREDIT_STATE_LABELS[credit.state]}
            </span>
          </div>
          <p className="text-slate-600">
            {CREDIT_REASON_LABELS[credit.reason]}
            {credit.amount_paid !== credit.amount
              ? ` · ${formatNaira(credit.amount_paid)} paid`
              : ''}
          </p>
          <p className="break-words text-xs text-slate-500">
            {credit.paid_at ? `${formatDate(credit.paid_at, timeZone)} · ` : ''}
            {PAYMENT_PROVIDER_NAMES[credit.provider]} {credit.provider_reference}
            {credit.allocated_to
              ? ` · paid ${credit.allocated_to.transaction_reference} of ${credit.allocated_to.subscription_reference}`
              : ''}
          </p>
        </li>
      ))}
    </ul>
  )
}

/**
 * Money the customer sent that paid no payment (under, over or between the amounts due): kept as a
 * credit on their account until staff allocate it to a payment or send it back.
 */
export function OwnCreditsSection({
  credits,
  timeZone,
}: {
  credits: OwnCredits
  timeZone?: string
}) {
  return (
    <section
      aria-labelledby="own-credits-title"
      className="card flex flex-col gap-2"
      data-testid="own-credits"
    >
      <h3 id="own-credits-title" className="text-base font-semibold text-slate-900">
        Credits on your account
      </h3>
      <p className="text-sm text-slate-700">
        {credits.openAmount > 0 ? (
          <>
            <strong data-testid="own-credits-open">{formatNaira(credits.openAmount)}</strong> is not
            allocated to a payment yet. Staff allocate it to what you owe, or send it back to you;
            nothing is lost.
          </>
        ) : (
          'Money you sent that did not match a payment due, and what became of it.'
        )}
      </p>
      <OwnCreditList items={credits.items} timeZone={timeZone} />
      <Link
        to={creditsLink()}
        className="link inline-flex min-h-[44px] items-center self-start text-sm"
      >
        {credits.more ? 'All your credits' : 'Your credits'}
      </Link>
    </section>
  )
}
