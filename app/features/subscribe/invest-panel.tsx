import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form, useLocation, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import type { Product } from '~/contract/products'
import type { PlanEntry } from '~/contract/subscriptions'
import { flowHref, payoutTotals } from '~/utils/breakdown'
import { formatNaira } from '~/contract/format'
import { belowMinimumMessage } from '~/contract/subscription-labels'
import { formatMoneyInput, parseAmount } from '~/utils/format'
import { capitalize, humanize } from '~/utils/text'
import { useSpecForm, type FormSpec } from '~/utils/form-spec'
import { useHydrated } from '~/utils/use-hydrated'
import { DetailRow } from '~/components/detail-row'
import { FormBanner, MoneyField } from '~/components/forms'
import { payoutWording, returnsWording } from '~/contract/products-labels'
import { formatPeriod } from '../products/kinds'
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
  spec: FormSpec
}

export type InvestData =
  | (Common & { step: 'amount'; amount: string; result: SubmissionResult<string[]> | null })
  | (Common & {
      step: 'breakdown'
      amount: number
      rows: PlanEntry[]
      showAll: boolean
      idempotencyKey: string
    })

export const minimumOf = (product: Product) => product.minimum_amount ?? product.amount

/** The API's words for an amount below the minimum (assertMinimum), so both refusals read alike. */

/** The invest slide-over: the terms and an amount, then the 'ROI Breakdown' to accept. */
export function InvestPanel({
  data,
  actionResult,
}: {
  data: InvestData
  actionResult?: SubmissionResult<string[]>
}) {
  return (
    <SlideOver title={data.product.name} closeTo={data.closeTo}>
      {data.step === 'amount' ? (
        <>
          <RefusedBeforeAgreement
            result={actionResult}
            message="Enter the amount you would like to invest, then read and accept the terms."
          />
          <AmountStep data={data} />
        </>
      ) : (
        <BreakdownStep data={data} actionResult={actionResult} />
      )}
    </SlideOver>
  )
}

function AmountStep({ data }: { data: Extract<InvestData, { step: 'amount' }> }) {
  const { product } = data
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const [form, fields] = useSpecForm<{ amount: string }>(data.spec, {
    id: 'invest-amount',
    lastResult: data.result,
    defaultValue: { amount: formatMoneyInput(data.amount) },
  })
  const typed = parseAmount(String(fields.amount.value ?? ''))
  const minimum = minimumOf(product)
  // With JavaScript an amount below the minimum is refused in the browser, once the field is left or
  // the form sent, in the server's words; without it the server refuses it the same way.
  const [checked, setChecked] = useState(false)
  const belowMinimum = hydrated && typed !== null && typed < minimum
  const amountErrors =
    checked && belowMinimum
      ? [belowMinimumMessage('Amount', formatNaira(minimum))]
      : fields.amount.errors
  const formProps = getFormProps(form)
  const recurring = product.land_investment_type === 'recurring'

  return (
    <>
      <dl className="divide-y divide-slate-100">
        <DetailRow label="Return on investment">{returnsWording(product)}</DetailRow>
        <DetailRow label="Investment type">
          {capitalize(humanize(product.land_investment_type))}
        </DetailRow>
        <DetailRow label="Returns paid">{payoutWording(product)}</DetailRow>
        {recurring ? (
          <DetailRow label="Maturity period">
            {formatPeriod(product.duration, product.interval)}
          </DetailRow>
        ) : null}
        <DetailRow label="Minimum amount">{formatNaira(minimum)}</DetailRow>
      </dl>
      <div className="mt-4">
        <h3 className="text-sm font-medium text-slate-500">Description</h3>
        <p className="mt-1 whitespace-pre-line text-sm text-slate-800">{product.description}</p>
      </div>
      <Form
        method="get"
        {...formProps}
        onBlur={(event) => {
          if ((event.target as HTMLElement).getAttribute('name') === 'amount') setChecked(true)
        }}
        onSubmit={(event) => {
          // The field as sent, not the form's state: text typed before the page hydrated is only in the DOM.
          const sent = parseAmount(String(new FormData(event.currentTarget).get('amount') ?? ''))
          if (sent !== null && sent < minimum) {
            event.preventDefault()
            setChecked(true)
            return
          }
          formProps.onSubmit(event)
        }}
        preventScrollReset
        className="mt-6 flex flex-col gap-1"
      >
        <input type="hidden" name="step" value="breakdown" />
        <ListParamInputs listSearch={data.listSearch} />
        <FormBanner id={form.errorId} errors={form.errors} />
        <MoneyField
          meta={fields.amount}
          label="Amount"
          errors={amountErrors}
          inputProps={{ placeholder: formatMoneyInput(String(minimum)) }}
        />
        <Button
          type="submit"
          className="self-end"
          pending={navigation.state === 'loading' && navigation.formMethod === 'GET'}
        >
          Proceed to investments plan
        </Button>
      </Form>
    </>
  )
}

function BreakdownStep({
  data,
  actionResult,
}: {
  data: Extract<InvestData, { step: 'breakdown' }>
  actionResult?: SubmissionResult<string[]>
}) {
  const { pathname } = useLocation()
  const { product, amount } = data
  const totals = payoutTotals(amount, data.rows)
  return (
    <>
      <h3 className="mb-3 text-base font-semibold text-slate-900">ROI Breakdown</h3>
      <BreakdownTable
        caption={`ROI breakdown of ${formatNaira(amount)} invested in ${product.name}`}
        totalLabel="Investment amount"
        total={amount}
        rows={data.rows}
        totals={[
          { label: 'Total profit', amount: totals.profit },
          { label: 'Total paid out', amount: totals.paidOut },
        ]}
        showAll={data.showAll}
        showAllHref={flowHref(pathname, { amount, step: 'breakdown', all: 1 }, data.listSearch)}
      />
      <AgreementForm
        id="invest-agreement"
        spec={data.spec}
        lastResult={actionResult}
        hidden={{ amount: String(amount), idempotency_key: data.idempotencyKey }}
        cancelHref={flowHref(pathname, { amount }, data.listSearch)}
        acknowledgement={
          <>
            <p>
              I, <strong>{fullNameOf(data.investor)}</strong>, accept a full payment requirement of{' '}
              <strong>{formatNaira(amount)}</strong>, the total amount of this investment in{' '}
              {product.name || product.reference}, to be paid today.
            </p>
            <p className="mt-2">
              I understand that no payment has been made yet, and that any change to these terms
              must be approved by both parties.
            </p>
          </>
        }
      />
    </>
  )
}
