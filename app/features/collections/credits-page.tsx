import type { ReactNode } from 'react'
import { Link } from '@remix-run/react'
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
import {
  CREDIT_REASON_LABELS,
  CREDIT_STATE_LABELS,
  CREDIT_STATES,
  PAYMENT_PROVIDER_NAMES,
  type Credit,
} from '~/contract/collections'
import { formatDate, formatNaira } from '~/contract/format'
import { CollectionsHeader, LoadError } from './collections-nav'
import { creditHref, CREDITS_PATH } from './links'

export type CreditsPageData = {
  filters: { state: string; search: string }
  listSearch: string
  list: { items: Credit[]; page: number; total_pages: number } | null
  error: string | null
  timeZone: string
}

const STATE_OPTIONS = CREDIT_STATES.map((value) => ({ value, label: CREDIT_STATE_LABELS[value] }))

export const CREDIT_BADGE: Record<Credit['state'], string> = {
  open: 'bg-amber-100 text-amber-800',
  allocation_pending: 'bg-sky-100 text-sky-800',
  refund_pending: 'bg-sky-100 text-sky-800',
  allocated: 'bg-green-100 text-green-800',
  refunded: 'bg-slate-100 text-slate-700',
}

export function CreditStateBadge({ state }: { state: Credit['state'] }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${CREDIT_BADGE[state]}`}
      data-testid="credit-state"
    >
      {CREDIT_STATE_LABELS[state]}
    </span>
  )
}

/**
 * Money received that paid no payment, newest first, by state and search (customer, credit or
 * provider reference); each opens its panel, where staff allocate it, refund it, or confirm what
 * another member of staff asked.
 */
export function CreditsPage({ data, children }: { data: CreditsPageData; children?: ReactNode }) {
  const items = data.list?.items ?? []
  return (
    <section aria-labelledby="collections-heading" className="flex flex-col gap-4">
      <CollectionsHeader
        current="credits"
        intro="Money that did not fit a payment due (less, more, or between the amounts, or fitting several subscriptions). Nothing is dropped: allocate it to a payment or send it back, and a second member of staff confirms."
      />
      <ListFilters
        action={CREDITS_PATH}
        searchPlaceholder="Search by customer, credit or provider reference"
        values={data.filters}
        selects={[{ name: 'state', label: 'Every state', options: STATE_OPTIONS }]}
      />
      <LoadError message={data.error} />
      {items.length === 0 ? (
        <EmptyState item="credit" />
      ) : (
        <StackedTable
          caption="Credits"
          head={
            <>
              <ColumnHeader>Customer</ColumnHeader>
              <ColumnHeader>Amount</ColumnHeader>
              <ColumnHeader>Received</ColumnHeader>
              <ColumnHeader>Why</ColumnHeader>
              <ColumnHeader>State</ColumnHeader>
              <ColumnHeader>
                <span className="sr-only">Actions</span>
              </ColumnHeader>
            </>
          }
        >
          {items.map((credit) => (
            <tr role="row" key={credit.reference} data-testid="credit-row">
              <Cell className={CARD_TITLE_CELL}>
                <span className="block break-words">{credit.customer.name}</span>
                <span className="block break-all text-xs font-normal text-slate-500">
                  {credit.customer.email}
                </span>
              </Cell>
              <Cell label="Amount" className="tabular-nums md:px-4 md:py-3">
                <span>
                  <span className="font-semibold">{formatNaira(credit.amount)}</span>
                  <span className="block text-xs text-slate-500">
                    {PAYMENT_PROVIDER_NAMES[credit.provider]} {credit.provider_reference}
                  </span>
                </span>
              </Cell>
              <Cell label="Received" className="whitespace-nowrap md:px-4 md:py-3">
                {formatDate(credit.received_at, data.timeZone)}
              </Cell>
              <Cell label="Why" className="md:px-4 md:py-3">
                {CREDIT_REASON_LABELS[credit.reason]}
              </Cell>
              <Cell label="State" className="md:px-4 md:py-3">
                <CreditStateBadge state={credit.state} />
              </Cell>
              <Cell className={CARD_ACTIONS_CELL}>
                <Link
                  to={`${creditHref(credit.reference)}${data.listSearch}`}
                  className="link inline-flex min-h-[44px] items-center"
                  aria-label={`Open credit ${credit.reference}`}
                >
                  Open
                </Link>
              </Cell>
            </tr>
          ))}
        </StackedTable>
      )}
      {data.list ? <Pagination page={data.list.page} totalPages={data.list.total_pages} /> : null}
      {children}
    </section>
  )
}
