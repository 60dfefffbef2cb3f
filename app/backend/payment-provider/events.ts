import { createHash } from 'node:crypto'
import type { MonnifyEvent, PaystackEvent } from '~/contract/collections'
import { providerNairaToKobo } from './naira'
import { object, text } from './http'
import type { WebhookNotice } from './types'

/** An event no key names: its body's digest, so a replay of it is the same delivery. */
const digestKey = (type: string, rawBody: Uint8Array) =>
  `${type}:sha256:${createHash('sha256').update(rawBody).digest('hex')}`

/** What a Paystack event reports: a charge.success is a payment, keyed by its transaction reference. */
export function paystackNotice(event: PaystackEvent, rawBody: Uint8Array): WebhookNotice {
  const data = object(event.data)
  if (event.event === 'charge.success' && data.reference) {
    const reference = text(data.reference)
    return {
      eventType: event.event,
      eventKey: `${event.event}:${reference}`,
      payment: { reference, claimedKobo: Number(data.amount) },
    }
  }
  if (event.event === 'dedicatedaccount.assign.success') {
    const number = text(object(data.dedicated_account).account_number)
    if (number)
      return { eventType: event.event, eventKey: `${event.event}:${number}`, payment: null }
  }
  return { eventType: event.event, eventKey: digestKey(event.event, rawBody), payment: null }
}

/** What a Monnify event reports: a SUCCESSFUL_TRANSACTION is a payment, keyed by its transaction reference. */
export function monnifyNotice(event: MonnifyEvent, rawBody: Uint8Array): WebhookNotice {
  const data = object(event.eventData)
  if (event.eventType === 'SUCCESSFUL_TRANSACTION' && data.transactionReference) {
    const reference = text(data.transactionReference)
    return {
      eventType: event.eventType,
      eventKey: `${event.eventType}:${reference}`,
      payment: { reference, claimedKobo: providerNairaToKobo(data.amountPaid) ?? 0 },
    }
  }
  return {
    eventType: event.eventType,
    eventKey: digestKey(event.eventType, rawBody),
    payment: null,
  }
}
