import { and, eq } from 'drizzle-orm'
import {
  NO_PAYMENT_PROVIDER,
  ONLY_THE_SUBSCRIBER_PAYS_ONLINE,
  PAYMENT_PROVIDER_NAMES,
  PROVIDER_UNAVAILABLE,
  type Checkout,
  type CheckoutResult,
} from '~/contract/collections'
import { checkoutReturnLink } from '~/contract/links'
import { formatKobo, isAllowedPayment } from '~/contract/money'
import { recordAudit } from '../audit/record'
import { appUrl } from '../config'
import type { Database } from '../db/client'
import { providerCheckouts } from '../db/schema'
import type { ApiUser } from '../http/context'
import { conflict, forbidden, notFound, refusedField } from '../http/errors'
import { koboToNaira } from '../money'
import {
  providerAdapter,
  ProviderRefusedError,
  ProviderUnavailableError,
  type VerifiedTransaction,
} from '../payment-provider'
import { newReference } from '../references'
import {
  isPayable,
  NOT_PAYABLE,
  paymentChoiceRefusal,
  paymentChoicesOf,
  paymentDescription,
} from '../subscriptions/payments'
import type { ListRow } from '../subscriptions/queries'
import { giveValue, outcomeOf } from './receipts'

/**
 * "Pay online": the provider's hosted checkout for one of the amounts due, and the return from it.
 * The return only ever gives value once the provider confirms the payment when asked.
 */

export async function startCheckout(
  db: Database,
  user: ApiUser,
  row: ListRow,
  amountKobo: number,
): Promise<Checkout> {
  const adapter = providerAdapter()
  if (!adapter) throw conflict(NO_PAYMENT_PROVIDER)
  const s = row.subscription
  if (s.userId !== user.id) throw forbidden(ONLY_THE_SUBSCRIBER_PAYS_ONLINE)
  if (!isPayable(s)) throw conflict(NOT_PAYABLE)
  const choices = await paymentChoicesOf(db, s)
  if (!isAllowedPayment(choices, amountKobo))
    throw refusedField('amount', paymentChoiceRefusal(choices))
  const [checkout] = await db
    .insert(providerCheckouts)
    .values({
      reference: newReference('CHK'),
      provider: adapter.name,
      subscriptionId: s.id,
      userId: user.id,
      amount: amountKobo,
    })
    .returning()
  let started
  try {
    started = await adapter.startCheckout({
      reference: checkout.reference,
      amountKobo,
      email: row.owner.email,
      name: `${row.owner.firstName} ${row.owner.lastName}`,
      description: await paymentDescription(db, row, amountKobo),
      callbackUrl: `${appUrl()}${checkoutReturnLink(s.type, s.reference)}`,
      subscriptionReference: s.reference,
    })
  } catch (error) {
    if (error instanceof ProviderUnavailableError || error instanceof ProviderRefusedError) {
      console.error(`Checkout ${checkout.reference} could not start:`, error.message)
      throw conflict(PROVIDER_UNAVAILABLE)
    }
    throw error
  }
  await db
    .update(providerCheckouts)
    .set({
      providerReference: started.providerReference,
      authorizationUrl: started.authorizationUrl,
    })
    .where(eq(providerCheckouts.id, checkout.id))
  return {
    reference: checkout.reference,
    provider: adapter.name,
    amount: koboToNaira(amountKobo),
    authorization_url: started.authorizationUrl,
  }
}

/**
 * Back from the checkout: the payment is verified with the provider, and given its value only on a
 * success in NGN of the checkout that was started. Anything else changes nothing.
 */
export async function verifyCheckout(
  db: Database,
  user: ApiUser,
  row: ListRow,
  reference: string,
): Promise<CheckoutResult> {
  const [checkout] = await db
    .select()
    .from(providerCheckouts)
    .where(
      and(
        eq(providerCheckouts.reference, reference.trim().toUpperCase()),
        eq(providerCheckouts.subscriptionId, row.subscription.id),
        // Someone else's checkout is none of the caller's business: not found.
        eq(providerCheckouts.userId, user.id),
      ),
    )
    .limit(1)
  if (!checkout) throw notFound('Checkout not found')
  const adapter = providerAdapter(checkout.provider)
  if (!adapter) throw conflict(NO_PAYMENT_PROVIDER)
  const name = PAYMENT_PROVIDER_NAMES[checkout.provider]
  let paid: VerifiedTransaction
  try {
    paid = await adapter.verifyTransaction(checkout.providerReference ?? checkout.reference)
  } catch (error) {
    if (error instanceof ProviderUnavailableError || error instanceof ProviderRefusedError)
      throw conflict(PROVIDER_UNAVAILABLE)
    throw error
  }
  const ours =
    paid.channel === 'checkout' &&
    (paid.checkoutReference === checkout.reference || paid.reference === checkout.reference)
  const confirmed = paid.status === 'success' && paid.currency === 'NGN' && ours
  await recordAudit(db, {
    action: 'provider.transaction_verified',
    record: { type: 'delivery', reference: paid.reference },
    related: [checkout.reference, row.subscription.reference, row.owner.reference],
    summary: confirmed
      ? `${name} confirms checkout ${checkout.reference} (${paid.reference}): ${formatKobo(paid.amountKobo)} paid`
      : `${name} does not confirm checkout ${checkout.reference}: ${paid.status}${paid.detail ? ` (${paid.detail})` : ''}`,
    actor: name,
  })
  if (!confirmed)
    return {
      status: paid.status === 'pending' ? 'pending' : 'failed',
      transaction_reference: null,
      credit_reference: null,
    }
  const given = await giveValue(db, checkout.provider, paid)
  const outcome = given.kind === 'duplicate' ? await outcomeOf(db, given.receiptId) : given
  if (outcome.kind === 'payment')
    return {
      status: 'paid',
      transaction_reference: outcome.transactionReference,
      credit_reference: null,
    }
  if (outcome.kind === 'credit')
    return {
      status: 'credited',
      transaction_reference: null,
      credit_reference: outcome.creditReference,
    }
  return { status: 'failed', transaction_reference: null, credit_reference: null }
}
