import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
} from '@conform-to/react'
import { Form, useLocation, useNavigation } from '@remix-run/react'
import type { PaymentPlan, Product } from '~/contract/products'
import type { PlanEntry } from '~/contract/subscriptions'
import { flowHref } from '~/utils/breakdown'
import { formatNaira, formatNumber } from '~/contract/format'
import { unitCount } from '~/contract/units'
import { capitalize } from '~/utils/text'
import { useSpecForm, type FormSpec } from '~/utils/form-spec'
import { DetailRow } from '~/components/detail-row'
import { ErrorList, FormBanner } from '~/components/forms'
import { formatPercent, formatPeriod } from '../products/kinds'
import { SelectField } from '../products/fields'
import { Button } from '~/components/ui/button'
import { SlideOver } from '~/components/ui/slide-over'
import { AgreementForm, ListParamInputs, RefusedBeforeAgreement } from './agreement-form'
import { BreakdownTable } from './breakdown-table'
import { fullNameOf } from './details'

type Common = {
  product: Product
  closeTo: string
  listSearch: string
  investor: { first_name: string; last_name: string }
  plans: PaymentPlan[]
  fullPrice: number | null
  /** The most plots or acres that may be bought now (at most 10, no more than the units left). */
  maxQuantity: number
  spec: FormSpec
}

export type SubscribeData =
  | (Common & {
      step: 'choose'
      plan: string
      quantity: number
      result: SubmissionResult<string[]> | null
      loadError: string | null
    })
  | (Common & {
      step: 'breakdown'
      plan: string
      quantity: number
      chosen: PaymentPlan | null
      /** The total for one plot or acre. */
      unitTotal: number
      /** The total for all of them. */
      total: number
      rows: PlanEntry[]
      /** What happens if an instalment is late, in plain words with the customer's own figures. */
      timeline: string[]
      showAll: boolean
      idempotencyKey: string
    })

/** "600 sqm plot at Epe, Lagos", "2 acres at Kuje, Abuja" */
function landLabel(product: Product) {
  const measurement = product.size_in_measurement ?? ''
  const size =
    product.size !== null ? [formatNumber(product.size), measurement].filter(Boolean).join(' ') : ''
  // "1 acre acre" says the type twice.
  const type =
    product.land_type && !measurement.toLowerCase().includes(product.land_type)
      ? product.land_type
      : ''
  const what = [size, type].filter(Boolean).join(' ') || 'land'
  return product.location ? `${what} at ${product.location}` : what
}

/** What one unit of this land is called: 'plot', 'acre', or 'unit'. */
const unitOf = (product: Product) => product.land_type ?? 'unit'

const planTitle = (plan: PaymentPlan) => `${formatPeriod(plan.duration, plan.duration_type)} plan`

/** The subscribe-to-product flow for land: full payment or a plan, then the breakdown to accept. */
export function SubscribePanel({
  data,
  actionResult,
}: {
  data: SubscribeData
  actionResult?: SubmissionResult<string[]>
}) {
  return (
    <SlideOver title={data.product.name} closeTo={data.closeTo}>
      <p className="mb-4 text-sm text-slate-600">
        {capitalize(landLabel(data.product))} · {data.product.reference}
      </p>
      {data.step === 'choose' ? (
        <>
          <RefusedBeforeAgreement
            result={actionResult}
            message="Choose how you would like to pay, then read and accept the terms."
          />
          <ChooseStep data={data} />
        </>
      ) : (
        <BreakdownStep data={data} actionResult={actionResult} />
      )}
    </SlideOver>
  )
}

function ChooseStep({ data }: { data: Extract<SubscribeData, { step: 'choose' }> }) {
  const { product } = data
  const navigation = useNavigation()
  const [form, fields] = useSpecForm<{ plan: string; quantity: string }>(data.spec, {
    id: 'subscribe-choice',
    lastResult: data.result,
    defaultValue: { plan: data.plan, quantity: String(data.quantity) },
  })
  const unit = unitOf(product)
  const option = (value: string) => ({
    ...getInputProps(fields.plan, { type: 'radio', value }),
    // The server names a missing choice; the browser's own bubble would hide that message.
    required: false,
    className: 'mt-1 h-4 w-4 border-slate-300 text-brand-700 focus:ring-brand-600',
    'aria-labelledby': `option-${value}`,
    'aria-describedby': `option-${value}-details`,
  })
  const card =
    'card flex cursor-pointer gap-3 has-[:checked]:border-brand-600 has-[:checked]:ring-1 has-[:checked]:ring-brand-600'
  const discounted =
    Boolean(product.discount_percentage) &&
    data.fullPrice !== null &&
    data.fullPrice < product.amount

  return (
    <Form method="get" {...getFormProps(form)} preventScrollReset className="flex flex-col gap-3">
      <input type="hidden" name="step" value="breakdown" />
      <ListParamInputs listSearch={data.listSearch} />
      <FormBanner errors={[data.loadError, ...(form.errors ?? [])]} />
      {data.maxQuantity > 1 ? (
        <div>
          <SelectField
            label={`How many ${unit}s?`}
            selectProps={{
              ...getSelectProps(fields.quantity),
              required: false,
              className: 'input sm:max-w-[12rem]',
            }}
            options={Array.from({ length: data.maxQuantity }, (_, index) => ({
              value: String(index + 1),
              label: unitCount(index + 1, unit),
            }))}
            errors={fields.quantity.errors}
          />
          <p className="text-xs text-slate-500">
            Prices below are for one {unit}; the breakdown shows the total for all of them.
          </p>
        </div>
      ) : (
        <input type="hidden" name="quantity" value="1" />
      )}
      <fieldset
        className="flex flex-col gap-3"
        aria-describedby={fields.plan.errors ? fields.plan.errorId : undefined}
      >
        <legend className="label">How would you like to pay?</legend>
        <label className={card}>
          <input {...option('full')} />
          <div className="min-w-0 flex-1">
            <p id="option-full" className="font-semibold text-slate-900">
              Full payment
            </p>
            <dl id="option-full-details">
              <DetailRow label="Total">{formatNaira(data.fullPrice ?? product.amount)}</DetailRow>
              {discounted ? (
                <DetailRow label="Discount">
                  {formatPercent(product.discount_percentage)} off {formatNaira(product.amount)}
                </DetailRow>
              ) : null}
              <DetailRow label="Payments">One payment, due today</DetailRow>
            </dl>
          </div>
        </label>
        {data.plans.map((plan) => (
          <label key={plan.uuid} className={card}>
            <input {...option(plan.uuid)} />
            <div className="min-w-0 flex-1">
              <p id={`option-${plan.uuid}`} className="font-semibold text-slate-900">
                {planTitle(plan)}
              </p>
              <dl id={`option-${plan.uuid}-details`}>
                <DetailRow label="Total">{formatNaira(plan.amount)}</DetailRow>
                <DetailRow label="Duration">
                  {formatPeriod(plan.duration, plan.duration_type)}
                </DetailRow>
                <DetailRow label="Instalments">{`${Math.max(0, plan.duration - 1)} + initial deposit`}</DetailRow>
                <DetailRow label="Initial deposit">{formatNaira(plan.initial_deposit)}</DetailRow>
                {plan.duration > 1 ? (
                  <DetailRow label="Each instalment">
                    {formatNaira(plan.estimated_duration_payment)}
                  </DetailRow>
                ) : null}
              </dl>
            </div>
          </label>
        ))}
      </fieldset>
      <ErrorList id={fields.plan.errorId} errors={fields.plan.errors} />
      <Button
        type="submit"
        className="self-end"
        pending={navigation.state === 'loading' && navigation.formMethod === 'GET'}
      >
        Continue
      </Button>
    </Form>
  )
}

function BreakdownStep({
  data,
  actionResult,
}: {
  data: Extract<SubscribeData, { step: 'breakdown' }>
  actionResult?: SubmissionResult<string[]>
}) {
  const { pathname } = useLocation()
  const { product, chosen, rows, total, quantity } = data
  const name = fullNameOf(data.investor)
  const unit = unitOf(product)
  // "the 500 sqm plot at Lekki", or with several: "3 plots, each a 500 sqm plot at Lekki"
  const land =
    quantity > 1
      ? `${unitCount(quantity, unit)}, each a ${landLabel(product)}`
      : `the ${landLabel(product)}`
  const flow = { plan: data.plan, quantity: quantity > 1 ? quantity : null }
  return (
    <>
      <h3 className="mb-3 text-base font-semibold text-slate-900">
        Payment Breakdown: {chosen ? planTitle(chosen) : 'Full payment'}
      </h3>
      <dl className="mb-3" data-testid="breakdown-quantity">
        <DetailRow label="Quantity">{unitCount(quantity, unit)}</DetailRow>
        {quantity > 1 ? (
          <DetailRow label={`Price per ${unit}`}>{formatNaira(data.unitTotal)}</DetailRow>
        ) : null}
      </dl>
      <BreakdownTable
        caption={`Payment breakdown of ${product.name || product.reference}`}
        totalLabel="Total amount"
        total={total}
        rows={rows}
        showAll={data.showAll}
        showAllHref={flowHref(pathname, { ...flow, step: 'breakdown', all: 1 }, data.listSearch)}
      />
      <AgreementForm
        id="subscribe-agreement"
        spec={data.spec}
        lastResult={actionResult}
        hidden={{
          plan: data.plan,
          quantity: String(quantity),
          idempotency_key: data.idempotencyKey,
        }}
        cancelHref={flowHref(pathname, flow, data.listSearch)}
        acknowledgement={
          <>
            {chosen ? (
              <p>
                I, <strong>{name}</strong>, agree to buy {land} ({product.name || product.reference}
                ) under the {formatPeriod(chosen.duration, chosen.duration_type)} payment plan, for
                a total of <strong>{formatNaira(total)}</strong>: an initial deposit of{' '}
                <strong>{formatNaira(rows[0]?.amount)}</strong> to be paid today, then{' '}
                {Math.max(0, rows.length - 1)} instalments on the dates above.
              </p>
            ) : (
              <p>
                I, <strong>{name}</strong>, agree to buy {land} ({product.name || product.reference}
                ) and accept a full payment requirement of <strong>{formatNaira(total)}</strong>, to
                be paid today.
              </p>
            )}
            {data.timeline.length ? (
              <div className="mt-2" data-testid="arrears-timeline">
                <p className="font-semibold text-slate-900">If a payment is late</p>
                <ul className="mt-1 list-disc pl-5">
                  {data.timeline.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            <p className="mt-2">
              I understand that no payment has been made yet, that the land document is issued once
              the price is paid in full, and that any change to these terms must be approved by both
              parties.
            </p>
          </>
        }
      />
    </>
  )
}
