// How each provider signs a webhook, so that the app's verification can be tried against the real
// scheme: both send the hex HMAC-SHA512 of the raw request body, Paystack keyed by the secret key
// (header x-paystack-signature), Monnify by the client secret key (header monnify-signature).
import { createHmac } from 'node:crypto'

/** @param {string} key @param {string | Buffer} rawBody */
const hmacSha512Hex = (key, rawBody) => createHmac('sha512', key).update(rawBody).digest('hex')

/** The x-paystack-signature of a body. @param {string | Buffer} rawBody @param {string} secretKey */
export const paystackSignature = (rawBody, secretKey) => hmacSha512Hex(secretKey, rawBody)

/** The monnify-signature of a body. @param {string | Buffer} rawBody @param {string} clientSecretKey */
export const monnifySignature = (rawBody, clientSecretKey) =>
  hmacSha512Hex(clientSecretKey, rawBody)

export const SIGNATURE_HEADER = /** @type {const} */ ({
  paystack: 'x-paystack-signature',
  monnify: 'monnify-signature',
})
