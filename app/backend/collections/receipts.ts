import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm'
import {
  PAYMENT_PROVIDER_NAMES,
  type CreditReason,
  type PaymentProvider,
} from '~/contract/collections'
import { collectionsLink, creditsLink } from '~/contract/links'
import { allocateReceipt, formatKobo, type ReceiptCandidate } from '~/contract/money'
import { createdWith, recordAudit } from '../audit/record'
import type { Database, Executor } from '../db/client'
import {
  credits,
  providerCheckouts,
  providerReceipts,
  subscriptions,
  transactions,
  users,
  virtualAccounts,
} from '../db/schema'
import { koboToNaira } from '../money'
import { notify, notifyStaffWith } from '../notifications/service'
import type { VerifiedTransaction } from '../payment-provider'
import { newReference } from '../references'
import { mailPaymentMarked } from '../subscriptions/emails'
import {
  confirmProviderPaymentIn,
  isPayable,
  paymentChoicesOf,
  paymentDescription,
} from '../subscriptions/payments'
import { lockSubscription, subscriptionById } from '../subscriptions/queries'
import { mailCreditReceived } from './emails'

/**
 * Giving value for a payment the provider confirmed: it pays the payment it fits
 * (allocateReceipt), exactly as a payment staff confirm, or it is kept as a credit. The receipt row,
 * unique per provider transaction, is inserted in the same database transaction as the value, so
 * whatever reports the payment (its webhook, a replay, two instances at once, the checkout's
 * return) gives it once: the second finds the receipt and does nothing.
 */

export type ValueOutcome =
  | { kind: 'payment'; receiptId: number; transactionId: number; transactionReference: string }
  | { kind: 'credit'; receiptId: number; creditId: number; creditReference: string }
  | { kind: 'duplicate'; receiptId: number }
  /** No account or checkout of ours names it: nobody to credit, for staff to look at. */
  | { kind: 'unattributed' }

type Target = {
  customerId: number
  candidateIds: number[]
  /** The subscription the money was sent for, when its account or checkout names one. */
  subscriptionId: number | null
  checkoutId: number | null
  virtualAccountId: number | null
}

/** Whose money it is and what it may pay: its checkout's subscription, or its account's. */
async function targetOf(
  db: Executor,
  provider: PaymentProvider,
  paid: VerifiedTransaction,
): Promise<Target | null> {
  if (paid.channel === 'checkout') {
    const keys = [paid.reference, paid.checkoutReference].filter((key): key is string => !!key)
    const [checkout] = await db
      .select()
      .from(providerCheckouts)
      .where(
        and(
          eq(providerCheckouts.provider, provider),
          or(
            inArray(providerCheckouts.reference, keys),
            inArray(providerCheckouts.providerReference, keys),
          ),
        ),
      )
      .limit(1)
    if (!checkout) return null
    return {
      customerId: checkout.userId,
      candidateIds: [checkout.subscriptionId],
      subscriptionId: checkout.subscriptionId,
      checkoutId: checkout.id,
      virtualAccountId: null,
    }
  }
  const byAccount = [
    ...(paid.accountReference ? [eq(virtualAccounts.accountReference, paid.accountReference)] : []),
    ...(paid.accountNumber ? [eq(virtualAccounts.accountNumber, paid.accountNumber)] : []),
  ]
  if (!byAccount.length) return null
  const [account] = await db
    .select()
    .from(virtualAccounts)
    .where(and(eq(virtualAccounts.provider, provider), or(...byAccount)))
    .limit(1)
  if (!account) return null
  if (account.subscriptionId !== null)
    return {
      customerId: account.userId,
      candidateIds: [account.subscriptionId],
      subscriptionId: account.subscriptionId,
      checkoutId: null,
      virtualAccountId: account.id,
    }
  // One account for all the customer's subscriptions: any of those that may take a payment.
  const open = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, account.userId),
        inArray(subscriptions.status, ['awaiting_payment', 'ongoing']),
      ),
    )
    .orderBy(asc(subscriptions.id))
  return {
    customerId: account.userId,
    candidateIds: open.map((row) => row.id),
    subscriptionId: null,
    checkoutId: null,
    virtualAccountId: account.id,
  }
}

/** Gives value for a payment the provider confirmed (status success, NGN): once, whoever asks. */
export async function giveValue(
  db: Database,
  provider: PaymentProvider,
  paid: VerifiedTransaction,
): Promise<ValueOutcome> {
  const target = await targetOf(db, provider, paid)
  if (!target) return { kind: 'unattributed' }
  const providerName = PAYMENT_PROVIDER_NAMES[provider]
  const outcome = await db.transaction(async (tx): Promise<ValueOutcome> => {
    // In id order, so two givers of value never wait on each other crosswise.
    const locked = []
    for (const id of [...target.candidateIds].sort((a, b) => a - b))
      locked.push(await lockSubscription(tx, id))
    const [receipt] = await tx
      .insert(providerReceipts)
      .values({
        provider,
        providerReference: paid.reference,
        channel: paid.channel,
        amountPaid: paid.amountKobo,
        amountSettled: paid.settledKobo,
        paidAt: paid.paidAt ?? new Date(),
        customerId: target.customerId,
        checkoutId: target.checkoutId,
        virtualAccountId: target.virtualAccountId,
      })
      .onConflictDoNothing()
      .returning()
    if (!receipt) {
      const [existing] = await tx
        .select({ id: providerReceipts.id })
        .from(providerReceipts)
        .where(
          and(
            eq(providerReceipts.provider, provider),
            eq(providerReceipts.providerReference, paid.reference),
          ),
        )
        .limit(1)
      return { kind: 'duplicate', receiptId: existing.id }
    }
    const candidates: ReceiptCandidate[] = []
    for (const s of locked)
      candidates.push({ id: s.id, choices: isPayable(s) ? await paymentChoicesOf(tx, s) : [] })
    const allocation = allocateReceipt(paid.amountKobo, candidates)
    if (allocation.kind === 'payment') {
      const row = await subscriptionById(tx, allocation.subscriptionId)
      const how = paid.channel === 'transfer' ? 'transfer to your account number' : 'online payment'
      const [created] = await tx
        .insert(transactions)
        .values({
          reference: newReference('TRX'),
          subscriptionId: allocation.subscriptionId,
          amount: paid.amountKobo,
          description: `${await paymentDescription(tx, row, paid.amountKobo)}: ${how}, ${providerName} ${paid.reference}`,
          status: 'awaiting_confirmation',
          paidAt: receipt.paidAt,
          recordedById: null,
        })
        .returning()
      await confirmProviderPaymentIn(tx, created.id, providerName)
      await tx
        .update(providerReceipts)
        .set({ transactionId: created.id })
        .where(eq(providerReceipts.id, receipt.id))
      return {
        kind: 'payment',
        receiptId: receipt.id,
        transactionId: created.id,
        transactionReference: created.reference,
      }
    }
    const credit = await keepAsCredit(tx, {
      receiptId: receipt.id,
      customerId: target.customerId,
      subscriptionId: target.subscriptionId,
      amount: paid.amountKobo,
      reason: allocation.reason,
      providerName,
      providerReference: paid.reference,
    })
    return { kind: 'credit', receiptId: receipt.id, ...credit }
  })
  if (outcome.kind === 'payment') await mailPaymentMarked(db, outcome.transactionId)
  if (outcome.kind === 'credit') await mailCreditReceived(db, outcome.creditId)
  return outcome
}

/** Money kept as a credit, the customer and staff told. */
export async function keepAsCredit(
  tx: Executor,
  input: {
    receiptId: number
    customerId: number
    subscriptionId: number | null
    amount: number
    reason: CreditReason
    providerName: string
    providerReference: string
    parentId?: number
  },
) {
  const [created] = await tx
    .insert(credits)
    .values({
      reference: newReference('CRD'),
      receiptId: input.receiptId,
      parentId: input.parentId ?? null,
      customerId: input.customerId,
      subscriptionId: input.subscriptionId,
      amount: input.amount,
      reason: input.reason,
    })
    .returning()
  const [customer] = await tx
    .select({ reference: users.reference, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, input.customerId))
    .limit(1)
  const [subscription] = input.subscriptionId
    ? await tx
        .select({ reference: subscriptions.reference })
        .from(subscriptions)
        .where(eq(subscriptions.id, input.subscriptionId))
        .limit(1)
    : []
  const amount = formatKobo(input.amount)
  if (!input.parentId) {
    await recordAudit(tx, {
      action: 'credit.received',
      record: { type: 'credit', reference: created.reference },
      related: [customer?.reference, subscription?.reference, input.providerReference],
      summary: `Kept ${amount} from ${customer?.firstName} ${customer?.lastName} (${input.providerName} ${input.providerReference}) as credit ${created.reference}: it paid no payment (${input.reason.replace(/_/g, ' ')})`,
      changes: createdWith({
        amount: koboToNaira(input.amount),
        reason: input.reason,
        provider_reference: input.providerReference,
        subscription: subscription?.reference ?? null,
      }),
      actor: input.providerName,
    })
    await notify(tx, input.customerId, {
      title: 'Payment received as a credit',
      body:
        `We received ${amount} (${input.providerName} ${input.providerReference}), but it does not match a payment due, ` +
        `so it is kept as a credit (${created.reference}) on your account. Our staff will allocate it to your payment or refund it.`,
      link: creditsLink(),
    })
    await notifyStaffWith(
      tx,
      'can_verify_transaction',
      {
        title: 'Unallocated credit',
        body: `${amount} from ${customer?.firstName} ${customer?.lastName} (${customer?.reference}) paid no payment and is kept as credit ${created.reference}: allocate or refund it.`,
        link: collectionsLink('credits'),
      },
      [input.customerId],
    )
  }
  return { creditId: created.id, creditReference: created.reference }
}

/** The payment or credit a provider transaction became, if value was given for it. */
export async function outcomeOf(db: Executor, receiptId: number): Promise<ValueOutcome> {
  const [receipt] = await db
    .select({
      transactionId: providerReceipts.transactionId,
      transactionReference: transactions.reference,
    })
    .from(providerReceipts)
    .leftJoin(transactions, eq(transactions.id, providerReceipts.transactionId))
    .where(eq(providerReceipts.id, receiptId))
    .limit(1)
  if (receipt?.transactionId && receipt.transactionReference)
    return {
      kind: 'payment',
      receiptId,
      transactionId: receipt.transactionId,
      transactionReference: receipt.transactionReference,
    }
  const [credit] = await db
    .select({ id: credits.id, reference: credits.reference })
    .from(credits)
    .where(and(eq(credits.receiptId, receiptId), isNull(credits.parentId)))
    .limit(1)
  if (credit)
    return { kind: 'credit', receiptId, creditId: credit.id, creditReference: credit.reference }
  return { kind: 'duplicate', receiptId }
}
