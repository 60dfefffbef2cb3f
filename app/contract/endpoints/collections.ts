import { endpoint } from '../endpoint'
import {
  allocateCreditPayloadSchema,
  checkoutPayloadSchema,
  checkoutResultSchema,
  checkoutSchema,
  checkoutVerifyPayloadSchema,
  collectionsQuerySchema,
  collectionsSummarySchema,
  creditQuerySchema,
  creditSchema,
  customerCreditListSchema,
  decideCreditPayloadSchema,
  deliveryQuerySchema,
  deliverySchema,
  monnifyEventSchema,
  paystackEventSchema,
  refundCreditPayloadSchema,
  resolveAccountPayloadSchema,
  resolvedAccountSchema,
  webhookReceiptSchema,
} from '../collections'
import { pageQuery, paginatedSchema } from './shared'

/** Staff who confirm payments see and work the money the providers bring in. */
const COLLECTORS = { permissions: ['can_verify_transaction'] } as const

// A provider's webhook body is at most a few kilobytes; far more is not theirs.
const WEBHOOK_BODY_LIMIT = {
  bytes: 256 * 1024,
  message: 'The request body is too large: at most 256 KB',
} as const

const WEBHOOK_RULES =
  'The signature is checked over the exact bytes of the body before anything else: a missing or wrong one answers ' +
  '401 and is recorded (Collections lists it). A signed delivery is stored in the inbox under its event and the ' +
  'transaction it reports, and answered at once; a replay of one already stored answers `duplicate: true` and does ' +
  'nothing more. After the answer the transaction is verified with the provider (status, amount, currency NGN) ' +
  'before any value is given, then it pays the payment it fits or becomes a credit; one the provider does not ' +
  'answer for is retried by the periodic job. Value is given once per provider transaction, whatever the replays, ' +
  'the order and the number of app instances. A signed body that is not such an event answers 422 and is recorded. ' +
  'Answers 404 while the provider has no key set.'

export const collectionEndpoints = {
  paystackWebhook: endpoint({
    method: 'POST',
    path: 'webhooks/paystack',
    tag: 'Payment provider',
    summary: "Paystack's webhook: a transfer into a customer's account number, or a paid checkout",
    description:
      `Register https://{APP_URL}/api/v1/webhooks/paystack on the Paystack dashboard. Signed by Paystack: ` +
      '`x-paystack-signature` is the hex HMAC-SHA512 of the raw body keyed by PAYSTACK_SECRET_KEY. ' +
      `\`charge.success\` reports a payment; other events are recorded and ignored. ${WEBHOOK_RULES}`,
    access: 'public',
    body: paystackEventSchema,
    rawBody: true,
    bodyLimit: WEBHOOK_BODY_LIMIT,
    errors: {
      401: 'The x-paystack-signature header is missing or does not sign this body',
      404: 'No Paystack key is set',
    },
    response: webhookReceiptSchema,
  }),
  monnifyWebhook: endpoint({
    method: 'POST',
    path: 'webhooks/monnify',
    tag: 'Payment provider',
    summary:
      "Monnify's webhook: a transfer into a subscription's reserved account, or a paid checkout",
    description:
      `Register https://{APP_URL}/api/v1/webhooks/monnify as the transaction completion URL on the Monnify dashboard. ` +
      'Signed by Monnify: `monnify-signature` is the hex HMAC-SHA512 of the raw body keyed by MONNIFY_SECRET_KEY (the ' +
      `client secret). \`SUCCESSFUL_TRANSACTION\` reports a payment; other events are recorded and ignored. ${WEBHOOK_RULES}`,
    access: 'public',
    body: monnifyEventSchema,
    rawBody: true,
    bodyLimit: WEBHOOK_BODY_LIMIT,
    errors: {
      401: 'The monnify-signature header is missing or does not sign this body',
      404: 'No Monnify key is set',
    },
    response: webhookReceiptSchema,
  }),
  checkoutStart: endpoint({
    method: 'POST',
    path: 'product-subscription/:reference/checkout',
    tag: 'Payments',
    summary: "Start paying online: the provider's hosted checkout for one of the amounts due",
    description:
      'The subscriber only. `amount` must be one of the `choices` of payment-details (422 under `amount` otherwise). ' +
      "Answers the provider's `authorization_url`: send the browser there. The provider sends it back to the " +
      "subscription's pay page (`/subscriptions/{reference}/pay/return`, or under /investment-portfolio) with the " +
      'checkout reference, which checkout/verify then checks. Without a payment provider, or when it does not answer, 409.',
    access: 'verified',
    body: checkoutPayloadSchema,
    errors: {
      403: 'Not the subscriber: staff record payments instead',
      409:
        'The subscription takes no payment now, no payment provider is set up, or it is not answering' +
        '; ' +
        "an amount that is not one of the payment's choices (under `amount`)",
    },
    response: checkoutSchema,
  }),
  checkoutVerify: endpoint({
    method: 'POST',
    path: 'product-subscription/:reference/checkout/verify',
    tag: 'Payments',
    summary:
      'Back from the hosted checkout: verify the payment with the provider and give its value',
    description:
      "The subscriber only, with the checkout's reference as the provider sent it back. The transaction is verified " +
      'with the provider; only a success of the amount in NGN pays the payment (or, when it no longer fits what is due, ' +
      'becomes a credit). Anything else answers `pending` or `failed` and changes nothing. Verifying again, or the ' +
      'webhook for the same payment, gives nothing twice. 409 while the provider does not answer.',
    access: 'verified',
    body: checkoutVerifyPayloadSchema,
    errors: {
      404: 'No checkout of the caller on this subscription',
      409: 'The provider is not answering',
    },
    response: checkoutResultSchema,
  }),
  accountCredits: endpoint({
    method: 'GET',
    path: 'account/credit',
    tag: 'Payments',
    summary:
      "The caller's own credits: money received that paid no payment, and what became of it, newest first",
    description: '`open_amount` adds up the credits still unallocated or waiting for confirmation.',
    access: 'verified',
    query: pageQuery,
    response: customerCreditListSchema,
  }),
  collectionsSummary: endpoint({
    method: 'GET',
    path: 'admin/collections',
    tag: 'Collections',
    summary:
      'Money received through the payment provider by day, credits waiting for staff, and deliveries to look at',
    description:
      'Days are Lagos days (YYYY-MM-DD), from and to included; the last 30 days by default. Amounts paid, settled ' +
      '(paid less fees) and fees, per provider and day.',
    access: COLLECTORS,
    query: collectionsQuerySchema,
    response: collectionsSummarySchema,
  }),
  collectionsCredits: endpoint({
    method: 'GET',
    path: 'admin/collections/credit',
    tag: 'Collections',
    summary: 'Credits: money received that paid no payment, newest first, by state and search',
    access: COLLECTORS,
    query: creditQuerySchema.extend(pageQuery.shape),
    response: paginatedSchema(creditSchema),
  }),
  collectionsDeliveries: endpoint({
    method: 'GET',
    path: 'admin/collections/delivery',
    tag: 'Collections',
    summary: "The providers' webhook deliveries, newest first, by status and provider",
    description:
      '`failed` ones the provider did not confirm or that did not add up, `rejected` ones came with a bad signature, ' +
      '`received` ones wait for the provider to answer.',
    access: COLLECTORS,
    query: deliveryQuerySchema.extend(pageQuery.shape),
    response: paginatedSchema(deliverySchema),
  }),
  creditAllocate: endpoint({
    method: 'POST',
    path: 'admin/collections/credit/:reference/allocate',
    tag: 'Collections',
    summary:
      "Allocate an unallocated credit to a payment of one of its customer's subscriptions (a second member of staff confirms)",
    description:
      "`subscription` is the reference of one of the credit's customer's subscriptions. `amount` (the whole credit " +
      'when left out) must be one of the amounts a payment on it may be now and no more than the credit (422 under ' +
      '`amount`); what is left stays a credit once confirmed. A credit already allocated, refunded or waiting answers 409.',
    access: COLLECTORS,
    body: allocateCreditPayloadSchema,
    errors: {
      409:
        'The credit is not unallocated, or the subscription takes no payment now' +
        '; ' +
        "a subscription not of the credit's customer, an amount over the credit or not one of the payment's choices (under the field)",
    },
    response: creditSchema,
  }),
  creditRefund: endpoint({
    method: 'POST',
    path: 'admin/collections/credit/:reference/refund',
    tag: 'Collections',
    summary:
      'Record that an unallocated credit is sent back to its payer (a second member of staff confirms)',
    description: 'A credit already allocated, refunded or waiting answers 409.',
    access: COLLECTORS,
    body: refundCreditPayloadSchema,
    errors: { 409: 'The credit is not unallocated' },
    response: creditSchema,
  }),
  creditDecide: endpoint({
    method: 'POST',
    path: 'admin/collections/credit/:reference/decide',
    tag: 'Collections',
    summary: "Confirm a credit's pending allocation or refund, or turn it down (four eyes)",
    description:
      'Nobody confirms what they asked for themselves, nor money that is their own (403). Confirming an allocation ' +
      'makes the payment and marks it paid, exactly as a confirmed payment: the schedule moves on, the receipt is ' +
      'issued and the customer is told. Turning it down (with a reason) leaves the credit unallocated. Nothing pending: 409.',
    access: COLLECTORS,
    body: decideCreditPayloadSchema,
    errors: {
      403: 'The caller asked for it, or the money is their own',
      409: 'Nothing is waiting for confirmation, or the subscription no longer takes that payment',
    },
    response: creditSchema,
  }),
  payoutAccountResolve: endpoint({
    method: 'POST',
    path: 'account/payout-account/resolve',
    tag: 'Account',
    summary: 'The name a bank holds for an account number, from the payment provider',
    description:
      'For showing the name before a payout account is saved, so a mistyped number is caught. `bank_code` is a code of ' +
      'the list of Nigerian banks (as the profile takes it). No such account answers 422 under `account_number`; no ' +
      'payment provider, or one not answering, 409. At most 20 look-ups an hour per account.',
    access: 'verified',
    body: resolveAccountPayloadSchema,
    errors: {
      409:
        'No payment provider is set up, or it is not answering' +
        '; ' +
        'a number the bank holds no account under (under `account_number`)',
      429: 'Too many look-ups in the last hour',
    },
    response: resolvedAccountSchema,
  }),
} as const
