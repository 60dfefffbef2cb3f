import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
} from '@conform-to/react'
import { Form, Link, useNavigation } from '@remix-run/react'
import type { PaymentPlan, PaymentPlanForm } from '~/contract/products'
import { INTERVALS } from '~/contract/products-labels'
import { DEFAULT_ARREARS_RULES } from '~/contract/arrears-rules'
import { useSpecForm, type FormSpec } from '~/utils/form-spec'
import { formatNaira } from '~/contract/format'
import { formatMoneyInput } from '~/utils/format'
import { capitalize } from '~/utils/text'
import { Field, FormBanner, MoneyField } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { SelectField } from './fields'

const DEFAULT_ACTION_OPTIONS = [
  { value: 'reprice', label: 'Reprice the balance' },
  { value: 'cancel', label: 'Cancel the subscription' },
]

export const DURATION_TYPE_OPTIONS = INTERVALS.map((value) => ({ value, label: capitalize(value) }))

/** A plan row in edit mode (or the new, unsaved row): a plain form post; Cancel is a link back. */
export function PlanForm({
  formId,
  plan,
  cancelTo,
  spec,
  lastResult,
}: {
  formId: string
  plan?: PaymentPlan
  cancelTo: string
  /** formSpec(paymentPlanPayloadSchema), from the route's loader. */
  spec: FormSpec
  lastResult?: SubmissionResult<string[]>
}) {
  const navigation = useNavigation()
  const [form, fields] = useSpecForm<PaymentPlanForm>(spec, {
    id: formId,
    lastResult,
    defaultValue: plan
      ? {
          amount: formatMoneyInput(String(plan.amount)),
          duration: String(plan.duration),
          duration_type: plan.duration_type,
          grace_days: String(plan.grace_days),
          late_fee_percent: String(plan.late_fee_percent),
          default_after_days: String(plan.default_after_days),
          default_action: plan.default_action,
        }
      : {
          duration_type: 'months',
          grace_days: String(DEFAULT_ARREARS_RULES.graceDays),
          late_fee_percent: String(DEFAULT_ARREARS_RULES.lateFeePercent),
          default_after_days: String(DEFAULT_ARREARS_RULES.defaultAfterDays),
          default_action: DEFAULT_ARREARS_RULES.defaultAction,
        },
  })
  const submitting =
    navigation.state === 'submitting' && navigation.formData?.get('form_id') === formId
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-label={plan ? 'Edit payment plan' : 'New payment plan'}
      className="flex flex-col gap-1"
    >
      <FormBanner id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value={plan ? 'update' : 'create'} />
      <input type="hidden" name="form_id" value={formId} />
      {plan ? <input type="hidden" name="uuid" value={plan.uuid} /> : null}
      <div className="grid gap-x-3 sm:grid-cols-3">
        <MoneyField meta={fields.amount} label="Amount" />
        <Field
          labelProps={{ children: 'Duration' }}
          inputProps={{
            ...getInputProps(fields.duration, { type: 'number' }),
            min: 2,
            step: 1,
            inputMode: 'numeric',
          }}
          errors={fields.duration.errors}
        />
        <SelectField
          label="Duration type"
          selectProps={getSelectProps(fields.duration_type)}
          options={DURATION_TYPE_OPTIONS}
          errors={fields.duration_type.errors}
        />
      </div>
      <fieldset className="grid gap-x-3 sm:grid-cols-4">
        <legend className="mb-1 text-xs font-medium text-slate-600">
          If an instalment is paid late
        </legend>
        <Field
          labelProps={{ children: 'Grace days' }}
          inputProps={{
            ...getInputProps(fields.grace_days, { type: 'number' }),
            min: 0,
            max: 90,
            step: 1,
            inputMode: 'numeric',
          }}
          errors={fields.grace_days.errors}
        />
        <Field
          labelProps={{ children: 'Late fee (%)' }}
          inputProps={{
            ...getInputProps(fields.late_fee_percent, { type: 'number' }),
            min: 0,
            max: 50,
            step: 'any',
            inputMode: 'decimal',
          }}
          errors={fields.late_fee_percent.errors}
        />
        <Field
          labelProps={{ children: 'Default after (days)' }}
          inputProps={{
            ...getInputProps(fields.default_after_days, { type: 'number' }),
            min: 1,
            max: 730,
            step: 1,
            inputMode: 'numeric',
          }}
          errors={fields.default_after_days.errors}
        />
        <SelectField
          label="Default action"
          selectProps={getSelectProps(fields.default_action)}
          options={DEFAULT_ACTION_OPTIONS}
          errors={fields.default_action.errors}
        />
      </fieldset>
      {plan ? (
        <p className="text-xs text-slate-500">
          Now {formatNaira(plan.estimated_duration_payment)} per instalment.
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Link to={cancelTo} className="btn-secondary" preventScrollReset replace>
          Cancel
        </Link>
        <Button type="submit" pending={submitting}>
          {plan ? 'Save' : 'Add plan'}
        </Button>
      </div>
    </Form>
  )
}
