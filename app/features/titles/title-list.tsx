import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { SlideOverErrorFrame } from '~/components/slide-over-error-boundary'
import { EmptyState } from '~/components/ui/empty-state'
import { ListFilters } from '~/components/ui/list-filters'
import { Pagination } from '~/components/ui/pagination'
import { formatDate } from '~/contract/format'
import { RECORDED_TITLE_STEPS, TITLE_STEP_LABELS } from '~/contract/title-rules'
import type { TitleListItem } from '~/contract/titles'
import { ExportCsvLink } from '~/components/ui/export-csv-link'

const TITLES_PATH = '/titles'

export type TitleListData = {
  filters: { step: string; overdue: string; search: string }
  listSearch: string
  list: { items: TitleListItem[]; page: number; totalPages: number } | null
  error: string | null
  timeZone: string
}

const STEP_OPTIONS = RECORDED_TITLE_STEPS.map((value) => ({ value, label: TITLE_STEP_LABELS[value] }))

const days = (count: number) => `${count} day${count === 1 ? '' : 's'}`

function DueCell({ row }: { row: TitleListItem }) {
  return (
    <span className={row.overdue ? 'font-semibold text-red-700' : 'text-slate-700'}>
      {formatDate(row.due_date)}
      {row.overdue ? ' (overdue)' : ''}
    </span>
  )
}

/**
 * Staff's list of fully paid purchases by the title step each waits for, overdue first. Filters
 * (step, overdue, search) and the page are the address's search params; each row opens the title
 * panel over the list, where the step is recorded.
 */
export function TitleList({ data, children }: { data: TitleListData; children?: ReactNode }) {
  const items = data.list?.items ?? []
  const open = (row: TitleListItem) => `${TITLES_PATH}/${encodeURIComponent(row.reference)}${data.listSearch}`
  return (
    <section aria-labelledby="titles-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="titles-heading" className="text-2xl font-bold text-slate-900">
          Titles
        </h1>
        <ExportCsvLink list="titles" />
      </div>
      <p className="text-sm text-slate-600">Fully paid land purchases and the title step each is waiting for; overdue ones come first.</p>
      <ListFilters
        action={TITLES_PATH}
        searchPlaceholder="Search by subscription, customer or product"
        values={data.filters}
        selects={[
          { name: 'step', label: 'Every step', options: STEP_OPTIONS },
          { name: 'overdue', label: 'Overdue or not', options: [{ value: 'true', label: 'Overdue only' }] },
        ]}
      />
      {data.error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
          {data.error}
        </p>
      ) : null}
      {items.length === 0 ? (
        <EmptyState item="title" />
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm md:block">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">Titles</caption>
              <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3">Subscription</th>
                  <th scope="col" className="px-4 py-3">Customer</th>
                  <th scope="col" className="px-4 py-3">Next step</th>
                  <th scope="col" className="px-4 py-3">Due</th>
                  <th scope="col" className="px-4 py-3">Waiting</th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((row) => (
                  <tr key={row.reference} data-testid="title-row">
                    <td className="px-4 py-3">
                      <span className="font-mono text-xs">{row.reference}</span>
                      <span className="block text-xs text-slate-500">{row.product.name}</span>
                    </td>
                    <td className="px-4 py-3 font-medium text-slate-900">{row.customer.full_name}</td>
                    <td className="px-4 py-3">{TITLE_STEP_LABELS[row.next_step]}</td>
                    <td className="whitespace-nowrap px-4 py-3">
                      <DueCell row={row} />
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-slate-700">{days(row.days_waiting)}</td>
                    <td className="whitespace-nowrap px-4 py-3 text-right">
                      <Link to={open(row)} className="link" preventScrollReset aria-label={`Open the title of ${row.reference}`}>
                        Open
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="flex flex-col gap-3 md:hidden" aria-label="Titles">
            {items.map((row) => (
              <li key={row.reference} className="card" data-testid="title-card">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">{row.customer.full_name}</p>
                    <p className="font-mono text-xs text-slate-500">{row.reference}</p>
                  </div>
                  {row.overdue ? <span className="shrink-0 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">Overdue</span> : null}
                </div>
                <dl className="mt-3 grid grid-cols-[auto,1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-slate-500">Product</dt>
                  <dd className="break-words">{row.product.name}</dd>
                  <dt className="text-slate-500">Next step</dt>
                  <dd>{TITLE_STEP_LABELS[row.next_step]}</dd>
                  <dt className="text-slate-500">Due</dt>
                  <dd>
                    <DueCell row={row} />
                  </dd>
                  <dt className="text-slate-500">Waiting</dt>
                  <dd>{days(row.days_waiting)}</dd>
                </dl>
                <div className="mt-3 border-t border-slate-100 pt-3">
                  <Link to={open(row)} className="btn-secondary" preventScrollReset aria-label={`Open the title of ${row.reference}`}>
                    Open
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <Pagination page={data.list?.page ?? 1} totalPages={data.list?.totalPages ?? 1} label="Title pages" />
      {children}
    </section>
  )
}

/** A title panel that failed to load says so inside the panel, over the list. */
export const titlePanelError: SlideOverErrorFrame = {
  closeTo: (search) => `${TITLES_PATH}${search}`,
  title: (status) => (status === 404 ? 'Not found' : 'Unavailable'),
  notFound: 'This purchase does not exist, or you may not see it.',
  backLink: true,
}
