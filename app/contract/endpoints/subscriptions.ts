import { z } from 'zod'
import { endpoint, file } from '../endpoint'
import {
  adminCreateSubscriptionSchema,
  investmentPlanSchema,
  markTransactionSchema,
  paymentDetailsSchema,
  paymentStructureSchema,
  planEntrySchema,
  pricedPlanEntrySchema,
  subscribeSchema,
  subscriptionDetailSchema,
  subscriptionQuerySchema,
  subscriptionSchema,
  transactionPayloadSchema,
  transactionSchema,
} from '../subscriptions'
import { CSV_EXPORT, exportQuery, pageQuery, paginatedSchema } from './shared'

const planRows = z.array(planEntrySchema)

const WHO_SEES =
  "A customer sees its own subscriptions, a realtor also its customers', staff holding a subscription permission every one; " +
  'any other subscription answers 404.'

export const subscriptionEndpoints = {
  paymentStructure: endpoint({
    method: 'POST',
    path: 'product/:reference/payment-plan/:id/get-payment-structure',
    tag: 'Subscribing',
    summary: 'What a land product costs when, under one of its payment plans or paid in full',
    description:
      "`id` is the uuid of one of the product's payment plans, or `full` for paying in one go (its discount applied). " +
      'The first row is due today; amounts are naira. With `quantity` (1 to 10, no more than the units left) every row is ' +
      'for that many plots or acres, priced as the subscription will charge them, and also carries `quantity` and ' +
      '`unit_amount` (the row for one unit).',
    access: 'verified',
    body: paymentStructureSchema,
    errors: {
      409: 'More plots or acres than are left (under `quantity`)',
    },
    response: z.array(pricedPlanEntrySchema),
  }),
  investmentPlan: endpoint({
    method: 'POST',
    path: 'product/:reference/get-investment-plan',
    tag: 'Subscribing',
    summary: 'The returns an amount invested in a land-investment product pays, and when',
    description: "The amount (naira) must be at least the product's minimum amount.",
    access: 'verified',
    body: investmentPlanSchema,
    errors: {
      409: 'The product is not set up for investing, or the amount is below its minimum (under `amount`)',
    },
    response: planRows,
  }),
  subscriptionList: endpoint({
    method: 'GET',
    path: 'product-subscription',
    tag: 'Subscriptions',
    summary: 'List the subscriptions the caller may see, newest first, with filters',
    description: `${WHO_SEES} ${CSV_EXPORT}`,
    access: 'verified',
    query: subscriptionQuerySchema.extend(pageQuery.shape).extend(exportQuery.shape),
    exportsCsv: true,
    response: paginatedSchema(subscriptionSchema),
  }),
  subscriptionCreate: endpoint({
    method: 'POST',
    path: 'product-subscription',
    tag: 'Subscribing',
    summary: 'Subscribe to a product: buy land or invest',
    description:
      "Land is paid in full, or by instalments with `payment_id`, one of the product's payment plans; an investment needs " +
      '`amount_invested`. Land takes a `quantity` of plots or acres (1 when left out; at most 10 and the units left, ' +
      'else 422 under `quantity`): the price, the discount and every instalment are multiplied by it, and as many ' +
      'units leave stock. The same `idempotency_key` sent again answers the subscription it made. Someone with an unpaid ' +
      'subscription to the product, or a product no longer available, is refused with 409.',
    access: 'verified',
    body: subscribeSchema,
    errors: {
      409:
        'The product is not available or has no units left, or an unpaid subscription to it is already open' +
        '; ' +
        'a product of another type, an amount below the minimum, a plan of another product or below the price, more units than are left (under the field)',
    },
    response: subscriptionDetailSchema,
  }),
  subscriptionShow: endpoint({
    method: 'GET',
    path: 'product-subscription/:reference',
    tag: 'Subscriptions',
    summary: 'One subscription with its schedule',
    description: WHO_SEES,
    access: 'verified',
    response: subscriptionDetailSchema,
  }),
  paymentDetails: endpoint({
    method: 'GET',
    path: 'product-subscription/:reference/payment-details',
    tag: 'Payments',
    summary:
      'What to pay next on a subscription, the amounts a payment may be, and the bank account to pay it into',
    description:
      '`choices` lists the amounts a payment may be now: the next instalment, the next two, … and the whole balance. ' +
      'A subscription awaiting no payment answers 409. Until staff fill in the bank details they are empty strings, and ' +
      'no proof of payment can be sent.',
    access: 'verified',
    errors: {
      409: 'The subscription takes no payment now',
    },
    response: paymentDetailsSchema,
  }),
  transactionList: endpoint({
    method: 'GET',
    path: 'product-subscription/:reference/transaction',
    tag: 'Payments',
    summary: "A subscription's payments, newest first",
    description: CSV_EXPORT,
    access: 'verified',
    query: pageQuery.extend(exportQuery.shape),
    exportsCsv: true,
    response: paginatedSchema(transactionSchema),
  }),
  transactionCreate: endpoint({
    method: 'POST',
    path: 'product-subscription/:reference/transaction',
    tag: 'Payments',
    summary: 'Send the proof of a payment made by bank transfer',
    description:
      'The subscriber, or staff holding can_record_transaction. Upload the proof image with media/upload first and send ' +
      'its `file_url`. The amount must be one of the `choices` of payment-details: the next instalment, several, or the ' +
      'whole balance (paying in full: exactly the amount left); any other answers 422 under `amount`. Once confirmed, ' +
      'the instalments it covers are paid and the next due date moves on. The payment then ' +
      'awaits confirmation by staff. While the bank details (admin/setting) are incomplete there is no account to pay ' +
      "into: every proof, the subscriber's or staff's, answers 409.",
    access: 'verified',
    body: transactionPayloadSchema,
    errors: {
      403: 'Neither the subscriber nor staff who record payments',
      409:
        'The subscription takes no payment now, or no bank details are set' +
        '; ' +
        "an amount that is not one of the payment's choices, a proof that is not the caller's upload or is already attached, a payment date in the future (under the field)",
    },
    response: transactionSchema,
  }),
  receiptDownload: endpoint({
    method: 'GET',
    path: 'product-subscription/:reference/transaction/:id/download-receipt',
    tag: 'Payments',
    summary: 'The receipt of a paid transaction, as a PDF',
    description:
      "`id` is the transaction's uuid or reference. A transaction not yet paid answers 409.",
    access: 'verified',
    errors: {
      409: 'The transaction is not paid',
    },
    response: file('application/pdf'),
  }),
  receiptDownloadByPost: endpoint({
    method: 'POST',
    path: 'product-subscription/:reference/transaction/:id/download-receipt',
    tag: 'Payments',
    summary:
      'The receipt of a paid transaction, as a PDF (the same as the GET, for clients that post)',
    access: 'verified',
    errors: {
      409: 'The transaction is not paid',
    },
    response: file('application/pdf'),
  }),
  landDocument: endpoint({
    method: 'GET',
    path: 'product-subscription/:reference/land-document',
    tag: 'Subscriptions',
    summary: 'The allocation letter of a fully paid land subscription, as a PDF',
    description: 'Any other subscription answers 409.',
    access: 'verified',
    errors: {
      409: 'The land is not fully paid',
    },
    response: file('application/pdf'),
  }),
  landDocumentByPost: endpoint({
    method: 'POST',
    path: 'product-subscription/:reference/land-document',
    tag: 'Subscriptions',
    summary: 'The allocation letter, as a PDF (the same as the GET, for clients that post)',
    access: 'verified',
    errors: {
      409: 'The land is not fully paid',
    },
    response: file('application/pdf'),
  }),
  transactionMark: endpoint({
    method: 'POST',
    path: 'admin/mark-transaction',
    tag: 'Payments',
    summary: 'Confirm a payment awaiting confirmation (paid), or refuse it (not confirmed)',
    description:
      "`reference` is the transaction's reference or uuid. Nobody marks a payment on their own subscription or one they " +
      'recorded themselves (403). Marking paid a payment flagged `no_statement_credit` answers 400 (a field error on ' +
      '`without_statement_credit`) unless `without_statement_credit` is true.',
    access: { permissions: ['can_verify_transaction'] },
    body: markTransactionSchema,
    errors: {
      403: 'The payment is not one the caller may confirm (their own, four eyes)',
      404: 'No such transaction',
      409:
        'The subscription is cancelled or expired, or the payment is not awaiting confirmation' +
        '; ' +
        'a payment no imported statement supports, without `without_statement_credit` (under that field)',
    },
    response: transactionSchema,
  }),
  subscriptionCreateForCustomer: endpoint({
    method: 'POST',
    path: 'admin/create-subscription',
    tag: 'Subscriptions',
    summary: 'Add a subscription for a customer',
    description:
      "`customer` is the customer's reference or uuid. Land is paid in full, or by `paymentPlan`, one of the product's " +
      'plans, with an optional `quantity` of plots or acres as for product-subscription; an investment needs `amount_invested`.',
    access: { permissions: ['can_modify_subscription'] },
    body: adminCreateSubscriptionSchema,
    errors: {
      409:
        'The product is not available or has no units left, or the customer already has an unpaid subscription to it' +
        '; ' +
        'an unknown or suspended customer, an unknown product, an amount below the minimum, a plan of another product, more units than are left (under the field)',
    },
    response: subscriptionDetailSchema,
  }),
  subscriptionCancel: endpoint({
    method: 'POST',
    path: 'admin/product-subscription/:reference/cancel',
    tag: 'Subscriptions',
    summary: 'Cancel a subscription on which nothing is paid',
    description:
      'A unit of a product sold by quantity goes back to stock. A paid, cancelled or expired one answers 409.',
    access: { permissions: ['can_modify_subscription'] },
    errors: {
      409: 'Already cancelled or expired, or it has a paid transaction',
    },
    response: subscriptionDetailSchema,
  }),
} as const

export type SubscriptionEndpoints = typeof subscriptionEndpoints
