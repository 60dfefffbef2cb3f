import { callProvider, object, ProviderRefusedError, text } from './http'
import type { PaystackSettings } from './settings'
import {
  NeedsPhoneError,
  type AccountHolder,
  type CheckoutStart,
  type OpenedAccount,
  type ProviderAdapter,
  type VerifiedTransaction,
} from './types'

const NAME = 'Paystack'
// Paystack opens dedicated accounts at Wema Bank unless told otherwise.
const PREFERRED_BANK = 'wema-bank'

/** Paystack's API: bearer secret key, `{ status, message, data }` answers, amounts in kobo. */
export function paystackAdapter(settings: PaystackSettings): ProviderAdapter {
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    callProvider(NAME, `${settings.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${settings.secretKey}` },
      body,
    })
  const refused = (status: number, body: Record<string, unknown>) =>
    new ProviderRefusedError(NAME, status, text(body.message) || 'no message')

  return {
    name: 'paystack',
    accountPer: 'customer',

    async openAccount(holder: AccountHolder): Promise<OpenedAccount> {
      if (!holder.phone) throw new NeedsPhoneError()
      const names = {
        first_name: holder.firstName,
        last_name: holder.lastName,
        phone: holder.phone,
      }
      let customerCode = holder.customerCode
      if (!customerCode) {
        const customer = await call('POST', '/customer', {
          email: holder.email,
          ...names,
          metadata: { reference: holder.reference },
        })
        if (customer.status !== 200 || customer.body.status !== true)
          throw refused(customer.status, customer.body)
        customerCode = text(object(customer.body.data).customer_code)
      }
      const opened = await call('POST', '/dedicated_account', {
        customer: customerCode,
        preferred_bank: PREFERRED_BANK,
        ...names,
      })
      if (opened.status !== 200 || opened.body.status !== true)
        throw refused(opened.status, opened.body)
      const data = object(opened.body.data)
      const bank = object(data.bank)
      return {
        bankName: text(bank.name),
        bankCode: null,
        accountNumber: text(data.account_number),
        accountName: text(data.account_name),
        customerCode,
      }
    },

    async verifyTransaction(reference: string): Promise<VerifiedTransaction> {
      const answer = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`)
      if (answer.status === 400 || answer.status === 404)
        return failedTransaction(reference, text(answer.body.message) || 'unknown to Paystack')
      if (answer.status !== 200 || answer.body.status !== true)
        throw refused(answer.status, answer.body)
      const data = object(answer.body.data)
      const status = text(data.status)
      const amountKobo = Number(data.amount)
      const feesKobo = Number(data.fees ?? 0)
      const metadata = object(data.metadata)
      const authorization = object(data.authorization)
      const transfer = text(data.channel) === 'dedicated_nuban'
      return {
        status:
          status === 'success'
            ? 'success'
            : status === 'ongoing' ||
                status === 'pending' ||
                status === 'processing' ||
                status === 'queued'
              ? 'pending'
              : 'failed',
        reference: text(data.reference) || reference,
        checkoutReference: transfer
          ? null
          : text(metadata.checkout_reference) || text(data.reference) || null,
        channel: transfer ? 'transfer' : 'checkout',
        currency: text(data.currency),
        amountKobo: Number.isSafeInteger(amountKobo) ? amountKobo : 0,
        settledKobo:
          Number.isSafeInteger(amountKobo) && Number.isSafeInteger(feesKobo)
            ? amountKobo - feesKobo
            : 0,
        paidAt: parseDate(text(data.paid_at) || text(data.paidAt)),
        accountNumber: transfer
          ? text(authorization.receiver_bank_account_number) ||
            text(metadata.receiver_account_number) ||
            null
          : null,
        accountReference: null,
        detail: status === 'success' ? null : text(data.gateway_response) || status,
      }
    },

    async startCheckout(input: CheckoutStart) {
      const answer = await call('POST', '/transaction/initialize', {
        email: input.email,
        amount: input.amountKobo,
        currency: 'NGN',
        reference: input.reference,
        callback_url: input.callbackUrl,
        metadata: {
          checkout_reference: input.reference,
          subscription_reference: input.subscriptionReference,
          cancel_action: input.callbackUrl,
        },
      })
      if (answer.status !== 200 || answer.body.status !== true)
        throw refused(answer.status, answer.body)
      const data = object(answer.body.data)
      return {
        authorizationUrl: text(data.authorization_url),
        providerReference: text(data.reference) || input.reference,
      }
    },

    async resolveAccount(bankCode: string, accountNumber: string) {
      const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode })
      const answer = await call('GET', `/bank/resolve?${query}`)
      if (answer.status === 400 || answer.status === 404 || answer.status === 422) return null
      if (answer.status !== 200 || answer.body.status !== true)
        throw refused(answer.status, answer.body)
      return text(object(answer.body.data).account_name) || null
    },
  }
}

function failedTransaction(reference: string, detail: string): VerifiedTransaction {
  return {
    status: 'failed',
    reference,
    checkoutReference: null,
    channel: 'checkout',
    currency: '',
    amountKobo: 0,
    settledKobo: 0,
    paidAt: null,
    accountNumber: null,
    accountReference: null,
    detail,
  }
}

export { failedTransaction }

function parseDate(value: string) {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}
