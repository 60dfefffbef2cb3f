import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation, useSubmit } from '@remix-run/react'
import { useRef, type ReactNode } from 'react'
import type { Customer } from '~/contract/people'
import type { PaymentPlan, Product } from '~/contract/products'
import { discountedPrice } from '~/contract/products-labels'
import type { CreateSubscriptionForm } from './subscription-forms'
import { formatNaira } from '~/contract/format'
import { maxQuantity } from '~/contract/money'
import { unitCount } from '~/contract/units'
import { useSpecForm, type FormSpec } from '~/utils/form-spec'
import { ErrorList, FormBanner } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { SlideOver } from '~/components/ui/slide-over'
import { LISTS } from './lists'

export type NewSubscriptionData = {
  query: { customer_search: string; customer: string; product_search: string; product: string }
  closeTo: string
  listParams: Record<string, string>
  customers: Customer[]
  customersError: string | null
  products: Product[]
  productsError: string | null
  customer: Customer | null
  product: Product | null
  plans: PaymentPlan[]
  spec: FormSpec
}

/** How many plots or acres (the payment options below are for one); hidden when only one may be bought. */
function QuantitySelect({ product, errors }: { product: Product; errors?: string[] }) {
  const most = maxQuantity(product.available_by_quantity ? (product.unit_available ?? 0) : null)
  if (most <= 1) return <input type="hidden" name="quantity" value="1" />
  const unit = product.land_type ?? 'unit'
  return (
    <div>
      <label htmlFor="new-subscription-quantity" className="label">
        How many {unit}s?
      </label>
      <select
        id="new-subscription-quantity"
        name="quantity"
        defaultValue="1"
        className="input sm:max-w-[12rem]"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={
          errors?.length ? 'new-subscription-quantity-error' : 'new-subscription-quantity-hint'
        }
      >
        {Array.from({ length: most }, (_, index) => (
          <option key={index + 1} value={String(index + 1)}>
            {unitCount(index + 1, unit)}
          </option>
        ))}
      </select>
      <p id="new-subscription-quantity-hint" className="mt-1 text-xs text-slate-500">
        The amounts below are for one {unit}.
      </p>
      <ErrorList id="new-subscription-quantity-error" errors={errors} />
    </div>
  )
}

function Choice({
  name,
  value,
  checked,
  children,
}: {
  name: string
  value: string
  checked: boolean
  children: ReactNode
}) {
  return (
    <label className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
      <input type="radio" name={name} value={value} defaultChecked={checked} className="mt-0.5" />
      <span>{children}</span>
    </label>
  )
}

function SearchBox({ name, label, value }: { name: string; label: string; value: string }) {
  return (
    <div className="flex gap-2">
      <label htmlFor={`new-subscription-${name}`} className="sr-only">
        {label}
      </label>
      <input
        id={`new-subscription-${name}`}
        type="search"
        name={name}
        defaultValue={value}
        placeholder={label}
        className="input"
        maxLength={100}
      />
      <button type="submit" className="btn-secondary">
        Search
      </button>
    </div>
  )
}

/** The choices first one, the chosen one kept at the top when a new search no longer lists it. */
function withChosen<T extends { reference: string }>(items: T[], chosen: T | null) {
  return chosen && !items.some((item) => item.reference === chosen.reference)
    ? [chosen, ...items]
    : items
}

/**
 * Add subscription: a GET form finds and picks a customer and a land product (so it works without
 * JavaScript; with it, picking submits at once); then the POST form picks full payment or a plan.
 */
export function NewSubscriptionPanel({
  data,
  lastResult,
}: {
  data: NewSubscriptionData
  lastResult?: SubmissionResult<string[]>
}) {
  const navigation = useNavigation()
  const submit = useSubmit()
  const finder = useRef<HTMLFormElement>(null)
  const [form, fields] = useSpecForm<CreateSubscriptionForm>(data.spec, {
    id: 'new-subscription',
    lastResult,
  })
  const { query, customer, product } = data
  const customers = withChosen(data.customers, customer)
  const products = withChosen(data.products, product)
  const pick = () =>
    finder.current && submit(finder.current, { replace: true, preventScrollReset: true })

  return (
    <SlideOver title="Add subscription" closeTo={data.closeTo}>
      <Form
        ref={finder}
        method="get"
        action={`${LISTS.land.basePath}/new`}
        className="flex flex-col gap-5"
        onChange={(event) => {
          if ((event.target as HTMLInputElement).type === 'radio') pick()
        }}
      >
        {Object.entries(data.listParams).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <fieldset className="flex flex-col gap-2">
          <legend className="label">Customer</legend>
          <SearchBox
            name="customer_search"
            label="Search customers"
            value={query.customer_search}
          />
          {data.customersError ? (
            <p className="text-sm text-red-700">{data.customersError}</p>
          ) : null}
          {customers.length ? (
            <div className="flex max-h-60 flex-col gap-1 overflow-y-auto">
              {customers.map((item) => (
                <Choice
                  key={item.reference}
                  name="customer"
                  value={item.reference}
                  checked={item.reference === customer?.reference}
                >
                  <span className="font-medium">
                    {item.first_name} {item.last_name}
                  </span>{' '}
                  <span className="text-slate-500">
                    {item.email} · {item.reference}
                  </span>
                </Choice>
              ))}
            </div>
          ) : (
            <p className="text-sm text-slate-500">No customer matches.</p>
          )}
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="label">Land</legend>
          <SearchBox name="product_search" label="Search land" value={query.product_search} />
          {data.productsError ? <p className="text-sm text-red-700">{data.productsError}</p> : null}
          {products.length ? (
            <div className="flex max-h-60 flex-col gap-1 overflow-y-auto">
              {products.map((item) => (
                <Choice
                  key={item.reference}
                  name="product"
                  value={item.reference}
                  checked={item.reference === product?.reference}
                >
                  <span className="font-medium">{item.location ?? item.reference}</span>{' '}
                  <span className="text-slate-500">
                    {formatNaira(discountedPrice(item))} · {item.reference}
                  </span>
                </Choice>
              ))}
            </div>
          ) : (
            <p className="text-sm text-slate-500">No land matches.</p>
          )}
        </fieldset>
        <button type="submit" className="btn-secondary self-start">
          Show payment options
        </button>
      </Form>

      <hr className="my-5 border-slate-200" />
      {customer && product ? (
        <>
          <FormBanner id={form.errorId} errors={form.errors} />
          <Form
            method="post"
            {...getFormProps(form)}
            className="flex flex-col gap-2"
            preventScrollReset
          >
            <input type="hidden" name="customer" value={customer.reference} />
            <input type="hidden" name="product" value={product.reference} />
            <p className="text-sm text-slate-700">
              For{' '}
              <strong>
                {customer.first_name} {customer.last_name}
              </strong>
              : <strong>{product.location ?? product.reference}</strong>
            </p>
            <QuantitySelect product={product} errors={fields.quantity.errors} />
            <fieldset
              className="flex flex-col gap-1"
              aria-describedby={fields.payment.errors ? `${fields.payment.id}-error` : undefined}
            >
              <legend className="label">Payment option</legend>
              <Choice name="payment" value="full" checked={false}>
                Full payment: {formatNaira(discountedPrice(product))}
              </Choice>
              {data.plans.map((plan) => (
                <Choice key={plan.uuid} name="payment" value={plan.uuid} checked={false}>
                  {plan.duration} {plan.duration_type} plan: {formatNaira(plan.amount)} (
                  {formatNaira(plan.initial_deposit)} now, then{' '}
                  {formatNaira(plan.estimated_duration_payment)} each)
                </Choice>
              ))}
              <ErrorList
                id={`${fields.payment.id}-error`}
                errors={fields.payment.errors ?? fields.customer.errors ?? fields.product.errors}
              />
            </fieldset>
            <Button type="submit" pending={navigation.state === 'submitting'} className="self-end">
              Create subscription
            </Button>
          </Form>
        </>
      ) : (
        <p className="text-sm text-slate-500">
          Pick a customer and a land product to see the payment options.
        </p>
      )}
    </SlideOver>
  )
}
