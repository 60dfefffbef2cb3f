// What the stand-in remembers, in memory only: a restart forgets everything. References carry a
// counter (their order) and the run's id (so that a restart never hands out a reference or account
// number the app may already hold from the previous run); given the same run id, a run repeats.
import { randomBytes } from 'node:crypto'
import { KNOWN_PERSONAL_ACCOUNTS } from './banks.mjs'

/**
 * @typedef {object} PaystackCustomer
 * @property {number} id
 * @property {string} customer_code
 * @property {string} email
 * @property {string | null} first_name
 * @property {string | null} last_name
 * @property {string | null} phone
 * @property {Record<string, unknown> | null} metadata
 * @property {string} createdAt
 * @property {string} updatedAt
 *
 * @typedef {object} AccountRecord An account number the stand-in opened for a customer of the app.
 * @property {'paystack' | 'monnify'} provider
 * @property {string} accountNumber
 * @property {string} accountName
 * @property {string} bankName
 * @property {string} bankCode
 * @property {string} customerEmail
 * @property {string} customerName
 * @property {string} customerReference Paystack's customer code, Monnify's account reference
 * @property {number} id
 * @property {string} createdAt
 *
 * @typedef {object} TransactionRecord A payment, by transfer into an account or through a hosted checkout.
 * @property {'paystack' | 'monnify'} provider
 * @property {number} id
 * @property {string} reference Paystack's reference, Monnify's transactionReference
 * @property {string} paymentReference Monnify's paymentReference (Paystack: the reference)
 * @property {'transfer' | 'checkout'} kind
 * @property {'pending' | 'success' | 'cancelled'} status
 * @property {number} amountKobo what the customer paid (or is asked to pay, while pending)
 * @property {number} feeKobo what the provider keeps
 * @property {string} createdAt
 * @property {string | null} paidAt
 * @property {string} customerEmail
 * @property {string} customerName
 * @property {PaystackCustomer | null} paystackCustomer
 * @property {AccountRecord | null} account the account paid into (transfers)
 * @property {{ name: string, bankCode: string, bankName: string, accountNumber: string } | null} sender
 * @property {string} description narration of a transfer, description of a checkout
 * @property {Record<string, unknown> | null} metadata what the app sent at initialization
 * @property {string | null} callbackUrl where the hosted checkout sends the customer back
 * @property {string | null} accessCode Paystack's checkout code
 *
 * @typedef {object} EventRecord One webhook event, with the exact bytes every delivery of it sends.
 * @property {string} id
 * @property {'paystack' | 'monnify'} provider
 * @property {string} type
 * @property {string | null} reference the transaction (or account) it is about
 * @property {unknown} payload
 * @property {string} body
 * @property {string} createdAt
 *
 * @typedef {'valid' | 'none' | 'wrong-key' | 'tampered'} SignatureKind
 *
 * @typedef {object} DeliveryRecord One POST of an event to the app, and what the app answered.
 * @property {number} id
 * @property {string} eventId
 * @property {'paystack' | 'monnify'} provider
 * @property {string} type
 * @property {string} url
 * @property {SignatureKind} signature
 * @property {Record<string, string>} headers
 * @property {string} body
 * @property {number | null} status the app's HTTP status, null when it did not answer
 * @property {string} response the start of the app's answer
 * @property {string | null} error why there was no answer
 * @property {string} at
 * @property {number} ms
 */

/** A small seeded generator (mulberry32): account numbers repeat for a given run id. @param {string} seed */
function seededRandom(seed) {
  let state = 0
  for (const char of seed) state = (Math.imul(state, 31) + char.charCodeAt(0)) | 0
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** @param {string | undefined} runId */
export function createState(runId) {
  const run = runId ?? randomBytes(3).toString('hex')
  const random = seededRandom(run)
  let counter = 0
  const state = {
    runId: run,
    /** @type {Map<string, PaystackCustomer>} by customer code */
    paystackCustomers: new Map(),
    /** @type {Map<string, AccountRecord>} by account number, both providers */
    accounts: new Map(),
    /** @type {Map<string, { reservation: Record<string, unknown>, accounts: AccountRecord[] }>} Monnify reservations by account reference */
    reservations: new Map(),
    /** @type {Map<string, TransactionRecord>} by reference (Paystack) or transactionReference (Monnify) */
    transactions: new Map(),
    /** @type {Map<string, { token: string, expiresAt: number }>} Monnify access tokens */
    monnifyTokens: new Map(),
    /** @type {Map<string, string>} personal accounts' names, by "bank code:account number" */
    personalAccounts: new Map(
      KNOWN_PERSONAL_ACCOUNTS.map((a) => [`${a.bankCode}:${a.accountNumber}`, a.accountName]),
    ),
    /** @type {EventRecord[]} */
    events: [],
    /** @type {DeliveryRecord[]} */
    deliveries: [],
    next: () => ++counter,
    /** A 10-digit account number starting with the bank's prefix, unused so far. @param {string} prefix */
    accountNumber(prefix) {
      for (;;) {
        const digits =
          prefix +
          String(Math.floor(random() * 10 ** (10 - prefix.length))).padStart(
            10 - prefix.length,
            '0',
          )
        if (!state.accounts.has(digits)) return digits
      }
    },
  }
  return state
}

/** @typedef {ReturnType<typeof createState>} State */

/**
 * The bank account's holder, as name enquiry gives it: an account the stand-in opened, or a
 * personal account it knows.
 * @param {State} state @param {string} bankCode @param {string} accountNumber
 */
export function holderName(state, bankCode, accountNumber) {
  const opened = state.accounts.get(accountNumber)
  if (opened && opened.bankCode === bankCode) return opened.accountName
  return state.personalAccounts.get(`${bankCode}:${accountNumber}`) ?? null
}
