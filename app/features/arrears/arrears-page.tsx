import { Form, Link } from '@remix-run/react'
import {
  ARREARS_BUCKET_LABELS,
  ARREARS_BUCKETS,
  overdueBy,
  type ArrearsBucket,
} from '~/contract/arrears-labels'
import type { ArrearsItem, ArrearsList } from '~/contract/endpoints/arrears'
import { formatDate, formatNaira } from '~/contract/format'
import { ExportCsvLink } from '~/components/ui/export-csv-link'

type Filters = { bucket: ArrearsBucket | ''; product: string; realtor: string; search: string }

/** The next step in plain words: "Late fee of ₦6,000.00 on 23/01/2027", "Repriced after 15/04/2027". */
function nextStepText(step: ArrearsItem['next_step']) {
  if (!step) return 'Late fees to be paid'
  if (step.kind === 'late_fee')
    return `Late fee of ${formatNaira(step.amount)} on ${formatDate(step.date)}`
  return `${step.kind === 'reprice' ? 'Balance repriced' : 'Cancelled'} on ${formatDate(step.date)}`
}

function withParams(filters: Filters, changes: Record<string, string | number | null>) {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries({ ...filters, ...changes }))
    if (value !== null && value !== '') params.set(name, String(value))
  const search = params.toString()
  return `/arrears${search ? `?${search}` : ''}`
}

/** Staff page: totals per bucket, the filters (plain GET form), and each subscription in arrears. */
export function ArrearsPage({
  filters,
  page,
  list,
}: {
  filters: Filters
  page: number
  list: ArrearsList
}) {
  const { items, total_pages: totalPages } = list.subscriptions
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-bold text-slate-900">Arrears</h1>
        <ExportCsvLink list="arrears" />
      </div>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Totals per bucket">
        {list.totals.map((total) => (
          <li key={total.bucket}>
            <Link
              to={withParams(filters, { bucket: total.bucket, page: null })}
              className={`block rounded-lg border p-3 ${filters.bucket === total.bucket ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white'}`}
              data-testid={`bucket-${total.bucket}`}
            >
              <span className="block text-xs text-slate-500">
                {ARREARS_BUCKET_LABELS[total.bucket]}
              </span>
              <span className="block text-lg font-semibold text-slate-900">{total.count}</span>
              <span className="block text-sm text-red-700">
                {formatNaira(total.amount_overdue)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Form
        method="get"
        className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-5"
        aria-label="Filters"
      >
        <label className="flex flex-col text-sm">
          Bucket
          <select name="bucket" defaultValue={filters.bucket} className="input">
            <option value="">All</option>
            {ARREARS_BUCKETS.map((bucket) => (
              <option key={bucket} value={bucket}>
                {ARREARS_BUCKET_LABELS[bucket]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          Product
          <input
            name="product"
            defaultValue={filters.product}
            placeholder="Reference"
            className="input"
          />
        </label>
        <label className="flex flex-col text-sm">
          Realtor
          <input
            name="realtor"
            defaultValue={filters.realtor}
            placeholder="Reference"
            className="input"
          />
        </label>
        <label className="flex flex-col text-sm">
          Search
          <input
            name="search"
            type="search"
            defaultValue={filters.search}
            placeholder="Name, e-mail or reference"
            className="input"
          />
        </label>
        <div className="flex items-end gap-2">
          <button type="submit" className="btn-primary">
            Filter
          </button>
          <Link to="/arrears" className="btn-secondary">
            Clear
          </Link>
        </div>
      </Form>
      {items.length ? (
        <ul className="flex flex-col gap-2" aria-label="Subscriptions in arrears">
          {items.map((item) => (
            <li
              key={item.reference}
              className="rounded-lg border border-slate-200 bg-white p-3"
              data-testid="arrears-row"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link to={`/subscriptions/${item.reference}/plan`} className="link font-semibold">
                  {item.customer.full_name}
                </Link>
                <span className="text-xs text-slate-500">
                  {item.reference} · {item.product.name}
                  {item.realtor ? ` · ${item.realtor}` : ''}
                </span>
              </div>
              <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
                <div>
                  <dt className="text-xs text-slate-500">Amount overdue</dt>
                  <dd className="font-semibold text-red-700">{formatNaira(item.amount_overdue)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">Days</dt>
                  <dd>{overdueBy(item.days_in_arrears)}</dd>
                </div>
                <div className="col-span-2 sm:col-span-1">
                  <dt className="text-xs text-slate-500">Next step</dt>
                  <dd>{nextStepText(item.next_step)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600">
          No subscriptions in arrears match.
        </p>
      )}
      {totalPages > 1 ? (
        <nav className="flex justify-between text-sm" aria-label="Pages">
          {page > 1 ? (
            <Link to={withParams(filters, { page: page - 1 })} className="link">
              Previous
            </Link>
          ) : (
            <span />
          )}
          <span>
            Page {page} of {totalPages}
          </span>
          {page < totalPages ? (
            <Link to={withParams(filters, { page: page + 1 })} className="link">
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  )
}
