import { z } from 'zod'
import { nairaAmount, optionalString, requiredMessage, requiredString } from '~/contract/fields'
import { parseDisplayDate } from '~/contract/format'
import { quantityField } from '~/contract/subscriptions'

/** The web forms of the subscription panels (the API payloads are in app/contract/subscriptions.ts). */

export const PAID_ON_MESSAGE = 'Enter the date as DD/MM/YYYY, for example 22/11/2026'

/** Make or record payment: the proof is the uploaded file itself; the action sends it to media/upload. */
export const paymentFormSchema = z.object({
  amount: nairaAmount('Amount'),
  description: optionalString('Description', 500),
  proof_of_payment: z.custom<File>((value) => value instanceof File && value.size > 0, {
    message: requiredMessage('Proof of payment'),
  }),
  // The day as the product writes dates, whatever the browser's locale; the time from a time box (HH:mm).
  paid_on: requiredString('Date paid', 20).refine(
    (value) => parseDisplayDate(value) !== null,
    PAID_ON_MESSAGE,
  ),
  paid_time: requiredString('Time paid', 8).regex(
    /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/,
    'Enter the time paid, for example 14:30',
  ),
})
export type PaymentForm = z.input<typeof paymentFormSchema>

/** Add subscription: a customer, a land product, and 'full' or one of the product's plan uuids. */
export const createSubscriptionFormSchema = z.object({
  customer: requiredString('Customer', 64),
  product: requiredString('Product', 64),
  payment: requiredString('Payment option', 64),
  quantity: quantityField.optional(),
})
export type CreateSubscriptionForm = z.input<typeof createSubscriptionFormSchema>
