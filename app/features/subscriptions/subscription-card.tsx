import { SUBSCRIPTION_STATUS_LABELS } from '~/contract/subscription-labels'
import type { Subscription } from '~/contract/subscriptions'
import { overdueBy } from '~/contract/arrears-labels'
import { formatDate, formatNaira } from '~/contract/format'
import { unitCount } from '~/contract/units'
import { capitalize, humanize } from '~/utils/text'
import { DetailRow } from '~/components/detail-row'
import { AbsoluteLink } from '~/components/ui/absolute-link'
import { LISTS, type ListName, type ViewerAbilities } from './lists'

const BADGE: Record<Subscription['status'], string> = {
  awaiting_payment: 'bg-amber-100 text-amber-800',
  awaiting_payment_confirmation: 'bg-sky-100 text-sky-800',
  ongoing: 'bg-brand-100 text-brand-800',
  completed: 'bg-green-100 text-green-800',
  cancelled: 'bg-slate-200 text-slate-700',
  expired: 'bg-slate-200 text-slate-700',
}

export function StatusBadge({ status }: { status: Subscription['status'] }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[status]}`}
      data-testid="subscription-status"
    >
      {SUBSCRIPTION_STATUS_LABELS[status]}
    </span>
  )
}

/** "2 plots", "1 acre": how much land a subscription buys. */
export const landQuantity = (s: Pick<Subscription, 'quantity' | 'product'>) =>
  unitCount(s.quantity, s.product.land_type ?? 'unit')

/** A payment can be made now: awaiting payment, or a land plan with instalments left (as the API decides). */
export function isPayable(s: Subscription) {
  if (s.status === 'awaiting_payment') return true
  return s.status === 'ongoing' && s.type === 'land' && s.amount_left > 0
}

/** Each status shows its own date and amount. */
function StatusFacts({ s, date }: { s: Subscription; date: (value: string | null) => string }) {
  const land = s.type === 'land'
  switch (s.status) {
    case 'awaiting_payment':
      return (
        <>
          <DetailRow label="Date subscribed">{date(s.created_at)}</DetailRow>
          <DetailRow label={land ? 'Pending amount' : 'Investment amount'}>
            {formatNaira(s.next_payment_amount)}
          </DetailRow>
        </>
      )
    case 'awaiting_payment_confirmation':
      return (
        <>
          {/* The payment sent is not money paid until staff confirm it: no "Last paid" date for it. */}
          <DetailRow label="Latest payment">Awaiting confirmation</DetailRow>
          <DetailRow label="Amount paid">{formatNaira(s.total_amount_paid)}</DetailRow>
        </>
      )
    case 'ongoing':
      return land ? (
        <>
          <DetailRow label="Amount paid">{formatNaira(s.total_amount_paid)}</DetailRow>
          <DetailRow label="Next payment">{formatNaira(s.next_payment_amount)}</DetailRow>
          <DetailRow label="Next payment date">{date(s.next_payment_date)}</DetailRow>
          {s.days_in_arrears > 0 ? (
            <DetailRow label={overdueBy(s.days_in_arrears)}>
              <span className="font-semibold text-red-700" data-testid="amount-overdue">
                {formatNaira(s.amount_overdue)}
              </span>
            </DetailRow>
          ) : null}
        </>
      ) : (
        <>
          <DetailRow label="Next ROI date">{date(s.next_payment_date)}</DetailRow>
          <DetailRow label="Amount paid">{formatNaira(s.total_amount_paid)}</DetailRow>
        </>
      )
    case 'completed':
      return (
        <>
          <DetailRow label={land ? 'Date created' : 'Date invested'}>
            {date(s.created_at)}
          </DetailRow>
          <DetailRow label={land ? 'Amount paid' : 'Amount invested'}>
            {formatNaira(land ? s.total_amount_paid : s.meta.amount_invested)}
          </DetailRow>
        </>
      )
    case 'expired':
      return (
        <>
          <DetailRow label="Date subscribed">{date(s.created_at)}</DetailRow>
          <DetailRow label="Date expired">{date(s.cancelled_at)}</DetailRow>
          <p className="py-1 text-sm text-slate-600">
            Not paid within the time allowed; what it reserved went back on sale.
          </p>
        </>
      )
    default:
      return (
        <>
          <DetailRow label="Date subscribed">{date(s.created_at)}</DetailRow>
          <DetailRow label="Date cancelled">{date(s.cancelled_at)}</DetailRow>
        </>
      )
  }
}

/** The portfolio's dates: invested, then completed or the status's own date (none while awaiting payment). */
function PortfolioDates({ s, date }: { s: Subscription; date: (value: string | null) => string }) {
  return (
    <>
      <DetailRow label="Date invested">{date(s.created_at)}</DetailRow>
      {s.status === 'completed' ? (
        <DetailRow label="Date completed">{date(s.completed_at)}</DetailRow>
      ) : null}
      {s.status === 'awaiting_payment_confirmation' ? (
        <DetailRow label="Latest payment">Awaiting confirmation</DetailRow>
      ) : null}
      {s.status === 'ongoing' ? (
        <DetailRow label="Next ROI date">{date(s.next_payment_date)}</DetailRow>
      ) : null}
      {s.status === 'cancelled' ? (
        <DetailRow label="Date cancelled">{date(s.cancelled_at)}</DetailRow>
      ) : null}
      {s.status === 'expired' ? (
        <DetailRow label="Date expired">{date(s.cancelled_at)}</DetailRow>
      ) : null}
      {s.status === 'ongoing' ? (
        <DetailRow label="Next ROI">{formatNaira(s.next_payment_amount)}</DetailRow>
      ) : null}
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
  const date = (value: string | null) => formatDate(value, timeZone)
  const payable = isPayable(s)
  const payLabel = s.is_user ? 'Make payment' : can.record ? 'Record payment' : null
  const cancellable =
    can.modify &&
    (s.status === 'awaiting_payment' || s.status === 'awaiting_payment_confirmation') &&
    s.total_amount_paid === 0
  const person = portfolio ? 'Investor' : 'Subscriber'
  const titleId = `subscription-${s.reference}`

  return (
    <article
      className="card flex h-full flex-col gap-3"
      aria-labelledby={titleId}
      data-testid="subscription-card"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={titleId} className="font-mono text-sm font-semibold text-slate-900">
          {s.reference}
        </h2>
        <StatusBadge status={s.status} />
      </div>
      <dl className="divide-y divide-slate-100">
        <DetailRow label="Type">{capitalize(humanize(s.type))}</DetailRow>
        <DetailRow label={portfolio ? 'Portfolio' : 'Product'}>
          <AbsoluteLink to={href('product')} className="link" preventScrollReset>
            {s.product.name}
          </AbsoluteLink>
        </DetailRow>
        {s.type === 'land' ? <DetailRow label="Quantity">{landQuantity(s)}</DetailRow> : null}
        {portfolio ? (
          s.status !== 'completed' ? (
            <DetailRow label="Investment type">
              {capitalize(humanize(s.product.land_investment_type))}
            </DetailRow>
          ) : null
        ) : (
          <DetailRow label="Payment type">
            {s.payment_mode === 'installment' ? 'Instalments' : 'Full payment'}
          </DetailRow>
        )}
        {can.seesSubscriber ? (
          <DetailRow label={person}>
            <AbsoluteLink to={href('subscriber')} className="link" preventScrollReset>
              {s.is_user ? 'You' : s.user.full_name}
            </AbsoluteLink>
          </DetailRow>
        ) : null}
        {portfolio ? (
          <DetailRow label="Amount invested">{formatNaira(s.meta.amount_invested)}</DetailRow>
        ) : (
          <DetailRow label="Amount">{formatNaira(s.total_amount)}</DetailRow>
        )}
        {portfolio ? <PortfolioDates s={s} date={date} /> : <StatusFacts s={s} date={date} />}
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        {payable && payLabel ? (
          <AbsoluteLink to={href('pay')} className="btn-primary" preventScrollReset>
            {payLabel}
          </AbsoluteLink>
        ) : null}
        {s.status !== 'awaiting_payment' ? (
          <>
            <AbsoluteLink to={href('transactions')} className="btn-secondary" preventScrollReset>
              View all transactions
            </AbsoluteLink>
            <AbsoluteLink to={href('plan')} className="btn-secondary" preventScrollReset>
              View payment plan
            </AbsoluteLink>
          </>
        ) : null}
        <a href={href('statement')} className="btn-secondary">
          Download statement
        </a>
        {portfolio && (s.status === 'ongoing' || s.status === 'completed') ? (
          <AbsoluteLink to={href('payouts')} className="btn-secondary" preventScrollReset>
            Payouts
          </AbsoluteLink>
        ) : null}
        {s.type === 'land' && s.status === 'completed' ? (
          // A file download: a plain link, so the browser saves what the resource route streams.
          <a href={href('land-document')} className="btn-secondary">
            View land document
          </a>
        ) : null}
        {s.type === 'land' && s.status === 'completed' ? (
          <AbsoluteLink to={href('title')} className="btn-secondary" preventScrollReset>
            Title documents
          </AbsoluteLink>
        ) : null}
        {cancellable ? (
          <AbsoluteLink to={href('cancel')} className="btn-danger" preventScrollReset>
            Cancel subscription
          </AbsoluteLink>
        ) : null}
      </div>
    </article>
  )
}
