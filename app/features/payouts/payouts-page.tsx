import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form, Link, useNavigation } from '@remix-run/react'
import { CheckboxField, Field, FormBanner } from '~/components/forms'
import { ListFilters } from '~/components/ui/list-filters'
import { Pagination } from '~/components/ui/pagination'
import { formatDate, formatNaira } from '~/contract/format'
import { payoutAccountWording } from '~/contract/payout-account'
import {
  lateByWording,
  PAYOUT_STATUS_LABELS,
  payoutHoldWording,
  type PayoutStatus,
} from '~/contract/payout-rules'
import type { PayoutForm, StaffPayout } from '~/contract/payouts'
import type { FormSpec } from '~/utils/form-spec'
import { useSpecForm } from '~/utils/form-spec'
import { listHref } from '~/utils/pagination'
import { ExportCsvLink } from '~/components/ui/export-csv-link'

export type PayoutsPageData = {
  filters: { status: string; from: string; to: string; search: string }
  listUrl: string
  list: {
    items: StaffPayout[]
    page: number
    total_pages: number
    total_amount: number
    total_count: number
  } | null
  error: string | null
  tabs: { status: PayoutStatus; count: number; total: number }[]
  today: string
  spec: FormSpec
}

const STATUS_CLASS: Record<PayoutStatus, string> = {
  scheduled: 'bg-slate-100 text-slate-700',
  due: 'bg-amber-100 text-amber-800',
  late: 'bg-red-100 text-red-800',
  paid: 'bg-green-100 text-green-800',
}

export function PayoutStatusBadge({
  payout,
}: {
  payout: { status: PayoutStatus; days_late: number }
}) {
  const late = payout.status === 'late'
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[payout.status]}`}
    >
      {late ? lateByWording(payout.days_late) : PAYOUT_STATUS_LABELS[payout.status]}
    </span>
  )
}

/** /payouts: tabs by status with their totals, filters in the address, and the record form over the list. */
export function PayoutsPage({
  data,
  lastResult,
}: {
  data: PayoutsPageData
  lastResult?: SubmissionResult<string[]>
}) {
  const navigation = useNavigation()
  const status = data.filters.status as PayoutStatus
  const recordable = status !== 'paid'
  const [form, fields] = useSpecForm<PayoutForm>(data.spec, {
    id: 'payout-form',
    lastResult,
    defaultValue: { paid_on: data.today, bank_reference: '' },
  })
  const busy = navigation.state === 'submitting'
  const items = data.list?.items ?? []
  // After a refusal the payouts chosen stay ticked, so the form can be sent again as it was.
  const sent = lastResult?.initialValue
  const chosenBefore = new Set(
    [sent?.ids, sent?.only].flat().filter((id): id is string => typeof id === 'string'),
  )
  // Shown once the API has asked (the box stays while it is ticked, whatever the field's errors).
  const askEarly = Boolean(lastResult?.error?.confirm_early?.length)
  const tabHref = (tab: string) => listHref('/payouts', { page: 1, ...data.filters, status: tab })

  return (
    <section aria-labelledby="payouts-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="payouts-title" className="text-2xl font-bold text-slate-900">
          Payouts
        </h1>
        <ExportCsvLink list="payouts" />
      </div>
      <nav aria-label="Payout status">
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {data.tabs.map((tab) => {
            const current = tab.status === status
            return (
              <li key={tab.status}>
                <Link
                  to={tabHref(tab.status)}
                  aria-current={current ? 'page' : undefined}
                  className={`block rounded-md border px-3 py-2 text-sm ${current ? 'border-brand-600 bg-brand-50 font-semibold' : 'border-slate-200 bg-white hover:bg-slate-50'}`}
                  data-testid={`payout-tab-${tab.status}`}
                >
                  <span className="block text-slate-900">
                    {PAYOUT_STATUS_LABELS[tab.status]} ({tab.count})
                  </span>
                  <span className="block text-slate-600">{formatNaira(tab.total)}</span>
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>
      <ListFilters
        action="/payouts"
        searchPlaceholder="Search by investment, product or investor"
        values={data.filters}
        extra={{ status: data.filters.status }}
        dates={[
          { name: 'from', label: status === 'paid' ? 'Paid from' : 'Due from' },
          { name: 'to', label: status === 'paid' ? 'Paid to' : 'Due to' },
        ]}
      />
      <p className="text-sm text-slate-700" data-testid="payout-total">
        {PAYOUT_STATUS_LABELS[status]}: {data.list?.total_count ?? 0} payout
        {data.list?.total_count === 1 ? '' : 's'}, total{' '}
        <strong>{formatNaira(data.list?.total_amount ?? 0)}</strong>
      </p>
      {data.error ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-4 py-6 text-center text-sm text-red-700"
        >
          {data.error}
        </p>
      ) : null}
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="flex flex-col gap-4"
        preventScrollReset
      >
        {recordable && items.length ? (
          <fieldset className="card flex flex-col gap-2">
            <legend className="px-1 text-sm font-semibold text-slate-900">Record as paid</legend>
            <FormBanner id={form.errorId} errors={form.errors} />
            <div className="grid gap-2 sm:grid-cols-3">
              <Field
                labelProps={{ children: 'Date paid' }}
                inputProps={{
                  ...getInputProps(fields.paid_on, { type: 'text' }),
                  inputMode: 'numeric',
                  placeholder: 'DD/MM/YYYY',
                  autoComplete: 'off',
                }}
                errors={fields.paid_on.errors}
              />
              <Field
                labelProps={{ children: 'Bank reference' }}
                inputProps={{
                  ...getInputProps(fields.bank_reference, { type: 'text' }),
                  autoComplete: 'off',
                }}
                errors={fields.bank_reference.errors}
              />
              <Field
                labelProps={{ children: 'Proof of payment (optional)' }}
                inputProps={{
                  ...getInputProps(fields.proof_of_payment, { type: 'file' }),
                  accept: '.png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf',
                }}
                errors={fields.proof_of_payment.errors}
              />
            </div>
            {askEarly ? (
              <CheckboxField
                labelProps={{ children: 'Paid before the due date' }}
                inputProps={{ ...getInputProps(fields.confirm_early, { type: 'checkbox' }) }}
                errors={fields.confirm_early.errors}
              />
            ) : null}
            <p className="text-xs text-slate-500">
              Tick the payouts below and record them together, or record one with its own button.
            </p>
          </fieldset>
        ) : null}
        {items.length ? (
          <ul
            className="flex flex-col gap-2"
            aria-label={`${PAYOUT_STATUS_LABELS[status]} payouts`}
          >
            {items.map((payout) => (
              <PayoutRow
                key={payout.id}
                payout={payout}
                recordable={recordable}
                busy={busy}
                chosen={chosenBefore.has(payout.id)}
              />
            ))}
          </ul>
        ) : (
          <p className="rounded-md border border-slate-200 bg-white px-4 py-6 text-center text-sm text-slate-600">
            No {PAYOUT_STATUS_LABELS[status].toLowerCase()} payouts.
          </p>
        )}
        {recordable && items.length ? (
          <div>
            <button type="submit" className="btn-primary" disabled={busy}>
              Record selected as paid
            </button>
          </div>
        ) : null}
      </Form>
      {data.list ? <Pagination page={data.list.page} totalPages={data.list.total_pages} /> : null}
    </section>
  )
}

function PayoutRow({
  payout,
  recordable: tabRecordable,
  busy,
  chosen,
}: {
  payout: StaffPayout
  recordable: boolean
  busy: boolean
  chosen: boolean
}) {
  // A held payout cannot be recorded until its hold ends (the API refuses it): no box, no button.
  const recordable = tabRecordable && !payout.account_hold
  const checkId = `payout-${payout.id}`
  const title = `${payout.subscription_reference}, payout ${payout.sequence}`
  return (
    <li
      className="card flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4"
      data-testid="payout-row"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        {recordable ? (
          <input
            id={checkId}
            type="checkbox"
            name="ids"
            value={payout.id}
            defaultChecked={chosen}
            className="mt-1 h-5 w-5 shrink-0"
            aria-label={`Select ${title}`}
          />
        ) : null}
        <div className="min-w-0">
          <p className="font-mono text-sm font-semibold text-slate-900">
            {payout.subscription_reference}{' '}
            <span className="font-sans font-normal text-slate-600">· Payout {payout.sequence}</span>
          </p>
          <p className="truncate text-sm text-slate-600">
            {payout.investor.name} · {payout.product_reference}
          </p>
          <p className="text-sm text-slate-600">
            Due {formatDate(payout.due_date)}
            {payout.includes_principal ? ' · with the amount invested' : ''}
            {payout.status === 'paid'
              ? ` · Paid ${formatDate(payout.paid_at)}${payout.paid_early ? ' (early)' : ''} · Bank reference ${payout.bank_reference ?? '—'}${payout.recorded_by ? ` · Recorded by ${payout.recorded_by}` : ''}`
              : ''}
          </p>
          {payout.paid_to ? (
            <p className="text-sm text-slate-600">Paid to {payoutAccountWording(payout.paid_to)}</p>
          ) : null}
          {payout.account_hold ? (
            <p
              className="mt-1 rounded bg-amber-50 px-2 py-1 text-sm text-amber-900"
              data-testid="payout-hold"
            >
              {payoutHoldWording(payout.account_hold)}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex items-center justify-between gap-3 sm:justify-end">
        <PayoutStatusBadge payout={payout} />
        <span className="font-semibold text-slate-900">{formatNaira(payout.amount)}</span>
        {recordable ? (
          <button
            type="submit"
            name="only"
            value={payout.id}
            className="btn-secondary"
            disabled={busy}
            aria-label={`Record ${title} as paid`}
          >
            Record
          </button>
        ) : null}
      </div>
    </li>
  )
}
