import { Link } from '@remix-run/react'
import { collapseRows } from '~/utils/breakdown'
import { formatDate, formatNaira } from '~/contract/format'

type Row = { period: string; amount: number }

/** The total, then the dated rows; more than 5 collapse behind '...' and a 'Show all' link (a URL, so no JavaScript needed). */
export function BreakdownTable({
  caption,
  totalLabel,
  total,
  rows,
  totals = [],
  showAll,
  showAllHref,
}: {
  caption: string
  totalLabel: string
  total: number
  rows: Row[]
  /** Sums shown under the dated rows (an investment's total profit and total paid out). */
  totals?: Array<{ label: string; amount: number }>
  showAll: boolean
  showAllHref: string
}) {
  const { head, hidden, last } = collapseRows(rows, showAll)
  const cell = 'px-3 py-2'
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className={cell}>
              Date
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          <tr className="bg-brand-50 font-semibold text-slate-900">
            <th scope="row" className={`${cell} text-left`}>
              {totalLabel}
            </th>
            <td className={`${cell} text-right`}>{formatNaira(total)}</td>
          </tr>
          {head.map((row, index) => (
            <BreakdownRow key={index} row={row} />
          ))}
          {hidden ? (
            <tr>
              <td className={cell} aria-label={`${hidden} more rows`}>
                ...
              </td>
              <td className={`${cell} text-right`}>
                <Link to={showAllHref} className="link" preventScrollReset replace>
                  Show all
                </Link>
              </td>
            </tr>
          ) : null}
          {last ? <BreakdownRow row={last} /> : null}
        </tbody>
        {totals.length ? (
          <tfoot className="border-t-2 border-slate-200 bg-slate-50">
            {totals.map((sum) => (
              <tr key={sum.label} className="font-semibold text-slate-900">
                <th scope="row" className={`${cell} text-left`}>
                  {sum.label}
                </th>
                <td className={`${cell} text-right`}>{formatNaira(sum.amount)}</td>
              </tr>
            ))}
          </tfoot>
        ) : null}
      </table>
    </div>
  )
}

function BreakdownRow({ row }: { row: Row }) {
  return (
    <tr data-testid="breakdown-row">
      <td className="px-3 py-2 text-slate-700">{formatDate(row.period)}</td>
      <td className="px-3 py-2 text-right font-medium text-slate-900">{formatNaira(row.amount)}</td>
    </tr>
  )
}
