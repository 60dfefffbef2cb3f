import { Form, Link } from '@remix-run/react'
import { Field } from '~/components/forms'
import { CARD_TITLE_CELL, Cell, ColumnHeader, StackedTable } from '~/components/ui/stacked-table'
import {
  PAYMENT_PROVIDER_NAMES,
  PAYMENT_PROVIDERS,
  type CollectionsSummary,
} from '~/contract/collections'
import { formatNaira, formatNumber } from '~/contract/format'
import { SelectField } from '../products/fields'
import { CollectionsHeader, LoadError } from './collections-nav'
import { COLLECTIONS_PATH, creditsHref, deliveriesHref } from './links'

export type SummaryPageData = {
  filters: { from: string; to: string; provider: string }
  fieldErrors: { from: string | null; to: string | null }
  summary: CollectionsSummary | null
  error: string | null
}

/** A Lagos day (YYYY-MM-DD) as every screen writes dates. */
const shownDay = (day: string) => day.split('-').reverse().join('/')

const PROVIDER_OPTIONS = PAYMENT_PROVIDERS.map((value) => ({
  value,
  label: PAYMENT_PROVIDER_NAMES[value],
}))

function Waiting({
  title,
  count,
  amount,
  to,
  text,
}: {
  title: string
  count: number
  amount?: number
  to: string
  text: string
}) {
  return (
    <li className="card flex flex-col gap-1" data-testid="collections-figure">
      <h3 className="text-sm font-medium text-slate-600">{title}</h3>
      <p className={`text-2xl font-bold ${count ? 'text-slate-900' : 'text-slate-400'}`}>
        {formatNumber(count)}
      </p>
      {amount !== undefined ? (
        <p className="text-sm text-slate-700">{formatNaira(amount)}</p>
      ) : null}
      <Link to={to} className="link inline-flex min-h-[44px] items-center text-sm">
        {text}
        <span aria-hidden="true" className="ml-1">
          →
        </span>
      </Link>
    </li>
  )
}

/**
 * Collections: what the payment provider brought in, by day and provider, with the fees it kept,
 * and what waits for staff (credits to allocate, deliveries that failed or were refused).
 */
export function SummaryPage({ data }: { data: SummaryPageData }) {
  const { summary } = data
  return (
    <section aria-labelledby="collections-heading" className="flex flex-col gap-4">
      <CollectionsHeader
        current="received"
        intro="Money received through the payment provider: transfers into customers' own account numbers and payments online."
      />
      {summary && !summary.provider ? (
        <p
          role="status"
          className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          data-testid="no-provider"
        >
          No payment provider is set up (PAYMENT_PROVIDER): customers pay into the company account
          and send a proof, which staff confirm.
        </p>
      ) : null}
      <Form
        method="get"
        action={COLLECTIONS_PATH}
        className="flex flex-wrap items-start gap-x-3 gap-y-1"
        aria-label="Days and provider"
      >
        <Field
          className="w-40"
          labelProps={{ children: 'From' }}
          inputProps={{
            name: 'from',
            defaultValue: data.filters.from,
            inputMode: 'numeric',
            placeholder: 'DD/MM/YYYY',
            autoComplete: 'off',
            maxLength: 20,
          }}
          errors={[data.fieldErrors.from]}
        />
        <Field
          className="w-40"
          labelProps={{ children: 'To' }}
          inputProps={{
            name: 'to',
            defaultValue: data.filters.to,
            inputMode: 'numeric',
            placeholder: 'DD/MM/YYYY',
            autoComplete: 'off',
            maxLength: 20,
          }}
          errors={[data.fieldErrors.to]}
        />
        <SelectField
          className="w-44"
          label="Provider"
          placeholder="Every provider"
          options={PROVIDER_OPTIONS}
          selectProps={{ name: 'provider', defaultValue: data.filters.provider }}
        />
        <button type="submit" className="btn-secondary mt-6">
          Show
        </button>
      </Form>
      <LoadError message={data.error} />
      {summary ? (
        <>
          <p className="text-sm text-slate-700" data-testid="collections-totals">
            {shownDay(summary.from)} to {shownDay(summary.to)}:{' '}
            <strong>{formatNumber(summary.totals.count)}</strong> payment
            {summary.totals.count === 1 ? '' : 's'}, {formatNaira(summary.totals.amount_paid)} paid,{' '}
            {formatNaira(summary.totals.amount_settled)} settled after{' '}
            {formatNaira(summary.totals.fees)} in fees.
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Waiting for staff">
            <Waiting
              title="Unallocated credits"
              count={summary.open_credits.count}
              amount={summary.open_credits.amount}
              to={creditsHref({ state: 'open' })}
              text="Allocate or refund"
            />
            <Waiting
              title="Awaiting a second member of staff"
              count={summary.pending_credits.count}
              amount={summary.pending_credits.amount}
              to={creditsHref({ state: 'allocation_pending' })}
              text="Confirm allocations"
            />
            <Waiting
              title="Failed deliveries"
              count={summary.failed_deliveries}
              to={deliveriesHref({ status: 'failed' })}
              text="See why they failed"
            />
            <Waiting
              title="Refused deliveries (bad signature)"
              count={summary.rejected_deliveries}
              to={deliveriesHref({ status: 'rejected' })}
              text="See what was refused"
            />
          </ul>
          {summary.waiting_deliveries ? (
            <p className="text-sm text-amber-900" data-testid="waiting-deliveries">
              {formatNumber(summary.waiting_deliveries)} deliver
              {summary.waiting_deliveries === 1 ? 'y waits' : 'ies wait'} for the provider to
              answer; they are retried on their own.{' '}
              <Link to={deliveriesHref({ status: 'received' })} className="link">
                See them
              </Link>
            </p>
          ) : null}
          {summary.days.length ? (
            <StackedTable
              caption="Money received by day"
              head={
                <>
                  <ColumnHeader>Day</ColumnHeader>
                  <ColumnHeader>Provider</ColumnHeader>
                  <ColumnHeader>Payments</ColumnHeader>
                  <ColumnHeader>Paid</ColumnHeader>
                  <ColumnHeader>Settled</ColumnHeader>
                  <ColumnHeader>Fees</ColumnHeader>
                  <ColumnHeader>Became credits</ColumnHeader>
                </>
              }
            >
              {summary.days.map((day) => (
                <tr role="row" key={`${day.date}-${day.provider}`} data-testid="collections-day">
                  <Cell className={CARD_TITLE_CELL}>{shownDay(day.date)}</Cell>
                  <Cell label="Provider" className="md:px-4 md:py-3">
                    {PAYMENT_PROVIDER_NAMES[day.provider]}
                  </Cell>
                  <Cell label="Payments" className="md:px-4 md:py-3">
                    {formatNumber(day.count)}
                  </Cell>
                  <Cell label="Paid" className="tabular-nums md:px-4 md:py-3">
                    {formatNaira(day.amount_paid)}
                  </Cell>
                  <Cell label="Settled" className="tabular-nums md:px-4 md:py-3">
                    {formatNaira(day.amount_settled)}
                  </Cell>
                  <Cell label="Fees" className="tabular-nums md:px-4 md:py-3">
                    {formatNaira(day.fees)}
                  </Cell>
                  <Cell label="Became credits" className="md:px-4 md:py-3">
                    {formatNumber(day.credits)}
                  </Cell>
                </tr>
              ))}
            </StackedTable>
          ) : (
            <p className="rounded-md border border-slate-200 bg-white px-4 py-6 text-center text-sm text-slate-600">
              No money received through the provider on these days.
            </p>
          )}
        </>
      ) : null}
    </section>
  )
}
