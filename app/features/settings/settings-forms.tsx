import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Field, FormBanner } from '~/components/forms'
import { Button } from '~/components/ui/button'
import type {
  BankDetails,
  BankDetailsForm as BankDetailsShape,
  CompanyDetails,
  CompanyDetailsForm as CompanyDetailsShape,
  ReminderDaysForm as ReminderDaysShape,
} from '~/contract/settings'
import type { CommissionRates } from '~/contract/commission-rules'
import type { CommissionRatesForm as CommissionRatesShape } from '~/contract/commissions'
import {
  EXPIRY_DAYS_MAX,
  EXPIRY_DAYS_MIN,
  REMINDER_DAYS_MAX,
  REMINDER_DAYS_MIN,
  UNCONFIRMED_EXPIRY_DAYS_MAX,
  UNCONFIRMED_EXPIRY_DAYS_MIN,
  type SettingType,
} from '~/contract/settings-labels'
import {
  RECORDED_TITLE_STEPS,
  TITLE_STEP_DAYS_MAX,
  TITLE_STEP_DAYS_MIN,
  TITLE_STEP_LABELS,
  type TitleStepDays,
} from '~/contract/title-rules'
import type { TitleStepDaysForm as TitleStepDaysShape } from '~/contract/titles'
import {
  PAYOUT_ACCOUNT_HOLD_HOURS_MAX,
  PAYOUT_ACCOUNT_HOLD_HOURS_MIN,
  PAYOUT_GRACE_DAYS_MAX,
  PAYOUT_GRACE_DAYS_MIN,
} from '~/contract/payout-rules'
import { useSpecForm, type FormSpec } from '~/utils/form-spec'

function SettingsCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card">
      <h2 id={id} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

function useSubmitting(intent: string) {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

export function BankDetailsForm({
  current,
  spec,
  lastResult,
}: {
  current: BankDetails
  spec: FormSpec
  lastResult?: SubmissionResult
}) {
  const pending = useSubmitting('bank_details')
  const [form, fields] = useSpecForm<BankDetailsShape>(spec, {
    id: 'bank-details',
    lastResult,
    defaultValue: current,
  })
  return (
    <SettingsCard id="bank-heading" title="Bank details">
      <p className="mb-4 text-sm text-slate-500">
        Customers pay into this account; it shows when they make a payment.
      </p>
      <FormBanner id={form.errorId} errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="flex max-w-md flex-col gap-1">
        <input type="hidden" name="intent" value="bank_details" />
        <Field
          labelProps={{ children: 'Account number' }}
          inputProps={{
            ...getInputProps(fields.account_number, { type: 'text' }),
            inputMode: 'numeric',
            pattern: '[0-9]{10}',
            autoComplete: 'off',
          }}
          errors={fields.account_number.errors}
        />
        <Field
          labelProps={{ children: 'Account name' }}
          inputProps={{
            ...getInputProps(fields.account_name, { type: 'text' }),
            autoComplete: 'off',
          }}
          errors={fields.account_name.errors}
        />
        <Field
          labelProps={{ children: 'Bank name' }}
          inputProps={{ ...getInputProps(fields.bank_name, { type: 'text' }), autoComplete: 'off' }}
          errors={fields.bank_name.errors}
        />
        <Button type="submit" pending={pending} className="w-full sm:w-auto sm:self-start">
          Save bank details
        </Button>
      </Form>
    </SettingsCard>
  )
}

type DaysSetting = {
  intent: SettingType
  id: string
  headingId: string
  title: string
  label: string
  min: number
  max: number
  hint: string
  save: string
}

const REMINDER_DAYS: DaysSetting = {
  intent: 'subscription_due_reminder_day',
  id: 'reminder-days',
  headingId: 'reminder-heading',
  title: 'Payment reminders',
  label: 'Reminder days',
  min: REMINDER_DAYS_MIN,
  max: REMINDER_DAYS_MAX,
  hint: `How many days before a payment is due customers get a reminder (${REMINDER_DAYS_MIN} to ${REMINDER_DAYS_MAX}).`,
  save: 'Save reminder days',
}

const EXPIRY_DAYS: DaysSetting = {
  intent: 'unpaid_subscription_expiry_days',
  id: 'expiry-days',
  headingId: 'expiry-heading',
  title: 'Unpaid subscriptions',
  label: 'Expiry days',
  min: EXPIRY_DAYS_MIN,
  max: EXPIRY_DAYS_MAX,
  hint: `A subscription with no payment expires after this many days and its plots or acres go back on sale; the customer is told the day before (${EXPIRY_DAYS_MIN} to ${EXPIRY_DAYS_MAX}).`,
  save: 'Save expiry days',
}

const UNCONFIRMED_EXPIRY_DAYS: DaysSetting = {
  intent: 'unconfirmed_payment_expiry_days',
  id: 'unconfirmed-expiry-days',
  headingId: 'unconfirmed-expiry-heading',
  title: 'Payments awaiting confirmation',
  label: 'Confirmation days',
  min: UNCONFIRMED_EXPIRY_DAYS_MIN,
  max: UNCONFIRMED_EXPIRY_DAYS_MAX,
  hint: `A payment staff have not confirmed this many days after it was sent expires and the customer is told; a subscription with no confirmed payment then expires and its plots or acres go back on sale (${UNCONFIRMED_EXPIRY_DAYS_MIN} to ${UNCONFIRMED_EXPIRY_DAYS_MAX}).`,
  save: 'Save confirmation days',
}

const GRACE_DAYS: DaysSetting = {
  intent: 'payout_grace_days',
  id: 'grace-days',
  headingId: 'grace-heading',
  title: 'Investor payouts',
  label: 'Grace days',
  min: PAYOUT_GRACE_DAYS_MIN,
  max: PAYOUT_GRACE_DAYS_MAX,
  hint: `How many days a payout stays due past its date before it shows as late (${PAYOUT_GRACE_DAYS_MIN} to ${PAYOUT_GRACE_DAYS_MAX}).`,
  save: 'Save grace days',
}

const PAYOUT_ACCOUNT_HOLD: DaysSetting = {
  intent: 'payout_account_hold_hours',
  id: 'payout-account-hold',
  headingId: 'payout-account-hold-heading',
  title: 'Payout account changes',
  label: 'Hold hours',
  min: PAYOUT_ACCOUNT_HOLD_HOURS_MIN,
  max: PAYOUT_ACCOUNT_HOLD_HOURS_MAX,
  hint: `When an investor sets or changes the bank account payouts go to, their payouts cannot be recorded paid for this many hours (${PAYOUT_ACCOUNT_HOLD_HOURS_MIN} to ${PAYOUT_ACCOUNT_HOLD_HOURS_MAX}).`,
  save: 'Save hold hours',
}

type DaysFormProps = { current: number; spec: FormSpec; lastResult?: SubmissionResult }

export const ReminderDaysForm = (props: DaysFormProps) => (
  <DaysSettingForm setting={REMINDER_DAYS} {...props} />
)
export const ExpiryDaysForm = (props: DaysFormProps) => (
  <DaysSettingForm setting={EXPIRY_DAYS} {...props} />
)
export const UnconfirmedExpiryDaysForm = (props: DaysFormProps) => (
  <DaysSettingForm setting={UNCONFIRMED_EXPIRY_DAYS} {...props} />
)
export const GraceDaysForm = (props: DaysFormProps) => (
  <DaysSettingForm setting={GRACE_DAYS} {...props} />
)
export const PayoutAccountHoldForm = (props: DaysFormProps) => (
  <DaysSettingForm setting={PAYOUT_ACCOUNT_HOLD} {...props} />
)

/** A setting that is a whole number of days, in its own card. */
function DaysSettingForm({
  setting,
  current,
  spec,
  lastResult,
}: DaysFormProps & { setting: DaysSetting }) {
  const pending = useSubmitting(setting.intent)
  const [form, fields] = useSpecForm<ReminderDaysShape>(spec, {
    id: setting.id,
    lastResult,
    defaultValue: { value: String(current) },
  })
  return (
    <SettingsCard id={setting.headingId} title={setting.title}>
      <FormBanner id={form.errorId} errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="flex max-w-md flex-col gap-1">
        <input type="hidden" name="intent" value={setting.intent} />
        <Field
          labelProps={{ children: setting.label }}
          inputProps={{
            ...getInputProps(fields.value, { type: 'number' }),
            min: setting.min,
            max: setting.max,
            step: 1,
            inputMode: 'numeric',
          }}
          errors={fields.value.errors}
          hint={setting.hint}
        />
        <Button type="submit" pending={pending} className="w-full sm:w-auto sm:self-start">
          {setting.save}
        </Button>
      </Form>
    </SettingsCard>
  )
}

/** The company as receipts and allocation letters name it. */
export function CompanyDetailsForm({
  current,
  spec,
  lastResult,
}: {
  current: CompanyDetails
  spec: FormSpec
  lastResult?: SubmissionResult
}) {
  const pending = useSubmitting('company_details')
  const [form, fields] = useSpecForm<CompanyDetailsShape>(spec, {
    id: 'company-details',
    lastResult,
    defaultValue: current,
  })
  return (
    <SettingsCard id="company-heading" title="Company details">
      <p className="mb-4 text-sm text-slate-500">
        Printed at the top of every receipt and allocation letter.
      </p>
      <FormBanner id={form.errorId} errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="flex max-w-md flex-col gap-1">
        <input type="hidden" name="intent" value="company_details" />
        <Field
          labelProps={{ children: 'Company name' }}
          inputProps={{
            ...getInputProps(fields.name, { type: 'text' }),
            autoComplete: 'organization',
          }}
          errors={fields.name.errors}
        />
        <Field
          labelProps={{ children: 'Address' }}
          inputProps={{ ...getInputProps(fields.address, { type: 'text' }), autoComplete: 'off' }}
          errors={fields.address.errors}
        />
        <Field
          labelProps={{ children: 'RC number' }}
          inputProps={{
            ...getInputProps(fields.rc_number, { type: 'text' }),
            autoComplete: 'off',
            placeholder: 'RC 1234567',
          }}
          errors={fields.rc_number.errors}
          hint="The registration number from the Corporate Affairs Commission."
        />
        <Field
          labelProps={{ children: 'Phone number' }}
          inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'off' }}
          errors={fields.phone.errors}
        />
        <Button type="submit" pending={pending} className="w-full sm:w-auto sm:self-start">
          Save company details
        </Button>
      </Form>
    </SettingsCard>
  )
}

/** Target days after payment completed for each title step: when the customer is told to expect it. */
export function TitleStepDaysForm({
  current,
  spec,
  lastResult,
}: {
  current: TitleStepDays
  spec: FormSpec
  lastResult?: SubmissionResult
}) {
  const pending = useSubmitting('title_step_days')
  const [form, fields] = useSpecForm<TitleStepDaysShape>(spec, {
    id: 'title-step-days',
    lastResult,
    defaultValue: Object.fromEntries(
      RECORDED_TITLE_STEPS.map((step) => [step, String(current[step])]),
    ) as TitleStepDaysShape,
  })
  return (
    <SettingsCard id="title-days-heading" title="Title steps">
      <p className="mb-4 text-sm text-slate-500">
        How many days after the land is fully paid each title step is expected. Customers are told
        these dates, and the Titles list shows a step as overdue once its date has passed (
        {TITLE_STEP_DAYS_MIN} to {TITLE_STEP_DAYS_MAX}).
      </p>
      <FormBanner id={form.errorId} errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="flex max-w-md flex-col gap-1">
        <input type="hidden" name="intent" value="title_step_days" />
        {RECORDED_TITLE_STEPS.map((step) => (
          <Field
            key={step}
            labelProps={{ children: `${TITLE_STEP_LABELS[step]} (days)` }}
            inputProps={{
              ...getInputProps(fields[step], { type: 'number' }),
              min: TITLE_STEP_DAYS_MIN,
              max: TITLE_STEP_DAYS_MAX,
              step: 1,
              inputMode: 'numeric',
            }}
            errors={fields[step].errors}
          />
        ))}
        <Button type="submit" pending={pending} className="w-full sm:w-auto sm:self-start">
          Save title step days
        </Button>
      </Form>
    </SettingsCard>
  )
}

const RATE_FIELDS = [
  { name: 'level_1', label: 'Level 1 rate', hint: "The customer's own realtor." },
  { name: 'level_2', label: 'Level 2 rate', hint: "That realtor's upline." },
  { name: 'level_3', label: 'Level 3 rate', hint: 'The next upline. 0 turns a level off.' },
  {
    name: 'wht_individual',
    label: 'Withholding tax for individuals',
    hint: 'Taken from each commission of a realtor who is not a company.',
  },
  {
    name: 'wht_company',
    label: 'Withholding tax for companies',
    hint: 'For realtors who are registered companies.',
  },
] as const

/** Realtor commission rates by level and the withholding tax rates, in percent (two decimals at most). */
export function CommissionRatesForm({
  current,
  spec,
  lastResult,
}: {
  current: CommissionRates
  spec: FormSpec
  lastResult?: SubmissionResult
}) {
  const pending = useSubmitting('commission_rates')
  const defaultValue = Object.fromEntries(
    Object.entries(current).map(([key, value]) => [key, String(value)]),
  ) as CommissionRatesShape
  const [form, fields] = useSpecForm<CommissionRatesShape>(spec, {
    id: 'commission-rates',
    lastResult,
    defaultValue,
  })
  return (
    <SettingsCard id="commission-rates-heading" title="Commission rates">
      <p className="mb-4 text-sm text-slate-500">
        Percent of each confirmed payment a customer makes, paid to their realtor and up to two
        uplines. Decimals such as 2.5 are allowed.
      </p>
      <FormBanner id={form.errorId} errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="flex max-w-md flex-col gap-1">
        <input type="hidden" name="intent" value="commission_rates" />
        {RATE_FIELDS.map((rate) => (
          <Field
            key={rate.name}
            labelProps={{ children: `${rate.label} (%)` }}
            inputProps={{
              ...getInputProps(fields[rate.name], { type: 'text' }),
              inputMode: 'decimal',
              autoComplete: 'off',
            }}
            errors={fields[rate.name].errors}
            hint={rate.hint}
          />
        ))}
        <Button type="submit" pending={pending} className="w-full sm:w-auto sm:self-start">
          Save commission rates
        </Button>
      </Form>
    </SettingsCard>
  )
}
