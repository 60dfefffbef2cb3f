import { createHmac, timingSafeEqual } from 'node:crypto'
import type { PaymentProvider } from '~/contract/collections'

/** The header each provider signs its webhooks in. */
export const SIGNATURE_HEADERS: Record<PaymentProvider, string> = {
  paystack: 'x-paystack-signature',
  monnify: 'monnify-signature',
}

/** Both providers sign the same way: the hex HMAC-SHA512 of the raw body, keyed by the secret. */
export function signatureOf(rawBody: Uint8Array | string, secret: string) {
  return createHmac('sha512', secret).update(rawBody).digest('hex')
}

/**
 * Whether `header` signs these exact bytes. Compared in constant time, so a forger learns nothing
 * from how long a wrong guess took; the hex is compared as sent (either case).
 */
export function signatureMatches(
  rawBody: Uint8Array,
  header: string | null,
  secret: string,
): boolean {
  if (!header || !/^[0-9a-fA-F]{128}$/.test(header.trim())) return false
  const expected = Buffer.from(signatureOf(rawBody, secret), 'hex')
  const given = Buffer.from(header.trim(), 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
