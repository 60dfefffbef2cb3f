import { z } from 'zod'
import { nairaAmount, optionalString } from '~/contract/fields'
import { quantityField } from '~/contract/subscriptions'

/**
 * The web forms of the invest slide-over and the subscribe-to-land flow. The API payload itself is
 * subscribeSchema in app/contract/subscriptions.ts.
 */

export const ACCEPT_TERMS_MESSAGE =
  'Accept the agreement terms and the terms and conditions to proceed'
export const CHOOSE_OPTION_MESSAGE = 'Choose full payment or a payment plan'

const amountField = nairaAmount('Amount')

/** A ticked checkbox posts 'on'; a client posting JSON-like values may send 'true', '1' or 'yes'. */
const acceptTerms = z.preprocess(
  (value) =>
    typeof value === 'string' && ['on', 'true', '1', 'yes'].includes(value.trim().toLowerCase())
      ? true
      : undefined,
  z.literal(true, { error: ACCEPT_TERMS_MESSAGE }),
)

const optionField = z
  .string({ error: CHOOSE_OPTION_MESSAGE })
  .trim()
  .min(1, CHOOSE_OPTION_MESSAGE)
  .max(64, CHOOSE_OPTION_MESSAGE)
  .refine((value) => value === 'full' || /^[0-9a-f-]{36}$/i.test(value), CHOOSE_OPTION_MESSAGE)

/** Invest step 1 (a GET form): the amount to invest. */
export const investAmountSchema = z.object({ amount: amountField })

/** Invest step 2: the amount again, the accepted terms, and the key that makes a double submit one subscription. */
export const investProceedSchema = z.object({
  amount: amountField,
  accept_terms: acceptTerms,
  idempotency_key: optionalString('Idempotency key', 100),
})

/**
 * Land step 1 (a GET form): 'full' or the uuid of one of the product's payment plans, and how many
 * plots or acres (1 when left out; the loader also checks the units left).
 */
export const landChoiceSchema = z.object({ plan: optionField, quantity: quantityField.optional() })

export const landProceedSchema = z.object({
  plan: optionField,
  quantity: quantityField.optional(),
  accept_terms: acceptTerms,
  idempotency_key: optionalString('Idempotency key', 100),
})
