import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { Field, FormBanner, MoneyField } from '~/components/forms'
import { DetailRow } from '~/components/detail-row'
import { Button } from '~/components/ui/button'
import { SlideOver } from '~/components/ui/slide-over'
import { CREDIT_REASON_LABELS, PAYMENT_PROVIDER_NAMES, type Credit } from '~/contract/collections'
import { formatDateTime, formatNaira } from '~/contract/format'
import { useSpecForm, type FormSpec } from '~/utils/form-spec'
import { SelectField, TextareaField } from '../products/fields'
import { CreditStateBadge } from './credits-page'

export type CreditPanelData = {
  credit: Credit
  /** The customer's subscriptions taking a payment now; null when they could not be read. */
  subscriptions: { reference: string; label: string }[] | null
  closeTo: string
  timeZone: string
  specs: { allocate: FormSpec; refund: FormSpec; decide: FormSpec }
}

export type CreditActionData = { intent: string; result: SubmissionResult<string[]> } | undefined

/** One credit: what arrived and from whom, and the step open to the viewer now. */
export function CreditPanel({
  data,
  actionData,
}: {
  data: CreditPanelData
  actionData?: CreditActionData
}) {
  const { credit, timeZone } = data
  const resultFor = (intent: string) =>
    actionData?.intent === intent ? actionData.result : undefined
  return (
    <SlideOver title={`Credit ${credit.reference}`} closeTo={data.closeTo}>
      <div className="flex flex-col gap-5" data-testid="credit-panel">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-2xl font-bold tabular-nums text-slate-900">
            {formatNaira(credit.amount)}
          </p>
          <CreditStateBadge state={credit.state} />
        </div>
        <dl className="divide-y divide-slate-100">
          <DetailRow label="Customer">
            {credit.customer.name} ({credit.customer.email})
          </DetailRow>
          <DetailRow label="Why">{CREDIT_REASON_LABELS[credit.reason]}</DetailRow>
          <DetailRow label="Paid by the customer">{formatNaira(credit.amount_paid)}</DetailRow>
          <DetailRow label="Settled to the business">
            {formatNaira(credit.amount_settled)}
          </DetailRow>
          <DetailRow label="Provider">
            {PAYMENT_PROVIDER_NAMES[credit.provider]} {credit.provider_reference}
          </DetailRow>
          <DetailRow label="Received">{formatDateTime(credit.received_at, timeZone)}</DetailRow>
          {credit.subscription_reference ? (
            <DetailRow label="Sent for">{credit.subscription_reference}</DetailRow>
          ) : null}
          {credit.remainder_of ? (
            <DetailRow label="Left over from">{credit.remainder_of}</DetailRow>
          ) : null}
          {credit.allocated_to ? (
            <DetailRow label="Paid">
              {credit.allocated_to.transaction_reference} of{' '}
              {credit.allocated_to.subscription_reference}
            </DetailRow>
          ) : null}
          {credit.refund ? (
            <DetailRow label="Refunded">
              {formatDateTime(credit.refund.refunded_at, timeZone)}: {credit.refund.reason}
              {credit.refund.bank_reference ? ` (${credit.refund.bank_reference})` : ''}
            </DetailRow>
          ) : null}
          {credit.decided_by ? (
            <DetailRow label="Confirmed by">{credit.decided_by.name}</DetailRow>
          ) : null}
        </dl>
        {credit.state === 'open' ? (
          <>
            <AllocateForm data={data} lastResult={resultFor('allocate')} />
            <RefundForm spec={data.specs.refund} lastResult={resultFor('refund')} />
          </>
        ) : null}
        {credit.pending ? <PendingRequest data={data} lastResult={resultFor('decide')} /> : null}
      </div>
    </SlideOver>
  )
}

function useSubmitting(intent: string) {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

function AllocateForm({
  data,
  lastResult,
}: {
  data: CreditPanelData
  lastResult?: SubmissionResult<string[]>
}) {
  const submitting = useSubmitting('allocate')
  const [form, fields] = useSpecForm<{ subscription: string; amount: string }>(
    data.specs.allocate,
    {
      id: 'allocate-form',
      lastResult,
      defaultValue: {
        subscription:
          data.credit.subscription_reference ?? data.subscriptions?.[0]?.reference ?? '',
        amount: '',
      },
    },
  )
  return (
    <section aria-labelledby="allocate-title" className="rounded-md border border-slate-200 p-3">
      <h3 id="allocate-title" className="text-sm font-semibold text-slate-900">
        Allocate to a payment
      </h3>
      <p className="mb-2 mt-1 text-xs text-slate-500">
        The amount must be one of the amounts a payment on that subscription may be now (the next
        instalment, several, or the balance). Another member of staff confirms it; the payment is
        then made, with its receipt, and what is left stays a credit.
      </p>
      <FormBanner id={form.errorId} errors={form.errors} />
      <Form
        method="post"
        {...getFormProps(form)}
        className="flex flex-col gap-1"
        preventScrollReset
      >
        <input type="hidden" name="intent" value="allocate" />
        {data.subscriptions?.length ? (
          <SelectField
            label="Subscription"
            selectProps={getSelectProps(fields.subscription)}
            options={data.subscriptions.map((item) => ({
              value: item.reference,
              label: item.label,
            }))}
            placeholder="Choose a subscription"
            errors={fields.subscription.errors}
          />
        ) : (
          <Field
            labelProps={{ children: 'Subscription reference' }}
            inputProps={{
              ...getInputProps(fields.subscription, { type: 'text' }),
              autoComplete: 'off',
              placeholder: 'SUB-…',
            }}
            hint={
              data.subscriptions
                ? 'The customer has no subscription taking a payment now'
                : undefined
            }
            errors={fields.subscription.errors}
          />
        )}
        <MoneyField
          meta={fields.amount}
          label={`Amount (empty: the whole ${formatNaira(data.credit.amount)})`}
        />
        <Button type="submit" pending={submitting} className="w-full sm:w-auto sm:self-start">
          Allocate
        </Button>
      </Form>
    </section>
  )
}

function RefundForm({
  spec,
  lastResult,
}: {
  spec: FormSpec
  lastResult?: SubmissionResult<string[]>
}) {
  const submitting = useSubmitting('refund')
  const [form, fields] = useSpecForm<{ reason: string; bank_reference: string }>(spec, {
    id: 'refund-form',
    lastResult,
  })
  return (
    <section aria-labelledby="refund-title" className="rounded-md border border-slate-200 p-3">
      <h3 id="refund-title" className="text-sm font-semibold text-slate-900">
        Refund
      </h3>
      <p className="mb-2 mt-1 text-xs text-slate-500">
        Record that the money is sent back to the payer. Another member of staff confirms it.
      </p>
      <FormBanner id={form.errorId} errors={form.errors} />
      <Form
        method="post"
        {...getFormProps(form)}
        className="flex flex-col gap-1"
        preventScrollReset
      >
        <input type="hidden" name="intent" value="refund" />
        <TextareaField
          label="Reason"
          textareaProps={{ ...getTextareaProps(fields.reason), rows: 2 }}
          errors={fields.reason.errors}
        />
        <Field
          labelProps={{ children: 'Bank reference (optional)' }}
          inputProps={{
            ...getInputProps(fields.bank_reference, { type: 'text' }),
            autoComplete: 'off',
          }}
          errors={fields.bank_reference.errors}
        />
        <Button
          type="submit"
          variant="secondary"
          pending={submitting}
          className="w-full sm:w-auto sm:self-start"
        >
          Refund
        </Button>
      </Form>
    </section>
  )
}

/** A request waiting for a second member of staff: confirm or turn down, never one's own. */
function PendingRequest({
  data,
  lastResult,
}: {
  data: CreditPanelData
  lastResult?: SubmissionResult<string[]>
}) {
  const pending = data.credit.pending!
  const navigation = useNavigation()
  const deciding =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'decide'
      ? navigation.formData.get('decision')
      : null
  const [form, fields] = useSpecForm<{ decision: string; reason: string }>(data.specs.decide, {
    id: 'decide-form',
    lastResult,
    // The reason is asked only to turn a request down: checked by the server.
    shouldValidate: 'onSubmit',
  })
  const asked =
    pending.action === 'allocate'
      ? `allocate ${formatNaira(pending.amount)} to ${pending.subscription_reference ?? 'a subscription'}`
      : `refund ${formatNaira(pending.amount)}`
  return (
    <section
      aria-labelledby="pending-title"
      className="rounded-md border border-sky-200 bg-sky-50 p-3"
      data-testid="credit-pending"
    >
      <h3 id="pending-title" className="text-sm font-semibold text-slate-900">
        Waiting for confirmation
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        {pending.requested_by.name} asked to {asked} on{' '}
        {formatDateTime(pending.requested_at, data.timeZone)}
        {pending.reason ? `: ${pending.reason}` : '.'}
      </p>
      {data.credit.can_confirm ? (
        <>
          <FormBanner id={form.errorId} errors={form.errors} />
          <Form
            method="post"
            {...getFormProps(form)}
            className="mt-2 flex flex-col gap-1"
            preventScrollReset
            noValidate
          >
            <input type="hidden" name="intent" value="decide" />
            <TextareaField
              label="Reason (to turn it down)"
              textareaProps={{ ...getTextareaProps(fields.reason), rows: 2, required: false }}
              errors={fields.reason.errors ?? fields.decision.errors}
            />
            <div className="flex flex-wrap gap-3">
              <Button
                type="submit"
                name="decision"
                value="confirm"
                pending={deciding === 'confirm'}
              >
                Confirm
              </Button>
              <Button
                type="submit"
                name="decision"
                value="reject"
                variant="danger"
                pending={deciding === 'reject'}
              >
                Turn down
              </Button>
            </div>
          </Form>
        </>
      ) : (
        <p className="mt-2 text-sm font-medium text-slate-800" data-testid="cannot-confirm">
          {data.credit.cannot_confirm_reason ??
            'Another member of staff must confirm this request.'}
        </p>
      )}
    </section>
  )
}
