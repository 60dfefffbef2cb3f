import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
} from '@conform-to/react'
import { Form, Link, useNavigation } from '@remix-run/react'
import { hasBankDetails, NO_BANK_DETAILS } from '~/contract/settings-labels'
import type { PaymentForm } from './subscription-forms'
import type { PaymentDetails, SubscriptionDetail } from '~/contract/subscriptions'
import { formatDate, formatNaira } from '~/contract/format'
import { transactionStatusLabel } from '~/contract/subscription-labels'
import { useSpecForm, type FormSpec } from '~/utils/form-spec'
import { Field, FormBanner } from '~/components/forms'
import { TextareaField } from '../products/fields'
import { Button } from '~/components/ui/button'
import { SlideOver } from '~/components/ui/slide-over'
import { AmountChoiceFields, firstChoice, type AmountChoice } from '../payments/amount-choices'
import { OwnAccountSection } from '../payments/own-account'
import { PayOnlineForm } from '../payments/pay-online-form'
import { CopyButton } from './copy-button'
import { OwedNow, PlanTerms } from './plan-terms'

export type RecentPayment = {
  reference: string
  amount: number
  status: string
  paidAt: string | null
  receiptHref: string | null
}

export type PaymentPanelData = {
  subscription: SubscriptionDetail
  details: PaymentDetails
  mode: 'make' | 'record'
  /** The amounts this payment may be, smallest first; the last is the whole balance. */
  choices: AmountChoice[]
  nextIsDeposit: boolean
  canSetBankDetails: boolean
  closeTo: string
  paidAt: { paid_on: string; paid_time: string }
  spec: FormSpec
  /** Where the proof form posts (the pay panel) and where "Pay online" posts (its checkout). */
  proofAction: string
  checkoutAction: string
  checkoutSpec: FormSpec
  /** With a provider, the owner's latest payments (a transfer shows here once it confirmed itself). */
  recentPayments: RecentPayment[]
  transactionsHref: string
  timeZone: string
}

function BankLine({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-3 py-1.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="flex items-center gap-2 font-medium text-slate-900">
        <span className="select-all">{value || '—'}</span>
        <CopyButton value={value} label={label.toLowerCase()} />
      </dd>
    </div>
  )
}

/** The bank details are not set: nobody can pay into the company account yet. */
function NoBankDetails({ canSetBankDetails }: { canSetBankDetails: boolean }) {
  return (
    <div
      role="status"
      className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p className="font-medium">{NO_BANK_DETAILS}</p>
      {canSetBankDetails ? (
        <p className="mt-1">
          <Link to="/settings?tab=settings" className="font-semibold underline">
            Add the bank details in Settings
          </Link>
        </p>
      ) : null}
    </div>
  )
}

/**
 * Make payment (the owner) or record payment (staff, for the customer). Without a payment provider:
 * the company's bank details, then the proof. With one, the owner first sees the account number
 * that is theirs alone and "Pay online"; the proof stays, folded, for money sent to the company account.
 */
export function PaymentPanel({
  data,
  lastResult,
  checkoutResult,
}: {
  data: PaymentPanelData
  lastResult?: SubmissionResult<string[]>
  checkoutResult?: SubmissionResult<string[]>
}) {
  const { details } = data
  const title = data.mode === 'make' ? 'Make payment' : 'Record payment'
  const provider = data.mode === 'make' ? details.provider : undefined
  if (!provider) {
    return (
      <SlideOver title={title} closeTo={data.closeTo}>
        <OwedNow subscription={data.subscription} />
        {hasBankDetails(details.bank_details) ? (
          <CompanyAccountPayment data={data} lastResult={lastResult} />
        ) : (
          <NoBankDetails canSetBankDetails={data.canSetBankDetails} />
        )}
        <div className="mt-4">
          <PlanTerms subscription={data.subscription} />
        </div>
      </SlideOver>
    )
  }
  return (
    <SlideOver title={title} closeTo={data.closeTo}>
      <p className="mb-4 text-sm text-slate-600">
        Pay into your own account number or online, and the payment confirms itself.{' '}
        <span className="font-mono">{data.subscription.reference}</span>
      </p>
      <OwedNow subscription={data.subscription} />
      <RecentPayments data={data} />
      <OwnAccountSection
        account={details.virtual_account ?? null}
        note={details.virtual_account_note ?? null}
        choices={data.choices}
        context={data}
      />
      <PayOnlineForm
        action={data.checkoutAction}
        provider={provider}
        choices={data.choices}
        context={data}
        spec={data.checkoutSpec}
        lastResult={checkoutResult}
      />
      {/* A refused proof opens the fold again, so its messages show. */}
      <details
        className="rounded-md border border-slate-200"
        open={Boolean(lastResult) || undefined}
      >
        <summary className="flex min-h-[44px] cursor-pointer items-center px-4 text-sm font-semibold text-slate-900">
          I paid into the company account
        </summary>
        <div className="px-4 pb-4 pt-1">
          {hasBankDetails(details.bank_details) ? (
            <CompanyAccountPayment data={data} lastResult={lastResult} />
          ) : (
            <NoBankDetails canSetBankDetails={data.canSetBankDetails} />
          )}
        </div>
      </details>
      <div className="mt-4">
        <PlanTerms subscription={data.subscription} />
      </div>
    </SlideOver>
  )
}

/** The owner's latest payments: a transfer into their account number appears here, paid, by itself. */
function RecentPayments({ data }: { data: PaymentPanelData }) {
  if (!data.recentPayments.length) return null
  return (
    <section aria-labelledby="recent-payments-title" className="mb-5" data-testid="recent-payments">
      <h3 id="recent-payments-title" className="text-sm font-semibold text-slate-900">
        Your latest payments
      </h3>
      <ul className="mt-1 divide-y divide-slate-100">
        {data.recentPayments.map((payment) => (
          <li
            key={payment.reference}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm"
            data-testid="recent-payment"
          >
            <span className="min-w-0">
              <span className="font-semibold tabular-nums text-slate-900">
                {formatNaira(payment.amount)}
              </span>{' '}
              <span className="text-slate-500">
                {payment.paidAt ? formatDate(payment.paidAt, data.timeZone) : ''}
              </span>
            </span>
            <span className="flex items-center gap-3">
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${payment.status === 'paid' ? 'bg-green-100 text-green-800' : 'bg-sky-100 text-sky-800'}`}
              >
                {transactionStatusLabel(payment.status)}
              </span>
              {payment.receiptHref ? (
                // A file download: a plain link, so the browser saves what the resource route streams.
                <a href={payment.receiptHref} className="link">
                  Download receipt
                </a>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <Link to={data.transactionsHref} className="link text-sm">
        All transactions
      </Link>
    </section>
  )
}

/** The company's bank details and the proof of a transfer into them. */
function CompanyAccountPayment({
  data,
  lastResult,
}: {
  data: PaymentPanelData
  lastResult?: SubmissionResult<string[]>
}) {
  const navigation = useNavigation()
  const { subscription, details } = data
  const [form, fields] = useSpecForm<PaymentForm>(data.spec, {
    id: 'payment-form',
    lastResult,
    defaultValue: {
      amount: firstChoice(data.choices),
      ...data.paidAt,
    },
  })
  const bank = details.bank_details
  const submitting =
    navigation.state === 'submitting' &&
    navigation.formAction?.split('?')[0] === data.proofAction.split('?')[0]
  return (
    <>
      <p className="mb-4 text-sm text-slate-600">
        {data.mode === 'make'
          ? 'Pay by bank transfer into the account below, then upload the proof of payment.'
          : `Record a payment ${subscription.user.full_name} made by bank transfer, with its proof.`}{' '}
        <span className="font-mono">{subscription.reference}</span>
      </p>
      <section
        aria-labelledby="bank-details-title"
        className="mb-5 rounded-md border border-slate-200 bg-slate-50 px-4 py-3"
      >
        <h3 id="bank-details-title" className="text-sm font-semibold text-slate-900">
          Bank details
        </h3>
        <dl className="mt-1 divide-y divide-slate-200">
          <BankLine label="Account number" value={bank.account_number} />
          <BankLine label="Account name" value={bank.account_name} />
          <BankLine label="Bank name" value={bank.bank_name} />
          <BankLine label="Transfer narration" value={details.narration} />
          <div className="flex items-center justify-between gap-3 py-1.5 text-sm">
            <dt className="text-slate-500">
              {data.choices.length > 1 ? 'Next instalment' : 'Amount to pay'}
            </dt>
            <dd className="font-semibold text-slate-900">{formatNaira(details.amount)}</dd>
          </div>
          {data.choices.length > 1 ? (
            <div className="flex items-center justify-between gap-3 py-1.5 text-sm">
              <dt className="text-slate-500">Balance</dt>
              <dd className="font-semibold text-slate-900">
                {formatNaira(subscription.amount_left)}
              </dd>
            </div>
          ) : null}
        </dl>
        <p className="mt-1 text-xs text-slate-500" data-testid="narration-hint">
          {data.mode === 'make'
            ? 'Type this as the narration of your transfer so we can match it.'
            : 'The narration the customer was asked to type on the transfer.'}
        </p>
      </section>
      <FormBanner id={form.errorId} errors={form.errors} />
      <Form
        method="post"
        action={data.proofAction}
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="flex flex-col gap-1"
        preventScrollReset
      >
        <AmountChoiceFields field={fields.amount} choices={data.choices} context={data} />
        <TextareaField
          label="Description (optional: left blank, it says what the amount chosen pays)"
          textareaProps={{ ...getTextareaProps(fields.description), rows: 2 }}
          errors={fields.description.errors}
        />
        <Field
          labelProps={{ children: 'Proof of payment' }}
          inputProps={{
            ...getInputProps(fields.proof_of_payment, { type: 'file' }),
            accept: '.png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf',
          }}
          hint="PNG, JPG, JPEG or PDF up to 2MB"
          errors={fields.proof_of_payment.errors}
        />
        <div className="grid grid-cols-2 gap-3">
          <Field
            labelProps={{ children: 'Date paid' }}
            inputProps={{
              ...getInputProps(fields.paid_on, { type: 'text' }),
              inputMode: 'numeric',
              placeholder: 'DD/MM/YYYY',
              autoComplete: 'off',
            }}
            hint="DD/MM/YYYY"
            errors={fields.paid_on.errors}
          />
          <Field
            labelProps={{ children: 'Time paid' }}
            inputProps={{ ...getInputProps(fields.paid_time, { type: 'time' }), step: 300 }}
            errors={fields.paid_time.errors}
          />
        </div>
        <Button type="submit" pending={submitting} className="w-full sm:w-auto sm:self-end">
          Send payment proof
        </Button>
      </Form>
    </>
  )
}
