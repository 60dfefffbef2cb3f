import type { PaymentProvider } from '~/contract/collections'
import { getConfig } from '../config'

export const PAYSTACK_DEFAULT_BASE_URL = 'https://api.paystack.co'
export const MONNIFY_DEFAULT_BASE_URL = 'https://api.monnify.com'

export type PaystackSettings = { secretKey: string; baseUrl: string }
export type MonnifySettings = {
  apiKey: string
  secretKey: string
  contractCode: string
  baseUrl: string
}

const trimSlash = (url: string) => url.replace(/\/+$/, '')

/** The provider chosen by PAYMENT_PROVIDER, or null: payments are then proved by hand only. */
export function configuredProvider(): PaymentProvider | null {
  return getConfig().PAYMENT_PROVIDER ?? null
}

/** Paystack's key and address, when its key is set (its webhooks are then checked, whatever the provider chosen). */
export function paystackSettings(): PaystackSettings | null {
  const config = getConfig()
  if (!config.PAYSTACK_SECRET_KEY) return null
  return {
    secretKey: config.PAYSTACK_SECRET_KEY,
    baseUrl: trimSlash(config.PAYSTACK_BASE_URL ?? PAYSTACK_DEFAULT_BASE_URL),
  }
}

/** Monnify's keys and address, when all three are set. */
export function monnifySettings(): MonnifySettings | null {
  const config = getConfig()
  if (!config.MONNIFY_API_KEY || !config.MONNIFY_SECRET_KEY || !config.MONNIFY_CONTRACT_CODE)
    return null
  return {
    apiKey: config.MONNIFY_API_KEY,
    secretKey: config.MONNIFY_SECRET_KEY,
    contractCode: config.MONNIFY_CONTRACT_CODE,
    baseUrl: trimSlash(config.MONNIFY_BASE_URL ?? MONNIFY_DEFAULT_BASE_URL),
  }
}

/** The secret a provider's webhooks are signed with, or null when its keys are not set. */
export function webhookSecret(provider: PaymentProvider): string | null {
  return provider === 'paystack'
    ? (paystackSettings()?.secretKey ?? null)
    : (monnifySettings()?.secretKey ?? null)
}
