import type { ReactNode } from 'react'
import { AbsoluteLink } from '~/components/ui/absolute-link'
import type { SlideOverErrorFrame } from '~/components/slide-over-error-boundary'
import { EmptyState } from '~/components/ui/empty-state'
import { ListFilters } from '~/components/ui/list-filters'
import { Pagination } from '~/components/ui/pagination'
import {
  CARD_ACTIONS_CELL,
  CARD_TITLE_CELL,
  Cell,
  ColumnHeader,
  StackedTable,
} from '~/components/ui/stacked-table'
import { formatDate } from '~/contract/format'
import { RECORDED_TITLE_STEPS, TITLE_STEP_LABELS } from '~/contract/title-rules'
import type { TitleListItem } from '~/contract/titles'
import { ExportCsvLink } from '~/components/ui/export-csv-link'

const TITLES_PATH = '/titles'

export type TitleListData = {
  filters: { step: string; overdue: string; search: string }
  listSearch: string
  list: { items: TitleListItem[]; page: number; total_pages: number } | null
  error: string | null
  timeZone: string
}

const STEP_OPTIONS = RECORDED_TITLE_STEPS.map((value) => ({
  value,
  label: TITLE_STEP_LABELS[value],
}))

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
  const open = (row: TitleListItem) =>
    `${TITLES_PATH}/${encodeURIComponent(row.reference)}${data.listSearch}`
  return (
    <section aria-labelledby="titles-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="titles-heading" className="text-2xl font-bold text-slate-900">
          Titles
        </h1>
        <ExportCsvLink list="titles" />
      </div>
      <p className="text-sm text-slate-600">
        Fully paid land purchases and the title step each is waiting for; overdue ones come first.
      </p>
      <ListFilters
        action={TITLES_PATH}
        searchPlaceholder="Search by subscription, customer or product"
        values={data.filters}
        selects={[
          { name: 'step', label: 'Every step', options: STEP_OPTIONS },
          {
            name: 'overdue',
            label: 'Overdue or not',
            options: [{ value: 'true', label: 'Overdue only' }],
          },
        ]}
      />
      {data.error ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
        >
          {data.error}
        </p>
      ) : null}
      {items.length === 0 ? (
        <EmptyState item="title" />
      ) : (
        <StackedTable
          caption="Titles"
          head={
            <>
              <ColumnHeader>Subscription</ColumnHeader>
              <ColumnHeader>Customer</ColumnHeader>
              <ColumnHeader>Next step</ColumnHeader>
              <ColumnHeader>Due</ColumnHeader>
              <ColumnHeader>Waiting</ColumnHeader>
              <ColumnHeader>
                <span className="sr-only">Actions</span>
              </ColumnHeader>
            </>
          }
        >
          {items.map((row) => (
            <tr role="row" key={row.reference} data-testid="title-row">
              <Cell label="Subscription" className="md:px-4 md:py-3">
                <span>
                  <span className="font-mono text-xs">{row.reference}</span>
                  <span className="block break-words text-xs text-slate-500">
                    {row.product.name}
                  </span>
                </span>
              </Cell>
              <Cell className={CARD_TITLE_CELL}>{row.customer.full_name}</Cell>
              <Cell label="Next step" className="md:px-4 md:py-3">
                {TITLE_STEP_LABELS[row.next_step]}
              </Cell>
              <Cell label="Due" className="whitespace-nowrap md:px-4 md:py-3">
                <DueCell row={row} />
              </Cell>
              <Cell label="Waiting" className="whitespace-nowrap text-slate-700 md:px-4 md:py-3">
                {days(row.days_waiting)}
              </Cell>
              <Cell className={CARD_ACTIONS_CELL}>
                <AbsoluteLink
                  to={open(row)}
                  className="max-md:btn-secondary md:link"
                  preventScrollReset
                  aria-label={`Open the title of ${row.reference}`}
                >
                  Open
                </AbsoluteLink>
              </Cell>
            </tr>
          ))}
        </StackedTable>
      )}
      <Pagination
        page={data.list?.page ?? 1}
        totalPages={data.list?.total_pages ?? 1}
        label="Title pages"
      />
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
