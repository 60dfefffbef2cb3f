// The part of Monnify's API the app uses, under /monnify: a login with the API key and client
// secret (HTTP Basic) that gives a bearer token, reserved accounts, transaction status, checkout
// initialization and account validation, in Monnify's envelope (requestSuccessful, responseMessage,
// responseCode, responseBody) with amounts in naira; and its SUCCESSFUL_TRANSACTION event.
// Monnify writes naira as numbers in some places and as strings in others (its webhook's
// amountPaid is a number and settlementAmount a string; its transaction status has strings): the
// stand-in writes each field as Monnify's documented samples do.
import { randomBytes } from 'node:crypto'
import { BANKS, MONNIFY_ACCOUNT_BANKS } from './banks.mjs'
import {
  feeKobo,
  koboToNairaNumber,
  koboToNairaString,
  monnifyDashedTime,
  monnifySlashedTime,
  nairaValueToKobo,
} from './money.mjs'
import { holderName } from './state.mjs'

/** @typedef {import('./state.mjs').AccountRecord} AccountRecord */
/** @typedef {import('./state.mjs').TransactionRecord} TransactionRecord */
/** @typedef {import('./paystack.mjs').Context} Context */
/** @typedef {import('./paystack.mjs').ApiRequest} ApiRequest */
/** @typedef {import('./paystack.mjs').ApiAnswer} ApiAnswer */

const TOKEN_SECONDS = 3_600

/** @param {unknown} body @returns {ApiAnswer} */
const ok = (body) => ({
  status: 200,
  body: {
    requestSuccessful: true,
    responseMessage: 'success',
    responseCode: '0',
    responseBody: body,
  },
})
/** @param {number} status @param {string} message @param {string} [code] @returns {ApiAnswer} */
const fail = (status, message, code = '99') => ({
  status,
  body: { requestSuccessful: false, responseMessage: message, responseCode: code },
})

/** @param {unknown} value */
const textOf = (value) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : ''
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** A NIP session id: 30 digits, as Monnify's paymentSourceInformation carries. @param {number} n */
const sessionId = (n) =>
  `090405${Date.now()}${String(n).padStart(11, '0')}`.slice(0, 30).padEnd(30, '0')

/** @param {TransactionRecord} tx */
function productOf(tx) {
  return tx.kind === 'transfer'
    ? {
        reference: /** @type {AccountRecord} */ (tx.account).customerReference,
        type: 'RESERVED_ACCOUNT',
      }
    : { reference: tx.paymentReference, type: 'WEB_SDK' }
}

const CARD = {
  cardType: 'Visa',
  last4: '1111',
  expMonth: '12',
  expYear: '30',
  bin: '411111',
  bankCode: null,
  bankName: null,
  reusable: false,
  countryCode: 'NGA',
  cardToken: null,
  supportsTokenization: false,
  maskedPan: '411111******1111',
}

/**
 * The eventData of SUCCESSFUL_TRANSACTION, after Monnify's documented sample for a reserved
 * account (and its card variant for a checkout).
 * @param {TransactionRecord} tx
 */
export function monnifyEventData(tx) {
  const transfer = tx.kind === 'transfer'
  const paidOn = new Date(/** @type {string} */ (tx.paidAt))
  const account = tx.account
  const sender = tx.sender
  return {
    product: productOf(tx),
    transactionReference: tx.reference,
    paymentReference: tx.paymentReference,
    paidOn: transfer ? monnifyDashedTime(paidOn) : monnifySlashedTime(paidOn),
    paymentDescription: tx.description,
    metaData: tx.metadata ?? {},
    paymentSourceInformation:
      transfer && sender
        ? [
            {
              bankCode: sender.bankCode,
              amountPaid: koboToNairaNumber(tx.amountKobo),
              accountName: sender.name,
              sessionId: sessionId(tx.id),
              accountNumber: sender.accountNumber,
            },
          ]
        : [],
    destinationAccountInformation:
      transfer && account
        ? {
            bankCode: account.bankCode,
            bankName: account.bankName,
            accountNumber: account.accountNumber,
          }
        : {},
    amountPaid: koboToNairaNumber(tx.amountKobo),
    totalPayable: koboToNairaNumber(tx.amountKobo),
    cardDetails: transfer ? {} : CARD,
    paymentMethod: transfer ? 'ACCOUNT_TRANSFER' : 'CARD',
    currency: 'NGN',
    settlementAmount: koboToNairaString(tx.amountKobo - tx.feeKobo),
    paymentStatus: 'PAID',
    customer: { name: tx.customerName, email: tx.customerEmail },
  }
}

/** The transaction status body of GET /api/v2/transactions/{transactionReference}. @param {TransactionRecord} tx */
export function monnifyTransactionStatus(tx) {
  const transfer = tx.kind === 'transfer'
  const paid = tx.status === 'success'
  const accountPayment =
    transfer && tx.sender
      ? {
          accountName: tx.sender.name,
          accountNumber: `******${tx.sender.accountNumber.slice(-4)}`,
          bankCode: tx.sender.bankCode,
          amountPaid: koboToNairaString(tx.amountKobo),
        }
      : null
  return {
    transactionReference: tx.reference,
    paymentReference: tx.paymentReference,
    amountPaid: koboToNairaString(paid ? tx.amountKobo : 0),
    totalPayable: koboToNairaString(tx.amountKobo),
    settlementAmount: koboToNairaString(paid ? tx.amountKobo - tx.feeKobo : 0),
    paidOn: tx.paidAt ? monnifySlashedTime(new Date(tx.paidAt)) : null,
    paymentStatus: paid ? 'PAID' : tx.status === 'cancelled' ? 'CANCELLED' : 'PENDING',
    paymentDescription: tx.description,
    currency: 'NGN',
    paymentMethod: paid ? (transfer ? 'ACCOUNT_TRANSFER' : 'CARD') : null,
    product: productOf(tx),
    cardDetails: paid && !transfer ? CARD : null,
    accountDetails: accountPayment,
    accountPayments: accountPayment ? [accountPayment] : [],
    customer: { email: tx.customerEmail, name: tx.customerName },
    metaData: tx.metadata ?? {},
  }
}

/** @param {Context} context */
export function createMonnifyApi({ settings, state, publicUrl }) {
  /** @param {ApiRequest} request @returns {ApiAnswer} */
  function login({ headers }) {
    const expected = `Basic ${Buffer.from(`${settings.monnifyApiKey}:${settings.monnifySecretKey}`).toString('base64')}`
    if (headers.authorization !== expected)
      return fail(401, 'Invalid client credentials: the API key or the client secret key is wrong')
    const token = `${randomBytes(24).toString('base64url')}.${state.runId}`
    state.monnifyTokens.set(token, { token, expiresAt: Date.now() + TOKEN_SECONDS * 1000 })
    return ok({ accessToken: token, expiresIn: TOKEN_SECONDS - 1 })
  }

  /** @param {ApiRequest} request @returns {ApiAnswer | null} */
  function refusedToken({ headers }) {
    const header = headers.authorization ?? ''
    if (!header.startsWith('Bearer '))
      return fail(401, 'Full authentication is required to access this resource')
    const token = state.monnifyTokens.get(header.slice('Bearer '.length))
    if (!token || token.expiresAt <= Date.now()) return fail(401, 'Invalid or expired access token')
    return null
  }

  /** @param {Record<string, unknown>} body @returns {ApiAnswer | null} */
  function contractProblem(body) {
    const contractCode = textOf(body.contractCode)
    if (!contractCode) return fail(400, 'contractCode is required')
    if (contractCode !== settings.monnifyContractCode)
      return fail(400, `Contract code ${contractCode} does not belong to this merchant`)
    const currency = textOf(body.currencyCode) || 'NGN'
    if (currency !== 'NGN') return fail(400, 'currencyCode must be NGN')
    return null
  }

  /** @param {string} accountReference */
  function reservationBody(accountReference) {
    const reservation = state.reservations.get(accountReference)
    if (!reservation) return null
    return {
      ...reservation.reservation,
      accounts: reservation.accounts.map((account) => ({
        bankCode: account.bankCode,
        bankName: account.bankName,
        accountNumber: account.accountNumber,
        accountName: account.accountName,
      })),
    }
  }

  /** @param {ApiRequest} request @returns {ApiAnswer} */
  function reserve({ body }) {
    for (const field of ['accountReference', 'accountName', 'customerEmail']) {
      if (!textOf(body[field])) return fail(400, `${field} is required`)
    }
    const problem = contractProblem(body)
    if (problem) return problem
    const accountReference = textOf(body.accountReference)
    const customerEmail = textOf(body.customerEmail)
    if (!EMAIL.test(customerEmail)) return fail(400, 'customerEmail is not a valid e-mail address')
    if (state.reservations.has(accountReference)) {
      return fail(
        400,
        `You cannot reserve more than one account for a customer with the same reference: ${accountReference}`,
      )
    }
    const allBanks =
      body.getAllAvailableBanks === undefined
        ? true
        : body.getAllAvailableBanks === true || body.getAllAvailableBanks === 'true'
    const preferred = Array.isArray(body.preferredBanks) ? body.preferredBanks.map(textOf) : []
    const banks = allBanks
      ? MONNIFY_ACCOUNT_BANKS
      : MONNIFY_ACCOUNT_BANKS.filter((bank) => preferred.includes(bank.code))
    if (!banks.length)
      return fail(
        400,
        `preferredBanks: none of these banks is available (available: ${MONNIFY_ACCOUNT_BANKS.map((bank) => bank.code).join(', ')})`,
      )

    const accountName = textOf(body.accountName)
    const customerName = textOf(body.customerName) || accountName
    const createdAt = new Date()
    const accounts = banks.map((bank) => {
      /** @type {AccountRecord} */
      const account = {
        provider: 'monnify',
        accountNumber: state.accountNumber(bank.prefix),
        accountName,
        bankName: bank.name,
        bankCode: bank.code,
        customerEmail,
        customerName,
        customerReference: accountReference,
        id: state.next(),
        createdAt: createdAt.toISOString(),
      }
      state.accounts.set(account.accountNumber, account)
      return account
    })
    state.reservations.set(accountReference, {
      reservation: {
        contractCode: settings.monnifyContractCode,
        accountReference,
        accountName,
        currencyCode: 'NGN',
        customerEmail,
        customerName,
        collectionChannel: 'RESERVED_ACCOUNT',
        reservationReference: `${state.runId.toUpperCase()}${String(state.next()).padStart(14, '0')}`,
        reservedAccountType: 'GENERAL',
        status: 'ACTIVE',
        createdOn: monnifyDashedTime(createdAt),
        incomeSplitConfig: [],
        bvn: textOf(body.bvn) || null,
        nin: textOf(body.nin) || null,
        restrictPaymentSource: false,
      },
      accounts,
    })
    return ok(reservationBody(accountReference))
  }

  /** @param {string} reference @param {'transactionReference' | 'paymentReference'} by @returns {ApiAnswer} */
  function status(reference, by) {
    const tx = [...state.transactions.values()].find(
      (candidate) =>
        candidate.provider === 'monnify' &&
        (by === 'transactionReference' ? candidate.reference : candidate.paymentReference) ===
          reference,
    )
    if (!tx) return fail(404, `Could not find transaction with the specified ${by}`)
    return ok(monnifyTransactionStatus(tx))
  }

  /** @param {ApiRequest} request @returns {ApiAnswer} */
  function initTransaction({ body }) {
    const amountKobo = nairaValueToKobo(body.amount)
    if (amountKobo === null || amountKobo < 1)
      return fail(400, 'amount must be a number of naira with at most two decimals')
    const customerEmail = textOf(body.customerEmail)
    if (!EMAIL.test(customerEmail)) return fail(400, 'customerEmail is not a valid e-mail address')
    const paymentReference = textOf(body.paymentReference)
    if (!paymentReference) return fail(400, 'paymentReference is required')
    const problem = contractProblem(body)
    if (problem) return problem
    if (
      [...state.transactions.values()].some(
        (tx) => tx.provider === 'monnify' && tx.paymentReference === paymentReference,
      )
    ) {
      return fail(400, `Duplicate payment reference: ${paymentReference}`)
    }
    const redirectUrl = textOf(body.redirectUrl) || null
    if (redirectUrl) {
      try {
        new URL(redirectUrl)
      } catch {
        return fail(400, 'redirectUrl is not a valid address')
      }
    }
    const n = state.next()
    const transactionReference = `MNFY|${state.runId}|${String(n).padStart(6, '0')}`
    const metadata = body.metaData ?? body.metadata
    state.transactions.set(transactionReference, {
      provider: 'monnify',
      id: n,
      reference: transactionReference,
      paymentReference,
      kind: 'checkout',
      status: 'pending',
      amountKobo,
      feeKobo: feeKobo(amountKobo, settings.fees.monnify),
      createdAt: new Date().toISOString(),
      paidAt: null,
      customerEmail,
      customerName: textOf(body.customerName),
      paystackCustomer: null,
      account: null,
      sender: null,
      description: textOf(body.paymentDescription),
      metadata:
        metadata && typeof metadata === 'object'
          ? /** @type {Record<string, unknown>} */ (metadata)
          : null,
      callbackUrl: redirectUrl,
      accessCode: null,
    })
    const methods =
      Array.isArray(body.paymentMethods) && body.paymentMethods.length
        ? body.paymentMethods.map(textOf)
        : ['CARD', 'ACCOUNT_TRANSFER']
    return ok({
      transactionReference,
      paymentReference,
      merchantName: settings.businessName,
      apiKey: settings.monnifyApiKey,
      redirectUrl,
      enabledPaymentMethod: methods,
      checkoutUrl: `${publicUrl()}/pay/monnify/${encodeURIComponent(transactionReference)}`,
    })
  }

  /** @param {ApiRequest} request @returns {ApiAnswer} */
  function validateAccount({ query }) {
    const accountNumber = query.get('accountNumber') ?? ''
    const bankCode = query.get('bankCode') ?? ''
    if (!accountNumber || !bankCode) return fail(400, 'accountNumber and bankCode are required')
    const name = /^\d{10}$/.test(accountNumber) ? holderName(state, bankCode, accountNumber) : null
    if (!name)
      return fail(400, 'Invalid account number or bank code: the bank could not find this account')
    return ok({ accountNumber, accountName: name, bankCode })
  }

  return {
    /** @param {ApiRequest} request @returns {ApiAnswer} */
    handle(request) {
      const { method, path, query } = request
      if (method === 'POST' && path === '/api/v1/auth/login') return login(request)
      const refused = refusedToken(request)
      if (refused) return refused
      const segments = path.split('/').filter(Boolean)
      if (method === 'POST' && path === '/api/v2/bank-transfer/reserved-accounts')
        return reserve(request)
      if (
        method === 'GET' &&
        path.startsWith('/api/v2/bank-transfer/reserved-accounts/') &&
        segments.length === 5
      ) {
        const body = reservationBody(decodeURIComponent(segments[4]))
        return body ? ok(body) : fail(404, 'Cannot find reserved account with this reference')
      }
      if (method === 'GET' && path === '/api/v2/merchant/transactions/query') {
        const paymentReference = query.get('paymentReference')
        const transactionReference = query.get('transactionReference')
        if (transactionReference) return status(transactionReference, 'transactionReference')
        if (paymentReference) return status(paymentReference, 'paymentReference')
        return fail(400, 'paymentReference or transactionReference is required')
      }
      if (
        method === 'GET' &&
        segments[0] === 'api' &&
        segments[1] === 'v2' &&
        segments[2] === 'transactions' &&
        segments.length === 4
      ) {
        return status(decodeURIComponent(segments[3]), 'transactionReference')
      }
      if (method === 'POST' && path === '/api/v1/merchant/transactions/init-transaction')
        return initTransaction(request)
      if (method === 'GET' && path === '/api/v1/disbursements/account/validate')
        return validateAccount(request)
      if (method === 'GET' && path === '/api/v1/banks') {
        return ok(
          BANKS.map((bank) => ({
            name: bank.name,
            code: bank.code,
            ussdTemplate: null,
            baseUssdCode: null,
            transferUssdTemplate: null,
          })),
        )
      }
      return fail(404, `${method} ${path} is not part of the stand-in's Monnify`)
    },
  }
}

/**
 * A transfer into a Monnify reserved account: the transaction and its SUCCESSFUL_TRANSACTION event.
 * @param {Context} context
 * @param {AccountRecord} account
 * @param {{ amountKobo: number, sender: { name: string, bankCode: string, bankName: string, accountNumber: string }, narration: string }} transfer
 */
export function monnifyTransfer(
  { settings, state, webhooks },
  account,
  { amountKobo, sender, narration },
) {
  const n = state.next()
  const now = new Date().toISOString()
  const reference = `MNFY|${state.runId}|${String(n).padStart(6, '0')}`
  /** @type {TransactionRecord} */
  const tx = {
    provider: 'monnify',
    id: n,
    reference,
    paymentReference: reference,
    kind: 'transfer',
    status: 'success',
    amountKobo,
    feeKobo: feeKobo(amountKobo, settings.fees.monnify),
    createdAt: now,
    paidAt: now,
    customerEmail: account.customerEmail,
    customerName: account.customerName,
    paystackCustomer: null,
    account,
    sender,
    description: narration,
    metadata: null,
    callbackUrl: null,
    accessCode: null,
  }
  state.transactions.set(reference, tx)
  const event = webhooks.createEvent(
    'monnify',
    'SUCCESSFUL_TRANSACTION',
    { eventType: 'SUCCESSFUL_TRANSACTION', eventData: monnifyEventData(tx) },
    reference,
  )
  return { tx, event }
}

/**
 * The customer pays on the hosted checkout: SUCCESSFUL_TRANSACTION is sent and the customer goes
 * back to the redirect URL with the paymentReference, as Monnify sends them.
 * @param {Context} context @param {TransactionRecord} tx
 */
export function monnifyPay({ webhooks }, tx) {
  tx.status = 'success'
  tx.paidAt = new Date().toISOString()
  const event = webhooks.createEvent(
    'monnify',
    'SUCCESSFUL_TRANSACTION',
    { eventType: 'SUCCESSFUL_TRANSACTION', eventData: monnifyEventData(tx) },
    tx.reference,
  )
  return { event, redirectTo: monnifyReturnUrl(tx) }
}

/** The customer cancels: nothing is paid, no event; back to the redirect URL. @param {TransactionRecord} tx */
export function monnifyCancel(tx) {
  tx.status = 'cancelled'
  return { redirectTo: monnifyReturnUrl(tx) }
}

/** @param {TransactionRecord} tx */
function monnifyReturnUrl(tx) {
  if (!tx.callbackUrl) return null
  const url = new URL(tx.callbackUrl)
  url.searchParams.set('paymentReference', tx.paymentReference)
  return url.toString()
}
