import { z } from 'zod'
import { nairaAmount, optionalString, requiredMessage, requiredString } from './fields'
import { quantityField } from './subscriptions'

/** The web forms of the subscription panels (the API payloads are in ./subscriptions). */

/** YYYY-MM-DDTHH:mm as a datetime-local input sends it (seconds allowed). */
const DATETIME_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/

/** Make or record payment: the proof is the uploaded file itself; the action sends it to media/upload. */
export const paymentFormSchema = z.object({
  amount: nairaAmount('Amount'),
  description: optionalString('Description', 500),
  proof_of_payment: z.custom<File>((value) => value instanceof File && value.size > 0, {
    message: requiredMessage('Proof of payment'),
  }),
  paid_at: requiredString('Payment date', 40).regex(DATETIME_LOCAL, 'Payment date must be a date and time'),
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
