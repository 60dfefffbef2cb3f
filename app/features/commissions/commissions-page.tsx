import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form, Link, useNavigation } from '@remix-run/react'
import { ErrorList, Field, FormBanner } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { Pagination } from '~/components/ui/pagination'
import {
  COMMISSION_STATUS_LABELS,
  COMMISSION_STATUSES,
  monthName,
  signalsSentence,
  type CommissionStatus,
} from '~/contract/commission-rules'
import type {
  Commission,
  CommissionHold,
  CommissionTotalsAnswer,
  MarkCommissionsPaidForm,
  RealtorNet,
} from '~/contract/commissions'
import type { Downline } from '~/contract/downline'
import { formatDate, formatNaira } from '~/contract/format'
import { DownlineTree } from '~/features/referrals/downline-tree'
import { ReferralShare, type Shareable } from '~/features/referrals/referral-share'
import { useSpecForm, type FormSpec } from '~/utils/form-spec'
import { ExportCsvLink } from '~/components/ui/export-csv-link'

export type CommissionsPageData = {
  view: 'realtor' | 'staff'
  items: Commission[]
  page: number
  total_pages: number
  totals: (CommissionTotalsAnswer & { held: number }) | null
  byRealtor: RealtorNet[]
  /** Staff: purchases flagged as a possible self-referral, waiting for review (the first 50), and how many. */
  holds: CommissionHold[]
  holdCount: number
  filters: Partial<Record<'realtor' | 'status' | 'from' | 'to', string>>
  error: string | null
  months: string[]
  timeZone: string
  markSpec: FormSpec | null
  /** A realtor's: its invite link for realtors, to share, and the team it built. */
  realtorInvite: Shareable | null
  downline: Downline | null
}

const MARK_FORM_ID = 'mark-paid'

/** /commissions: a realtor's totals, statement and entries; or, for staff who pay them, everyone's with "Mark paid". */
export function CommissionsPage({
  data,
  lastResult,
}: {
  data: CommissionsPageData
  lastResult?: SubmissionResult
}) {
  const staff = data.view === 'staff'
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900">Commissions</h1>
        <ExportCsvLink list={staff ? 'commissions' : 'my-commissions'} />
      </div>
      {data.totals ? <Totals totals={data.totals} /> : null}
      {!staff ? <StatementForm months={data.months} /> : null}
      {data.realtorInvite ? <RealtorReferral share={data.realtorInvite} /> : null}
      {data.downline ? <DownlineTree downline={data.downline} timeZone={data.timeZone} /> : null}
      <Filters staff={staff} filters={data.filters} />
      {data.error ? <FormBanner errors={[data.error]} /> : null}
      {staff && data.holds.length ? (
        <HeldForReview holds={data.holds} total={data.holdCount} timeZone={data.timeZone} />
      ) : null}
      {staff && data.byRealtor.length ? <NetByRealtor rows={data.byRealtor} /> : null}
      {staff && data.markSpec ? (
        <MarkPaid
          spec={data.markSpec}
          lastResult={lastResult}
          items={data.items}
          timeZone={data.timeZone}
        />
      ) : (
        <EntryList items={data.items} timeZone={data.timeZone} staff={false} checked={new Set()} />
      )}
      <Pagination page={data.page} totalPages={data.total_pages} />
    </div>
  )
}

function Totals({ totals }: { totals: CommissionTotalsAnswer & { held: number } }) {
  const figures: [string, number, string][] = [
    ['Earned', totals.earned, 'Net of withholding tax, paid or not'],
    ['Paid', totals.paid, 'Paid into your account'],
    ['Balance', totals.balance, 'Earned and not yet paid'],
  ]
  if (totals.held > 0)
    figures.push(['Held', totals.held, 'Waiting for a check by staff before it is owed'])
  return (
    <section
      aria-label="Your commission totals"
      className={`grid gap-3 sm:grid-cols-2 ${figures.length > 3 ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}
    >
      {figures.map(([label, amount, note]) => (
        <div
          key={label}
          className="card flex flex-col gap-1"
          data-testid={`commission-total-${label.toLowerCase()}`}
        >
          <h2 className="text-sm font-medium text-slate-600">{label}</h2>
          <p className="break-words text-2xl font-bold text-slate-900">{formatNaira(amount)}</p>
          <p className="text-xs text-slate-500">{note}</p>
        </div>
      ))}
    </section>
  )
}

/** The link that makes new realtors this realtor's downline: it earns on their customers' payments too. */
function RealtorReferral({ share }: { share: Shareable }) {
  return (
    <section className="card">
      <label htmlFor="realtor-referral-link" className="label">
        Invite realtors
      </label>
      <p className="mb-2 text-sm text-slate-500">
        Realtors who sign up through this link join your team: you earn level 2 commission on their
        customers&apos; payments.
      </p>
      <input
        id="realtor-referral-link"
        className="input font-mono"
        readOnly
        value={share.url}
        onFocus={(event) => event.currentTarget.select()}
      />
      <ReferralShare share={share} qrLabel="QR code of your realtor invite link" />
    </section>
  )
}

/** A plain GET form to the download route: the browser saves the file, with or without JavaScript. */
function StatementForm({ months }: { months: string[] }) {
  return (
    <section aria-labelledby="statement-heading" className="card">
      <h2 id="statement-heading" className="mb-2 text-base font-semibold text-slate-900">
        Monthly statement
      </h2>
      <form method="get" action="/commissions/statement" className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 sm:flex-none">
          <label htmlFor="statement-month" className="label">
            Month
          </label>
          <select id="statement-month" name="month" className="input" defaultValue={months[0]}>
            {months.map((month) => (
              <option key={month} value={month}>
                {monthName(month)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" name="format" value="pdf" className="btn-secondary">
          Download PDF
        </button>
        <button type="submit" name="format" value="csv" className="btn-secondary">
          Download CSV
        </button>
      </form>
    </section>
  )
}

/** The list's filters as one GET form: the address always holds them, and it works without JavaScript. */
function Filters({ staff, filters }: { staff: boolean; filters: CommissionsPageData['filters'] }) {
  return (
    <Form
      method="get"
      action="/commissions"
      role="search"
      className="card grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
    >
      {staff ? (
        <div>
          <label htmlFor="filter-realtor" className="label">
            Realtor
          </label>
          <input
            id="filter-realtor"
            name="realtor"
            className="input"
            placeholder="RLT-…"
            defaultValue={filters.realtor ?? ''}
            maxLength={40}
          />
        </div>
      ) : null}
      <div>
        <label htmlFor="filter-status" className="label">
          Status
        </label>
        <select
          id="filter-status"
          name="status"
          className="input"
          defaultValue={filters.status ?? ''}
        >
          <option value="">Any status</option>
          {COMMISSION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {COMMISSION_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-from" className="label">
          Earned from
        </label>
        <input
          id="filter-from"
          name="from"
          className="input"
          placeholder="DD/MM/YYYY"
          inputMode="numeric"
          defaultValue={filters.from ?? ''}
          maxLength={10}
        />
      </div>
      <div>
        <label htmlFor="filter-to" className="label">
          Earned to
        </label>
        <input
          id="filter-to"
          name="to"
          className="input"
          placeholder="DD/MM/YYYY"
          inputMode="numeric"
          defaultValue={filters.to ?? ''}
          maxLength={10}
        />
      </div>
      <div className="flex gap-2">
        <button type="submit" className="btn-primary">
          Filter
        </button>
        <Link to="/commissions" className="btn-secondary">
          Clear
        </Link>
      </div>
    </Form>
  )
}

/** Purchases whose customer shares a phone, an account number or a device with a realtor of its chain: their commissions wait for a review. */
function HeldForReview({
  holds,
  total,
  timeZone,
}: {
  holds: CommissionHold[]
  total: number
  timeZone: string
}) {
  return (
    <section aria-labelledby="held-heading" className="card border-amber-300">
      <h2 id="held-heading" className="mb-1 text-base font-semibold text-slate-900">
        Held for review ({total})
      </h2>
      <p className="mb-2 text-sm text-slate-500">
        The customer shares something with a realtor of its chain, so the purchase may be the
        realtor&apos;s own. Its commissions are not owed until you clear it.
      </p>
      <ul className="divide-y divide-slate-100" data-testid="held-for-review">
        {holds.map((hold) => (
          <li
            key={hold.id}
            className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2 text-sm"
          >
            <span className="min-w-0 break-words">
              <span className="font-medium text-slate-900">{hold.customer.full_name}</span> has{' '}
              {signalsSentence(hold.signals)} as realtor{' '}
              <span className="font-medium text-slate-900">{hold.realtor.full_name}</span>{' '}
              <span className="text-slate-500">
                ({hold.realtor.reference}) · {hold.subscription.reference} · flagged{' '}
                {formatDate(hold.flagged_at, timeZone)}
              </span>
            </span>
            <span className="flex items-baseline gap-3">
              <span className="font-semibold text-slate-900">{formatNaira(hold.held_net)}</span>
              <Link
                to={`/commissions/holds/${hold.id}`}
                className="link"
                aria-label={`Review ${hold.subscription.reference}`}
              >
                Review
              </Link>
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

function NetByRealtor({ rows }: { rows: RealtorNet[] }) {
  return (
    <section aria-labelledby="by-realtor-heading" className="card">
      <h2 id="by-realtor-heading" className="mb-2 text-base font-semibold text-slate-900">
        Total net per realtor
      </h2>
      <ul className="divide-y divide-slate-100" data-testid="net-by-realtor">
        {rows.map((row) => (
          <li
            key={row.realtor.reference}
            className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5 text-sm"
          >
            <span className="min-w-0 break-words">
              <Link
                to={`/commissions?realtor=${encodeURIComponent(row.realtor.reference)}`}
                className="link"
              >
                {row.realtor.full_name}
              </Link>{' '}
              <span className="text-slate-500">
                {row.realtor.reference} · {row.entries} {row.entries === 1 ? 'entry' : 'entries'}
              </span>
            </span>
            <span className="font-semibold text-slate-900">{formatNaira(row.net)}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Staff tick earned entries (checkboxes tied to this form by its id) and give the date and bank reference. */
function MarkPaid({
  spec,
  lastResult,
  items,
  timeZone,
}: {
  spec: FormSpec
  lastResult?: SubmissionResult
  items: Commission[]
  timeZone: string
}) {
  const navigation = useNavigation()
  const pending =
    navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST'
  const [form, fields] = useSpecForm<MarkCommissionsPaidForm>(spec, {
    id: MARK_FORM_ID,
    lastResult,
  })
  const sent = lastResult?.initialValue?.ids
  const checked = new Set(
    Array.isArray(sent) ? sent.map(String) : typeof sent === 'string' ? [sent] : [],
  )
  const payable = items.some((item) => item.status === 'earned')
  return (
    <>
      {payable ? (
        <section aria-labelledby="mark-paid-heading" className="card">
          <h2 id="mark-paid-heading" className="mb-1 text-base font-semibold text-slate-900">
            Mark paid
          </h2>
          <p className="mb-3 text-sm text-slate-500">
            Tick the earned entries below you have paid, then give the date and the bank reference.
          </p>
          <FormBanner id={form.errorId} errors={form.errors} />
          <Form
            method="post"
            {...getFormProps(form)}
            className="grid gap-x-4 sm:grid-cols-3 sm:items-start"
          >
            <Field
              labelProps={{ children: 'Date paid' }}
              inputProps={{
                ...getInputProps(fields.paid_at, { type: 'text' }),
                placeholder: 'DD/MM/YYYY',
                inputMode: 'numeric',
                autoComplete: 'off',
              }}
              errors={fields.paid_at.errors}
            />
            <Field
              labelProps={{ children: 'Bank reference' }}
              inputProps={{
                ...getInputProps(fields.bank_reference, { type: 'text' }),
                autoComplete: 'off',
              }}
              errors={fields.bank_reference.errors}
            />
            <div className="sm:pt-6">
              <Button type="submit" pending={pending} className="w-full sm:w-auto">
                Mark paid
              </Button>
            </div>
            <div className="sm:col-span-3">
              <ErrorList id={fields.ids.errorId} errors={fields.ids.errors} />
            </div>
          </Form>
        </section>
      ) : null}
      <EntryList items={items} timeZone={timeZone} staff checked={checked} />
    </>
  )
}

const STATUS_CLASS: Record<CommissionStatus, string> = {
  earned: 'bg-amber-100 text-amber-900',
  held: 'bg-orange-100 text-orange-900',
  paid: 'bg-green-100 text-green-900',
  void: 'bg-slate-200 text-slate-700',
}

function EntryList({
  items,
  timeZone,
  staff,
  checked,
}: {
  items: Commission[]
  timeZone: string
  staff: boolean
  checked: Set<string>
}) {
  if (!items.length) {
    return <p className="card text-sm text-slate-600">No commissions match these filters yet.</p>
  }
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label="Commission entries">
      {items.map((entry) => (
        <li key={entry.id} className="card flex flex-col gap-2" data-testid="commission-entry">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              {staff && entry.status === 'earned' ? (
                <label className="flex items-center gap-2 font-semibold text-slate-900">
                  <input
                    type="checkbox"
                    name="ids"
                    value={entry.id}
                    form={MARK_FORM_ID}
                    defaultChecked={checked.has(entry.id)}
                    className="h-4 w-4 rounded border-slate-300"
                    aria-label={`Select ${formatNaira(entry.net)} for ${entry.realtor.full_name}`}
                  />
                  <span className="break-words">
                    {staff ? entry.realtor.full_name : entry.customer.full_name}
                  </span>
                </label>
              ) : (
                <p className="break-words font-semibold text-slate-900">
                  {staff ? entry.realtor.full_name : entry.customer.full_name}
                </p>
              )}
              <p className="break-words text-xs text-slate-500">
                {staff
                  ? `${entry.realtor.reference} · customer ${entry.customer.full_name}`
                  : entry.customer.reference}{' '}
                · Level {entry.level}
              </p>
            </div>
            <span
              className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[entry.status]}`}
            >
              {COMMISSION_STATUS_LABELS[entry.status]}
            </span>
          </div>
          <dl className="grid grid-cols-3 gap-2 text-sm">
            <div className="min-w-0">
              <dt className="text-xs text-slate-500">Gross ({entry.rate}%)</dt>
              <dd className="break-words">{formatNaira(entry.gross)}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-slate-500">WHT ({entry.withholding_tax_rate}%)</dt>
              <dd className="break-words">{formatNaira(entry.withholding_tax)}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-slate-500">Net</dt>
              <dd className="break-words font-semibold">{formatNaira(entry.net)}</dd>
            </div>
          </dl>
          <p className="break-words text-xs text-slate-600">
            {entry.subscription.reference} · {entry.subscription.product} · payment{' '}
            {formatNaira(entry.transaction.amount)} · earned{' '}
            {formatDate(entry.created_at, timeZone)}
          </p>
          {entry.status === 'paid' ? (
            <p className="break-words text-xs text-green-800">
              Paid {formatDate(`${entry.paid_at}T12:00:00Z`, 'UTC')} · reference{' '}
              {entry.bank_reference}
              {entry.paid_by ? ` · by ${entry.paid_by}` : ''}
            </p>
          ) : null}
          {entry.status === 'void' ? (
            <p className="break-words text-xs text-slate-600">Void: {entry.void_reason}</p>
          ) : null}
          {entry.status === 'held' ? (
            <p className="break-words text-xs text-orange-900">
              Held: staff are checking this purchase before the commission is owed.
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
