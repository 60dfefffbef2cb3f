import { scheduleStatusLabel, type SubscriptionDetail } from '~/contract/subscriptions'
import { overdueBy } from '~/contract/arrears-labels'
import { formatDate, formatNaira } from '~/contract/format'
import { DetailRow } from '~/components/detail-row'
import { SlideOver } from '~/components/ui/slide-over'
import { RecordHistory, type RecordHistoryData } from '../audit/audit-entry'
import type { ListName } from './lists'
import { landQuantity, StatusBadge } from './subscription-card'
import { OwedNow, PlanTerms } from './plan-terms'

const STATUS_CLASS: Record<string, string> = {
  Paid: 'font-semibold text-green-700',
  Overdue: 'font-semibold text-red-700',
  'Due today': 'font-semibold text-amber-700',
}

const HISTORY_EVENT: Record<SubscriptionDetail['history'][number]['event'], string> = {
  repriced: 'Balance repriced for non-payment',
  cancelled: 'Cancelled for non-payment',
}

function rowLabel(s: SubscriptionDetail, sequence: number) {
  if (s.type !== 'land') return `Payout ${sequence + 1}`
  if (s.payment_mode === 'full') return 'Full payment'
  return sequence === 0 ? 'Initial deposit' : `Instalment ${sequence}`
}

/** The payment plan: for land the deposit and instalments, for an investment its ROI payouts; each row paid, overdue, due today or upcoming. */
export function PlanPanel({
  data,
}: {
  data: {
    name: ListName
    subscription: SubscriptionDetail
    closeTo: string
    timeZone: string
    history: RecordHistoryData
  }
}) {
  const s = data.subscription
  const land = s.type === 'land'
  const date = (value: string | null) => formatDate(value, data.timeZone)
  // The business's day as the API answered it: the server and the browser render the same status.
  const today = s.today
  const rows = s.schedule.filter((row) => (land ? row.kind !== 'payout' : row.kind === 'payout'))
  const plan = s.payment_plan
  return (
    <SlideOver title={`Payment plan: ${s.reference}`} closeTo={data.closeTo}>
      <OwedNow subscription={s} />
      <dl className="mb-4 divide-y divide-slate-100">
        <DetailRow label="Status">
          <StatusBadge status={s.status} />
        </DetailRow>
        {land ? <DetailRow label="Quantity">{landQuantity(s)}</DetailRow> : null}
        {land ? (
          <DetailRow label="Payment type">
            {plan ? `Instalments: ${plan.duration} ${plan.duration_type}` : 'Full'}
          </DetailRow>
        ) : (
          <DetailRow label="Amount invested">{formatNaira(s.meta.amount_invested)}</DetailRow>
        )}
        <DetailRow label={land ? 'Total amount' : 'Amount to pay'}>
          {formatNaira(s.total_amount)}
        </DetailRow>
        <DetailRow label="Amount paid">{formatNaira(s.total_amount_paid)}</DetailRow>
        {land ? <DetailRow label="Amount left">{formatNaira(s.amount_left)}</DetailRow> : null}
        {land && s.days_in_arrears > 0 ? (
          <DetailRow label={overdueBy(s.days_in_arrears)}>
            <span className="font-semibold text-red-700">
              {formatNaira(s.amount_overdue)} overdue
            </span>
          </DetailRow>
        ) : null}
      </dl>
      <PlanTerms subscription={s} />
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-semibold text-slate-900">
          {land ? 'Payment schedule' : 'ROI schedule'}
        </caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-500">
            <th scope="col" className="py-2 pr-2 font-medium">
              {land ? 'Payment' : 'Payout'}
            </th>
            <th scope="col" className="py-2 pr-2 font-medium">
              Date
            </th>
            <th scope="col" className="py-2 pr-2 text-right font-medium">
              Amount
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Status
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={`${row.kind}-${row.sequence}`}
              className="border-b border-slate-100"
              data-testid="plan-row"
            >
              <td className="py-2 pr-2">
                {row.kind === 'late_fee' ? (
                  <>
                    Late fee on {rowLabel(s, row.sequence).toLowerCase()}
                    {row.reason ? (
                      <span className="block text-xs text-slate-500">{row.reason}</span>
                    ) : null}
                  </>
                ) : (
                  rowLabel(s, row.sequence)
                )}
              </td>
              <td className="py-2 pr-2">{date(row.period)}</td>
              <td className="py-2 pr-2 text-right">{formatNaira(row.amount)}</td>
              <td className="py-2 text-right">
                <span className={STATUS_CLASS[scheduleStatusLabel(row, today)] ?? 'text-slate-700'}>
                  {scheduleStatusLabel(row, today)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {s.history.length ? (
        <section className="mt-6" aria-labelledby="plan-history">
          <h3 id="plan-history" className="mb-2 text-sm font-semibold text-slate-900">
            Late payment actions
          </h3>
          <ul className="space-y-2 text-sm">
            {s.history.map((entry) => (
              <li key={`${entry.date}-${entry.event}`} data-testid="history-entry">
                <span className="font-medium text-slate-900">
                  {date(entry.date)}: {HISTORY_EVENT[entry.event]}
                </span>
                <span className="block text-xs text-slate-500">{entry.detail}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {data.history ? (
        <div className="mt-6">
          <RecordHistory history={data.history} timeZone={data.timeZone} />
        </div>
      ) : null}
    </SlideOver>
  )
}
