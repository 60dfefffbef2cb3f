import { providerNairaToKobo } from './naira'
import { failedTransaction } from './paystack'
import {
  callProvider,
  object,
  ProviderRefusedError,
  ProviderUnavailableError,
  text,
  type ProviderAnswer,
} from './http'
import type { MonnifySettings } from './settings'
import type {
  AccountHolder,
  CheckoutStart,
  OpenedAccount,
  ProviderAdapter,
  VerifiedTransaction,
} from './types'

const NAME = 'Monnify'
// Moniepoint's accounts: Monnify's own bank.
const PREFERRED_BANKS = ['50515']

type Token = { value: string; expiresAt: number }
/** One bearer token per set of keys, shared by every call of this process until it is about to expire. */
const tokens = new Map<string, Token>()

/**
 * Monnify's API: a login with the API key and client secret (HTTP Basic) gives a bearer token;
 * answers are `{ requestSuccessful, responseMessage, responseCode, responseBody }`, amounts in naira.
 */
export function monnifyAdapter(settings: MonnifySettings): ProviderAdapter {
  const tokenKey = `${settings.baseUrl} ${settings.apiKey}`

  async function login(): Promise<string> {
    const basic = Buffer.from(`${settings.apiKey}:${settings.secretKey}`).toString('base64')
    const answer = await callProvider(NAME, `${settings.baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}` },
    })
    const body = object(answer.body.responseBody)
    const token = text(body.accessToken)
    if (answer.status !== 200 || !token)
      throw new ProviderUnavailableError(NAME, `its login was refused (${answer.status})`)
    const seconds = Number(body.expiresIn) || 300
    tokens.set(tokenKey, { value: token, expiresAt: Date.now() + (seconds - 60) * 1000 })
    return token
  }

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<ProviderAnswer> {
    const cached = tokens.get(tokenKey)
    const token = cached && cached.expiresAt > Date.now() ? cached.value : await login()
    const send = (bearer: string) =>
      callProvider(NAME, `${settings.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${bearer}` },
        body,
      })
    const answer = await send(token)
    if (answer.status !== 401) return answer
    // A token Monnify no longer takes (expired early, or revoked): sign in again once.
    tokens.delete(tokenKey)
    return send(await login())
  }

  const ok = (answer: ProviderAnswer) =>
    answer.status === 200 && answer.body.requestSuccessful === true
  const refused = (answer: ProviderAnswer) =>
    new ProviderRefusedError(NAME, answer.status, text(answer.body.responseMessage) || 'no message')

  function accountOf(answer: ProviderAnswer, customerCode: string | null): OpenedAccount {
    const body = object(answer.body.responseBody)
    const accounts = Array.isArray(body.accounts) ? body.accounts.map(object) : []
    const account = accounts[0] ?? {}
    return {
      bankName: text(account.bankName),
      bankCode: text(account.bankCode) || null,
      accountNumber: text(account.accountNumber),
      accountName: text(account.accountName) || text(body.accountName),
      customerCode,
    }
  }

  return {
    name: 'monnify',
    accountPer: 'subscription',

    async openAccount(holder: AccountHolder) {
      const name = `${holder.firstName} ${holder.lastName}`.trim()
      const reserved = await call('POST', '/api/v2/bank-transfer/reserved-accounts', {
        accountReference: holder.reference,
        accountName: name,
        currencyCode: 'NGN',
        contractCode: settings.contractCode,
        customerEmail: holder.email,
        customerName: name,
        getAllAvailableBanks: false,
        preferredBanks: PREFERRED_BANKS,
      })
      if (ok(reserved)) return accountOf(reserved, holder.reference)
      // Reserved before (an answer lost on the way back): Monnify keeps one per reference.
      const existing = await call(
        'GET',
        `/api/v2/bank-transfer/reserved-accounts/${encodeURIComponent(holder.reference)}`,
      )
      if (ok(existing)) return accountOf(existing, holder.reference)
      throw refused(reserved)
    },

    async verifyTransaction(reference: string): Promise<VerifiedTransaction> {
      const answer = await call('GET', `/api/v2/transactions/${encodeURIComponent(reference)}`)
      if (answer.status === 404 || answer.status === 400)
        return failedTransaction(
          reference,
          text(answer.body.responseMessage) || 'unknown to Monnify',
        )
      if (!ok(answer)) throw refused(answer)
      const body = object(answer.body.responseBody)
      const product = object(body.product)
      const status = text(body.paymentStatus)
      const transfer = text(product.type) === 'RESERVED_ACCOUNT'
      const amountKobo = providerNairaToKobo(body.amountPaid) ?? 0
      const settledKobo = providerNairaToKobo(body.settlementAmount) ?? amountKobo
      return {
        status: status === 'PAID' ? 'success' : status === 'PENDING' ? 'pending' : 'failed',
        reference: text(body.transactionReference) || reference,
        checkoutReference: transfer ? null : text(body.paymentReference) || null,
        channel: transfer ? 'transfer' : 'checkout',
        currency: text(body.currency),
        amountKobo,
        settledKobo,
        paidAt: monnifyTime(text(body.paidOn)),
        accountNumber: transfer
          ? text(object(body.destinationAccountInformation).accountNumber) || null
          : null,
        accountReference: transfer ? text(product.reference) || null : null,
        detail: status === 'PAID' ? null : status || 'not paid',
      }
    },

    async startCheckout(input: CheckoutStart) {
      const answer = await call('POST', '/api/v1/merchant/transactions/init-transaction', {
        amount: input.amountKobo / 100,
        customerName: input.name,
        customerEmail: input.email,
        paymentReference: input.reference,
        paymentDescription: input.description,
        currencyCode: 'NGN',
        contractCode: settings.contractCode,
        redirectUrl: input.callbackUrl,
        paymentMethods: ['CARD', 'ACCOUNT_TRANSFER'],
        metaData: { subscription_reference: input.subscriptionReference },
      })
      if (!ok(answer)) throw refused(answer)
      const body = object(answer.body.responseBody)
      return {
        authorizationUrl: text(body.checkoutUrl),
        providerReference: text(body.transactionReference),
      }
    },

    async resolveAccount(bankCode: string, accountNumber: string) {
      const query = new URLSearchParams({ accountNumber, bankCode })
      const answer = await call('GET', `/api/v1/disbursements/account/validate?${query}`)
      if (answer.status === 400 || answer.status === 404 || answer.status === 422) return null
      if (!ok(answer)) throw refused(answer)
      return text(object(answer.body.responseBody).accountName) || null
    },
  }
}

/**
 * Monnify's times are Lagos time (UTC+1) without an offset, as "2021-11-17 11:28:42.615" or
 * "17/11/2021 3:48:10 PM"; anything else is read as an ISO time.
 */
export function monnifyTime(value: string): Date | null {
  if (!value) return null
  const dashed = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,3})?$/.exec(value)
  if (dashed) {
    const [, y, m, d, h, min, s, ms = ''] = dashed
    return new Date(`${y}-${m}-${d}T${h}:${min}:${s}${ms}+01:00`)
  }
  const slashed = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2}):(\d{2}) ?(AM|PM)$/i.exec(value)
  if (slashed) {
    const [, d, m, y, h, min, s, half] = slashed
    const hours = (Number(h) % 12) + (half.toUpperCase() === 'PM' ? 12 : 0)
    const two = (n: string | number) => String(n).padStart(2, '0')
    return new Date(`${y}-${two(m)}-${two(d)}T${two(hours)}:${min}:${s}+01:00`)
  }
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}
