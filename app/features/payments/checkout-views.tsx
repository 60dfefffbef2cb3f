import { Link } from '@remix-run/react'
import { formatNaira } from '~/contract/format'
import { SlideOver } from '~/components/ui/slide-over'
import type { ReturnOutcome } from './checkout.server'

/**
 * The answer to a plain "Pay online" post: a page that forwards the browser to the provider's
 * hosted checkout (a refresh, and a link for a browser that does not follow it).
 */
export function CheckoutForward({
  forward,
  closeTo,
}: {
  forward: { url: string; provider: string; amount: number }
  closeTo: string
}) {
  return (
    <SlideOver title="Make payment" closeTo={closeTo}>
      <meta httpEquiv="refresh" content={`0;url=${forward.url}`} />
      <div role="status" className="flex flex-col gap-3 text-sm text-slate-700">
        <p>
          Taking you to {forward.provider}&apos;s secure page to pay{' '}
          <strong>{formatNaira(forward.amount)}</strong>…
        </p>
        <p>
          <a href={forward.url} className="btn-primary">
            Continue to {forward.provider}
          </a>
        </p>
      </div>
    </SlideOver>
  )
}

const OUTCOME_TITLES: Record<ReturnOutcome, string> = {
  paid: 'Payment received',
  credited: 'Payment received as a credit',
  pending: 'Payment not completed',
  failed: 'Payment not completed',
  unavailable: 'Payment not checked yet',
  unknown: 'Payment not found',
}

const OUTCOME_STYLES: Record<ReturnOutcome, string> = {
  paid: 'border-green-200 bg-green-50 text-green-900',
  credited: 'border-sky-200 bg-sky-50 text-sky-900',
  pending: 'border-amber-200 bg-amber-50 text-amber-900',
  failed: 'border-red-200 bg-red-50 text-red-900',
  unavailable: 'border-amber-200 bg-amber-50 text-amber-900',
  unknown: 'border-red-200 bg-red-50 text-red-900',
}

export type CheckoutReturnData = {
  subscription: { reference: string }
  closeTo: string
  payHref: string
  transactionsHref: string
  retryHref: string
  outcome: ReturnOutcome
  message: string
  receiptHref: string | null
}

/** Back from the hosted checkout: what the provider confirmed, and where to go next. */
export function CheckoutReturnPanel({ data }: { data: CheckoutReturnData }) {
  const received = data.outcome === 'paid' || data.outcome === 'credited'
  return (
    <SlideOver title="Pay online" closeTo={data.closeTo}>
      <div
        role={received ? 'status' : 'alert'}
        className={`rounded-md border px-4 py-3 text-sm ${OUTCOME_STYLES[data.outcome]}`}
        data-testid="checkout-outcome"
      >
        <h3 className="font-semibold">{OUTCOME_TITLES[data.outcome]}</h3>
        <p className="mt-1">{data.message}</p>
        <p className="mt-1 font-mono text-xs">{data.subscription.reference}</p>
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        {data.receiptHref ? (
          // A file download: a plain link, so the browser saves what the resource route streams.
          <a href={data.receiptHref} className="btn-primary">
            Download receipt
          </a>
        ) : null}
        {data.outcome === 'unavailable' ? (
          <Link to={data.retryHref} className="btn-primary">
            Check again
          </Link>
        ) : null}
        {received ? (
          <Link to={data.transactionsHref} className="btn-secondary">
            View transactions
          </Link>
        ) : (
          <Link to={data.payHref} className="btn-secondary">
            Back to payment
          </Link>
        )}
      </div>
    </SlideOver>
  )
}
