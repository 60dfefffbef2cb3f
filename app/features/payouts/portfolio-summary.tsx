import { Link } from '@remix-run/react'
import { formatDate, formatNaira } from '~/contract/format'
import { lateByWording } from '~/contract/payout-rules'
import type { PayoutSummary } from '~/contract/payouts'

function Figure({
  label,
  value,
  detail,
  tone,
}: {
  label: string
  value: string
  detail?: string
  tone?: 'bad'
}) {
  return (
    <div
      className={`card flex flex-col gap-0.5 ${tone === 'bad' ? 'border-red-200 bg-red-50' : ''}`}
    >
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={`text-lg font-semibold ${tone === 'bad' ? 'text-red-800' : 'text-slate-900'}`}>
        {value}
      </dd>
      {detail ? <dd className="text-sm text-slate-600">{detail}</dd> : null}
    </div>
  )
}

/** The top of /investment-portfolio: the viewer's own investments, their returns, what is next and what is late. */
export function PortfolioSummary({
  summary,
  timeZone,
}: {
  /** The chart comes drawn (returns-chart.server.tsx): `chartMarkup`, null when there is nothing to draw. */
  summary: Omit<PayoutSummary, 'chart'> & { chartMarkup: string | null }
  timeZone: string
}) {
  if (summary.total_invested === 0 && !summary.chartMarkup) return null
  const late = summary.late.count
  return (
    <section aria-labelledby="portfolio-summary-title" className="flex flex-col gap-3">
      <h2 id="portfolio-summary-title" className="sr-only">
        Your investments at a glance
      </h2>
      <dl
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5"
        data-testid="portfolio-summary"
      >
        <Figure label="Total invested" value={formatNaira(summary.total_invested)} />
        <Figure label="Returns received" value={formatNaira(summary.returns_received)} />
        <Figure label="Returns still expected" value={formatNaira(summary.returns_expected)} />
        <Figure
          label="Next payout"
          value={summary.next_payout ? formatNaira(summary.next_payout.amount) : 'None'}
          detail={
            summary.next_payout
              ? `On ${formatDate(summary.next_payout.due_date, timeZone)}`
              : undefined
          }
        />
        <Figure
          label="Late payouts"
          value={late ? `${late} (${formatNaira(summary.late.amount)})` : 'None'}
          tone={late ? 'bad' : undefined}
        />
      </dl>
      {late ? (
        <div
          role="status"
          className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
          data-testid="late-payouts"
        >
          <p className="font-semibold">
            {late === 1 ? 'One payout is late' : `${late} payouts are late`}; we are looking into{' '}
            {late === 1 ? 'it' : 'them'}.
          </p>
          <ul className="mt-1 list-disc pl-5">
            {summary.late_payouts.map((payout) => (
              <li key={payout.id}>
                <Link
                  to={`/investment-portfolio/${payout.subscription_reference}/payouts`}
                  className="underline"
                  preventScrollReset
                >
                  {payout.subscription_reference}, payout {payout.sequence}
                </Link>
                : {formatNaira(payout.amount)} due {formatDate(payout.due_date, timeZone)},{' '}
                {lateByWording(payout.days_late).toLowerCase()}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {summary.chartMarkup ? (
        <div className="contents" dangerouslySetInnerHTML={{ __html: summary.chartMarkup }} />
      ) : null}
    </section>
  )
}
