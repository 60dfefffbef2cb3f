import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { SUBSCRIPTION_STATUS_LABELS } from '~/contract/subscription-labels'
import type { Subscription } from '~/contract/subscriptions'
import { capitalize, formatDate, formatNaira, formatOrdinalDate, humanize } from '~/utils/format'
import { LISTS, type ListName, type ViewerAbilities } from './lists'

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 py-1 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  )
}

const BADGE: Record<Subscription['status'], string> = {
  awaiting_payment: 'bg-amber-100 text-amber-800',
  awaiting_payment_confirmation: 'bg-sky-100 text-sky-800',
  ongoing: 'bg-brand-100 text-brand-800',
  completed: 'bg-green-100 text-green-800',
  cancelled: 'bg-slate-200 text-slate-700',
}

export function StatusBadge({ status }: { status: Subscription['status'] }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[status]}`} data-testid="subscription-status">
      {SUBSCRIPTION_STATUS_LABELS[status]}
    </span>
  )
}

/** A payment can be made now: awaiting payment, or a land plan with instalments left (as the API decides). */
export function isPayable(s: Subscription) {
  if (s.status === 'awaiting_payment') return true
  return s.status === 'ongoing' && s.type === 'land' && s.amount_left > 0
}

/** SPEC.md section 4: each status shows its own date and amount. */
function StatusFacts({ s, date }: { s: Subscription; date: (value: string | null) => string }) {
  const land = s.type === 'land'
  switch (s.status) {
    case 'awaiting_payment':
      return (
        <>
          <Fact label="Date subscribed">{date(s.created_at)}</Fact>
          <Fact label={land ? 'Pending amount' : 'Investment amount'}>{formatNaira(s.next_payment_amount)}</Fact>
        </>
      )
    case 'awaiting_payment_confirmation':
      return (
        <>
          <Fact label="Last paid">{date(s.updated_at)}</Fact>
          <Fact label="Amount paid">{formatNaira(s.total_amount_paid)}</Fact>
        </>
      )
    case 'ongoing':
      return land ? (
        <>
          <Fact label="Amount paid">{formatNaira(s.total_amount_paid)}</Fact>
          <Fact label="Next payment">{formatNaira(s.next_payment_amount)}</Fact>
          <Fact label="Next payment date">{date(s.next_payment_date)}</Fact>
        </>
      ) : (
        <>
          <Fact label="Next ROI date">{date(s.next_payment_date)}</Fact>
          <Fact label="Amount paid">{formatNaira(s.total_amount_paid)}</Fact>
        </>
      )
    case 'completed':
      return (
        <>
          <Fact label={land ? 'Date created' : 'Date invested'}>{date(s.created_at)}</Fact>
          <Fact label={land ? 'Amount paid' : 'Amount invested'}>{formatNaira(land ? s.total_amount_paid : s.meta.amount_invested)}</Fact>
        </>
      )
    default:
      return (
        <>
          <Fact label="Date subscribed">{date(s.created_at)}</Fact>
          <Fact label="Date cancelled">{date(s.cancelled_at)}</Fact>
        </>
      )
  }
}

/** The portfolio's dates: invested, then completed or the status's own date (none while awaiting payment). */
function PortfolioDates({ s, date }: { s: Subscription; date: (value: string | null) => string }) {
  return (
    <>
      <Fact label="Date invested">{date(s.created_at)}</Fact>
      {s.status === 'completed' ? <Fact label="Date completed">{date(s.completed_at)}</Fact> : null}
      {s.status === 'awaiting_payment_confirmation' ? <Fact label="Last paid">{date(s.updated_at)}</Fact> : null}
      {s.status === 'ongoing' ? <Fact label="Next ROI date">{date(s.next_payment_date)}</Fact> : null}
      {s.status === 'cancelled' ? <Fact label="Date cancelled">{date(s.cancelled_at)}</Fact> : null}
      {s.status === 'ongoing' ? <Fact label="Next ROI">{formatNaira(s.next_payment_amount)}</Fact> : null}
    </>
  )
}

export function SubscriptionCard({
  subscription: s,
  name,
  can,
  listSearch,
  timeZone,
}: {
  subscription: Subscription
  name: ListName
  can: ViewerAbilities
  listSearch: string
  timeZone: string
}) {
  const portfolio = name === 'investment'
  const base = `${LISTS[name].basePath}/${s.reference}`
  const href = (panel: string) => `${base}/${panel}${listSearch}`
  const date = (value: string | null) => (portfolio ? formatOrdinalDate(value, timeZone) : formatDate(value, timeZone))
  const payable = isPayable(s)
  const payLabel = s.is_user ? 'Make payment' : can.record ? 'Record payment' : null
  const cancellable =
    can.modify && (s.status === 'awaiting_payment' || s.status === 'awaiting_payment_confirmation') && s.total_amount_paid === 0
  const person = portfolio ? 'Investor' : 'Subscriber'
  const titleId = `subscription-${s.reference}`

  return (
    <article className="card flex h-full flex-col gap-3" aria-labelledby={titleId} data-testid="subscription-card">
      <div className="flex items-start justify-between gap-2">
        <h2 id={titleId} className="font-mono text-sm font-semibold text-slate-900">
          {s.reference}
        </h2>
        <StatusBadge status={s.status} />
      </div>
      <dl className="divide-y divide-slate-100">
        <Fact label="Type">{capitalize(humanize(s.type))}</Fact>
        <Fact label={portfolio ? 'Portfolio' : 'Location'}>
          <Link to={href('product')} className="link" preventScrollReset>
            {s.product.location ?? (portfolio ? 'Investment' : s.product.reference)}
          </Link>
        </Fact>
        {portfolio ? (
          s.status !== 'completed' ? (
            <Fact label="Investment type">{capitalize(humanize(s.product.land_investment_type))}</Fact>
          ) : null
        ) : (
          <Fact label="Payment type">{s.payment_mode === 'installment' ? 'Installment' : 'Full'}</Fact>
        )}
        {can.seesSubscriber ? (
          <Fact label={person}>
            <Link to={href('subscriber')} className="link" preventScrollReset>
              {s.is_user ? 'You' : s.user.full_name}
            </Link>
          </Fact>
        ) : null}
        {portfolio ? (
          <Fact label="Amount invested">{formatNaira(s.meta.amount_invested)}</Fact>
        ) : (
          <Fact label="Amount">{formatNaira(s.total_amount)}</Fact>
        )}
        {portfolio ? <PortfolioDates s={s} date={date} /> : <StatusFacts s={s} date={date} />}
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        {payable && payLabel ? (
          <Link to={href('pay')} className="btn-primary" preventScrollReset>
            {payLabel}
          </Link>
        ) : null}
        {s.status !== 'awaiting_payment' ? (
          <>
            <Link to={href('transactions')} className="btn-secondary" preventScrollReset>
              View all transactions
            </Link>
            <Link to={href('plan')} className="btn-secondary" preventScrollReset>
              View payment plan
            </Link>
          </>
        ) : null}
        {s.type === 'land' && s.status === 'completed' ? (
          // A file download: a plain link, so the browser saves what the resource route streams.
          <a href={href('land-document')} className="btn-secondary">
            View land document
          </a>
        ) : null}
        {cancellable ? (
          <Link to={href('cancel')} className="btn-danger" preventScrollReset>
            Cancel subscription
          </Link>
        ) : null}
      </div>
    </article>
  )
}
