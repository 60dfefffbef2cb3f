// A stand-in for the payment providers (Paystack and Monnify), so that the app and its tests run
// offline: it speaks the part of their HTTP APIs the app uses, sends their webhooks signed as they
// sign them, and lets a person (its page) or a test (its controls) send transfers, pay checkouts,
// take a provider down and misdeliver webhooks. See docs/payment-provider-stand-in.md.
//
//   import { startStandIn } from '../../tools/provider-stand-in/server.mjs'
//   const standIn = await startStandIn({ port: 4701, paystackWebhookUrl: 'http://127.0.0.1:3101/api/v1/webhooks/paystack' })
//   ...
//   await standIn.stop()
import http from 'node:http'
import { bankByCode } from './banks.mjs'
import { createMonnifyApi, monnifyCancel, monnifyPay, monnifyTransfer } from './monnify.mjs'
import { nairaTextToKobo } from './money.mjs'
import { checkoutPage, homePage, messagePage } from './pages.mjs'
import { createPaystackApi, paystackCancel, paystackPay, paystackTransfer } from './paystack.mjs'
import { resolveSettings } from './settings.mjs'
import { createState } from './state.mjs'
import { createWebhooks, SIGNATURE_KINDS } from './webhooks.mjs'

/** @typedef {import('./settings.mjs').StandInOptions} StandInOptions */
/** @typedef {import('./state.mjs').AccountRecord} AccountRecord */
/** @typedef {import('./state.mjs').TransactionRecord} TransactionRecord */
/** @typedef {import('./state.mjs').EventRecord} EventRecord */
/** @typedef {import('./state.mjs').DeliveryRecord} DeliveryRecord */
/** @typedef {import('./state.mjs').SignatureKind} SignatureKind */
/** @typedef {'paystack' | 'monnify'} Provider */
/** @typedef {'up' | 'down' | 'timeout'} ProviderState */

export { paystackSignature, monnifySignature, SIGNATURE_HEADER } from './signing.mjs'
export { SettingsError, DEFAULTS, VARIABLES } from './settings.mjs'

const PROVIDERS = /** @type {const} */ (['paystack', 'monnify'])
const BODY_LIMIT = 1024 * 1024

/** A control refused: its message says why, its status is the HTTP answer of the control endpoint. */
export class StandInError extends Error {
  /** @param {string} message @param {number} [status] @param {string} [field] */
  constructor(message, status = 400, field = undefined) {
    super(message)
    this.name = 'StandInError'
    this.status = status
    this.field = field
  }
}

/**
 * @typedef {object} TransferInput
 * @property {string} accountNumber the 10-digit account the money is sent to
 * @property {number} amountKobo
 * @property {string} [senderName] TEST SENDER unless given
 * @property {string} [senderBankCode] 058 (Guaranty Trust Bank) unless given
 * @property {string} [senderAccountNumber] made up unless given
 * @property {string} [narration]
 *
 * @typedef {object} Transfer What a transfer became: the provider's transaction, its event and the delivery of it.
 * @property {Provider} provider
 * @property {string} reference Paystack's reference / Monnify's transactionReference
 * @property {string} paymentReference Monnify's paymentReference (Paystack: the reference again)
 * @property {string} accountNumber
 * @property {number} amountKobo what the customer paid
 * @property {number} feeKobo what the provider kept
 * @property {number} settledKobo what reaches the business
 * @property {EventRecord} event
 * @property {DeliveryRecord | null} delivery null while deliveries are held
 *
 * @typedef {object} TransactionSummary
 * @property {Provider} provider
 * @property {string} reference
 * @property {string} paymentReference
 * @property {'transfer' | 'checkout'} kind
 * @property {'pending' | 'success' | 'cancelled'} status
 * @property {number} amountKobo
 * @property {number} feeKobo
 * @property {number} settledKobo
 * @property {string | null} accountNumber
 * @property {string} customerEmail
 * @property {string} createdAt
 * @property {string | null} paidAt
 * @property {string | null} checkoutUrl
 *
 * @typedef {object} ApiCall One call the app made to a provider's API, and the stand-in's answer.
 * @property {Provider} provider
 * @property {string} method
 * @property {string} path
 * @property {number | null} status null when the call was left without an answer (timeout mode)
 * @property {string} at
 */

/** @param {http.IncomingMessage} request @returns {Promise<string>} */
function readBody(request) {
  return new Promise((resolve, reject) => {
    let size = 0
    /** @type {Buffer[]} */
    const chunks = []
    request.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length
      if (size > BODY_LIMIT) {
        reject(new StandInError('The body is larger than 1 MiB', 413))
        request.destroy()
      } else chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

/**
 * The body as an object: JSON, or a form (Paystack takes both).
 * @param {string} raw @param {string | undefined} contentType
 * @returns {Record<string, unknown> | null} null when it is not valid JSON
 */
function parseBody(raw, contentType = '') {
  if (contentType.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(raw))
  if (!raw.trim()) return {}
  try {
    const parsed = JSON.parse(raw)
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : null
  } catch {
    return null
  }
}

/** @param {http.ServerResponse} response @param {number} status @param {unknown} body */
function sendJson(response, status, body) {
  const text = JSON.stringify(body)
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  })
  response.end(text)
}

/** @param {http.ServerResponse} response @param {number} status @param {string} page */
function sendHtml(response, status, page) {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(page),
    'cache-control': 'no-store',
  })
  response.end(page)
}

/** Post/redirect/get: back to a page, with a line to show there. @param {http.ServerResponse} response @param {string} location */
function redirect(response, location) {
  response.writeHead(303, { location, 'content-length': 0 })
  response.end()
}

/** @param {unknown} value */
const textOf = (value) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : ''

/** @param {unknown} provider @returns {Provider} */
function providerOf(provider) {
  if (provider === 'paystack' || provider === 'monnify') return provider
  throw new StandInError(
    `provider must be paystack or monnify (got ${JSON.stringify(provider)})`,
    400,
    'provider',
  )
}

/** @param {TransactionRecord} tx @param {string} publicUrl @returns {TransactionSummary} */
function summaryOf(tx, publicUrl) {
  return {
    provider: tx.provider,
    reference: tx.reference,
    paymentReference: tx.paymentReference,
    kind: tx.kind,
    status: tx.status,
    amountKobo: tx.amountKobo,
    feeKobo: tx.feeKobo,
    settledKobo: tx.amountKobo - tx.feeKobo,
    accountNumber: tx.account?.accountNumber ?? null,
    customerEmail: tx.customerEmail,
    createdAt: tx.createdAt,
    paidAt: tx.paidAt,
    checkoutUrl:
      tx.kind === 'checkout'
        ? `${publicUrl}${tx.provider === 'paystack' ? `/pay/paystack/${tx.accessCode}` : `/pay/monnify/${encodeURIComponent(tx.reference)}`}`
        : null,
  }
}

/**
 * Starts the stand-in and answers once it listens.
 * @param {StandInOptions & { log?: (line: string) => void }} [options]
 */
export async function startStandIn(options = {}) {
  const settings = resolveSettings(options)
  const log = options.log ?? (() => {})
  const webhookUrls = { ...settings.webhookUrls }
  /** @type {Record<Provider, ProviderState>} */
  const modes = { paystack: 'up', monnify: 'up' }
  /** @type {Set<http.ServerResponse>} API calls left without an answer (timeout mode) */
  const unanswered = new Set()
  /** @type {ApiCall[]} */
  let calls = []
  let publicUrl = ''

  const build = (/** @type {string | undefined} */ runId) => {
    const state = createState(runId)
    const webhooks = createWebhooks({
      state,
      secretKeys: { paystack: settings.paystackSecretKey, monnify: settings.monnifySecretKey },
      webhookUrls,
      timeoutMs: settings.webhookTimeoutMs,
    })
    const context = { settings, state, webhooks, publicUrl: () => publicUrl }
    return {
      state,
      webhooks,
      context,
      paystack: createPaystackApi(context),
      monnify: createMonnifyApi(context),
    }
  }
  let core = build(settings.runId)

  /** @param {DeliveryRecord | null} delivery */
  const logDelivery = (delivery) => {
    if (delivery)
      log(
        `webhook ${delivery.provider} ${delivery.type} (${delivery.eventId}, signature ${delivery.signature}) → ${delivery.status ?? `no answer: ${delivery.error}`}`,
      )
    return delivery
  }
  /** @param {EventRecord} event @param {SignatureKind} [signature] */
  const deliver = async (event, signature = 'valid') =>
    logDelivery(await core.webhooks.deliver(event, signature))

  /** @param {string} eventId */
  function eventById(eventId) {
    const event = core.state.events.find((candidate) => candidate.id === eventId)
    if (!event) throw new StandInError(`No event ${eventId}`, 404, 'eventId')
    return event
  }

  /** @param {string} reference */
  function checkoutByReference(reference) {
    const tx =
      core.state.transactions.get(reference) ??
      [...core.state.transactions.values()].find(
        (candidate) =>
          candidate.kind === 'checkout' &&
          (candidate.accessCode === reference || candidate.paymentReference === reference),
      )
    if (!tx || tx.kind !== 'checkout')
      throw new StandInError(`No checkout ${reference}`, 404, 'reference')
    return tx
  }

  const controls = {
    /**
     * Money sent from a bank into an account number the stand-in opened: the provider records the
     * payment and delivers its signed webhook (unless deliveries are held). A number the stand-in
     * never opened is refused, as a bank refuses a transfer to an account that does not exist.
     * @param {TransferInput} input
     * @returns {Promise<Transfer>}
     */
    async sendTransfer(input) {
      const accountNumber = textOf(input.accountNumber)
      if (!/^\d{10}$/.test(accountNumber))
        throw new StandInError('The account number must have 10 digits', 400, 'accountNumber')
      if (!Number.isSafeInteger(input.amountKobo) || input.amountKobo < 1)
        throw new StandInError(
          'The amount must be a whole number of kobo, at least 1',
          400,
          'amountKobo',
        )
      const account = core.state.accounts.get(accountNumber)
      if (!account)
        throw new StandInError(
          `No bank account ${accountNumber}: the bank refuses the transfer`,
          422,
          'accountNumber',
        )
      const senderBankCode = textOf(input.senderBankCode) || '058'
      const senderBank = bankByCode(senderBankCode)
      if (!senderBank)
        throw new StandInError(`Unknown sender bank code ${senderBankCode}`, 400, 'senderBankCode')
      const senderName = textOf(input.senderName) || 'TEST SENDER'
      const n = core.state.next()
      const sender = {
        name: senderName,
        bankCode: senderBank.code,
        bankName: senderBank.name,
        accountNumber: textOf(input.senderAccountNumber) || `01${String(n).padStart(8, '0')}`,
      }
      const narration =
        textOf(input.narration) || `NIP: ${senderName.toUpperCase()} -${sender.accountNumber}`
      const transfer = { amountKobo: input.amountKobo, sender, narration }
      const { tx, event } =
        account.provider === 'paystack'
          ? paystackTransfer(core.context, account, transfer)
          : monnifyTransfer(core.context, account, transfer)
      const delivery = await deliver(event)
      return {
        provider: tx.provider,
        reference: tx.reference,
        paymentReference: tx.paymentReference,
        accountNumber,
        amountKobo: tx.amountKobo,
        feeKobo: tx.feeKobo,
        settledKobo: tx.amountKobo - tx.feeKobo,
        event,
        delivery,
      }
    },

    /**
     * The customer presses Pay on a hosted checkout (by Paystack reference or access code, Monnify
     * transactionReference or paymentReference): the webhook is delivered, and the answer says
     * where the customer's browser is sent back to.
     * @param {string} reference
     */
    async payCheckout(reference) {
      const tx = checkoutByReference(reference)
      if (tx.status !== 'pending')
        throw new StandInError(`Checkout ${reference} is already ${tx.status}`, 409, 'reference')
      const { event, redirectTo } =
        tx.provider === 'paystack' ? paystackPay(core.context, tx) : monnifyPay(core.context, tx)
      return { redirectTo, event, delivery: await deliver(event) }
    },

    /** The customer presses Cancel: nothing paid, no webhook. @param {string} reference */
    cancelCheckout(reference) {
      const tx = checkoutByReference(reference)
      if (tx.status !== 'pending')
        throw new StandInError(`Checkout ${reference} is already ${tx.status}`, 409, 'reference')
      return tx.provider === 'paystack' ? paystackCancel(tx) : monnifyCancel(tx)
    },

    /**
     * Every API call of the provider answers 503 ("down"), or never answers ("timeout"), until up.
     * Webhooks, pages and controls are not affected.
     * @param {Provider} provider @param {{ timeout?: boolean }} [options]
     */
    down(provider, { timeout = false } = {}) {
      modes[providerOf(provider)] = timeout ? 'timeout' : 'down'
    },

    /** The provider answers again; calls left unanswered are cut off. @param {Provider} provider */
    up(provider) {
      modes[providerOf(provider)] = 'up'
      for (const response of unanswered)
        if (response.req.url?.startsWith(`/${provider}/`)) response.destroy()
    },

    /** @param {Provider} provider */
    providerState: (provider) => modes[providerOf(provider)],

    /** From now on, webhooks wait until releaseWebhooks. */
    holdWebhooks() {
      core.webhooks.hold()
    },

    /**
     * Delivers the held webhooks one after the other: as they came ("queued"), newest first
     * ("reverse"), or in the order of the event ids given.
     * @param {'queued' | 'reverse' | string[]} [order]
     */
    async releaseWebhooks(order = 'queued') {
      const deliveries = await core.webhooks.release(order)
      deliveries.forEach(logDelivery)
      return deliveries
    },

    /** The events held, oldest first. */
    heldEvents: () => core.webhooks.queued(),

    /**
     * Delivers an event again with the same bytes and a valid signature, `times` times, one after
     * the other or all at once (`parallel`).
     * @param {string} eventId @param {{ times?: number, parallel?: boolean }} [options]
     */
    async replay(eventId, { times = 1, parallel = false } = {}) {
      if (!Number.isInteger(times) || times < 1 || times > 100)
        throw new StandInError('times must be a whole number from 1 to 100', 400, 'times')
      const deliveries = await core.webhooks.replay(eventById(eventId), { times, parallel })
      deliveries.forEach(logDelivery)
      return deliveries
    },

    /**
     * Delivers a copy of an event that the app must refuse: without a signature ("none"), signed
     * with another key ("wrong-key"), or with its amount changed after signing ("tampered"). A
     * "valid" copy is a replay.
     * @param {string} eventId @param {SignatureKind} signature
     */
    async deliverForged(eventId, signature) {
      if (!SIGNATURE_KINDS.includes(signature))
        throw new StandInError(
          `signature must be one of ${SIGNATURE_KINDS.join(', ')}`,
          400,
          'signature',
        )
      return /** @type {DeliveryRecord} */ (
        logDelivery(await core.webhooks.forge(eventById(eventId), signature))
      )
    },

    /**
     * A validly signed event of a type the app does not handle.
     * @param {Provider} provider @param {string} [type]
     */
    async deliverUnknownEvent(provider, type) {
      const which = providerOf(provider)
      const eventType =
        textOf(type) || (which === 'paystack' ? 'standin.unknown_event' : 'STAND_IN_UNKNOWN_EVENT')
      const data = {
        reference: `U${core.state.next()}-${core.state.runId}`,
        note: 'An event type the app does not handle',
      }
      const payload =
        which === 'paystack' ? { event: eventType, data } : { eventType, eventData: data }
      const event = core.webhooks.createEvent(which, eventType, payload, data.reference)
      return { event, delivery: await deliver(event) }
    },

    /**
     * A personal bank account that name enquiry (Paystack's resolve, Monnify's validate) finds.
     * @param {{ bankCode: string, accountNumber: string, accountName: string }} account
     */
    addBankAccount({ bankCode, accountNumber, accountName }) {
      if (!/^\d{10}$/.test(textOf(accountNumber)))
        throw new StandInError('The account number must have 10 digits', 400, 'accountNumber')
      if (!textOf(bankCode)) throw new StandInError('bankCode is required', 400, 'bankCode')
      if (!textOf(accountName))
        throw new StandInError('accountName is required', 400, 'accountName')
      core.state.personalAccounts.set(
        `${textOf(bankCode)}:${textOf(accountNumber)}`,
        textOf(accountName),
      )
    },

    /** Every Monnify access token stops working (as when an hour has passed). */
    expireMonnifyTokens() {
      core.state.monnifyTokens.clear()
    },

    /** @param {Provider} provider @param {string} url */
    setWebhookUrl(provider, url) {
      try {
        new URL(url)
      } catch {
        throw new StandInError(`Not an address: ${url}`, 400, 'url')
      }
      webhookUrls[providerOf(provider)] = url
    },

    /** @returns {AccountRecord[]} */
    accounts: () => [...core.state.accounts.values()],
    /** @returns {TransactionSummary[]} */
    transactions: () => [...core.state.transactions.values()].map((tx) => summaryOf(tx, publicUrl)),
    /** @param {{ provider?: Provider }} [filter] @returns {EventRecord[]} */
    events: ({ provider } = {}) =>
      core.state.events.filter((event) => !provider || event.provider === provider),
    /** @param {{ provider?: Provider, eventId?: string }} [filter] @returns {DeliveryRecord[]} */
    deliveries: ({ provider, eventId } = {}) =>
      core.state.deliveries.filter(
        (d) => (!provider || d.provider === provider) && (!eventId || d.eventId === eventId),
      ),
    /** @param {{ provider?: Provider }} [filter] @returns {ApiCall[]} */
    calls: ({ provider } = {}) => calls.filter((call) => !provider || call.provider === provider),

    /** Resolves once no webhook delivery is under way (those sent after an API answer included). */
    idle: () => core.webhooks.idle(),

    /** Forgets everything (accounts, customers, payments, events, deliveries, tokens) and brings both providers up. */
    async reset() {
      await core.webhooks.idle()
      core = build(settings.runId)
      calls = []
      for (const provider of PROVIDERS) controls.up(provider)
      webhookUrls.paystack = settings.webhookUrls.paystack
      webhookUrls.monnify = settings.webhookUrls.monnify
    },
  }

  /** @param {Provider} provider @param {http.IncomingMessage} request @param {http.ServerResponse} response @param {URL} url */
  async function handleApi(provider, request, response, url) {
    const call = {
      provider,
      method: request.method ?? 'GET',
      path: url.pathname.slice(provider.length + 1).replace(/\/{2,}/g, '/') || '/',
      status: /** @type {number | null} */ (null),
      at: new Date().toISOString(),
    }
    calls.push(call)
    const raw = await readBody(request)
    if (modes[provider] === 'timeout') {
      unanswered.add(response)
      response.on('close', () => unanswered.delete(response))
      return
    }
    if (modes[provider] === 'down') {
      call.status = 503
      sendJson(
        response,
        503,
        provider === 'paystack'
          ? {
              status: false,
              message: 'Service unavailable (the stand-in was told Paystack is down)',
            }
          : {
              requestSuccessful: false,
              responseMessage: 'Service unavailable (the stand-in was told Monnify is down)',
              responseCode: '99',
            },
      )
      return
    }
    const body = parseBody(raw, request.headers['content-type'])
    /** @type {import('./paystack.mjs').ApiAnswer} */
    let answer
    if (body === null) {
      answer =
        provider === 'paystack'
          ? { status: 400, body: { status: false, message: 'Invalid JSON in the request body' } }
          : {
              status: 400,
              body: {
                requestSuccessful: false,
                responseMessage: 'Invalid JSON in the request body',
                responseCode: '99',
              },
            }
    } else {
      answer = core[provider].handle({
        method: call.method,
        path: call.path,
        query: url.searchParams,
        body,
        headers: request.headers,
      })
    }
    call.status = answer.status
    log(`${provider} ${call.method} ${call.path} → ${answer.status}`)
    sendJson(response, answer.status, answer.body)
    // The event goes out once the answer is written, on its own connection: it may reach the app
    // before the answer does, as with the real providers.
    if (answer.after)
      void Promise.resolve(answer.after()).then((delivery) =>
        logDelivery(/** @type {DeliveryRecord | null} */ (delivery)),
      )
  }

  /** @param {Partial<import('./pages.mjs').HomeView>} [extra] */
  const homeView = (extra = {}) => ({
    settings,
    url: publicUrl,
    modes,
    webhookUrls,
    accounts: controls.accounts(),
    transactions: [...core.state.transactions.values()],
    deliveries: core.state.deliveries,
    queued: core.webhooks.queued(),
    holding: core.webhooks.holding,
    notice: null,
    ...extra,
  })

  /** @param {DeliveryRecord | null} delivery */
  const deliveryNotice = (delivery) =>
    delivery
      ? `the app answered ${delivery.status ?? `nothing (${delivery.error})`}`
      : 'its webhook is held'

  /** The human forms of the home page. @param {string} path @param {Record<string, string>} form @param {http.ServerResponse} response */
  async function handleForm(path, form, response) {
    const back = (/** @type {string} */ notice) =>
      redirect(response, `/?notice=${encodeURIComponent(notice)}`)
    if (path === '/send-transfer') {
      /** @type {Record<string, string>} */
      const errors = {}
      const accountNumber = (form.account_number ?? '').replace(/\s/g, '')
      const amountKobo = nairaTextToKobo(form.amount ?? '')
      if (!/^\d{10}$/.test(accountNumber))
        errors.account_number = 'Enter the 10-digit account number'
      else if (!core.state.accounts.has(accountNumber))
        errors.account_number = `No bank account ${accountNumber}: the bank refuses the transfer`
      if (amountKobo === null || amountKobo < 1)
        errors.amount = 'Enter an amount in naira, such as 25000 or 25,000.50'
      if (!(form.sender_name ?? '').trim()) errors.sender_name = "Enter the sender's name"
      if (Object.keys(errors).length) {
        sendHtml(
          response,
          400,
          homePage(
            homeView({
              transferForm: { values: form, errors },
              notice: 'The transfer was not sent: see the fields below.',
              noticeIsProblem: true,
            }),
          ),
        )
        return
      }
      const transfer = await controls.sendTransfer({
        accountNumber,
        amountKobo: /** @type {number} */ (amountKobo),
        senderName: form.sender_name,
        senderBankCode: form.sender_bank_code,
      })
      back(
        `Transfer ${transfer.reference} sent to ${accountNumber}; ${deliveryNotice(transfer.delivery)}.`,
      )
      return
    }
    if (path === '/providers') {
      const provider = providerOf(form.provider)
      if (form.state === 'up') controls.up(provider)
      else controls.down(provider, { timeout: form.state === 'timeout' })
      back(`${provider} is now ${modes[provider]}.`)
      return
    }
    if (path === '/webhooks') {
      if (form.action === 'hold') {
        controls.holdWebhooks()
        back('Webhook deliveries are held.')
      } else {
        const deliveries = await controls.releaseWebhooks(
          form.action === 'release-reverse' ? 'reverse' : 'queued',
        )
        back(`${deliveries.length} held webhook(s) delivered.`)
      }
      return
    }
    if (path === '/deliveries') {
      const signature = /** @type {SignatureKind} */ (form.signature || 'valid')
      const delivery =
        signature === 'valid'
          ? (await controls.replay(form.event_id ?? ''))[0]
          : await controls.deliverForged(form.event_id ?? '', signature)
      back(`${form.event_id} delivered again (${signature}); ${deliveryNotice(delivery)}.`)
      return
    }
    if (path === '/reset') {
      await controls.reset()
      back('Everything is forgotten.')
      return
    }
    sendHtml(response, 404, messagePage('No such form.'))
  }

  /** @param {string} path @param {string} method @param {http.ServerResponse} response */
  async function handleCheckout(path, method, response) {
    const match = /^\/pay\/(paystack|monnify)\/([^/]+)(?:\/(pay|cancel))?$/.exec(path)
    if (!match) return false
    const [, provider, encoded, action] = match
    const reference = decodeURIComponent(encoded)
    const tx = [...core.state.transactions.values()].find(
      (candidate) =>
        candidate.provider === provider &&
        candidate.kind === 'checkout' &&
        (provider === 'paystack'
          ? candidate.accessCode === reference
          : candidate.reference === reference),
    )
    if (!tx) {
      sendHtml(
        response,
        404,
        messagePage(
          'This checkout does not exist (the stand-in forgets everything when it restarts).',
        ),
      )
      return true
    }
    if (!action && method === 'GET') {
      sendHtml(response, 200, checkoutPage(tx, settings.businessName))
      return true
    }
    if (!action || method !== 'POST') return false
    if (tx.status !== 'pending') {
      sendHtml(response, 409, checkoutPage(tx, settings.businessName))
      return true
    }
    const { redirectTo } =
      action === 'pay'
        ? await controls.payCheckout(tx.reference)
        : controls.cancelCheckout(tx.reference)
    if (redirectTo) redirect(response, redirectTo)
    else
      sendHtml(
        response,
        200,
        messagePage(
          action === 'pay'
            ? 'Paid. The app gave no address to come back to.'
            : 'Cancelled. The app gave no address to come back to.',
        ),
      )
    return true
  }

  /** The JSON controls under /__stand-in/. @param {string} path @param {string} method @param {Record<string, unknown>} body @param {URLSearchParams} query */
  async function handleControl(path, method, body, query) {
    const segments = path.split('/').filter(Boolean).map(decodeURIComponent)
    const provider = /** @type {Provider | undefined} */ (query.get('provider') ?? undefined)
    if (method === 'GET') {
      if (path === '/accounts') return { accounts: controls.accounts() }
      if (path === '/transactions') return { transactions: controls.transactions() }
      if (path === '/events') return { events: controls.events({ provider }) }
      if (path === '/deliveries')
        return {
          deliveries: controls.deliveries({ provider, eventId: query.get('eventId') ?? undefined }),
        }
      if (path === '/calls') return { calls: controls.calls({ provider }) }
      if (path === '/state')
        return {
          modes,
          holding: core.webhooks.holding,
          held: controls.heldEvents().map((event) => event.id),
          webhookUrls,
          runId: core.state.runId,
        }
    }
    if (method === 'POST') {
      if (path === '/transfers') {
        const amountKobo =
          body.amountKobo !== undefined
            ? Number(body.amountKobo)
            : nairaTextToKobo(textOf(body.amount))
        const transfer = await controls.sendTransfer({
          accountNumber: textOf(body.accountNumber),
          amountKobo: /** @type {number} */ (amountKobo),
          senderName: textOf(body.senderName),
          senderBankCode: textOf(body.senderBankCode),
          senderAccountNumber: textOf(body.senderAccountNumber),
          narration: textOf(body.narration),
        })
        return { status: 201, body: { transfer } }
      }
      if (segments[0] === 'checkouts' && segments.length === 3 && segments[2] === 'pay')
        return { checkout: await controls.payCheckout(segments[1]) }
      if (segments[0] === 'checkouts' && segments.length === 3 && segments[2] === 'cancel')
        return { checkout: controls.cancelCheckout(segments[1]) }
      if (segments[0] === 'providers' && segments.length === 2) {
        const which = providerOf(segments[1])
        const wanted = textOf(body.state)
        if (wanted === 'up') controls.up(which)
        else if (wanted === 'down' || wanted === 'timeout')
          controls.down(which, { timeout: wanted === 'timeout' })
        else throw new StandInError('state must be up, down or timeout', 400, 'state')
        return { provider: which, state: modes[which] }
      }
      if (path === '/webhooks/hold') {
        controls.holdWebhooks()
        return { holding: true }
      }
      if (path === '/webhooks/release') {
        const order = Array.isArray(body.order)
          ? body.order.map(textOf)
          : textOf(body.order) || 'queued'
        if (!Array.isArray(order) && order !== 'queued' && order !== 'reverse')
          throw new StandInError(
            'order must be "queued", "reverse" or a list of event ids',
            400,
            'order',
          )
        return {
          deliveries: await controls.releaseWebhooks(
            /** @type {'queued' | 'reverse' | string[]} */ (order),
          ),
        }
      }
      if (segments[0] === 'events' && segments.length === 3 && segments[2] === 'replay') {
        return {
          deliveries: await controls.replay(segments[1], {
            times: body.times === undefined ? 1 : Number(body.times),
            parallel: body.parallel === true,
          }),
        }
      }
      if (segments[0] === 'events' && segments.length === 3 && segments[2] === 'forge') {
        return {
          delivery: await controls.deliverForged(
            segments[1],
            /** @type {SignatureKind} */ (textOf(body.signature)),
          ),
        }
      }
      if (path === '/events/unknown')
        return await controls.deliverUnknownEvent(
          providerOf(body.provider),
          textOf(body.type) || undefined,
        )
      if (path === '/bank-accounts') {
        controls.addBankAccount({
          bankCode: textOf(body.bankCode),
          accountNumber: textOf(body.accountNumber),
          accountName: textOf(body.accountName),
        })
        return { status: 201, body: { added: true } }
      }
      if (path === '/monnify/expire-tokens') {
        controls.expireMonnifyTokens()
        return { expired: true }
      }
      if (path === '/webhook-urls') {
        for (const which of PROVIDERS)
          if (body[which] !== undefined) controls.setWebhookUrl(which, textOf(body[which]))
        return { webhookUrls }
      }
      if (path === '/reset') {
        await controls.reset()
        return { reset: true }
      }
    }
    throw new StandInError(`${method} /__stand-in${path} is not a control`, 404)
  }

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    const method = request.method ?? 'GET'
    const path = url.pathname
    try {
      for (const provider of PROVIDERS) {
        if (path.startsWith(`/${provider}/`))
          return await handleApi(provider, request, response, url)
      }
      if (path.startsWith('/__stand-in/')) {
        const body = parseBody(await readBody(request), request.headers['content-type'])
        if (body === null) throw new StandInError('The body is not valid JSON')
        const answer = await handleControl(
          path.slice('/__stand-in'.length),
          method,
          body,
          url.searchParams,
        )
        const framed = /** @type {{ status?: number, body?: unknown }} */ (answer)
        if (typeof framed.status === 'number' && 'body' in framed)
          sendJson(response, framed.status, framed.body)
        else sendJson(response, 200, answer)
        return
      }
      if (await handleCheckout(path, method, response)) return
      if (method === 'GET' && path === '/') {
        const notice = url.searchParams.get('notice')
        sendHtml(response, 200, homePage(homeView({ notice })))
        return
      }
      if (
        method === 'POST' &&
        ['/send-transfer', '/providers', '/webhooks', '/deliveries', '/reset'].includes(path)
      ) {
        const form = /** @type {Record<string, string>} */ (
          Object.fromEntries(new URLSearchParams(await readBody(request)))
        )
        await handleForm(path, form, response)
        return
      }
      if (path === '/favicon.ico') {
        response.writeHead(204).end()
        return
      }
      sendHtml(response, 404, messagePage(`Nothing at ${path}.`))
    } catch (error) {
      if (response.headersSent) return
      if (error instanceof StandInError) {
        if (path.startsWith('/__stand-in/'))
          sendJson(response, error.status, { error: error.message, field: error.field ?? null })
        else if (PROVIDERS.some((provider) => path.startsWith(`/${provider}/`)))
          sendJson(response, error.status, { error: error.message })
        else redirect(response, `/?notice=${encodeURIComponent(error.message)}`)
        return
      }
      log(
        `stand-in error on ${method} ${path}: ${error instanceof Error ? error.stack : String(error)}`,
      )
      sendJson(response, 500, { error: error instanceof Error ? error.message : String(error) })
    }
  })

  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(settings.port, settings.host, () => resolve(undefined))
  })
  const address = /** @type {import('node:net').AddressInfo} */ (server.address())
  const hostInUrl = settings.host.includes(':') ? `[${settings.host}]` : settings.host
  const url = `http://${hostInUrl}:${address.port}`
  publicUrl = settings.publicUrl ?? url

  return {
    /** Where the stand-in listens, e.g. http://127.0.0.1:4010 */
    url,
    port: address.port,
    /** PAYSTACK_BASE_URL for the app. */
    paystackBaseUrl: `${url}/paystack`,
    /** MONNIFY_BASE_URL for the app. */
    monnifyBaseUrl: `${url}/monnify`,
    /** The keys it accepts and signs with. */
    keys: {
      paystackSecretKey: settings.paystackSecretKey,
      monnifyApiKey: settings.monnifyApiKey,
      monnifySecretKey: settings.monnifySecretKey,
      monnifyContractCode: settings.monnifyContractCode,
    },
    /** Where it sends webhooks now. */
    webhookUrls,
    /** The part of every reference that tells this run from another. */
    get runId() {
      return core.state.runId
    },
    ...controls,
    /** Stops listening, cuts open connections and waits for deliveries under way. */
    async stop() {
      for (const response of unanswered) response.destroy()
      const closed = new Promise((resolve) => server.close(() => resolve(undefined)))
      for (const socket of sockets) socket.destroy()
      await closed
      await core.webhooks.idle()
    },
  }
}

/** @typedef {Awaited<ReturnType<typeof startStandIn>>} StandIn */
