import { z } from 'zod'
import { BANK_CODES } from './banks'
import {
  CHECKOUT_OUTCOMES,
  CREDIT_REASONS,
  CREDIT_STATES,
  DELIVERY_STATUSES,
  PAYMENT_PROVIDERS,
} from './collections-labels'
import {
  accountNumberField,
  ACCOUNT_NUMBER_MESSAGE,
  nairaAmount,
  NOT_BLANK,
  optionalString,
  queryChoice,
  queryText,
  requiredString,
  UNKNOWN_BANK_MESSAGE,
} from './fields'
import { pageFields } from './endpoints/shared'
import { stated } from './stated'
import { queryDay } from './payouts'
import { virtualAccountSchema } from './subscriptions'

// The labels and lists live zod-free beside this file, for the screens; re-exported here for the API.
export * from './collections-labels'

/**
 * Money that arrives through a payment provider: its signed webhooks, the hosted checkout, the
 * credits money that fits no payment becomes, and staff's Collections. Amounts in naira.
 */

// ---------------------------------------------------------------------------------------------
// Webhooks: the bodies as the providers send them (checked once their signature is)

const reference = z.string().trim().min(1).max(120)

/**
 * A Paystack event: `event` names it and `data` carries it. A `charge.success` (a transfer into a
 * dedicated account, or a paid checkout) must carry the transaction's `reference`, its `amount` in
 * kobo and its `currency`; other events are kept and ignored.
 */
export const paystackEventSchema = z
  .looseObject({
    event: z.string().trim().min(1).max(100),
    data: z.looseObject({
      reference: reference.optional(),
      amount: z.number().int().min(1).max(1e14).optional(),
      currency: z.string().max(10).optional(),
      status: z.string().max(40).optional(),
    }),
  })
  .superRefine((value, ctx) => {
    if (value.event !== 'charge.success') return
    for (const field of ['reference', 'amount', 'currency'] as const) {
      if (value.data[field] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['data', field],
          message: `A charge.success carries data.${field}`,
        })
    }
  })
export type PaystackEvent = z.infer<typeof paystackEventSchema>

/** Monnify writes naira as a number or as a string of digits with up to two decimals. */
const monnifyNaira = z.union([
  z.number().min(0).max(1e12),
  z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/),
])

/**
 * A Monnify event: `eventType` names it and `eventData` carries it. A `SUCCESSFUL_TRANSACTION`
 * must carry its `transactionReference`, `amountPaid` (naira) and `paymentStatus`; other events
 * are kept and ignored.
 */
export const monnifyEventSchema = z
  .looseObject({
    eventType: z.string().trim().min(1).max(100),
    eventData: z.looseObject({
      transactionReference: reference.optional(),
      paymentReference: reference.optional(),
      amountPaid: monnifyNaira.optional(),
      settlementAmount: monnifyNaira.optional(),
      paymentStatus: z.string().max(40).optional(),
      currency: z.string().max(10).optional(),
    }),
  })
  .superRefine((value, ctx) => {
    if (value.eventType !== 'SUCCESSFUL_TRANSACTION') return
    for (const field of ['transactionReference', 'amountPaid', 'paymentStatus'] as const) {
      if (value.eventData[field] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['eventData', field],
          message: `A SUCCESSFUL_TRANSACTION carries eventData.${field}`,
        })
    }
  })
export type MonnifyEvent = z.infer<typeof monnifyEventSchema>

/** What a webhook answers: stored (or already stored, a replay), to be processed after the answer. */
export const webhookReceiptSchema = z.object({
  received: z.boolean(),
  /** The same event was delivered before: nothing more is done with this copy. */
  duplicate: z.boolean(),
})

// ---------------------------------------------------------------------------------------------
// The customer's account number, and checkout

export { virtualAccountSchema } from './subscriptions'
export type VirtualAccount = z.infer<typeof virtualAccountSchema>

/** POST product-subscription/{reference}/checkout: one of the amounts a payment may be now. */
export const checkoutPayloadSchema = z.object({ amount: nairaAmount('Amount') })

export const checkoutSchema = z.object({
  /** Our reference of the checkout (CHK-…): the provider sends the browser back with it. */
  reference: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  amount: z.number(),
  /** The provider's hosted payment page: send the browser there (a redirect). */
  authorization_url: z.string(),
})
export type Checkout = z.infer<typeof checkoutSchema>

/**
 * POST product-subscription/{reference}/checkout/verify: the checkout's reference as the provider
 * sent the browser back with it (Paystack's `reference` or `trxref`, Monnify's `paymentReference`).
 */
export const checkoutVerifyPayloadSchema = z.object({
  reference: requiredString('Reference', 120),
})

export const checkoutResultSchema = z.object({
  /**
   * `paid`: the provider confirms the payment and it paid what it was for; `credited`: confirmed,
   * but it no longer fits what is due, so it is a credit; `pending` or `failed`: not paid, nothing changed.
   */
  status: z.enum(CHECKOUT_OUTCOMES),
  /** The payment made (paid), for its receipt. */
  transaction_reference: z.string().nullable(),
  /** The credit made (credited). */
  credit_reference: z.string().nullable(),
})
export type CheckoutResult = z.infer<typeof checkoutResultSchema>

// ---------------------------------------------------------------------------------------------
// Credits

const person = z.object({ reference: z.string(), name: z.string() })

/** A credit as its owner sees it: what arrived, and what became of it. */
export const customerCreditSchema = z.object({
  reference: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The provider's reference of the payment. */
  provider_reference: z.string(),
  /** What the credit holds now. */
  amount: z.number(),
  /** What the payer paid in that payment (a credit left over from an allocation holds part of it). */
  amount_paid: z.number(),
  paid_at: z.string().nullable(),
  state: z.enum(CREDIT_STATES),
  reason: z.enum(CREDIT_REASONS),
  /** The subscription the money was sent for, when the account or checkout names one. */
  subscription_reference: z.string().nullable(),
  /** The payment it became once allocated. */
  allocated_to: z
    .object({ subscription_reference: z.string(), transaction_reference: z.string() })
    .nullable(),
})
export type CustomerCredit = z.infer<typeof customerCreditSchema>

export const customerCreditListSchema = z.object({
  items: z.array(customerCreditSchema),
  ...pageFields,
  /** What the open credits hold in all. */
  open_amount: z.number(),
})

/** A credit as staff see it on Collections, with who asked for what and whether the viewer may confirm it. */
export const creditSchema = customerCreditSchema.extend({
  /** What the business was settled (the amount paid less the provider's fee). */
  amount_settled: z.number(),
  received_at: z.string(),
  customer: person.extend({ email: z.string() }),
  /** The credit this one is what was left of. */
  remainder_of: z.string().nullable(),
  /** An allocation or refund asked for, waiting for a second member of staff. */
  pending: z
    .object({
      action: z.enum(['allocate', 'refund']),
      subscription_reference: z.string().nullable(),
      amount: z.number(),
      reason: z.string().nullable(),
      requested_by: person,
      requested_at: z.string(),
    })
    .nullable(),
  /** Whether the viewer may confirm the pending request (never their own, never their own money). */
  can_confirm: z.boolean(),
  cannot_confirm_reason: z.string().nullable(),
  refund: z
    .object({ reason: z.string(), bank_reference: z.string().nullable(), refunded_at: z.string() })
    .nullable(),
  decided_by: person.nullable(),
})
export type Credit = z.infer<typeof creditSchema>

/** GET admin/collections/credit */
export const creditQuerySchema = z.object({
  state: queryChoice('State', CREDIT_STATES),
  /** A customer's name, e-mail or reference, a credit's or the provider's reference. */
  search: queryText('Search'),
})

/**
 * POST admin/collections/credit/{reference}/allocate: the subscription the credit pays, and how
 * much of it (the whole credit when left out). The amount must be one of the amounts a payment on
 * that subscription may be now, and no more than the credit; what is left stays a credit.
 */
export const allocateCreditPayloadSchema = z.object({
  subscription: requiredString('Subscription', 64),
  amount: nairaAmount('Amount').optional(),
})

/** POST admin/collections/credit/{reference}/refund: why, and the bank's reference of the transfer back. */
export const refundCreditPayloadSchema = z.object({
  reason: requiredString('Reason', 500),
  bank_reference: optionalString('Bank reference', 100),
})

export const CREDIT_DECISION_REASON_REQUIRED = 'Enter the reason the request is turned down'

/** POST admin/collections/credit/{reference}/decide: a second member of staff confirms the pending request, or turns it down. */
export const decideCreditPayloadSchema = stated(
  z
    .object({
      decision: z.enum(['confirm', 'reject'], { error: 'Decision must be confirm or reject' }),
      reason: optionalString('Reason', 500),
    })
    .superRefine((value, ctx) => {
      if (value.decision === 'reject' && !value.reason)
        ctx.addIssue({ code: 'custom', path: ['reason'], message: CREDIT_DECISION_REASON_REQUIRED })
    }),
  {
    if: { properties: { decision: { const: 'reject' } }, required: ['decision'] },
    then: { required: ['reason'], properties: { reason: { pattern: NOT_BLANK } } },
  },
)

// ---------------------------------------------------------------------------------------------
// Collections

/** GET admin/collections: the days (YYYY-MM-DD, Lagos) to count, the last 30 by default, and a provider. */
export const collectionsQuerySchema = z.object({
  from: queryDay('From'),
  to: queryDay('To'),
  provider: queryChoice('Provider', PAYMENT_PROVIDERS),
})

const money = z.object({ count: z.number().int(), amount: z.number() })

/** Money received through the providers by day, and what waits for staff. */
export const collectionsSummarySchema = z.object({
  /** The provider configured now (PAYMENT_PROVIDER), or null. */
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  from: z.string(),
  to: z.string(),
  /** One row per day and provider with money, newest first. */
  days: z.array(
    z.object({
      date: z.string(),
      provider: z.enum(PAYMENT_PROVIDERS),
      count: z.number().int(),
      amount_paid: z.number(),
      amount_settled: z.number(),
      fees: z.number(),
      /** Of which paid payments directly, and became credits. */
      paid_payments: z.number().int(),
      credits: z.number().int(),
    }),
  ),
  totals: z.object({
    count: z.number().int(),
    amount_paid: z.number(),
    amount_settled: z.number(),
    fees: z.number(),
  }),
  /** Credits waiting for staff: unallocated, and asked for but not confirmed. */
  open_credits: money,
  pending_credits: money,
  /** Deliveries for staff to look at: failed (not confirmed by the provider) and refused (bad signature). */
  failed_deliveries: z.number().int(),
  rejected_deliveries: z.number().int(),
  /** Deliveries still waiting to be processed (the provider was not answering). */
  waiting_deliveries: z.number().int(),
})
export type CollectionsSummary = z.infer<typeof collectionsSummarySchema>

/** GET admin/collections/delivery */
export const deliveryQuerySchema = z.object({
  status: queryChoice('Status', DELIVERY_STATUSES),
  provider: queryChoice('Provider', PAYMENT_PROVIDERS),
})

/** A webhook delivery in the inbox. */
export const deliverySchema = z.object({
  id: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  event_type: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  signature_valid: z.boolean(),
  /** The provider's reference of the payment it reports, when it reports one. */
  provider_reference: z.string().nullable(),
  /** The amount it claims (naira), when it reports a payment. */
  amount: z.number().nullable(),
  attempts: z.number().int(),
  /** Why it failed, or why it waits. */
  error: z.string().nullable(),
  client_ip: z.string().nullable(),
  received_at: z.string(),
  processed_at: z.string().nullable(),
  /** What it became: a payment or a credit. */
  transaction_reference: z.string().nullable(),
  credit_reference: z.string().nullable(),
})
export type Delivery = z.infer<typeof deliverySchema>

// ---------------------------------------------------------------------------------------------
// Payout accounts

/** POST account/payout-account/resolve: a bank (a code of contract/banks.ts) and a 10-digit account number. */
export const resolveAccountPayloadSchema = z.object({
  bank_code: z.enum(BANK_CODES, { error: UNKNOWN_BANK_MESSAGE }),
  account_number: stated(
    accountNumberField.refine((value) => value !== '', ACCOUNT_NUMBER_MESSAGE),
    { pattern: String.raw`^\s*(\d\s*){10}$` },
  ),
})

/** The name the bank holds for the account. */
export const resolvedAccountSchema = z.object({
  bank_code: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string(),
})
export type ResolvedAccount = z.infer<typeof resolvedAccountSchema>
