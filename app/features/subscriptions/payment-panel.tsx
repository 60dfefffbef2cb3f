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
import { formatNaira } from '~/contract/format'
import { useSpecForm, type FormSpec } from '~/utils/form-spec'
import { ErrorList, Field, FormBanner } from '~/components/forms'
import { TextareaField } from '../products/fields'
import { Button } from '~/components/ui/button'
import { SlideOver } from '~/components/ui/slide-over'
import { CopyButton } from './copy-button'
import type { AmountChoice } from './payment.server'

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

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** What a choice pays, in words: "Initial deposit", "Next 2 instalments", "Initial deposit and 3 instalments". */
function choiceWords(choice: AmountChoice, data: PaymentPanelData) {
  const n = choice.instalments
  if (data.nextIsDeposit)
    return n === 1 ? 'Initial deposit' : `Initial deposit and ${plural(n - 1, 'instalment')}`
  return n === 1 ? 'Next instalment' : `Next ${n} instalments`
}

/** A choice's title and the line under it. */
function choiceText(
  choice: AmountChoice,
  data: PaymentPanelData,
): { title: string; detail: string | null } {
  const s = data.subscription
  if (s.type !== 'land') return { title: 'Amount invested', detail: null }
  if (s.payment_mode === 'full') return { title: 'Full payment', detail: null }
  if (!choice.whole) return { title: choiceWords(choice, data), detail: null }
  if (choice.instalments === 1)
    return {
      title: data.nextIsDeposit ? 'Initial deposit' : 'Last instalment',
      detail: 'Pays off the balance',
    }
  return { title: 'Whole balance', detail: `${choiceWords(choice, data)}: pays off the balance` }
}

/** Make payment (the owner) or record payment (staff, for the customer): bank details, then the proof. */
export function PaymentPanel({
  data,
  lastResult,
}: {
  data: PaymentPanelData
  lastResult?: SubmissionResult<string[]>
}) {
  const navigation = useNavigation()
  const { subscription, details } = data
  const title = data.mode === 'make' ? 'Make payment' : 'Record payment'
  const [form, fields] = useSpecForm<PaymentForm>(data.spec, {
    id: 'payment-form',
    lastResult,
    defaultValue: {
      amount: data.choices[0]?.value ?? '',
      description: details.description,
      ...data.paidAt,
    },
  })
  const bank = details.bank_details
  if (!hasBankDetails(bank)) {
    return (
      <SlideOver title={title} closeTo={data.closeTo}>
        <div
          role="status"
          className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <p className="font-medium">{NO_BANK_DETAILS}</p>
          {data.canSetBankDetails ? (
            <p className="mt-1">
              <Link to="/settings?tab=settings" className="font-semibold underline">
                Add the bank details in Settings
              </Link>
            </p>
          ) : null}
        </div>
      </SlideOver>
    )
  }
  return (
    <SlideOver title={title} closeTo={data.closeTo}>
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
          Type this as the narration of your transfer so we can match it.
        </p>
      </section>
      <FormBanner id={form.errorId} errors={form.errors} />
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="flex flex-col gap-1"
        preventScrollReset
      >
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={fields.amount.errors ? fields.amount.errorId : undefined}
          data-testid="amount-choices"
        >
          <legend className="label">
            {data.choices.length > 1 ? 'How much are you paying?' : 'Amount'}
          </legend>
          {data.choices.map((choice) => {
            const { title, detail } = choiceText(choice, data)
            const id = `amount-${choice.value.replace('.', '-')}`
            return (
              <label
                key={choice.value}
                className="flex min-h-[44px] cursor-pointer items-center gap-3 rounded-md border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:ring-1 has-[:checked]:ring-brand-600"
              >
                <input
                  {...getInputProps(fields.amount, { type: 'radio', value: choice.value })}
                  required={false}
                  className="h-4 w-4 shrink-0 border-slate-300 text-brand-700 focus:ring-brand-600"
                  aria-labelledby={`${id}-title ${id}-amount`}
                  aria-describedby={detail ? `${id}-detail` : undefined}
                />
                <span className="min-w-0 flex-1">
                  <span id={`${id}-title`} className="block font-medium text-slate-900">
                    {title}
                  </span>
                  {detail ? (
                    <span id={`${id}-detail`} className="block text-xs text-slate-500">
                      {detail}
                    </span>
                  ) : null}
                </span>
                <span
                  id={`${id}-amount`}
                  className="shrink-0 font-semibold tabular-nums text-slate-900"
                >
                  {formatNaira(choice.amount)}
                </span>
              </label>
            )
          })}
        </fieldset>
        <ErrorList id={fields.amount.errorId} errors={fields.amount.errors} />
        <TextareaField
          label="Description"
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
        <Button
          type="submit"
          pending={navigation.state === 'submitting'}
          className="w-full sm:w-auto sm:self-end"
        >
          Send payment proof
        </Button>
      </Form>
    </SlideOver>
  )
}
