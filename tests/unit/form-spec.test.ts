import { describe, expect, test } from 'vitest'
import { customerSchema, userUpdateSchema } from '~/contract/people'
import { paymentPlanPayloadSchema, productPayloadSchema } from '~/contract/products'
import { formSpec } from '~/utils/form.server'

describe('formSpec: what the browser checks without zod', () => {
  test('the message of every field an empty form is refused for, and the HTML constraints', () => {
    const spec = formSpec(customerSchema)
    expect(spec.required).toEqual({
      first_name: 'First name is a required field',
      last_name: 'Last name is a required field',
      email: 'Email is a required field',
    })
    expect(spec.constraint.email).toMatchObject({ required: true })
    expect(formSpec(userUpdateSchema).required).toEqual({})
    expect(formSpec(paymentPlanPayloadSchema).required).toEqual({
      amount: 'Amount is a required field',
      duration: 'Duration is a required field',
      duration_type: 'Duration type is a required field',
    })
  })

  test("a product's hidden type decides which fields are required", () => {
    expect(formSpec(productPayloadSchema, { type: 'land' }).required).toEqual({
      name: "Enter the product's name",
      description: 'Description is a required field',
      location: 'Location is a required field',
      amount: 'Amount is a required field',
    })
    expect(formSpec(productPayloadSchema, { type: 'land_investment' }).required).toEqual({
      name: "Enter the product's name",
      description: 'Description is a required field',
      minimum_amount: 'Minimum amount is a required field',
      investment_return: 'Investment return is a required field',
      land_investment_type: 'Investment type is a required field',
      frequency_period: 'ROI period is a required field',
      interval: 'Interval is a required field',
    })
  })

  test('is built once per schema and fixed values', () => {
    expect(formSpec(customerSchema)).toBe(formSpec(customerSchema))
    expect(formSpec(productPayloadSchema, { type: 'land' })).toBe(formSpec(productPayloadSchema, { type: 'land' }))
    expect(formSpec(productPayloadSchema, { type: 'land' })).not.toBe(formSpec(productPayloadSchema))
  })
})
