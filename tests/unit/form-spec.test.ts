import { describe, expect, test } from 'vitest'
import { customerSchema, userUpdateSchema } from '~/contract/people'
import { paymentPlanPayloadSchema, productPayloadSchema } from '~/contract/products'
import { bannerForUnshownFields, formSpec } from '~/utils/form.server'

describe('formSpec: what the browser checks without zod', () => {
  test('the message of every field an empty form is refused for, and the HTML constraints', () => {
    const spec = formSpec(customerSchema)
    expect(spec.required).toEqual({
      first_name: 'Enter your first name',
      last_name: 'Enter your last name',
      email: 'Enter your email',
    })
    expect(spec.constraint.email).toMatchObject({ required: true })
    expect(formSpec(userUpdateSchema).required).toEqual({})
    expect(formSpec(paymentPlanPayloadSchema).required).toEqual({
      amount: 'Enter the amount',
      duration: 'Enter the duration',
      duration_type: 'Choose the duration type',
    })
  })

  test("a product's hidden type decides which fields are required", () => {
    expect(formSpec(productPayloadSchema, { type: 'land' }).required).toEqual({
      name: "Enter the product's name",
      description: 'Enter the description',
      location: 'Enter the location',
      amount: 'Enter the amount',
    })
    expect(formSpec(productPayloadSchema, { type: 'land_investment' }).required).toEqual({
      name: "Enter the product's name",
      description: 'Enter the description',
      minimum_amount: 'Enter the minimum amount',
      investment_return: 'Enter the investment return',
      land_investment_type: 'Choose the investment type',
      frequency_period: 'Enter the ROI period',
      interval: 'Choose the interval',
    })
  })

  test('is built once per schema and fixed values', () => {
    expect(formSpec(customerSchema)).toBe(formSpec(customerSchema))
    expect(formSpec(productPayloadSchema, { type: 'land' })).toBe(
      formSpec(productPayloadSchema, { type: 'land' }),
    )
    expect(formSpec(productPayloadSchema, { type: 'land' })).not.toBe(
      formSpec(productPayloadSchema),
    )
  })
})

describe('errors on fields a form does not show go to its banner', () => {
  const reply = (error: Record<string, string[] | null>) => ({
    status: 'error' as const,
    initialValue: {},
    error,
  })
  test.each([
    [
      'a shown field keeps its message',
      { minimum_amount: ['Enter the minimum amount'] },
      { minimum_amount: ['Enter the minimum amount'] },
    ],
    [
      'an unshown field joins the banner',
      { amount: ['Amount must be a number'] },
      { '': ['Amount must be a number'] },
    ],
    [
      'after any banner message, beside the shown fields',
      {
        '': ['Something is off'],
        type: ['Type must be land or land_investment'],
        name: ['Enter the name'],
      },
      {
        name: ['Enter the name'],
        '': ['Something is off', 'Type must be land or land_investment'],
      },
    ],
    ['a field cleared of errors stays as it is', { amount: null }, { amount: null }],
  ])('%s', (_, error, expected) => {
    expect(bannerForUnshownFields(reply(error), ['name', 'minimum_amount']).error).toEqual(expected)
  })
})
