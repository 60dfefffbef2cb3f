import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  CREDIT_ALLOCATION_REQUESTED,
  CREDIT_REFUND_REQUESTED,
  OWN_CREDIT,
  OWN_CREDIT_REQUEST,
  PAYMENT_PROVIDER_NAMES,
  type Credit,
  type CreditState,
  type CustomerCredit,
} from '~/contract/collections'
import { collectionsLink, creditsLink, receiptLink } from '~/contract/links'
import { formatKobo, isAllowedPayment } from '~/contract/money'
import { changesBetween, createdWith, recordAudit } from '../audit/record'
import type { Database, Executor } from '../db/client'
import { credits, providerReceipts, subscriptions, transactions, users } from '../db/schema'
import type { ApiUser } from '../http/context'
import { conflict, forbidden, notFound, refusedField } from '../http/errors'
import { koboToNaira } from '../money'
import { notify, notifyStaffWith } from '../notifications/service'
import { newReference } from '../references'
import { mailPaymentMarked } from '../subscriptions/emails'
import {
  isPayable,
  markTransactionIn,
  NOT_PAYABLE,
  paymentChoiceRefusal,
  paymentChoicesOf,
  paymentDescription,
} from '../subscriptions/payments'
import { iso, lockSubscription, subscriptionById } from '../subscriptions/queries'
import { keepAsCredit } from './receipts'

/**
 * Credits: money received that paid no payment. One member of staff asks to allocate one (to a
 * payment of one of its customer's subscriptions) or to refund it; a second confirms. Nobody
 * confirms what they asked for, nor money that is their own. Confirming an allocation records the
 * payment (by the one who asked) and marks it paid (by the one who confirms), through the same
 * steps as any payment staff confirm.
 */

type CreditRow = typeof credits.$inferSelect

const customer = alias(users, 'credit_customer')
const requester = alias(users, 'credit_requester')
const decider = alias(users, 'credit_decider')
const hinted = alias(subscriptions, 'credit_subscription')
const pendingFor = alias(subscriptions, 'credit_pending_subscription')
const parent = alias(credits, 'credit_parent')
const allocatedTo = alias(subscriptions, 'credit_allocated_subscription')

const columns = {
  credit: credits,
  provider: providerReceipts.provider,
  providerReference: providerReceipts.providerReference,
  amountPaid: providerReceipts.amountPaid,
  amountSettled: providerReceipts.amountSettled,
  paidAt: providerReceipts.paidAt,
  customer: {
    id: customer.id,
    reference: customer.reference,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
  },
  requester: {
    reference: requester.reference,
    firstName: requester.firstName,
    lastName: requester.lastName,
  },
  decider: {
    reference: decider.reference,
    firstName: decider.firstName,
    lastName: decider.lastName,
  },
  subscriptionReference: hinted.reference,
  pendingSubscriptionReference: pendingFor.reference,
  parentReference: parent.reference,
  transactionReference: transactions.reference,
  allocatedSubscriptionReference: allocatedTo.reference,
}

function creditQuery(db: Executor) {
  return db
    .select(columns)
    .from(credits)
    .innerJoin(providerReceipts, eq(providerReceipts.id, credits.receiptId))
    .innerJoin(customer, eq(customer.id, credits.customerId))
    .leftJoin(requester, eq(requester.id, credits.requestedById))
    .leftJoin(decider, eq(decider.id, credits.decidedById))
    .leftJoin(hinted, eq(hinted.id, credits.subscriptionId))
    .leftJoin(pendingFor, eq(pendingFor.id, credits.pendingSubscriptionId))
    .leftJoin(parent, eq(parent.id, credits.parentId))
    .leftJoin(transactions, eq(transactions.id, credits.transactionId))
    .leftJoin(allocatedTo, eq(allocatedTo.id, transactions.subscriptionId))
}

type Joined = Awaited<ReturnType<ReturnType<typeof creditQuery>['limit']>>[number]

const nameOf = (person: { firstName: string | null; lastName: string | null }) =>
  `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim()

export function creditState(row: Pick<CreditRow, 'state' | 'pendingAction'>): CreditState {
  if (row.state !== 'open') return row.state
  if (row.pendingAction === 'allocate') return 'allocation_pending'
  if (row.pendingAction === 'refund') return 'refund_pending'
  return 'open'
}

/** Why this viewer may not confirm the credit's pending request, or null. */
function confirmRefusal(
  row: Pick<CreditRow, 'requestedById' | 'customerId'>,
  viewer: { id: number },
) {
  if (row.requestedById === viewer.id) return OWN_CREDIT_REQUEST
  if (row.customerId === viewer.id) return OWN_CREDIT
  return null
}

function customerView(row: Joined): CustomerCredit {
  const c = row.credit
  return {
    reference: c.reference,
    provider: row.provider,
    provider_reference: row.providerReference,
    amount: koboToNaira(c.amount),
    amount_paid: koboToNaira(row.amountPaid),
    paid_at: iso(row.paidAt),
    state: creditState(c),
    reason: c.reason,
    subscription_reference: row.subscriptionReference,
    allocated_to:
      c.state === 'allocated' && row.transactionReference && row.allocatedSubscriptionReference
        ? {
            subscription_reference: row.allocatedSubscriptionReference,
            transaction_reference: row.transactionReference,
          }
        : null,
  }
}

function staffView(row: Joined, viewer: ApiUser): Credit {
  const c = row.credit
  const refusal = c.pendingAction ? confirmRefusal(c, viewer) : null
  return {
    ...customerView(row),
    amount_settled: koboToNaira(row.amountSettled),
    received_at: c.createdAt.toISOString(),
    customer: {
      reference: row.customer.reference,
      name: nameOf(row.customer),
      email: row.customer.email,
    },
    remainder_of: row.parentReference,
    pending: c.pendingAction
      ? {
          action: c.pendingAction,
          subscription_reference:
            c.pendingAction === 'allocate' ? row.pendingSubscriptionReference : null,
          amount: koboToNaira(c.pendingAmount ?? c.amount),
          reason: c.pendingReason,
          requested_by: {
            reference: row.requester?.reference ?? '',
            name: nameOf(row.requester ?? { firstName: '', lastName: '' }),
          },
          requested_at: iso(c.requestedAt) ?? '',
        }
      : null,
    can_confirm: c.pendingAction !== null && refusal === null,
    cannot_confirm_reason: refusal,
    refund:
      c.state === 'refunded'
        ? {
            reason: c.refundReason ?? '',
            bank_reference: c.refundBankReference,
            refunded_at: iso(c.decidedAt) ?? '',
          }
        : null,
    decided_by: row.decider?.reference
      ? { reference: row.decider.reference, name: nameOf(row.decider) }
      : null,
  }
}

function stateFilter(state: CreditState | undefined): SQL | undefined {
  if (!state) return undefined
  if (state === 'allocated' || state === 'refunded') return eq(credits.state, state)
  if (state === 'open') return and(eq(credits.state, 'open'), isNull(credits.pendingAction))
  return and(
    eq(credits.state, 'open'),
    eq(credits.pendingAction, state === 'allocation_pending' ? 'allocate' : 'refund'),
  )
}

/** The credits Collections lists, newest first. */
export async function listCredits(
  db: Executor,
  viewer: ApiUser,
  filters: { state?: CreditState; search?: string; page: number },
  pageSize: number,
) {
  const term = filters.search ? `%${filters.search.replace(/[%_\\]/g, '\\$&')}%` : null
  const where = and(
    stateFilter(filters.state),
    term
      ? or(
          ilike(credits.reference, term),
          ilike(providerReceipts.providerReference, term),
          ilike(customer.reference, term),
          ilike(customer.email, term),
          ilike(sql`${customer.firstName} || ' ' || ${customer.lastName}`, term),
        )
      : undefined,
  )
  const [rows, [{ total }]] = await Promise.all([
    creditQuery(db)
      .where(where)
      .orderBy(desc(credits.createdAt), desc(credits.id))
      .limit(pageSize)
      .offset((filters.page - 1) * pageSize),
    db
      .select({ total: count() })
      .from(credits)
      .innerJoin(providerReceipts, eq(providerReceipts.id, credits.receiptId))
      .innerJoin(customer, eq(customer.id, credits.customerId))
      .where(where),
  ])
  return { items: rows.map((row) => staffView(row, viewer)), total: Number(total) }
}

/** The caller's own credits, newest first, and what the open ones hold. */
export async function ownCredits(db: Executor, userId: number, page: number, pageSize: number) {
  const [rows, [{ total, open }]] = await Promise.all([
    creditQuery(db)
      .where(eq(credits.customerId, userId))
      .orderBy(desc(credits.createdAt), desc(credits.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({
        total: count(),
        open: sql<number>`coalesce(sum(${credits.amount}) filter (where ${credits.state} = 'open'), 0)`.mapWith(
          Number,
        ),
      })
      .from(credits)
      .where(eq(credits.customerId, userId)),
  ])
  return { items: rows.map(customerView), total: Number(total), openKobo: open }
}

async function creditByReference(db: Executor, viewer: ApiUser, reference: string) {
  const [row] = await creditQuery(db)
    .where(eq(credits.reference, reference.trim().toUpperCase()))
    .limit(1)
  if (!row) throw notFound('Credit not found')
  return staffView(row, viewer)
}

/** Locks a credit for a change; 404 when there is none such. */
async function lockCredit(tx: Executor, reference: string) {
  const [row] = await tx
    .select()
    .from(credits)
    .where(eq(credits.reference, reference.trim().toUpperCase()))
    .for('update')
    .limit(1)
  if (!row) throw notFound('Credit not found')
  return row
}

const NOT_OPEN =
  'This credit is not unallocated: it is allocated, refunded, or waiting for confirmation'

async function refsOf(tx: Executor, credit: CreditRow) {
  const [row] = await tx
    .select({
      customer: users.reference,
      firstName: users.firstName,
      lastName: users.lastName,
      providerReference: providerReceipts.providerReference,
      provider: providerReceipts.provider,
      paidAt: providerReceipts.paidAt,
    })
    .from(credits)
    .innerJoin(users, eq(users.id, credits.customerId))
    .innerJoin(providerReceipts, eq(providerReceipts.id, credits.receiptId))
    .where(eq(credits.id, credit.id))
    .limit(1)
  return row
}

/** Asks to allocate a credit to a payment of one of its customer's subscriptions. */
export async function requestAllocation(
  db: Database,
  staff: ApiUser,
  reference: string,
  input: { subscription: string; amountKobo: number | null },
) {
  await db.transaction(async (tx) => {
    const credit = await lockCredit(tx, reference)
    if (credit.state !== 'open' || credit.pendingAction) throw conflict(NOT_OPEN)
    const [target] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.reference, input.subscription.trim().toUpperCase()),
          eq(subscriptions.userId, credit.customerId),
        ),
      )
      .limit(1)
    if (!target)
      throw refusedField('subscription', "Choose one of this credit's customer's subscriptions")
    const s = await lockSubscription(tx, target.id)
    if (!isPayable(s)) throw conflict(NOT_PAYABLE)
    const amount = input.amountKobo ?? credit.amount
    if (amount > credit.amount)
      throw refusedField(
        'amount',
        `Amount must be at most ${formatKobo(credit.amount)}, what the credit holds`,
      )
    const choices = await paymentChoicesOf(tx, s)
    if (!isAllowedPayment(choices, amount))
      throw refusedField('amount', paymentChoiceRefusal(choices))
    await tx
      .update(credits)
      .set({
        pendingAction: 'allocate',
        pendingSubscriptionId: s.id,
        pendingAmount: amount,
        pendingReason: null,
        requestedById: staff.id,
        requestedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(credits.id, credit.id))
    const refs = await refsOf(tx, credit)
    await recordAudit(tx, {
      action: 'credit.allocation_requested',
      record: { type: 'credit', reference: credit.reference },
      related: [refs.customer, s.reference, refs.providerReference],
      summary: `Asked to allocate ${formatKobo(amount)} of credit ${credit.reference} (${PAYMENT_PROVIDER_NAMES[refs.provider]} ${refs.providerReference}) to ${s.reference}: another member of staff must confirm`,
      changes: createdWith({ subscription: s.reference, amount: koboToNaira(amount) }),
    })
    await notifyStaffWith(
      tx,
      'can_verify_transaction',
      {
        title: 'Credit allocation to confirm',
        body: `${staff.firstName} ${staff.lastName} asked to allocate ${formatKobo(amount)} of credit ${credit.reference} to ${s.reference}. Another member of staff must confirm it.`,
        link: collectionsLink('credits'),
      },
      [staff.id, credit.customerId],
    )
  })
  return {
    message: CREDIT_ALLOCATION_REQUESTED,
    data: await creditByReference(db, staff, reference),
  }
}

/** Asks to refund a credit to its payer. */
export async function requestRefund(
  db: Database,
  staff: ApiUser,
  reference: string,
  input: { reason: string; bankReference: string | null },
) {
  await db.transaction(async (tx) => {
    const credit = await lockCredit(tx, reference)
    if (credit.state !== 'open' || credit.pendingAction) throw conflict(NOT_OPEN)
    await tx
      .update(credits)
      .set({
        pendingAction: 'refund',
        pendingSubscriptionId: null,
        pendingAmount: credit.amount,
        pendingReason: input.reason,
        refundBankReference: input.bankReference,
        requestedById: staff.id,
        requestedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(credits.id, credit.id))
    const refs = await refsOf(tx, credit)
    await recordAudit(tx, {
      action: 'credit.refund_requested',
      record: { type: 'credit', reference: credit.reference },
      related: [refs.customer, refs.providerReference],
      summary: `Asked to refund credit ${credit.reference} of ${formatKobo(credit.amount)} (${PAYMENT_PROVIDER_NAMES[refs.provider]} ${refs.providerReference}) to ${refs.firstName} ${refs.lastName}: ${input.reason}`,
      changes: createdWith({ reason: input.reason, bank_reference: input.bankReference }),
    })
    await notifyStaffWith(
      tx,
      'can_verify_transaction',
      {
        title: 'Credit refund to confirm',
        body: `${staff.firstName} ${staff.lastName} asked to refund credit ${credit.reference} of ${formatKobo(credit.amount)}. Another member of staff must confirm it.`,
        link: collectionsLink('credits'),
      },
      [staff.id, credit.customerId],
    )
  })
  return { message: CREDIT_REFUND_REQUESTED, data: await creditByReference(db, staff, reference) }
}

/** A second member of staff confirms the pending allocation or refund, or turns it down. */
export async function decideCredit(
  db: Database,
  staff: ApiUser,
  reference: string,
  input: { decision: 'confirm' | 'reject'; reason: string | null },
) {
  let paidTransactionId: number | null = null
  await db.transaction(async (tx) => {
    const credit = await lockCredit(tx, reference)
    if (credit.state !== 'open' || !credit.pendingAction)
      throw conflict('Nothing is waiting for confirmation on this credit')
    const refusal = confirmRefusal(credit, staff)
    if (refusal) throw forbidden(refusal)
    const refs = await refsOf(tx, credit)
    const providerName = PAYMENT_PROVIDER_NAMES[refs.provider]
    const now = new Date()
    if (input.decision === 'reject') {
      await tx
        .update(credits)
        .set({
          pendingAction: null,
          pendingSubscriptionId: null,
          pendingAmount: null,
          pendingReason: null,
          refundBankReference: null,
          requestedById: null,
          requestedAt: null,
          updatedAt: now,
        })
        .where(eq(credits.id, credit.id))
      await recordAudit(tx, {
        action: 'credit.request_rejected',
        record: { type: 'credit', reference: credit.reference },
        related: [refs.customer, refs.providerReference],
        summary: `Turned down the ${credit.pendingAction === 'allocate' ? 'allocation' : 'refund'} of credit ${credit.reference}: ${input.reason}`,
        changes: changesBetween({ pending: credit.pendingAction }, { pending: null }),
      })
      if (credit.requestedById)
        await notify(tx, credit.requestedById, {
          title: 'Credit request turned down',
          body: `${staff.firstName} ${staff.lastName} turned down your request on credit ${credit.reference}: ${input.reason}`,
          link: collectionsLink('credits'),
        })
      return
    }
    if (credit.pendingAction === 'refund') {
      await tx
        .update(credits)
        .set({
          state: 'refunded',
          pendingAction: null,
          refundReason: credit.pendingReason,
          decidedById: staff.id,
          decidedAt: now,
          updatedAt: now,
        })
        .where(eq(credits.id, credit.id))
      await recordAudit(tx, {
        action: 'credit.refunded',
        record: { type: 'credit', reference: credit.reference },
        related: [refs.customer, refs.providerReference],
        summary: `Confirmed the refund of credit ${credit.reference}: ${formatKobo(credit.amount)} (${providerName} ${refs.providerReference}) back to ${refs.firstName} ${refs.lastName}`,
        changes: changesBetween({ state: 'refund_pending' }, { state: 'refunded' }),
      })
      await notify(tx, credit.customerId, {
        title: 'Credit refunded',
        body: `Your credit ${credit.reference} of ${formatKobo(credit.amount)} has been refunded to you.`,
        link: creditsLink(),
      })
      return
    }
    // An allocation: the payment recorded by the one who asked, marked paid by the one confirming.
    const amount = credit.pendingAmount ?? credit.amount
    const s = await lockSubscription(tx, credit.pendingSubscriptionId ?? 0)
    const choices = isPayable(s) ? await paymentChoicesOf(tx, s) : []
    if (!isAllowedPayment(choices, amount))
      throw conflict(
        `${s.reference} no longer takes a payment of ${formatKobo(amount)}: turn this down and allocate the credit again`,
      )
    const row = await subscriptionById(tx, s.id)
    const [created] = await tx
      .insert(transactions)
      .values({
        reference: newReference('TRX'),
        subscriptionId: s.id,
        amount,
        description: `${await paymentDescription(tx, row, amount)}: from credit ${credit.reference} (${providerName} ${refs.providerReference})`,
        status: 'awaiting_confirmation',
        paidAt: refs.paidAt,
        recordedById: credit.requestedById,
      })
      .returning()
    await markTransactionIn(tx, created.id, 'paid', staff, null)
    paidTransactionId = created.id
    await tx
      .update(credits)
      .set({
        state: 'allocated',
        amount,
        pendingAction: null,
        transactionId: created.id,
        decidedById: staff.id,
        decidedAt: now,
        updatedAt: now,
      })
      .where(eq(credits.id, credit.id))
    const left = credit.amount - amount
    const remainder =
      left > 0
        ? await keepAsCredit(tx, {
            receiptId: credit.receiptId,
            customerId: credit.customerId,
            subscriptionId: credit.subscriptionId,
            amount: left,
            reason: 'remainder',
            providerName,
            providerReference: refs.providerReference,
            parentId: credit.id,
          })
        : null
    await recordAudit(tx, {
      action: 'credit.allocated',
      record: { type: 'credit', reference: credit.reference },
      related: [refs.customer, s.reference, created.reference, refs.providerReference],
      summary:
        `Confirmed the allocation of ${formatKobo(amount)} of credit ${credit.reference} (${providerName} ${refs.providerReference}) to ${s.reference} as payment ${created.reference}` +
        (remainder ? `; ${formatKobo(left)} stays a credit (${remainder.creditReference})` : ''),
      changes: changesBetween(
        { state: 'allocation_pending', amount: koboToNaira(credit.amount) },
        { state: 'allocated', amount: koboToNaira(amount), transaction: created.reference },
      ),
    })
    await notify(tx, credit.customerId, {
      title: 'Credit allocated',
      body: `${formatKobo(amount)} of your credit ${credit.reference} paid ${s.reference} (${created.reference}).${remainder ? ` ${formatKobo(left)} stays a credit (${remainder.creditReference}).` : ''}`,
      link: receiptLink(s.type, s.reference, created.reference),
    })
  })
  if (paidTransactionId !== null) await mailPaymentMarked(db, paidTransactionId)
  return creditByReference(db, staff, reference)
}

/** Open credits, and those waiting for confirmation: how many and how much. */
export async function creditTotals(db: Executor) {
  const [row] = await db
    .select({
      openCount: sql<number>`count(*) filter (where ${credits.pendingAction} is null)`.mapWith(
        Number,
      ),
      openAmount:
        sql<number>`coalesce(sum(${credits.amount}) filter (where ${credits.pendingAction} is null), 0)`.mapWith(
          Number,
        ),
      pendingCount:
        sql<number>`count(*) filter (where ${credits.pendingAction} is not null)`.mapWith(Number),
      pendingAmount:
        sql<number>`coalesce(sum(${credits.amount}) filter (where ${credits.pendingAction} is not null), 0)`.mapWith(
          Number,
        ),
    })
    .from(credits)
    .where(eq(credits.state, 'open'))
  return row
}
