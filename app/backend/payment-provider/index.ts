import type { PaymentProvider } from '~/contract/collections'
import { monnifyAdapter } from './monnify'
import { paystackAdapter } from './paystack'
import { configuredProvider, monnifySettings, paystackSettings } from './settings'
import type { ProviderAdapter } from './types'

export * from './types'
export { ProviderRefusedError, ProviderUnavailableError } from './http'
export { configuredProvider, webhookSecret } from './settings'
export { SIGNATURE_HEADERS, signatureMatches, signatureOf } from './signatures'
export { monnifyNotice, paystackNotice } from './events'
export { cbnCodeOf } from './banks'

/**
 * The adapter of a provider whose keys are set (`provider` left out: the one PAYMENT_PROVIDER
 * chose), or null. One interface, so the rest of the app never asks which provider it is.
 */
export function providerAdapter(provider?: PaymentProvider | null): ProviderAdapter | null {
  const chosen = provider === undefined ? configuredProvider() : provider
  if (chosen === 'paystack') {
    const settings = paystackSettings()
    return settings ? paystackAdapter(settings) : null
  }
  if (chosen === 'monnify') {
    const settings = monnifySettings()
    return settings ? monnifyAdapter(settings) : null
  }
  return null
}
