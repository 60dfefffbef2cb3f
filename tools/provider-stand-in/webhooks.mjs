// Webhook events and their delivery to the app: each event is serialized once, so that a replay
// sends the very same bytes; a delivery may be signed as the provider signs it, unsigned, signed
// with a wrong key, or tampered with after signing. Deliveries can be held and released in another
// order. Nothing is retried on its own: a test asks for each delivery it wants.
import http from 'node:http'
import https from 'node:https'
import { monnifySignature, paystackSignature, SIGNATURE_HEADER } from './signing.mjs'

/** @typedef {import('./state.mjs').State} State */
/** @typedef {import('./state.mjs').EventRecord} EventRecord */
/** @typedef {import('./state.mjs').DeliveryRecord} DeliveryRecord */
/** @typedef {import('./state.mjs').SignatureKind} SignatureKind */
/** @typedef {'paystack' | 'monnify'} Provider */

export const SIGNATURE_KINDS = /** @type {const} */ (['valid', 'none', 'wrong-key', 'tampered'])
const RESPONSE_KEPT = 2_000
const agents = {
  'http:': new http.Agent({ keepAlive: false }),
  'https:': new https.Agent({ keepAlive: false }),
}

/**
 * The same event with its amount multiplied by ten (or, for an event without one, a field added):
 * what an attacker would change in a body whose signature they copied.
 * @param {EventRecord} event
 */
function tamperedBody(event) {
  const payload = JSON.parse(event.body)
  const data = event.provider === 'paystack' ? payload.data : payload.eventData
  if (data && typeof data.amount === 'number') data.amount *= 10
  else if (data && typeof data.amountPaid === 'number') {
    data.amountPaid *= 10
    if (typeof data.totalPayable === 'number') data.totalPayable *= 10
  } else payload.tampered = true
  return JSON.stringify(payload)
}

/**
 * @param {{ state: State, secretKeys: Record<Provider, string>, webhookUrls: Record<Provider, string>, timeoutMs: number }} options
 */
export function createWebhooks({ state, secretKeys, webhookUrls, timeoutMs }) {
  /** @type {{ event: EventRecord, signature: SignatureKind }[] | null} */
  let held = null
  /** @type {Set<Promise<unknown>>} */
  const inFlight = new Set()

  /**
   * @param {Provider} provider
   * @param {string} type
   * @param {unknown} payload
   * @param {string | null} reference
   * @returns {EventRecord}
   */
  function createEvent(provider, type, payload, reference) {
    const event = {
      id: `EVT-${state.next()}-${state.runId}`,
      provider,
      type,
      reference,
      payload,
      body: JSON.stringify(payload),
      createdAt: new Date().toISOString(),
    }
    state.events.push(event)
    return event
  }

  /**
   * @param {string} url
   * @param {Record<string, string>} headers
   * @param {string} body
   * @returns {Promise<{ status: number | null, response: string, error: string | null }>}
   */
  function post(url, headers, body) {
    return new Promise((resolve) => {
      let target
      try {
        target = new URL(url)
      } catch {
        resolve({ status: null, response: '', error: `not an address: ${url}` })
        return
      }
      const transport = target.protocol === 'https:' ? https : http
      const request = transport.request(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          agent: agents[/** @type {'http:' | 'https:'} */ (target.protocol)],
        },
        (response) => {
          let text = ''
          response.setEncoding('utf8')
          response.on('data', (chunk) => {
            if (text.length < RESPONSE_KEPT) text += chunk
          })
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? null,
              response: text.slice(0, RESPONSE_KEPT),
              error: null,
            }),
          )
          response.on('error', (error) =>
            resolve({ status: response.statusCode ?? null, response: text, error: error.message }),
          )
        },
      )
      request.setTimeout(timeoutMs, () =>
        request.destroy(new Error(`no answer within ${timeoutMs} ms`)),
      )
      request.on('error', (error) => resolve({ status: null, response: '', error: error.message }))
      request.end(body)
    })
  }

  /**
   * Sends one event to the app's webhook address now, whatever is held.
   * @param {EventRecord} event
   * @param {SignatureKind} signature
   * @returns {Promise<DeliveryRecord>}
   */
  async function send(event, signature) {
    const sign = event.provider === 'paystack' ? paystackSignature : monnifySignature
    const key = secretKeys[event.provider]
    const body = signature === 'tampered' ? tamperedBody(event) : event.body
    /** @type {Record<string, string>} */
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'payment-provider-stand-in',
    }
    if (signature === 'valid' || signature === 'tampered')
      headers[SIGNATURE_HEADER[event.provider]] = sign(event.body, key)
    if (signature === 'wrong-key')
      headers[SIGNATURE_HEADER[event.provider]] = sign(event.body, `${key}-but-not-this-one`)
    const url = webhookUrls[event.provider]
    const started = performance.now()
    const at = new Date().toISOString()
    const answer = await post(url, headers, body)
    /** @type {DeliveryRecord} */
    const delivery = {
      id: 0,
      eventId: event.id,
      provider: event.provider,
      type: event.type,
      url,
      signature,
      headers,
      body,
      ...answer,
      at,
      ms: Math.round(performance.now() - started),
    }
    delivery.id = state.deliveries.push(delivery)
    return delivery
  }

  /** @template T @param {Promise<T>} promise */
  function track(promise) {
    inFlight.add(promise)
    promise.finally(() => inFlight.delete(promise)).catch(() => {})
    return promise
  }

  return {
    createEvent,

    /**
     * Delivers an event, or queues it while deliveries are held (then answers null).
     * @param {EventRecord} event
     * @param {SignatureKind} [signature]
     * @returns {Promise<DeliveryRecord | null>}
     */
    deliver(event, signature = 'valid') {
      if (held) {
        held.push({ event, signature })
        return Promise.resolve(null)
      }
      return track(send(event, signature))
    },

    /** From now on events wait in a queue until release. */
    hold() {
      held ??= []
    },

    get holding() {
      return held !== null
    },

    /** The events waiting, oldest first. */
    queued() {
      return (held ?? []).map(({ event }) => event)
    },

    /**
     * Stops holding and delivers what waited, one after the other: in the order they came
     * ("queued"), newest first ("reverse"), or by the event ids given (the others after them).
     * @param {'queued' | 'reverse' | string[]} [order]
     * @returns {Promise<DeliveryRecord[]>}
     */
    async release(order = 'queued') {
      const waiting = held ?? []
      held = null
      let sequence = waiting
      if (order === 'reverse') sequence = [...waiting].reverse()
      else if (Array.isArray(order)) {
        const chosen = order.flatMap((id) => waiting.filter((item) => item.event.id === id))
        sequence = [...chosen, ...waiting.filter((item) => !chosen.includes(item))]
      }
      /** @type {DeliveryRecord[]} */
      const deliveries = []
      for (const item of sequence) deliveries.push(await track(send(item.event, item.signature)))
      return deliveries
    },

    /**
     * The same event delivered again, `times` times, one after the other or all at once.
     * @param {EventRecord} event
     * @param {{ times?: number, parallel?: boolean }} [options]
     */
    async replay(event, { times = 1, parallel = false } = {}) {
      if (parallel)
        return Promise.all(Array.from({ length: times }, () => track(send(event, 'valid'))))
      /** @type {DeliveryRecord[]} */
      const deliveries = []
      for (let i = 0; i < times; i++) deliveries.push(await track(send(event, 'valid')))
      return deliveries
    },

    /** An event delivered with a bad signature, or none, now (never held). @param {EventRecord} event @param {SignatureKind} signature */
    forge(event, signature) {
      return track(send(event, signature))
    },

    /** Resolves once no delivery is under way. */
    async idle() {
      while (inFlight.size) await Promise.allSettled([...inFlight])
    },

    reset() {
      held = null
    },
  }
}

/** @typedef {ReturnType<typeof createWebhooks>} Webhooks */
