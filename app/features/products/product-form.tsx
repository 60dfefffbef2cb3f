import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type SubmissionResult,
} from '@conform-to/react'
import { Form, Link, useNavigation } from '@remix-run/react'
import type { Product, ProductForm as ProductFormShape } from '~/contract/products'
import { useSpecForm, type FormSpec } from '~/utils/form-spec'
import { formatMoneyInput } from '~/utils/format'
import { CheckboxField, Field, FormBanner, MoneyField } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { SlideOver } from '~/components/ui/slide-over'
import { SelectField, TextareaField } from './fields'
import { KINDS, type KindName } from './kinds'
import { DURATION_TYPE_OPTIONS } from './plan-rows'

export type ProductFormData = {
  kind: KindName
  product: Product | null
  closeTo: string
  spec: FormSpec
  /** The registry's estates a land product may sell the plots of. */
  estates: { value: string; label: string }[]
}
export type ProductFormActionData = {
  result: SubmissionResult<string[]>
  images: string[]
  removed: string[]
}

const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
]

const money = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : formatMoneyInput(String(value))
const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value)

function defaultsFor(kind: KindName, product: Product | null) {
  if (!product) {
    return kind === 'land'
      ? { land_type: 'plot', is_available: 'true' }
      : { land_investment_type: 'recurring', interval: 'months', is_available: 'true' }
  }
  return {
    name: product.name,
    description: product.description,
    location: text(product.location),
    amount: money(product.amount),
    initial_deposit_amount: money(product.initial_deposit_amount),
    land_type: text(product.land_type),
    size: text(product.size),
    size_in_measurement: text(product.size_in_measurement),
    available_by_quantity: product.available_by_quantity ? 'on' : undefined,
    unit_available: text(product.unit_available),
    estate_id: text(product.estate_id),
    is_available: String(product.is_available),
    discount_percentage: text(product.discount_percentage),
    minimum_amount: money(product.minimum_amount),
    investment_return: text(product.investment_return),
    land_investment_type: text(product.land_investment_type),
    interval: text(product.interval),
    duration: text(product.duration),
    frequency_period: text(product.frequency_period),
  }
}

type Fields = Record<string, FieldMetadata<string | undefined>>

function NumberField({
  field,
  label,
  hint,
  step = '1',
}: {
  field: FieldMetadata<string | undefined>
  label: string
  hint?: string
  step?: string
}) {
  return (
    <Field
      labelProps={{ children: label }}
      inputProps={{
        ...getInputProps(field, { type: 'number' }),
        min: 0,
        step,
        inputMode: step === '1' ? 'numeric' : 'decimal',
      }}
      errors={field.errors}
      hint={hint}
    />
  )
}

function LandFields({ fields, estates }: { fields: Fields; estates: ProductFormData['estates'] }) {
  return (
    <>
      <Field
        labelProps={{ children: 'Location' }}
        inputProps={getInputProps(fields.location, { type: 'text' })}
        errors={fields.location.errors}
        className="sm:col-span-2"
      />
      <MoneyField meta={fields.amount} label="Amount" />
      <MoneyField meta={fields.initial_deposit_amount} label="Initial deposit (optional)" />
      <SelectField
        label="Land type"
        selectProps={getSelectProps(fields.land_type)}
        options={[
          { value: 'plot', label: 'Plot' },
          { value: 'acre', label: 'Acre' },
        ]}
        errors={fields.land_type.errors}
      />
      <NumberField
        field={fields.discount_percentage}
        label="Discount percentage (optional)"
        step="0.01"
      />
      <NumberField field={fields.size} label="Size" step="any" />
      <Field
        labelProps={{ children: 'Size measurement' }}
        inputProps={{
          ...getInputProps(fields.size_in_measurement, { type: 'text' }),
          placeholder: 'sqm',
        }}
        errors={fields.size_in_measurement.errors}
      />
      <CheckboxField
        labelProps={{ children: 'Available by quantity' }}
        inputProps={getInputProps(fields.available_by_quantity, { type: 'checkbox' })}
        errors={fields.available_by_quantity.errors}
      />
      <NumberField
        field={fields.unit_available}
        label="Unit available"
        hint="Required when available by quantity"
      />
      <SelectField
        label="Estate (optional)"
        selectProps={getSelectProps(fields.estate_id)}
        placeholder="None: the units are the number above"
        options={estates}
        errors={fields.estate_id.errors}
        className="sm:col-span-2"
      />
      <p className="-mt-1 mb-2 text-xs text-slate-600 sm:col-span-2">
        With an estate, the product sells its free plots of the size above: the units are counted
        from the plot registry.
      </p>
    </>
  )
}

function InvestmentFields({ fields }: { fields: Fields }) {
  return (
    <>
      <Field
        labelProps={{ children: 'Location (optional)' }}
        inputProps={getInputProps(fields.location, { type: 'text' })}
        errors={fields.location.errors}
        className="sm:col-span-2"
      />
      <MoneyField meta={fields.minimum_amount} label="Minimum amount" />
      <NumberField field={fields.investment_return} label="Investment return (%)" step="0.01" />
      <SelectField
        label="Investment type"
        selectProps={getSelectProps(fields.land_investment_type)}
        options={[
          { value: 'recurring', label: 'Recurring' },
          { value: 'one_time', label: 'One time' },
        ]}
        errors={fields.land_investment_type.errors}
      />
      <SelectField
        label="Interval"
        selectProps={getSelectProps(fields.interval)}
        options={DURATION_TYPE_OPTIONS}
        errors={fields.interval.errors}
      />
      <NumberField
        field={fields.frequency_period}
        label="ROI period"
        hint="Paid every (recurring) or after (one time) this many intervals"
      />
      <NumberField
        field={fields.duration}
        label="Duration"
        hint="Maturity period in intervals (recurring only)"
      />
    </>
  )
}

function Images({
  images,
  removed,
  errors,
}: {
  images: string[]
  removed: string[]
  errors?: string[]
}) {
  return (
    <fieldset className="sm:col-span-2">
      <legend className="label">Images</legend>
      {images.length ? (
        <ul className="mb-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {images.map((src, index) => (
            <li key={src} className="rounded-md border border-slate-200 p-2">
              <input type="hidden" name="images" value={src} />
              <img
                src={src}
                alt={`${index + 1} of ${images.length}`}
                className="mb-2 aspect-[16/9] w-full rounded object-cover"
              />
              <label className="flex items-center gap-2 text-xs text-slate-700">
                <input
                  type="checkbox"
                  name="remove_images"
                  value={src}
                  defaultChecked={removed.includes(src)}
                  className="h-4 w-4 rounded border-slate-300"
                />
                Remove image {index + 1}
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <Field
        labelProps={{ children: 'Add images' }}
        inputProps={{
          id: 'new-images',
          type: 'file',
          name: 'new_images',
          multiple: true,
          accept: '.png,.jpg,.jpeg,image/png,image/jpeg',
          className: 'block w-full text-sm',
        }}
        hint="PNG, JPG, JPEG up to 2MB each"
        errors={errors}
      />
    </fieldset>
  )
}

/** Add or edit a product: land fields or investment fields, images, each type's required fields. */
export function ProductForm({
  data,
  actionData,
}: {
  data: ProductFormData
  actionData?: ProductFormActionData
}) {
  const kind = KINDS[data.kind]
  const navigation = useNavigation()
  const [form, fields] = useSpecForm<ProductFormShape>(data.spec, {
    id: `product-form-${data.product?.reference ?? 'new'}`,
    lastResult: actionData?.result,
    defaultValue: defaultsFor(data.kind, data.product),
  })
  const images = actionData?.images ?? data.product?.images ?? []
  const title = data.product ? kind.editLabel : kind.addLabel
  return (
    <SlideOver title={title} closeTo={data.closeTo}>
      <FormBanner id={form.errorId} errors={form.errors} />
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="grid gap-x-4 gap-y-1 sm:grid-cols-2"
        preventScrollReset
      >
        <input type="hidden" name="type" value={kind.apiType} />
        {data.product ? (
          <p className="text-sm text-slate-600 sm:col-span-2">Reference {data.product.reference}</p>
        ) : null}
        <Field
          labelProps={{ children: 'Name' }}
          inputProps={{
            ...getInputProps(fields.name, { type: 'text' }),
            placeholder:
              kind.name === 'land' ? 'Palm Grove Estate, Lekki' : 'Epe Farmland Quarterly Income',
          }}
          errors={fields.name.errors}
          className="sm:col-span-2"
        />
        <TextareaField
          label="Description"
          textareaProps={getTextareaProps(fields.description)}
          errors={fields.description.errors}
          className="sm:col-span-2"
        />
        {kind.name === 'land' ? (
          <LandFields fields={fields} estates={data.estates} />
        ) : (
          <InvestmentFields fields={fields} />
        )}
        <SelectField
          label="Available"
          selectProps={getSelectProps(fields.is_available)}
          options={YES_NO}
          errors={fields.is_available.errors}
        />
        <Images
          images={images}
          removed={actionData?.removed ?? []}
          errors={fields.new_images.errors}
        />
        <div className="mt-2 flex justify-end gap-3 sm:col-span-2">
          <Link to={data.closeTo} className="btn-secondary" preventScrollReset>
            Cancel
          </Link>
          <Button type="submit" pending={navigation.state === 'submitting'}>
            {data.product ? 'Save changes' : 'Create product'}
          </Button>
        </div>
      </Form>
    </SlideOver>
  )
}
