// The stand-in's settings: each from an option of startStandIn, else from the environment variable
// of the same meaning (the app's names for the keys), else a test default. Checked at start, every
// problem named at once, as the app checks its own settings.
import { parseFeeRule } from './money.mjs'

/** @typedef {import('./money.mjs').FeeRule} FeeRule */

/**
 * @typedef {object} StandInOptions
 * @property {number} [port] STAND_IN_PORT, 4010 (0 picks a free port)
 * @property {string} [host] STAND_IN_HOST, 127.0.0.1
 * @property {string} [publicUrl] STAND_IN_PUBLIC_URL: where a browser reaches the stand-in's pages (its hosted checkouts), http://{host}:{port}
 * @property {string} [paystackSecretKey] PAYSTACK_SECRET_KEY, sk_test_standin
 * @property {string} [monnifyApiKey] MONNIFY_API_KEY, MK_TEST_STANDIN
 * @property {string} [monnifySecretKey] MONNIFY_SECRET_KEY, SK_TEST_STANDIN
 * @property {string} [monnifyContractCode] MONNIFY_CONTRACT_CODE, 1234567890
 * @property {string} [paystackWebhookUrl] PAYSTACK_WEBHOOK_URL, http://127.0.0.1:3000/api/v1/webhooks/paystack
 * @property {string} [monnifyWebhookUrl] MONNIFY_WEBHOOK_URL, http://127.0.0.1:3000/api/v1/webhooks/monnify
 * @property {string | FeeRule} [paystackFee] STAND_IN_PAYSTACK_FEE, "1.5% max 2000"
 * @property {string | FeeRule} [monnifyFee] STAND_IN_MONNIFY_FEE, "50" (₦50 flat)
 * @property {string} [businessName] STAND_IN_BUSINESS_NAME, Landbanking (the first part of a Paystack account's name)
 * @property {number} [webhookTimeoutMs] how long a webhook delivery waits for the app's answer, 10,000
 * @property {string} [runId] the part of every reference that differs from one start to the next; random unless given
 * @property {Record<string, string | undefined>} [env] where the variables are read, process.env
 */

export const DEFAULTS = Object.freeze({
  port: 4010,
  host: '127.0.0.1',
  paystackSecretKey: 'sk_test_standin',
  monnifyApiKey: 'MK_TEST_STANDIN',
  monnifySecretKey: 'SK_TEST_STANDIN',
  monnifyContractCode: '1234567890',
  paystackWebhookUrl: 'http://127.0.0.1:3000/api/v1/webhooks/paystack',
  monnifyWebhookUrl: 'http://127.0.0.1:3000/api/v1/webhooks/monnify',
  paystackFee: '1.5% max 2000',
  monnifyFee: '50',
  businessName: 'Landbanking',
  webhookTimeoutMs: 10_000,
})

/** Each setting's environment variable. */
export const VARIABLES = Object.freeze({
  port: 'STAND_IN_PORT',
  host: 'STAND_IN_HOST',
  publicUrl: 'STAND_IN_PUBLIC_URL',
  paystackSecretKey: 'PAYSTACK_SECRET_KEY',
  monnifyApiKey: 'MONNIFY_API_KEY',
  monnifySecretKey: 'MONNIFY_SECRET_KEY',
  monnifyContractCode: 'MONNIFY_CONTRACT_CODE',
  paystackWebhookUrl: 'PAYSTACK_WEBHOOK_URL',
  monnifyWebhookUrl: 'MONNIFY_WEBHOOK_URL',
  paystackFee: 'STAND_IN_PAYSTACK_FEE',
  monnifyFee: 'STAND_IN_MONNIFY_FEE',
  businessName: 'STAND_IN_BUSINESS_NAME',
})

export class SettingsError extends Error {
  /** @param {string[]} problems */
  constructor(problems) {
    super(`Invalid stand-in settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
    this.name = 'SettingsError'
    this.problems = problems
  }
}

/**
 * @typedef {object} Settings
 * @property {number} port
 * @property {string} host
 * @property {string | undefined} publicUrl
 * @property {string} paystackSecretKey
 * @property {string} monnifyApiKey
 * @property {string} monnifySecretKey
 * @property {string} monnifyContractCode
 * @property {{ paystack: string, monnify: string }} webhookUrls
 * @property {{ paystack: FeeRule, monnify: FeeRule }} fees
 * @property {string} businessName
 * @property {number} webhookTimeoutMs
 * @property {string | undefined} runId
 */

/**
 * @param {StandInOptions} [options]
 * @returns {Settings}
 */
export function resolveSettings(options = {}) {
  const env = options.env ?? process.env
  /** @type {string[]} */
  const problems = []
  /** @param {keyof typeof VARIABLES} name */
  const pick = (name) => {
    const given = options[name]
    if (given !== undefined) return { value: given, from: `option ${name}` }
    const raw = env[VARIABLES[name]]
    if (raw !== undefined && raw !== '') return { value: raw, from: VARIABLES[name] }
    return {
      value: /** @type {Record<string, unknown>} */ (DEFAULTS)[name],
      from: `default of ${name}`,
    }
  }
  /** @param {keyof typeof VARIABLES} name */
  const text = (name) => {
    const { value, from } = pick(name)
    if (value === undefined) return undefined
    if (typeof value !== 'string' || value.trim() === '')
      problems.push(`${from}: must be a non-empty text`)
    return String(value)
  }
  /** @param {keyof typeof VARIABLES} name */
  const url = (name) => {
    const value = text(name)
    if (value === undefined) return undefined
    try {
      const parsed = new URL(value)
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http')
    } catch {
      problems.push(
        `${pick(name).from}: must be an http:// or https:// address (got ${JSON.stringify(value)})`,
      )
    }
    return value
  }
  /** @param {'paystackFee' | 'monnifyFee'} name */
  const fee = (name) => {
    const { value, from } = pick(name)
    if (typeof value === 'object' && value !== null) return /** @type {FeeRule} */ (value)
    const rule = parseFeeRule(String(value))
    if (!rule)
      problems.push(
        `${from}: must read like "1.5%", "50", "1.5% + 100" or "1.5% max 2000" (naira; got ${JSON.stringify(value)})`,
      )
    return rule ?? { percent: 0, flatKobo: 0, capKobo: null }
  }

  const portPick = pick('port')
  const port = Number(portPick.value)
  if (!/^\d+$/.test(String(portPick.value).trim()) || port > 65_535) {
    problems.push(
      `${portPick.from}: must be a whole number from 0 to 65535 (got ${JSON.stringify(portPick.value)})`,
    )
  }
  const webhookTimeoutMs = options.webhookTimeoutMs ?? DEFAULTS.webhookTimeoutMs
  if (!Number.isInteger(webhookTimeoutMs) || webhookTimeoutMs < 1)
    problems.push('option webhookTimeoutMs: must be a whole number of milliseconds')

  const settings = {
    port,
    host: /** @type {string} */ (text('host')),
    publicUrl: url('publicUrl')?.replace(/\/+$/, ''),
    paystackSecretKey: /** @type {string} */ (text('paystackSecretKey')),
    monnifyApiKey: /** @type {string} */ (text('monnifyApiKey')),
    monnifySecretKey: /** @type {string} */ (text('monnifySecretKey')),
    monnifyContractCode: /** @type {string} */ (text('monnifyContractCode')),
    webhookUrls: {
      paystack: /** @type {string} */ (url('paystackWebhookUrl')),
      monnify: /** @type {string} */ (url('monnifyWebhookUrl')),
    },
    fees: { paystack: fee('paystackFee'), monnify: fee('monnifyFee') },
    businessName: /** @type {string} */ (text('businessName')),
    webhookTimeoutMs,
    runId: options.runId,
  }
  if (problems.length) throw new SettingsError(problems)
  return settings
}
