import { Form } from '@remix-run/react'
import { EmptyState } from '~/components/ui/empty-state'
import { Pagination } from '~/components/ui/pagination'
import { CARD_TITLE_CELL, Cell, ColumnHeader, StackedTable } from '~/components/ui/stacked-table'
import {
  DELIVERY_STATUS_LABELS,
  DELIVERY_STATUSES,
  PAYMENT_PROVIDER_NAMES,
  PAYMENT_PROVIDERS,
  type Delivery,
} from '~/contract/collections'
import { formatDateTime, formatNaira } from '~/contract/format'
import { SelectField } from '../products/fields'
import { CollectionsHeader, LoadError } from './collections-nav'
import { DELIVERIES_PATH } from './links'

export type DeliveriesPageData = {
  filters: { status: string; provider: string }
  list: { items: Delivery[]; page: number; total_pages: number } | null
  error: string | null
  timeZone: string
}

const STATUS_BADGE: Record<Delivery['status'], string> = {
  received: 'bg-amber-100 text-amber-800',
  processed: 'bg-green-100 text-green-800',
  unallocated: 'bg-sky-100 text-sky-800',
  failed: 'bg-red-100 text-red-800',
  rejected: 'bg-red-100 text-red-800',
  ignored: 'bg-slate-100 text-slate-700',
}

/**
 * The providers' webhook deliveries, newest first: what each reported, what became of it, and for
 * a failed or refused one why (a bad signature, a payment the provider does not confirm).
 */
export function DeliveriesPage({ data }: { data: DeliveriesPageData }) {
  const items = data.list?.items ?? []
  return (
    <section aria-labelledby="collections-heading" className="flex flex-col gap-4">
      <CollectionsHeader
        current="deliveries"
        intro="Every notice the payment provider sent. A failed one was not confirmed by the provider or did not add up; a refused one came without a valid signature and changed nothing."
      />
      <Form
        method="get"
        action={DELIVERIES_PATH}
        className="flex flex-wrap items-start gap-x-3 gap-y-1"
        aria-label="Delivery filters"
      >
        <SelectField
          className="w-56"
          label="Status"
          placeholder="Every status"
          options={DELIVERY_STATUSES.map((value) => ({
            value,
            label: DELIVERY_STATUS_LABELS[value],
          }))}
          selectProps={{ name: 'status', defaultValue: data.filters.status }}
        />
        <SelectField
          className="w-44"
          label="Provider"
          placeholder="Every provider"
          options={PAYMENT_PROVIDERS.map((value) => ({
            value,
            label: PAYMENT_PROVIDER_NAMES[value],
          }))}
          selectProps={{ name: 'provider', defaultValue: data.filters.provider }}
        />
        <button type="submit" className="btn-secondary mt-6">
          Show
        </button>
      </Form>
      <LoadError message={data.error} />
      {items.length === 0 ? (
        <EmptyState item="delivery" />
      ) : (
        <StackedTable
          caption="Deliveries"
          head={
            <>
              <ColumnHeader>Event</ColumnHeader>
              <ColumnHeader>Status</ColumnHeader>
              <ColumnHeader>Payment</ColumnHeader>
              <ColumnHeader>Received</ColumnHeader>
              <ColumnHeader>Why</ColumnHeader>
            </>
          }
        >
          {items.map((delivery) => (
            <tr role="row" key={delivery.id} data-testid="delivery-row">
              <Cell className={CARD_TITLE_CELL}>
                <span className="block">{PAYMENT_PROVIDER_NAMES[delivery.provider]}</span>
                <span className="block break-all font-mono text-xs font-normal text-slate-500">
                  {delivery.event_type}
                </span>
              </Cell>
              <Cell label="Status" className="md:px-4 md:py-3">
                <span
                  className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_BADGE[delivery.status]}`}
                >
                  {DELIVERY_STATUS_LABELS[delivery.status]}
                </span>
              </Cell>
              <Cell label="Payment" className="md:px-4 md:py-3">
                <span className="break-all">
                  {delivery.amount !== null ? `${formatNaira(delivery.amount)} ` : ''}
                  {delivery.provider_reference ?? ''}
                  {delivery.transaction_reference ? ` → ${delivery.transaction_reference}` : ''}
                  {delivery.credit_reference ? ` → ${delivery.credit_reference}` : ''}
                </span>
              </Cell>
              <Cell label="Received" className="whitespace-nowrap md:px-4 md:py-3">
                {formatDateTime(delivery.received_at, data.timeZone)}
                {delivery.attempts > 1 ? ` (${delivery.attempts} tries)` : ''}
              </Cell>
              <Cell label="Why" className="md:px-4 md:py-3">
                <span className="break-words">
                  {delivery.error ?? ''}
                  {delivery.client_ip ? ` (from ${delivery.client_ip})` : ''}
                </span>
              </Cell>
            </tr>
          ))}
        </StackedTable>
      )}
      {data.list ? <Pagination page={data.list.page} totalPages={data.list.total_pages} /> : null}
    </section>
  )
}
