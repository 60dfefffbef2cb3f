import type { PaymentProvider } from '~/contract/collections'

/** The account number a provider opened for a customer (or a subscription). */
export type OpenedAccount = {
  bankName: string
  bankCode: string | null
  accountNumber: string
  accountName: string
  /** The provider's own id of the customer, kept for later calls (Paystack's customer_code). */
  customerCode: string | null
}

export type AccountHolder = {
  /** What the account is opened under: a subscription's reference (Monnify) or the customer's. */
  reference: string
  email: string
  firstName: string
  lastName: string
  phone: string | null
  customerCode: string | null
}

/**
 * A transaction as the provider's API reports it when asked, never as a webhook claims it: the
 * only ground value is given on.
 */
export type VerifiedTransaction = {
  /** `success`: paid; `pending`: not (yet); `failed`: abandoned, cancelled or unknown to the provider. */
  status: 'success' | 'pending' | 'failed'
  /** The provider's reference of the transaction (the key value is given once under). */
  reference: string
  /** Our checkout's reference, for a paid checkout. */
  checkoutReference: string | null
  channel: 'transfer' | 'checkout'
  currency: string
  amountKobo: number
  settledKobo: number
  paidAt: Date | null
  /** The account number the money was sent to, for a transfer into an account of ours. */
  accountNumber: string | null
  /** The reference the account was opened under (Monnify's accountReference). */
  accountReference: string | null
  /** Why it is not a success, in the provider's words. */
  detail: string | null
}

/** What a webhook reports, read from its body (after its signature was checked). */
export type WebhookNotice = {
  eventType: string
  /** The inbox's key of the delivery: the event and the transaction it reports. */
  eventKey: string
  /** A payment to verify and give value for; null for any other event. */
  payment: { reference: string; claimedKobo: number } | null
}

export type CheckoutStart = {
  reference: string
  amountKobo: number
  email: string
  name: string
  description: string
  callbackUrl: string
  subscriptionReference: string
}

export interface ProviderAdapter {
  readonly name: PaymentProvider
  /** Whether an account is opened per subscription (its reference) or per customer. */
  readonly accountPer: 'subscription' | 'customer'
  openAccount(holder: AccountHolder): Promise<OpenedAccount>
  verifyTransaction(reference: string): Promise<VerifiedTransaction>
  startCheckout(
    input: CheckoutStart,
  ): Promise<{ authorizationUrl: string; providerReference: string }>
  /** The name the bank holds for an account, or null when it has none such. `bankCode` is the CBN code. */
  resolveAccount(bankCode: string, accountNumber: string): Promise<string | null>
}

/** A customer without a phone number: Paystack opens no dedicated account for them. */
export class NeedsPhoneError extends Error {
  constructor() {
    super('A phone number is needed to open an account number with Paystack')
    this.name = 'NeedsPhoneError'
  }
}
