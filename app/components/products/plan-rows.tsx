import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, useNavigation } from '@remix-run/react'
import { INTERVALS, paymentPlanPayloadSchema, type PaymentPlan } from '~/contract/products'
import { capitalize, formatMoneyInput, formatNaira } from '~/utils/format'
import { Field, FormBanner, MoneyField } from '../forms'
import { Button } from '../ui/button'
import { SelectField } from './fields'

export const DURATION_TYPE_OPTIONS = INTERVALS.map((value) => ({ value, label: capitalize(value) }))

/** One plan, read-only: amount, duration, duration type and what each instalment costs. */
export function PlanSummary({ plan }: { plan: PaymentPlan }) {
  const items: Array<[string, string]> = [
    ['Amount', formatNaira(plan.amount)],
    ['Duration', String(plan.duration)],
    ['Duration type', capitalize(plan.duration_type)],
    ['Initial deposit', formatNaira(plan.initial_deposit)],
    ['Estimated payment per instalment', formatNaira(plan.estimated_duration_payment)],
  ]
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3" data-testid="plan-summary">
      {items.map(([label, value]) => (
        <div key={label} className={label.startsWith('Estimated') ? 'col-span-2 sm:col-span-1' : undefined}>
          <dt className="text-xs text-slate-500">{label}</dt>
          <dd className="font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** A plan row in edit mode (or the new, unsaved row): a plain form post; Cancel is a link back. */
export function PlanForm({
  formId,
  plan,
  cancelTo,
  lastResult,
}: {
  formId: string
  plan?: PaymentPlan
  cancelTo: string
  lastResult?: SubmissionResult<string[]>
}) {
  const navigation = useNavigation()
  const [form, fields] = useForm<{ amount: string; duration: string; duration_type: string }, unknown>({
    id: formId,
    constraint: getZodConstraint(paymentPlanPayloadSchema),
    lastResult,
    defaultValue: plan
      ? {
          amount: formatMoneyInput(String(plan.amount)),
          duration: String(plan.duration),
          duration_type: plan.duration_type,
        }
      : { duration_type: 'months' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: paymentPlanPayloadSchema }),
    shouldRevalidate: 'onInput',
  })
  const submitting = navigation.state === 'submitting' && navigation.formData?.get('form_id') === formId
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
          inputProps={{ ...getInputProps(fields.duration, { type: 'number' }), min: 2, step: 1, inputMode: 'numeric' }}
          errors={fields.duration.errors}
        />
        <SelectField
          label="Duration type"
          selectProps={getSelectProps(fields.duration_type)}
          options={DURATION_TYPE_OPTIONS}
          errors={fields.duration_type.errors}
        />
      </div>
      {plan ? (
        <p className="text-xs text-slate-500">Now {formatNaira(plan.estimated_duration_payment)} per instalment.</p>
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
