import { createHash } from 'node:crypto'
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm'
import {
  monnifyEventSchema,
  PAYMENT_PROVIDER_NAMES,
  paystackEventSchema,
  type PaymentProvider,
} from '~/contract/collections'
import { formatKobo } from '~/contract/money'
import { recordAudit } from '../audit/record'
import { inBackground } from '../background'
import type { Database } from '../db/client'
import { providerDeliveries } from '../db/schema'
import { parseJsonBody } from '../http/body'
import { parseValue } from '../http/context'
import { ApiError, notFound, unauthorized, validationError } from '../http/errors'
import {
  monnifyNotice,
  paystackNotice,
  providerAdapter,
  ProviderRefusedError,
  ProviderUnavailableError,
  signatureMatches,
  webhookSecret,
  type WebhookNotice,
} from '../payment-provider'
import { giveValue, outcomeOf, type ValueOutcome } from './receipts'

/**
 * The webhook inbox. A delivery is checked against its signature over the raw bytes before
 * anything is read from it: unsigned or mis-signed, it is recorded and refused (401). A signed one
 * is stored under its event key, answered at once, and processed after the answer: the payment it
 * reports is verified with the provider, then given its value (receipts.ts). Whatever is left
 * waiting (the provider did not answer) the periodic job processes again.
 */

// A rejected body is kept to this size: enough to see what it was, not a store for anyone's bytes.
const REJECTED_KEPT = 8 * 1024
// A delivery being processed is left alone for this long by others (another instance, the job).
const CLAIM_MS = 2 * 60_000
// The job tries a delivery again this long after its last try.
const RETRY_AFTER_MS = 5 * 60_000

const decoder = new TextDecoder()
/** A body as text PostgreSQL takes: a NUL (which no text column holds) written as its escape. */
const storable = (text: string) => text.replaceAll('\u0000', '\\u0000')
const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** The event type a body says it is, read without trusting it (for the record of a refused one). */
function claimedType(text: string) {
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>
    const type = parsed?.event ?? parsed?.eventType
    if (typeof type !== 'string') return 'unreadable'
    // Control characters (a NUL above all, which no text column holds) are not kept.
    return Array.from(type.slice(0, 100), (char) => (char < ' ' ? ' ' : char)).join('')
  } catch {
    return 'unreadable'
  }
}

export type WebhookDelivery = {
  provider: PaymentProvider
  rawBody: Uint8Array
  signature: string | null
  clientIp: string | null
}

/** Stores a delivery (or refuses it) and answers whether it was a replay; processing comes after. */
export async function receiveWebhook(db: Database, delivery: WebhookDelivery) {
  const { provider, rawBody, signature, clientIp } = delivery
  const secret = webhookSecret(provider)
  if (!secret) throw notFound('Route not found')
  const name = PAYMENT_PROVIDER_NAMES[provider]
  const text = storable(decoder.decode(rawBody))
  if (!signatureMatches(rawBody, signature, secret)) {
    const why = signature ? 'The signature does not sign this body' : 'No signature'
    await db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(providerDeliveries)
        .values({
          provider,
          eventType: claimedType(text),
          eventKey: `unsigned:sha256:${digest(rawBody)}`,
          signatureValid: false,
          status: 'rejected',
          rawBody: text.slice(0, REJECTED_KEPT),
          clientIp,
          error: why,
        })
        .returning({ id: providerDeliveries.id })
      await recordAudit(tx, {
        action: 'provider.delivery_rejected',
        record: { type: 'delivery', reference: `DLV-${stored.id}` },
        summary: `Refused a ${name} webhook from ${clientIp ?? 'an unknown address'}: ${why.toLowerCase()}`,
        actor: name,
      })
    })
    throw unauthorized(`Invalid ${name} signature`)
  }

  // Signed by the provider: kept whatever it holds, so nothing it sent is lost.
  let notice: WebhookNotice
  try {
    let body: Record<string, unknown>
    try {
      body = parseJsonBody(rawBody)
    } catch (error) {
      // The bytes were read and are the provider's: what they hold is not an event (422).
      throw error instanceof ApiError
        ? validationError({ body: [error.message] }, error.message)
        : error
    }
    notice =
      provider === 'paystack'
        ? paystackNotice(parseValue(paystackEventSchema, body), rawBody)
        : monnifyNotice(parseValue(monnifyEventSchema, body), rawBody)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    await db
      .insert(providerDeliveries)
      .values({
        provider,
        eventType: claimedType(text),
        eventKey: `unreadable:sha256:${digest(rawBody)}`,
        signatureValid: true,
        status: 'failed',
        rawBody: text,
        clientIp,
        error: `Not a ${name} event this app reads: ${error.message}`,
        processedAt: new Date(),
      })
      .onConflictDoNothing()
    throw error
  }

  const stored = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(providerDeliveries)
      .values({
        provider,
        eventType: notice.eventType,
        eventKey: notice.eventKey,
        signatureValid: true,
        status: notice.payment ? 'received' : 'ignored',
        rawBody: text,
        providerReference: notice.payment?.reference ?? null,
        amount: notice.payment?.claimedKobo ?? null,
        clientIp,
        processedAt: notice.payment ? null : new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: providerDeliveries.id })
    if (!row) return null
    await recordAudit(tx, {
      action: 'provider.delivery_received',
      record: { type: 'delivery', reference: notice.payment?.reference ?? `DLV-${row.id}` },
      summary: notice.payment
        ? `Received ${name}'s ${notice.eventType} for ${notice.payment.reference}, claiming ${formatKobo(notice.payment.claimedKobo)}: to be verified with ${name}`
        : `Received ${name}'s ${notice.eventType}: not a payment, recorded and ignored`,
      actor: name,
    })
    return row
  })
  if (!stored) return { duplicate: true }
  if (notice.payment) inBackground('webhook delivery', () => processDelivery(db, stored.id))
  return { duplicate: false }
}

type DeliveryRow = typeof providerDeliveries.$inferSelect

/** What became of a delivery, for the record. */
export type ProcessResult =
  | { done: false; reason: 'claimed' | 'waiting' }
  | { done: true; status: DeliveryRow['status']; outcome: ValueOutcome | null }

/**
 * Processes one stored delivery: claimed first, so no two processors work on it; its payment
 * verified with the provider (status, amount, currency NGN) before any value is given; left
 * waiting, with why, when the provider does not answer.
 */
export async function processDelivery(db: Database, id: number): Promise<ProcessResult> {
  const now = new Date()
  const [delivery] = await db
    .update(providerDeliveries)
    .set({
      claimedUntil: new Date(now.getTime() + CLAIM_MS),
      attempts: sql`${providerDeliveries.attempts} + 1`,
    })
    .where(
      and(
        eq(providerDeliveries.id, id),
        eq(providerDeliveries.status, 'received'),
        eq(providerDeliveries.signatureValid, true),
        or(isNull(providerDeliveries.claimedUntil), lt(providerDeliveries.claimedUntil, now)),
      ),
    )
    .returning()
  if (!delivery) return { done: false, reason: 'claimed' }
  const name = PAYMENT_PROVIDER_NAMES[delivery.provider]
  const reference = delivery.providerReference ?? ''
  const adapter = providerAdapter(delivery.provider)
  if (!adapter) return wait(db, delivery, `${name}'s keys are not set`)

  let paid
  try {
    paid = await adapter.verifyTransaction(reference)
  } catch (error) {
    if (error instanceof ProviderUnavailableError || error instanceof ProviderRefusedError)
      return wait(db, delivery, error.message)
    throw error
  }
  const problem =
    paid.status === 'pending'
      ? null
      : paid.status !== 'success'
        ? `${name} does not confirm the payment: ${paid.detail ?? 'not paid'}`
        : paid.currency !== 'NGN'
          ? `${name} reports the payment in ${paid.currency || 'no currency'}, not NGN`
          : paid.reference !== reference
            ? `${name} answered for another transaction (${paid.reference})`
            : delivery.amount !== null && paid.amountKobo !== delivery.amount
              ? `The webhook claims ${formatKobo(delivery.amount)} but ${name} confirms ${formatKobo(paid.amountKobo)}`
              : null
  await recordAudit(db, {
    action: 'provider.transaction_verified',
    record: { type: 'delivery', reference },
    summary:
      paid.status === 'success' && !problem
        ? `${name} confirms ${reference}: ${formatKobo(paid.amountKobo)} paid, ${formatKobo(paid.settledKobo)} settled`
        : paid.status === 'pending'
          ? `${name} says ${reference} is not paid yet: to be verified again`
          : `${name} verification of ${reference} failed: ${problem}`,
    actor: name,
  })
  if (paid.status === 'pending')
    return wait(db, delivery, `${name} says the payment is not complete yet`)
  if (problem) return finish(db, delivery, 'failed', problem, null)

  const outcome = await giveValue(db, delivery.provider, paid)
  if (outcome.kind === 'unattributed')
    return finish(
      db,
      delivery,
      'failed',
      'No account number or checkout of ours received this payment: nobody to credit',
      null,
    )
  const settled = outcome.kind === 'duplicate' ? await outcomeOf(db, outcome.receiptId) : outcome
  return finish(
    db,
    delivery,
    settled.kind === 'credit' ? 'unallocated' : 'processed',
    outcome.kind === 'duplicate' ? 'Value was already given for this payment' : null,
    settled,
  )
}

async function wait(db: Database, delivery: DeliveryRow, why: string): Promise<ProcessResult> {
  await db
    .update(providerDeliveries)
    .set({ error: why.slice(0, 500), claimedUntil: null })
    .where(eq(providerDeliveries.id, delivery.id))
  return { done: false, reason: 'waiting' }
}

async function finish(
  db: Database,
  delivery: DeliveryRow,
  status: DeliveryRow['status'],
  note: string | null,
  outcome: ValueOutcome | null,
): Promise<ProcessResult> {
  const receiptId =
    outcome && outcome.kind !== 'unattributed' ? outcome.receiptId : delivery.receiptId
  await db
    .update(providerDeliveries)
    .set({
      status,
      error: note?.slice(0, 500) ?? null,
      claimedUntil: null,
      processedAt: new Date(),
      receiptId,
    })
    .where(eq(providerDeliveries.id, delivery.id))
  return { done: true, status, outcome }
}

/** The periodic job: deliveries still waiting (the provider did not answer), oldest first. */
export async function processWaitingDeliveries(db: Database, now: Date, limit = 200) {
  const rows = await db
    .select({ id: providerDeliveries.id })
    .from(providerDeliveries)
    .where(
      and(
        eq(providerDeliveries.status, 'received'),
        eq(providerDeliveries.signatureValid, true),
        or(
          eq(providerDeliveries.attempts, 0),
          lt(providerDeliveries.receivedAt, new Date(now.getTime() - RETRY_AFTER_MS)),
        ),
      ),
    )
    .orderBy(asc(providerDeliveries.id))
    .limit(limit)
  let processed = 0
  for (const row of rows) if ((await processDelivery(db, row.id)).done) processed += 1
  return processed
}
