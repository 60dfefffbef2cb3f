import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form, Link, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Field, FormBanner } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { EmptyState } from '~/components/ui/empty-state'
import { Pagination } from '~/components/ui/pagination'
import { bankName } from '~/contract/banks'
import { formatDate, formatDateTime, formatNaira } from '~/contract/format'
import type { StatementLine } from '~/contract/reconciliation'
import {
  MATCH_CONFIDENCE_LABELS,
  MATCH_CONFIDENCES,
  STATEMENT_LINE_STATUS_LABELS,
  type MatchConfidence,
} from '~/contract/reconciliation-labels'
import { useSpecForm, type FormSpec } from '~/utils/form-spec'
import type { LinkForm } from './forms'
import { DONE_STATUSES, linesHref, type LinesView } from './links'
import type { ReconciliationActionData } from './reconciliation.server'
import { StatementImport, type ImportStep } from './statement-import'

const CONFIRM_FORM = 'confirm-lines'

export type ReconciliationPageData = {
  view: LinesView
  list: {
    items: StatementLine[]
    page: number
    total_pages: number
    counts: Record<MatchConfidence, number>
    last_statement_date: string | null
  } | null
  error: string | null
  timeZone: string
  specs: Record<'upload' | 'columns' | 'link', FormSpec>
}

function importStep(actionData: ReconciliationActionData | undefined): ImportStep {
  if (actionData?.intent === 'preview') {
    return actionData.preview
      ? { step: 'columns', preview: actionData.preview }
      : { step: 'upload', result: actionData.result }
  }
  if (actionData?.intent === 'import') {
    if (actionData.summary) return { step: 'summary', summary: actionData.summary }
    if (actionData.preview)
      return { step: 'columns', preview: actionData.preview, result: actionData.result }
  }
  return { step: 'upload' }
}

/** /reconciliation: import a statement, then review its credit lines by match confidence. */
export function ReconciliationPage({
  data,
  actionData,
}: {
  data: ReconciliationPageData
  actionData?: ReconciliationActionData
}) {
  const { view, list } = data
  const here = linesHref(view)
  const items = list?.items ?? []
  const open = view.status === null
  const confirmable = open && items.some((line) => line.match && line.can_confirm)
  // A refused link of a line this page does not show (gone meanwhile): its messages over the list.
  const strayLink =
    actionData?.intent === 'link' && !items.some((line) => line.id === actionData.line)
      ? Object.values(actionData.result.error ?? {}).flat()
      : []
  return (
    <section aria-labelledby="reconciliation-title" className="flex min-w-0 flex-col gap-4">
      <div>
        <h1 id="reconciliation-title" className="text-2xl font-bold text-slate-900">
          Reconciliation
        </h1>
        <p className="text-sm text-slate-600">
          Import the company's bank statement and confirm the payments it shows.
          {list?.last_statement_date
            ? ` The latest statement imported runs to ${formatDate(list.last_statement_date)}.`
            : ''}
        </p>
      </div>
      <StatementImport state={importStep(actionData)} specs={data.specs} startAgainHref={here} />
      <nav aria-label="Statement lines">
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          {MATCH_CONFIDENCES.map((confidence) => (
            <Tab
              key={confidence}
              href={linesHref({ confidence, status: null })}
              current={view.confidence === confidence}
              testId={`line-tab-${confidence}`}
            >
              {MATCH_CONFIDENCE_LABELS[confidence]} ({list?.counts[confidence] ?? 0})
            </Tab>
          ))}
          <Tab
            href={linesHref({ confidence: null, status: 'confirmed' })}
            current={!open}
            testId="line-tab-done"
          >
            Done
          </Tab>
        </ul>
      </nav>
      {!open ? (
        <nav aria-label="Done lines" className="flex flex-wrap gap-2 text-sm">
          {DONE_STATUSES.map((status) => (
            <Link
              key={status}
              to={linesHref({ confidence: null, status })}
              aria-current={view.status === status ? 'page' : undefined}
              className={`rounded-full border px-3 py-1 ${view.status === status ? 'border-brand-600 bg-brand-50 font-semibold' : 'border-slate-200 bg-white'}`}
            >
              {STATEMENT_LINE_STATUS_LABELS[status]}
            </Link>
          ))}
        </nav>
      ) : null}
      <FormBanner errors={strayLink} />
      {data.error ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
        >
          {data.error}
        </p>
      ) : null}
      {items.length ? (
        <ul className="flex flex-col gap-2" aria-label="Statement lines">
          {items.map((line) => (
            <LineRow key={line.id} line={line} data={data} actionData={actionData} />
          ))}
        </ul>
      ) : (
        <EmptyState item="statement line" />
      )}
      {confirmable || actionData?.intent === 'confirm' ? (
        <ConfirmForm actionData={actionData} />
      ) : null}
      {list ? (
        <Pagination page={list.page} totalPages={list.total_pages} label="Statement line pages" />
      ) : null}
    </section>
  )
}

function Tab({
  href,
  current,
  testId,
  children,
}: {
  href: string
  current: boolean
  testId: string
  children: ReactNode
}) {
  return (
    <li>
      <Link
        to={href}
        aria-current={current ? 'page' : undefined}
        className={`block rounded-md border px-3 py-2 text-sm text-slate-900 ${current ? 'border-brand-600 bg-brand-50 font-semibold' : 'border-slate-200 bg-white hover:bg-slate-50'}`}
        data-testid={testId}
      >
        {children}
      </Link>
    </li>
  )
}

/** The ticked lines (their boxes name this form, so each line keeps its own small forms) confirmed together. */
function ConfirmForm({ actionData }: { actionData?: ReconciliationActionData }) {
  const navigation = useNavigation()
  const result = actionData?.intent === 'confirm' ? actionData.result : undefined
  const errors = result?.error?.[''] ?? undefined
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'confirm'
  return (
    <Form id={CONFIRM_FORM} method="post" className="flex flex-col gap-2" preventScrollReset>
      <FormBanner errors={errors} />
      <input type="hidden" name="intent" value="confirm" />
      <p className="text-xs text-slate-500">
        Each confirmation marks the payment paid, with the statement line as its proof; the payer
        gets a receipt.
      </p>
      <div>
        <Button type="submit" pending={busy}>
          Confirm selected
        </Button>
      </div>
    </Form>
  )
}

function LineRow({
  line,
  data,
  actionData,
}: {
  line: StatementLine
  data: ReconciliationPageData
  actionData?: ReconciliationActionData
}) {
  const open = line.status === 'open'
  const checkable = open && line.match !== null && line.can_confirm
  const title = `${formatDate(line.date)}, ${formatNaira(line.amount)}`
  const linkResult =
    actionData?.intent === 'link' && actionData.line === line.id ? actionData.result : undefined
  return (
    <li className="card flex min-w-0 flex-col gap-2" data-testid="statement-line">
      <div className="flex min-w-0 items-start gap-3">
        {checkable ? (
          <input
            type="checkbox"
            name="line_ids"
            value={line.id}
            form={CONFIRM_FORM}
            className="mt-1 h-5 w-5 shrink-0"
            aria-label={`Select ${title}`}
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <p className="text-sm text-slate-600">
              {formatDate(line.date)} · {bankName(line.bank)}
              {line.reference ? ` · ${line.reference}` : ''}
            </p>
            <p className="font-semibold text-slate-900">{formatNaira(line.amount)}</p>
          </div>
          <p className="break-words font-mono text-sm text-slate-900">{line.narration}</p>
          {line.match ? (
            <MatchDetails match={line.match} creditAmount={line.amount} />
          ) : line.candidates.length ? (
            <Candidates candidates={line.candidates} />
          ) : open ? (
            <p className="mt-1 text-sm text-slate-600">
              No payment or subscription matches this line.
            </p>
          ) : null}
          {(line.match || line.candidates.length) &&
          open &&
          !line.can_confirm &&
          line.cannot_confirm_reason ? (
            <p className="mt-1 text-sm text-amber-800">{line.cannot_confirm_reason}</p>
          ) : null}
          {!open ? (
            <p className="mt-1 text-sm text-slate-600">
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                {STATEMENT_LINE_STATUS_LABELS[line.status]}
              </span>
              {line.resolved_by ? ` by ${line.resolved_by}` : ''}
              {line.resolved_at ? `, ${formatDateTime(line.resolved_at, data.timeZone)}` : ''}
            </p>
          ) : null}
        </div>
      </div>
      {open ? (
        <div className="flex flex-wrap items-start gap-2">
          <details className="min-w-0 flex-1" open={linkResult ? true : undefined}>
            <summary className="cursor-pointer text-sm font-medium text-brand-700">
              Link to subscription
            </summary>
            <LinkLineForm line={line} spec={data.specs.link} lastResult={linkResult} />
          </details>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="ignore" />
            <input type="hidden" name="line" value={line.id} />
            <button type="submit" className="btn-secondary" aria-label={`Not ours: ${title}`}>
              Not ours
            </button>
          </Form>
        </div>
      ) : null}
    </li>
  )
}

/** The payments an ambiguous credit fits: none is its match until staff decide. */
function Candidates({ candidates }: { candidates: StatementLine['candidates'] }) {
  return (
    <div
      className="mt-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm"
      data-testid="line-candidates"
    >
      <p className="font-semibold text-amber-900">Fits more than one payment</p>
      <ul className="mt-1 flex flex-col gap-1">
        {candidates.map((candidate) => (
          <li key={candidate.transaction.reference} className="min-w-0 break-words text-slate-800">
            <span className="font-mono">{candidate.subscription_reference}</span>,{' '}
            {candidate.customer.name}{' '}
            <span className="text-slate-500">({candidate.customer.reference})</span>:{' '}
            {candidate.transaction.reference}, {formatNaira(candidate.transaction.amount)}
            {candidate.transaction.paid_at
              ? `, paid ${formatDate(candidate.transaction.paid_at)}`
              : ''}
          </li>
        ))}
      </ul>
    </div>
  )
}

function MatchDetails({
  match,
  creditAmount,
}: {
  match: NonNullable<StatementLine['match']>
  creditAmount: number
}) {
  const differs = match.transaction !== null && match.transaction.amount !== creditAmount
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 rounded-md bg-slate-50 px-3 py-2 text-sm">
      <dt className="text-slate-500">Subscription</dt>
      <dd className="min-w-0 break-words font-mono">{match.subscription_reference}</dd>
      <dt className="text-slate-500">Customer</dt>
      <dd className="min-w-0 break-words">
        {match.customer.name} <span className="text-slate-500">({match.customer.reference})</span>
      </dd>
      <dt className="text-slate-500">Product</dt>
      <dd className="min-w-0 break-words">{match.product_name}</dd>
      <dt className="text-slate-500">Expected</dt>
      <dd>{formatNaira(match.expected_amount)}</dd>
      <dt className="text-slate-500">Payment</dt>
      <dd className="min-w-0 break-words">
        {match.transaction
          ? `${match.transaction.reference}, ${formatNaira(match.transaction.amount)}${match.transaction.paid_at ? `, paid ${formatDate(match.transaction.paid_at)}` : ''}`
          : 'None recorded yet: confirming records it from the statement'}
        {differs ? (
          <span className="block text-amber-800">
            Not the credit's amount: the payment has no matching credit, and its verifier is told.
          </span>
        ) : null}
      </dd>
    </dl>
  )
}

function LinkLineForm({
  line,
  spec,
  lastResult,
}: {
  line: StatementLine
  spec: FormSpec
  lastResult?: SubmissionResult<string[]>
}) {
  const navigation = useNavigation()
  const [form, fields] = useSpecForm<LinkForm>(spec, {
    id: `link-${line.id}`,
    lastResult,
    defaultValue: {
      subscription: line.match?.subscription_reference ?? '',
      amount: String(line.amount),
    },
  })
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === 'link' &&
    navigation.formData.get('line') === line.id
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-2 flex flex-col gap-1"
      preventScrollReset
    >
      <FormBanner id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="link" />
      <input type="hidden" name="line" value={line.id} />
      <div className="grid gap-x-3 sm:grid-cols-2">
        <Field
          labelProps={{ children: 'Subscription reference' }}
          inputProps={{
            ...getInputProps(fields.subscription, { type: 'text' }),
            autoComplete: 'off',
            placeholder: 'SUB-…',
          }}
          errors={fields.subscription.errors}
        />
        <Field
          labelProps={{ children: 'Amount' }}
          inputProps={{
            ...getInputProps(fields.amount, { type: 'text' }),
            inputMode: 'decimal',
            autoComplete: 'off',
          }}
          hint="The credit's amount; any other amount is recorded as a payment without a matching credit"
          errors={fields.amount.errors}
        />
      </div>
      <div>
        <Button type="submit" variant="secondary" pending={busy}>
          Link
        </Button>
      </div>
    </Form>
  )
}
