import { DetailRow } from '~/components/detail-row'
import { SlideOver } from '~/components/ui/slide-over'
import { formatDate, formatNaira } from '~/contract/format'
import { payoutAccountWording } from '~/contract/payout-account'
import { payoutHoldWording } from '~/contract/payout-rules'
import type { Payout } from '~/contract/payouts'
import type { SubscriptionDetail } from '~/contract/subscriptions'
import { proofHref } from '../subscriptions/lists'
import { StatusBadge } from '../subscriptions/subscription-card'
import { PayoutStatusBadge } from './payouts-page'
import { koboToNaira, koboOf } from '~/contract/money'

/**
 * An investment's payout ledger over the portfolio: each payout's date, amount and status, a hold
 * while the investor's payout account has just changed, and once paid the day, bank reference,
 * the account it was paid into, the recorder and the proof.
 */
export function PayoutsPanel({
  data,
}: {
  data: { subscription: SubscriptionDetail; payouts: Payout[]; closeTo: string; timeZone: string }
}) {
  const s = data.subscription
  const date = (value: string | null) => formatDate(value, data.timeZone)
  const total = koboToNaira(data.payouts.reduce((sum, payout) => sum + koboOf(payout.amount), 0))
  const paid = koboToNaira(
    data.payouts
      .filter((payout) => payout.status === 'paid')
      .reduce((sum, payout) => sum + koboOf(payout.amount), 0),
  )
  return (
    <SlideOver title={`Payouts: ${s.reference}`} closeTo={data.closeTo}>
      <dl className="mb-4 divide-y divide-slate-100">
        <DetailRow label="Status">
          <StatusBadge status={s.status} />
        </DetailRow>
        <DetailRow label="Amount invested">{formatNaira(s.meta.amount_invested)}</DetailRow>
        <DetailRow label="Payouts in all">{formatNaira(total)}</DetailRow>
        <DetailRow label="Paid so far">{formatNaira(paid)}</DetailRow>
      </dl>
      {data.payouts.length ? (
        <ol className="flex flex-col gap-2" aria-label="Payout ledger">
          {data.payouts.map((payout) => (
            <li
              key={payout.id}
              className="rounded-md border border-slate-200 p-3 text-sm"
              data-testid="ledger-row"
            >
              <div className="flex items-center justify-between gap-2">
                <span className="font-semibold text-slate-900">
                  Payout {payout.sequence}
                  {payout.includes_principal ? ' (with the amount invested)' : ''}
                </span>
                <PayoutStatusBadge payout={payout} />
              </div>
              <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-0.5 text-slate-700">
                <dt className="text-slate-500">Due</dt>
                <dd>{date(payout.due_date)}</dd>
                <dt className="text-slate-500">Amount</dt>
                <dd className="font-semibold">{formatNaira(payout.amount)}</dd>
                {payout.status === 'paid' ? (
                  <>
                    <dt className="text-slate-500">Paid on</dt>
                    <dd>
                      {date(payout.paid_at)}
                      {payout.paid_early ? ` (early: due ${date(payout.due_date)})` : ''}
                    </dd>
                    <dt className="text-slate-500">Bank reference</dt>
                    <dd className="break-all">
                      {payout.bank_reference ?? 'Recorded before the payout ledger'}
                    </dd>
                    {payout.paid_to ? (
                      <>
                        <dt className="text-slate-500">Paid to</dt>
                        <dd className="break-words">{payoutAccountWording(payout.paid_to)}</dd>
                      </>
                    ) : null}
                    {payout.recorded_by ? (
                      <>
                        <dt className="text-slate-500">Recorded by</dt>
                        <dd>{payout.recorded_by}</dd>
                      </>
                    ) : null}
                    {proofHref(payout.proof_of_payment) ? (
                      <>
                        <dt className="text-slate-500">Proof</dt>
                        <dd>
                          <a
                            href={proofHref(payout.proof_of_payment)!}
                            target="_blank"
                            rel="noreferrer"
                            className="link"
                          >
                            View proof
                          </a>
                        </dd>
                      </>
                    ) : null}
                  </>
                ) : null}
              </dl>
              {payout.account_hold ? (
                <p
                  className="mt-2 rounded bg-amber-50 px-2 py-1 text-amber-900"
                  data-testid="payout-hold"
                >
                  {payoutHoldWording(payout.account_hold, data.timeZone)}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-600">
          The payouts are listed here once the investment is paid for and confirmed.
        </p>
      )}
    </SlideOver>
  )
}
