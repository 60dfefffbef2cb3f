import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
} from '@conform-to/react'
import { Form, Link, useNavigation } from '@remix-run/react'
import { transactionAnchor } from '~/contract/links'
import { Button } from '~/components/ui/button'
import { useSpecForm, type FormSpec } from '~/utils/form-spec'
import { CheckboxField } from '~/components/forms'
import { NO_STATEMENT_CREDIT } from '~/contract/reconciliation-labels'
import { statementWarningText } from '~/contract/statement-support'
import { TextareaField } from '../products/fields'
import type { Paginated } from '~/contract/envelope'
import { transactionStatusLabel } from '~/contract/subscription-labels'
import type { SubscriptionDetail, Transaction } from '~/contract/subscriptions'
import { formatDate, formatDateTime, formatNaira } from '~/contract/format'
import { DetailRow } from '~/components/detail-row'
import { EmptyState } from '~/components/ui/empty-state'
import { ExportCsvLink } from '~/components/ui/export-csv-link'
import { Pagination } from '~/components/ui/pagination'
import { SlideOver } from '~/components/ui/slide-over'
import type { OwnCredits } from '../payments/credits.server'
import { OwnCreditsSection } from '../payments/own-credits'
import { EXPORT_SUBSCRIPTION_PARAM, proofHref } from './lists'

export type TransactionsPanelData = {
  subscription: SubscriptionDetail
  transactions: Paginated<Transaction>
  closeTo: string
  base: string
  listSearch: string
  canVerify: boolean
  canExport: boolean
  timeZone: string
  /** The transaction whose marking step is open (?mark=…&as=…), or null. */
  marking: { reference: string; status: 'paid' | 'not_confirmed' } | null
  /** This panel's address without the marking step. */
  panelHref: string
  reasonSpec: FormSpec
  paidSpec: FormSpec
  /** The owner's credits (money that paid no payment), or null. */
  credits: OwnCredits | null
}

/** What a refused "not confirmed" post answers: the field message, for that transaction. */
export type MarkActionData =
  { result: SubmissionResult<string[]>; reference: string; status?: string } | undefined

const BADGE: Record<string, string> = {
  awaiting_confirmation: 'bg-sky-100 text-sky-800',
  paid: 'bg-green-100 text-green-800',
  not_confirmed: 'bg-red-100 text-red-800',
}

// Four eyes on money: the API refuses too, this only spares staff a button that cannot work.
const SELF_CONFIRMATION_NOTE =
  'Another member of staff must confirm this payment: it is on your own subscription or you recorded it.'

/** The panel's address with the marking step of one transaction open, scrolled to it. */
function markingHref(panelHref: string, reference: string, status: 'paid' | 'not_confirmed') {
  const [path, search = ''] = panelHref.split('?')
  const params = new URLSearchParams(search)
  params.set('mark', reference)
  params.set('as', status)
  return `${path}?${params.toString()}#${transactionAnchor(reference)}`
}

/** Step one: links (plain GETs, so without JavaScript too) that open the confirmation below. */
function MarkLinks({ reference, panelHref }: { reference: string; panelHref: string }) {
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      <Link
        to={markingHref(panelHref, reference, 'paid')}
        preventScrollReset
        className="btn-primary"
        aria-label={`Mark as paid: ${reference}`}
      >
        Mark as paid
      </Link>
      <Link
        to={markingHref(panelHref, reference, 'not_confirmed')}
        preventScrollReset
        className="btn-danger"
        aria-label={`Mark as not confirmed: ${reference}`}
      >
        Mark as not confirmed
      </Link>
    </div>
  )
}

/** Step two for "paid": says what confirming does, then posts. */
function ConfirmPaid({
  transaction,
  data,
  lastResult,
}: {
  transaction: Transaction
  data: TransactionsPanelData
  lastResult?: SubmissionResult<string[]>
}) {
  const navigation = useNavigation()
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('reference') === transaction.reference
  const titleId = `confirm-paid-${transaction.reference}`
  const [form, fields] = useSpecForm<{
    reference: string
    status: string
    without_statement_credit: boolean
  }>(data.paidSpec, {
    id: `paid-${transaction.reference}`,
    lastResult,
  })
  return (
    <Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      className="mt-3 rounded-md border border-green-200 bg-green-50 p-3"
      aria-labelledby={titleId}
    >
      <p id={titleId} className="text-sm font-semibold text-slate-900">
        Confirm this payment?
      </p>
      <p className="mt-1 text-sm text-slate-700">
        Mark {formatNaira(transaction.amount)} ({transaction.reference}) as paid only once it is in
        the account. The payer is told and gets a receipt; this cannot be undone.
      </p>
      <input type="hidden" name="reference" value={transaction.reference} />
      <input type="hidden" name="status" value="paid" />
      {transaction.no_statement_credit ? (
        <div className="mt-2">
          <p className="text-sm text-amber-900">
            {transaction.statement_warning
              ? statementWarningText(transaction.statement_warning, transaction.amount)
              : 'No line of the imported bank statements shows this credit.'}{' '}
            Check the account before confirming.
          </p>
          <CheckboxField
            labelProps={{ children: 'Confirm without a statement credit' }}
            inputProps={getInputProps(fields.without_statement_credit, { type: 'checkbox' })}
            errors={fields.without_statement_credit.errors}
          />
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" pending={busy}>
          Yes, mark as paid
        </Button>
        <Link to={data.panelHref} preventScrollReset className="btn-secondary">
          Cancel
        </Link>
      </div>
    </Form>
  )
}

/** Step two for "not confirmed": the reason (required), which the payer is told. */
function NotConfirmedReason({
  transaction,
  data,
  lastResult,
}: {
  transaction: Transaction
  data: TransactionsPanelData
  lastResult?: SubmissionResult<string[]>
}) {
  const navigation = useNavigation()
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('reference') === transaction.reference
  const [form, fields] = useSpecForm<{ reference: string; status: string; reason: string }>(
    data.reasonSpec,
    {
      id: `not-confirmed-${transaction.reference}`,
      lastResult,
    },
  )
  return (
    <Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      className="mt-3 rounded-md border border-red-200 bg-red-50 p-3"
    >
      <input type="hidden" name="reference" value={transaction.reference} />
      <input type="hidden" name="status" value="not_confirmed" />
      <TextareaField
        label="Reason the payment is not confirmed"
        textareaProps={{ ...getTextareaProps(fields.reason), rows: 3, maxLength: 500 }}
        errors={fields.reason.errors}
      />
      <p className="mt-1 text-xs text-slate-600">
        The payer sees this reason and receives it by e-mail.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" variant="danger" pending={busy}>
          Mark as not confirmed
        </Button>
        <Link to={data.panelHref} preventScrollReset className="btn-secondary">
          Cancel
        </Link>
      </div>
    </Form>
  )
}

/** The proof itself: an image shown in place; a PDF only as a download (never rendered inline). */
function ProofPreview({ transaction }: { transaction: Transaction }) {
  const proof = proofHref(transaction.proof_of_payment)
  if (!proof && transaction.from_statement_line)
    return (
      <p className="text-sm text-slate-600" data-testid="from-statement-line">
        Recorded from bank statement line {transaction.from_statement_line}
      </p>
    )
  if (!proof) return <p className="text-sm text-slate-600">No proof of payment</p>
  if (/\.pdf$/i.test(proof)) {
    return (
      <a
        href={proof}
        download
        className="btn-secondary"
        aria-label={`Open PDF proof of payment: ${transaction.reference}`}
      >
        Open PDF
      </a>
    )
  }
  return (
    <a
      href={proof}
      target="_blank"
      rel="noreferrer"
      className="block"
      aria-label={`View proof: ${transaction.reference}`}
    >
      <img
        src={proof}
        alt={`Proof of payment for ${transaction.reference}`}
        loading="lazy"
        // A box of fixed height: the buttons under it do not move when the image arrives.
        className="h-64 w-full rounded border border-slate-200 bg-slate-50 object-contain"
      />
      <span className="link mt-1 inline-block text-sm">View proof</span>
    </a>
  )
}

/** The subscription's transactions, newest first, with the proof, the status and what can be done next. */
export function TransactionsPanel({
  data,
  actionData,
}: {
  data: TransactionsPanelData
  actionData?: MarkActionData
}) {
  const { subscription, transactions } = data
  return (
    <SlideOver title={`Transactions: ${subscription.reference}`} closeTo={data.closeTo}>
      {data.canExport ? (
        <div className="mb-3 flex justify-end">
          <ExportCsvLink
            list="transactions"
            search={{ [EXPORT_SUBSCRIPTION_PARAM]: subscription.reference }}
          />
        </div>
      ) : null}
      {transactions.items.length ? (
        <ul className="flex flex-col gap-3" aria-label="Transactions">
          {transactions.items.map((transaction) => {
            const refused =
              actionData?.reference === transaction.reference ? actionData.result : undefined
            const step = refused
              ? actionData?.status === 'paid'
                ? 'paid'
                : 'not_confirmed'
              : data.marking?.reference === transaction.reference
                ? data.marking.status
                : null
            return (
              <li
                key={transaction.reference}
                id={transactionAnchor(transaction.reference)}
                className="scroll-mt-4 rounded-md border border-slate-200 p-3 target:border-brand-500 target:ring-2 target:ring-brand-200"
                data-testid="transaction"
              >
                <div className="flex items-start justify-between gap-2">
                  <span className="font-mono text-sm font-semibold">{transaction.reference}</span>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[transaction.status] ?? 'bg-amber-100 text-amber-800'}`}
                  >
                    {transactionStatusLabel(transaction.status)}
                  </span>
                </div>
                {transaction.no_statement_credit ? (
                  <p
                    className="mt-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
                    data-testid="no-statement-credit"
                  >
                    {NO_STATEMENT_CREDIT}
                  </p>
                ) : null}
                {transaction.statement_warning ? (
                  <p className="mt-1 text-sm text-amber-900" data-testid="statement-warning">
                    {statementWarningText(transaction.statement_warning, transaction.amount)}
                  </p>
                ) : null}
                <dl className="mt-1 divide-y divide-slate-100">
                  <DetailRow label="Amount">{formatNaira(transaction.amount)}</DetailRow>
                  <DetailRow label="Description">{transaction.description}</DetailRow>
                  <DetailRow label="Date paid">
                    {/* A statement line has a day, not a time of day. */}
                    {transaction.from_statement_line
                      ? formatDate(transaction.paid_at, data.timeZone)
                      : formatDateTime(transaction.paid_at, data.timeZone)}
                  </DetailRow>
                  {transaction.recorded_by_staff ? (
                    <DetailRow label="Recorded by">{transaction.recorded_by ?? 'Staff'}</DetailRow>
                  ) : null}
                  {transaction.status === 'not_confirmed' && transaction.not_confirmed_reason ? (
                    <DetailRow label="Reason not confirmed">
                      <span className="whitespace-pre-line">
                        {transaction.not_confirmed_reason}
                      </span>
                    </DetailRow>
                  ) : null}
                </dl>
                <section className="mt-2" aria-label={`Proof of payment: ${transaction.reference}`}>
                  <h3 className="mb-1 text-sm text-slate-500">Proof of payment</h3>
                  <ProofPreview transaction={transaction} />
                </section>
                {transaction.status === 'paid' ? (
                  <a
                    href={`${data.base}/transactions/${transaction.reference}/receipt${data.listSearch}`}
                    className="btn-secondary mt-2"
                  >
                    Download receipt
                  </a>
                ) : null}
                {transaction.status === 'awaiting_confirmation' && data.canVerify ? (
                  transaction.can_mark ? (
                    step === 'paid' ? (
                      <ConfirmPaid transaction={transaction} data={data} lastResult={refused} />
                    ) : step === 'not_confirmed' ? (
                      <NotConfirmedReason
                        transaction={transaction}
                        data={data}
                        lastResult={refused}
                      />
                    ) : (
                      <MarkLinks reference={transaction.reference} panelHref={data.panelHref} />
                    )
                  ) : (
                    <p className="mt-2 text-sm text-slate-600">{SELF_CONFIRMATION_NOTE}</p>
                  )
                ) : null}
              </li>
            )
          })}
        </ul>
      ) : (
        <EmptyState item="transaction" />
      )}
      <Pagination
        page={transactions.page}
        totalPages={transactions.total_pages}
        param="transaction_page"
        label="Transaction pages"
      />
      {data.credits ? (
        <div className="mt-4">
          <OwnCreditsSection credits={data.credits} timeZone={data.timeZone} />
        </div>
      ) : null}
    </SlideOver>
  )
}
