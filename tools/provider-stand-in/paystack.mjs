// The part of Paystack's API the app uses, under /paystack, with Paystack's paths, bearer key,
// field names and amounts in kobo; and the events it sends (charge.success for a transfer into a
// dedicated account or a paid checkout, dedicatedaccount.assign.success).
import { BANKS, PAYSTACK_ACCOUNT_BANKS, bankByCode } from './banks.mjs'
import { feeKobo } from './money.mjs'
import { holderName } from './state.mjs'

/** @typedef {import('./state.mjs').State} State */
/** @typedef {import('./state.mjs').PaystackCustomer} PaystackCustomer */
/** @typedef {import('./state.mjs').AccountRecord} AccountRecord */
/** @typedef {import('./state.mjs').TransactionRecord} TransactionRecord */
/** @typedef {import('./settings.mjs').Settings} Settings */
/** @typedef {import('./webhooks.mjs').Webhooks} Webhooks */
/**
 * @typedef {{ settings: Settings, state: State, webhooks: Webhooks, publicUrl: () => string }} Context
 * @typedef {{ method: string, path: string, query: URLSearchParams, body: Record<string, unknown>, headers: import('node:http').IncomingHttpHeaders }} ApiRequest
 * @typedef {{ status: number, body: unknown, after?: () => unknown }} ApiAnswer
 */

const INTEGRATION = 100032
const BANKS_CREATED_AT = '2016-07-14T10:04:29.000Z'

/** @param {number} status @param {string} message @returns {ApiAnswer} */
const fail = (status, message) => ({ status, body: { status: false, message } })
/** @param {string} message @param {unknown} data @param {Record<string, unknown>} [extra] @returns {ApiAnswer} */
const ok = (message, data, extra = {}) => ({
  status: 200,
  body: { status: true, message, data, ...extra },
})

/** @param {unknown} value */
const textOf = (value) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : ''
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** @param {PaystackCustomer} customer */
function customerJson(customer) {
  return {
    id: customer.id,
    first_name: customer.first_name,
    last_name: customer.last_name,
    email: customer.email,
    customer_code: customer.customer_code,
    phone: customer.phone,
    metadata: customer.metadata,
    risk_action: 'default',
    international_format_phone: customer.phone,
  }
}

/** @param {AccountRecord} account */
const accountBank = (account) =>
  Object.values(PAYSTACK_ACCOUNT_BANKS).find((bank) => bank.code === account.bankCode) ??
  PAYSTACK_ACCOUNT_BANKS['wema-bank']

/** The dedicated account as Paystack describes it. @param {AccountRecord} account @param {PaystackCustomer} customer */
function dedicatedAccountJson(account, customer) {
  const bank = accountBank(account)
  return {
    bank: { name: bank.name, id: bank.id, slug: bank.slug },
    account_name: account.accountName,
    account_number: account.accountNumber,
    assigned: true,
    currency: 'NGN',
    metadata: null,
    active: true,
    id: account.id,
    created_at: account.createdAt,
    updated_at: account.createdAt,
    assignment: {
      integration: INTEGRATION,
      assignee_id: customer.id,
      assignee_type: 'Customer',
      expired: false,
      account_type: 'PAY-WITH-TRANSFER-RECURRING',
      assigned_at: account.createdAt,
      expired_at: null,
    },
    customer: customerJson(customer),
  }
}

/** @param {TransactionRecord} tx */
function authorizationJson(tx) {
  if (tx.status !== 'success') return {}
  if (tx.kind === 'transfer' && tx.sender && tx.account) {
    const from = tx.sender.accountNumber
    return {
      authorization_code: `AUTH_${tx.reference.toLowerCase().replace(/[^a-z0-9]/g, '')}`,
      bin: `${from.slice(0, 3)}XXX`,
      last4: `X${from.slice(-3)}`,
      exp_month: String(new Date(tx.paidAt ?? tx.createdAt).getUTCMonth() + 1).padStart(2, '0'),
      exp_year: String(new Date(tx.paidAt ?? tx.createdAt).getUTCFullYear()),
      channel: 'dedicated_nuban',
      card_type: 'transfer',
      bank: tx.sender.bankName,
      country_code: 'NG',
      brand: 'Managed Account',
      reusable: false,
      signature: null,
      account_name: null,
      sender_country: 'NG',
      sender_bank: tx.sender.bankName,
      sender_bank_account_number: `XXXXXX${from.slice(-4)}`,
      sender_name: tx.sender.name,
      narration: tx.description,
      receiver_bank_account_number: tx.account.accountNumber,
      receiver_bank: tx.account.bankName,
    }
  }
  return {
    authorization_code: `AUTH_${tx.reference.toLowerCase().replace(/[^a-z0-9]/g, '')}`,
    bin: '408408',
    last4: '4081',
    exp_month: '12',
    exp_year: '2030',
    channel: 'card',
    card_type: 'visa ',
    bank: 'TEST BANK',
    country_code: 'NG',
    brand: 'visa',
    reusable: true,
    signature: `SIG_${tx.reference.toLowerCase().replace(/[^a-z0-9]/g, '')}`,
    account_name: null,
  }
}

/**
 * A transaction as charge.success and the verify call carry it: amount and fees in kobo, the
 * customer, and for a transfer the account paid into and who sent the money.
 * @param {TransactionRecord} tx
 */
export function paystackTransactionJson(tx) {
  const transfer = tx.kind === 'transfer'
  const paid = tx.status === 'success'
  const gatewayResponse = paid
    ? transfer
      ? 'Approved'
      : 'Successful'
    : tx.status === 'cancelled'
      ? 'Cancelled by the customer'
      : 'The transaction was not completed'
  return {
    id: tx.id,
    domain: 'test',
    status: paid ? 'success' : 'abandoned',
    reference: tx.reference,
    receipt_number: null,
    amount: tx.amountKobo,
    message: null,
    gateway_response: gatewayResponse,
    paid_at: tx.paidAt,
    created_at: tx.createdAt,
    channel: transfer ? 'dedicated_nuban' : 'card',
    currency: 'NGN',
    ip_address: transfer ? null : '127.0.0.1',
    metadata:
      transfer && tx.account
        ? { receiver_account_number: tx.account.accountNumber, receiver_bank: tx.account.bankName }
        : (tx.metadata ?? ''),
    log: null,
    fees: paid ? tx.feeKobo : null,
    fees_split: null,
    authorization: authorizationJson(tx),
    customer: tx.paystackCustomer ? customerJson(tx.paystackCustomer) : { email: tx.customerEmail },
    plan: null,
    split: {},
    order_id: null,
    paidAt: tx.paidAt,
    createdAt: tx.createdAt,
    requested_amount: tx.amountKobo,
    pos_transaction_data: null,
    source: null,
    fees_breakdown: null,
  }
}

/** @param {State} state @param {string} email */
const customerByEmail = (state, email) =>
  [...state.paystackCustomers.values()].find(
    (customer) => customer.email.toLowerCase() === email.toLowerCase(),
  )

/** @param {State} state @param {string} idOrCode */
function findCustomer(state, idOrCode) {
  const byCode = state.paystackCustomers.get(idOrCode)
  if (byCode) return byCode
  return [...state.paystackCustomers.values()].find(
    (customer) =>
      String(customer.id) === idOrCode || customer.email.toLowerCase() === idOrCode.toLowerCase(),
  )
}

/** @param {State} state @param {{ email: string, first_name?: string, last_name?: string, phone?: string, metadata?: unknown }} fields */
function createCustomer(state, fields) {
  const n = state.next()
  const now = new Date().toISOString()
  /** @type {PaystackCustomer} */
  const customer = {
    id: n,
    customer_code: `CUS_${state.runId}${String(n).padStart(9, '0')}`,
    email: fields.email,
    first_name: fields.first_name || null,
    last_name: fields.last_name || null,
    phone: fields.phone || null,
    metadata:
      fields.metadata && typeof fields.metadata === 'object'
        ? /** @type {Record<string, unknown>} */ (fields.metadata)
        : null,
    createdAt: now,
    updatedAt: now,
  }
  state.paystackCustomers.set(customer.customer_code, customer)
  return customer
}

/** @param {State} state @param {PaystackCustomer} customer */
const accountOf = (state, customer) =>
  [...state.accounts.values()].find(
    (account) =>
      account.provider === 'paystack' && account.customerReference === customer.customer_code,
  )

/** @param {unknown} value */
function metadataOf(value) {
  if (typeof value !== 'string')
    return value && typeof value === 'object'
      ? /** @type {Record<string, unknown>} */ (value)
      : null
  try {
    return JSON.parse(value)
  } catch {
    return { value }
  }
}

/** @param {Context} context */
export function createPaystackApi({ settings, state, webhooks, publicUrl }) {
  /** @param {ApiRequest} request @returns {ApiAnswer | null} */
  function refusedKey({ headers }) {
    const header = headers.authorization
    if (!header) return fail(401, 'No Authorization header was found')
    if (header !== `Bearer ${settings.paystackSecretKey}`) return fail(401, 'Invalid key')
    return null
  }

  /** @param {ApiRequest} request @returns {ApiAnswer} */
  function postCustomer({ body }) {
    const email = textOf(body.email)
    if (!EMAIL.test(email)) return fail(400, 'Invalid Email Address Passed')
    const existing = customerByEmail(state, email)
    const fields = {
      first_name: textOf(body.first_name),
      last_name: textOf(body.last_name),
      phone: textOf(body.phone),
    }
    const customer =
      existing ?? createCustomer(state, { email, ...fields, metadata: metadataOf(body.metadata) })
    if (existing) {
      for (const [key, value] of Object.entries(fields))
        if (value) existing[/** @type {'first_name' | 'last_name' | 'phone'} */ (key)] = value
      existing.updatedAt = new Date().toISOString()
    }
    return ok('Customer created', {
      email: customer.email,
      integration: INTEGRATION,
      domain: 'test',
      customer_code: customer.customer_code,
      id: customer.id,
      identified: false,
      identifications: null,
      first_name: customer.first_name,
      last_name: customer.last_name,
      phone: customer.phone,
      metadata: customer.metadata,
      createdAt: customer.createdAt,
      updatedAt: customer.updatedAt,
    })
  }

  /** @param {string} idOrCode @returns {ApiAnswer} */
  function getCustomer(idOrCode) {
    const customer = findCustomer(state, idOrCode)
    if (!customer) return fail(404, 'Customer not found')
    const account = accountOf(state, customer)
    return ok('Customer retrieved', {
      ...customerJson(customer),
      integration: INTEGRATION,
      domain: 'test',
      identified: false,
      identifications: null,
      createdAt: customer.createdAt,
      updatedAt: customer.updatedAt,
      dedicated_account: account ? dedicatedAccountJson(account, customer) : null,
    })
  }

  /** @param {ApiRequest} request @returns {ApiAnswer} */
  function postDedicatedAccount({ body }) {
    const reference = textOf(body.customer)
    if (!reference) return fail(400, 'Customer is required')
    const customer = findCustomer(state, reference)
    if (!customer) return fail(404, 'Customer not found')
    const slug = textOf(body.preferred_bank) || 'wema-bank'
    const bank = PAYSTACK_ACCOUNT_BANKS[slug]
    if (!bank)
      return fail(
        400,
        `Invalid preferred bank: ${slug} (one of ${Object.keys(PAYSTACK_ACCOUNT_BANKS).join(', ')})`,
      )
    for (const field of /** @type {const} */ (['first_name', 'last_name', 'phone'])) {
      const given = textOf(body[field])
      if (given) customer[field] = given
    }
    if (!customer.first_name || !customer.last_name || !customer.phone) {
      return fail(
        400,
        "The customer's first_name, last_name and phone are required to create a dedicated account",
      )
    }
    const existing = accountOf(state, customer)
    if (existing)
      return ok(
        'Customer already has a dedicated account',
        dedicatedAccountJson(existing, customer),
      )

    /** @type {AccountRecord} */
    const account = {
      provider: 'paystack',
      accountNumber: state.accountNumber(bank.prefix),
      accountName: `${settings.businessName} / ${customer.first_name} ${customer.last_name}`,
      bankName: bank.name,
      bankCode: bank.code,
      customerEmail: customer.email,
      customerName: `${customer.first_name} ${customer.last_name}`,
      customerReference: customer.customer_code,
      id: state.next(),
      createdAt: new Date().toISOString(),
    }
    state.accounts.set(account.accountNumber, account)
    const data = dedicatedAccountJson(account, customer)
    const event = webhooks.createEvent(
      'paystack',
      'dedicatedaccount.assign.success',
      {
        event: 'dedicatedaccount.assign.success',
        data: {
          customer: data.customer,
          dedicated_account: { ...data, customer: undefined },
          identification: { status: 'success' },
        },
      },
      account.accountNumber,
    )
    return { ...ok('NUBAN successfully created', data), after: () => webhooks.deliver(event) }
  }

  /** @param {ApiRequest} request @returns {ApiAnswer} */
  function listDedicatedAccounts({ query }) {
    const customerFilter = query.get('customer')
    const customer = customerFilter ? findCustomer(state, customerFilter) : undefined
    const accounts = [...state.accounts.values()].filter(
      (account) =>
        account.provider === 'paystack' &&
        (!customerFilter || (customer && account.customerReference === customer.customer_code)),
    )
    const data = accounts.map((account) =>
      dedicatedAccountJson(
        account,
        /** @type {PaystackCustomer} */ (state.paystackCustomers.get(account.customerReference)),
      ),
    )
    return ok('Managed Accounts Successfully Retrieved', data, {
      meta: { total: data.length, skipped: 0, perPage: 50, page: 1, pageCount: 1 },
    })
  }

  /** @param {string} reference @returns {ApiAnswer} */
  function verify(reference) {
    const tx = state.transactions.get(reference)
    if (!tx || tx.provider !== 'paystack') return fail(400, 'Transaction reference not found')
    const data = paystackTransactionJson(tx)
    return ok('Verification successful', {
      ...data,
      transaction_date: tx.createdAt,
      plan_object: {},
      subaccount: {},
      connect: null,
    })
  }

  /** @param {ApiRequest} request @returns {ApiAnswer} */
  function initialize({ body }) {
    const email = textOf(body.email)
    if (!EMAIL.test(email)) return fail(400, 'Invalid Email Address Passed')
    const amountText = textOf(body.amount)
    const amountKobo = /^\d+$/.test(amountText) ? Number(amountText) : NaN
    if (!Number.isSafeInteger(amountKobo) || amountKobo < 1) return fail(400, 'Invalid Amount Sent')
    const currency = textOf(body.currency) || 'NGN'
    if (currency !== 'NGN') return fail(400, 'Currency not supported by merchant')
    const n = state.next()
    const reference = textOf(body.reference) || `T${n}-${state.runId}`
    if (state.transactions.has(reference)) return fail(400, 'Duplicate Transaction Reference')
    const callbackUrl = textOf(body.callback_url) || null
    if (callbackUrl) {
      try {
        new URL(callbackUrl)
      } catch {
        return fail(400, 'Invalid callback_url')
      }
    }
    const customer = customerByEmail(state, email) ?? createCustomer(state, { email })
    const accessCode = `ac${n}${state.runId}`
    const now = new Date().toISOString()
    state.transactions.set(reference, {
      provider: 'paystack',
      id: n,
      reference,
      paymentReference: reference,
      kind: 'checkout',
      status: 'pending',
      amountKobo,
      feeKobo: feeKobo(amountKobo, settings.fees.paystack),
      createdAt: now,
      paidAt: null,
      customerEmail: customer.email,
      customerName: [customer.first_name, customer.last_name].filter(Boolean).join(' '),
      paystackCustomer: customer,
      account: null,
      sender: null,
      description: '',
      metadata: metadataOf(body.metadata),
      callbackUrl,
      accessCode,
    })
    return ok('Authorization URL created', {
      authorization_url: `${publicUrl()}/pay/paystack/${accessCode}`,
      access_code: accessCode,
      reference,
    })
  }

  /** @param {ApiRequest} request @returns {ApiAnswer} */
  function resolve({ query }) {
    const accountNumber = query.get('account_number') ?? ''
    const bankCode = query.get('bank_code') ?? ''
    if (!accountNumber) return fail(400, 'Account number is required')
    if (!bankCode) return fail(400, 'Bank code is required')
    const name = /^\d{10}$/.test(accountNumber) ? holderName(state, bankCode, accountNumber) : null
    if (!name) return fail(422, 'Could not resolve account name. Check parameters or try again.')
    const bankId =
      bankByCode(bankCode)?.id ??
      Object.values(PAYSTACK_ACCOUNT_BANKS).find((bank) => bank.code === bankCode)?.id ??
      null
    return ok('Account number resolved', {
      account_number: accountNumber,
      account_name: name,
      bank_id: bankId,
    })
  }

  /** @param {ApiRequest} request @returns {ApiAnswer} */
  function banks({ query }) {
    const country = (query.get('country') ?? 'nigeria').toLowerCase()
    const list = country === 'nigeria' || country === 'ng' ? BANKS : []
    const data = list.map((bank) => ({
      name: bank.name,
      slug: bank.slug,
      code: bank.code,
      longcode: '',
      gateway: null,
      pay_with_bank: false,
      supports_transfer: true,
      active: true,
      country: 'Nigeria',
      currency: 'NGN',
      type: 'nuban',
      is_deleted: false,
      id: bank.id,
      createdAt: BANKS_CREATED_AT,
      updatedAt: BANKS_CREATED_AT,
    }))
    return ok('Banks retrieved', data, {
      meta: { next: null, previous: null, perPage: data.length },
    })
  }

  return {
    /** @param {ApiRequest} request @returns {ApiAnswer} */
    handle(request) {
      const refused = refusedKey(request)
      if (refused) return refused
      const { method, path } = request
      const segments = path.split('/').filter(Boolean)
      if (method === 'POST' && path === '/customer') return postCustomer(request)
      if (method === 'GET' && segments[0] === 'customer' && segments.length === 2)
        return getCustomer(decodeURIComponent(segments[1]))
      if (method === 'POST' && path === '/dedicated_account') return postDedicatedAccount(request)
      if (method === 'GET' && path === '/dedicated_account') return listDedicatedAccounts(request)
      if (
        method === 'GET' &&
        segments[0] === 'transaction' &&
        segments[1] === 'verify' &&
        segments.length === 3
      )
        return verify(decodeURIComponent(segments[2]))
      if (method === 'POST' && path === '/transaction/initialize') return initialize(request)
      if (method === 'GET' && path === '/bank/resolve') return resolve(request)
      if (method === 'GET' && path === '/bank') return banks(request)
      return fail(404, `${method} ${path} is not part of the stand-in's Paystack`)
    },
  }
}

/**
 * A transfer into a Paystack dedicated account: the transaction and its charge.success event.
 * @param {Context} context
 * @param {AccountRecord} account
 * @param {{ amountKobo: number, sender: { name: string, bankCode: string, bankName: string, accountNumber: string }, narration: string }} transfer
 */
export function paystackTransfer(
  { settings, state, webhooks },
  account,
  { amountKobo, sender, narration },
) {
  const n = state.next()
  const now = new Date().toISOString()
  const customer = state.paystackCustomers.get(account.customerReference) ?? null
  /** @type {TransactionRecord} */
  const tx = {
    provider: 'paystack',
    id: n,
    reference: `T${n}-${state.runId}`,
    paymentReference: `T${n}-${state.runId}`,
    kind: 'transfer',
    status: 'success',
    amountKobo,
    feeKobo: feeKobo(amountKobo, settings.fees.paystack),
    createdAt: now,
    paidAt: now,
    customerEmail: account.customerEmail,
    customerName: account.customerName,
    paystackCustomer: customer,
    account,
    sender,
    description: narration,
    metadata: null,
    callbackUrl: null,
    accessCode: null,
  }
  state.transactions.set(tx.reference, tx)
  const event = webhooks.createEvent(
    'paystack',
    'charge.success',
    { event: 'charge.success', data: paystackTransactionJson(tx) },
    tx.reference,
  )
  return { tx, event }
}

/**
 * The customer pays on the hosted checkout: the transaction succeeds and charge.success is sent;
 * the customer goes back to the callback URL with the reference, as Paystack sends them.
 * @param {Context} context @param {TransactionRecord} tx
 */
export function paystackPay({ webhooks }, tx) {
  tx.status = 'success'
  tx.paidAt = new Date().toISOString()
  const event = webhooks.createEvent(
    'paystack',
    'charge.success',
    { event: 'charge.success', data: paystackTransactionJson(tx) },
    tx.reference,
  )
  return { event, redirectTo: paystackReturnUrl(tx, tx.callbackUrl) }
}

/**
 * The customer cancels: nothing is paid and no event is sent; they go to the cancel address the
 * app gave in metadata.cancel_action, else back to the callback URL (where verifying shows nothing paid).
 * @param {TransactionRecord} tx
 */
export function paystackCancel(tx) {
  tx.status = 'cancelled'
  const cancelAction =
    tx.metadata && typeof tx.metadata.cancel_action === 'string' ? tx.metadata.cancel_action : null
  return { redirectTo: cancelAction ?? paystackReturnUrl(tx, tx.callbackUrl) }
}

/** @param {TransactionRecord} tx @param {string | null} base */
function paystackReturnUrl(tx, base) {
  if (!base) return null
  const url = new URL(base)
  url.searchParams.set('trxref', tx.reference)
  url.searchParams.set('reference', tx.reference)
  return url.toString()
}
