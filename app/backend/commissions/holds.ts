import { aliasedTable, and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import {
  entryStatusFor,
  SELF_REFERRAL_VOID,
  selfReferralSignals,
  signalsSentence,
  type ChainLink,
  type CommissionHoldStatus,
  type ReferralIdentity,
  type SelfReferralSignal,
} from '~/contract/commission-rules'
import {
  HOLD_CLEARED,
  HOLD_CONFIRMED,
  HOLD_DECIDED,
  type CommissionHold,
  type HoldDecision,
} from '~/contract/commissions'
import { changesBetween, createdWith, recordAudit } from '../audit/record'
import { personLabel } from '../auth/audit'
import type { Database, Executor } from '../db/client'
import {
  commissionHolds,
  commissions,
  products,
  profiles,
  signInDevices,
  subscriptions,
  users,
} from '../db/schema'
import type { ApiUser } from '../http/context'
import { conflict, notFound } from '../http/errors'
import { koboToNaira } from '../money'
import { notify, notifyStaffWith } from '../notifications/service'
import { formatKobo } from '~/contract/money'

/** Where staff review a flagged purchase. */
export const holdPath = (uuid: string) => `/commissions/holds/${uuid}`

/** A person's phone and payout account number from its profile, and the browsers it signed in or up from. */
async function identityOf(tx: Executor, userId: number): Promise<ReferralIdentity> {
  const [[profile], devices] = await Promise.all([
    tx
      .select({ phone: profiles.phone, accountNumber: profiles.accountNumber })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .limit(1),
    tx
      .select({ deviceHash: signInDevices.deviceHash })
      .from(signInDevices)
      .where(eq(signInDevices.userId, userId)),
  ])
  return {
    phone: profile?.phone ?? null,
    accountNumber: profile?.accountNumber ?? null,
    devices: devices.map((row) => row.deviceHash),
  }
}

/** The nearest realtor of the chain the customer shares something with, and what; null when none. */
async function selfReferralMatch(tx: Executor, customerId: number, chain: readonly ChainLink[]) {
  const customer = await identityOf(tx, customerId)
  for (const link of chain) {
    const signals = selfReferralSignals(customer, await identityOf(tx, link.realtorId))
    if (signals.length) return { realtorId: link.realtorId, signals }
  }
  return null
}

type Payment = { subscriptionId: number; customerId: number }

/**
 * What the entries of a payment just confirmed start as (commission-rules.ts entryStatusFor): by
 * the review of its purchase, or, when it has none, by what the customer shares with the chain
 * now. A purchase that newly shares something is flagged here, in the confirming transaction, and
 * staff who pay commissions are told. The unique subscription keeps one flag per purchase.
 */
export async function reviewedStatus(tx: Executor, payment: Payment, chain: readonly ChainLink[]) {
  const review = await holdOf(tx, payment.subscriptionId)
  const match = review ? null : await selfReferralMatch(tx, payment.customerId, chain)
  const decided = entryStatusFor(review?.status ?? null, match?.signals ?? [])
  if (!decided.flag || !match) return decided.status
  const [flagged] = await tx
    .insert(commissionHolds)
    .values({
      subscriptionId: payment.subscriptionId,
      customerId: payment.customerId,
      realtorId: match.realtorId,
      signals: match.signals,
    })
    .onConflictDoNothing({ target: commissionHolds.subscriptionId })
    .returning({ uuid: commissionHolds.uuid })
  // Flagged meanwhile by a payment confirmed at the same time: its review decides.
  if (!flagged)
    return entryStatusFor((await holdOf(tx, payment.subscriptionId))?.status ?? 'pending', [])
      .status
  const names = await namesOf(tx, payment.subscriptionId, payment.customerId, match.realtorId)
  await recordAudit(tx, {
    action: 'commission.held',
    record: { type: 'subscription', reference: names.subscription },
    related: [names.customer.reference, names.realtor.reference, names.product],
    summary:
      `Held the commissions on ${names.subscription} for review: customer ${personLabel(names.customer)} has ` +
      `${signalsSentence(match.signals)} as realtor ${personLabel(names.realtor)}`,
    changes: createdWith({ status: 'pending', signals: match.signals }),
  })
  await notifyStaffWith(tx, 'can_pay_commissions', {
    title: 'Commission held for review',
    body:
      `The commissions on ${names.subscription} are held: customer ${names.customer.firstName} ${names.customer.lastName} has ` +
      `${signalsSentence(match.signals)} as realtor ${names.realtor.firstName} ${names.realtor.lastName} (${names.realtor.reference}). Clear or confirm it.`,
    link: holdPath(flagged.uuid),
  })
  return 'held' as const
}

/** The purchase's flag, locked: a decision on it waits for this payment, or this payment for the decision. */
async function holdOf(
  tx: Executor,
  subscriptionId: number,
): Promise<{ status: CommissionHoldStatus } | undefined> {
  const [row] = await tx
    .select({ status: commissionHolds.status })
    .from(commissionHolds)
    .where(eq(commissionHolds.subscriptionId, subscriptionId))
    .limit(1)
    .for('update')
  return row
}

async function namesOf(
  tx: Executor,
  subscriptionId: number,
  customerId: number,
  realtorId: number,
) {
  const person = {
    id: users.id,
    reference: users.reference,
    firstName: users.firstName,
    lastName: users.lastName,
  }
  const [[subscription], [customer], [realtor]] = await Promise.all([
    tx
      .select({ reference: subscriptions.reference, product: products.reference })
      .from(subscriptions)
      .innerJoin(products, eq(products.id, subscriptions.productId))
      .where(eq(subscriptions.id, subscriptionId))
      .limit(1),
    tx.select(person).from(users).where(eq(users.id, customerId)).limit(1),
    tx.select(person).from(users).where(eq(users.id, realtorId)).limit(1),
  ])
  return { subscription: subscription.reference, product: subscription.product, customer, realtor }
}

const holdCustomer = aliasedTable(users, 'hold_customer')
const holdRealtor = aliasedTable(users, 'hold_realtor')
const holdDecider = aliasedTable(users, 'hold_decider')

function holdQuery(db: Executor) {
  return db
    .select({
      hold: commissionHolds,
      customerReference: holdCustomer.reference,
      customerFirst: holdCustomer.firstName,
      customerLast: holdCustomer.lastName,
      realtorReference: holdRealtor.reference,
      realtorFirst: holdRealtor.firstName,
      realtorLast: holdRealtor.lastName,
      deciderFirst: holdDecider.firstName,
      deciderLast: holdDecider.lastName,
      subscriptionReference: subscriptions.reference,
      subscriptionType: subscriptions.type,
      productName: products.name,
      productReference: products.reference,
      heldEntries: sql<number>`(select count(*) from ${commissions} where ${commissions.subscriptionId} = ${commissionHolds.subscriptionId} and ${commissions.status} = 'held')`,
      heldNet: sql<string>`(select coalesce(sum(${commissions.net}), 0) from ${commissions} where ${commissions.subscriptionId} = ${commissionHolds.subscriptionId} and ${commissions.status} = 'held')`,
    })
    .from(commissionHolds)
    .innerJoin(holdCustomer, eq(holdCustomer.id, commissionHolds.customerId))
    .innerJoin(holdRealtor, eq(holdRealtor.id, commissionHolds.realtorId))
    .leftJoin(holdDecider, eq(holdDecider.id, commissionHolds.decidedById))
    .innerJoin(subscriptions, eq(subscriptions.id, commissionHolds.subscriptionId))
    .innerJoin(products, eq(products.id, subscriptions.productId))
}

type HoldRow = {
  hold: typeof commissionHolds.$inferSelect
  customerReference: string
  customerFirst: string
  customerLast: string
  realtorReference: string
  realtorFirst: string
  realtorLast: string
  deciderFirst: string | null
  deciderLast: string | null
  subscriptionReference: string
  subscriptionType: 'land' | 'land_investment'
  productName: string
  productReference: string
  heldEntries: number | string
  heldNet: number | string
}

function serializeHold(row: HoldRow): CommissionHold {
  const hold = row.hold
  return {
    id: hold.uuid,
    status: hold.status,
    signals: hold.signals as SelfReferralSignal[],
    flagged_at: new Date(hold.createdAt).toISOString(),
    decided_at: hold.decidedAt ? new Date(hold.decidedAt).toISOString() : null,
    decided_by: row.deciderFirst ? `${row.deciderFirst} ${row.deciderLast}` : null,
    customer: {
      reference: row.customerReference,
      full_name: `${row.customerFirst} ${row.customerLast}`,
    },
    realtor: {
      reference: row.realtorReference,
      full_name: `${row.realtorFirst} ${row.realtorLast}`,
    },
    subscription: {
      reference: row.subscriptionReference,
      type: row.subscriptionType,
      product: row.productName || row.productReference,
    },
    held_entries: Number(row.heldEntries),
    held_net: koboToNaira(Number(row.heldNet)),
  }
}

/** Purchases waiting for review, oldest first, and how many there are. */
export async function pendingHolds(db: Executor, limit = 50) {
  const where = eq(commissionHolds.status, 'pending')
  const [rows, [{ total }]] = await Promise.all([
    holdQuery(db)
      .where(where)
      .orderBy(asc(commissionHolds.createdAt), asc(commissionHolds.id))
      .limit(limit) as Promise<HoldRow[]>,
    db.select({ total: count() }).from(commissionHolds).where(where),
  ])
  return { holds: rows.map(serializeHold), total: Number(total) }
}

/** The flags of a customer's purchases, or of those matched to a realtor: newest first. */
export async function holdsOf(
  db: Executor,
  person: { customerId?: number; realtorId?: number },
  limit: number,
) {
  const conditions: SQL[] = []
  if (person.customerId !== undefined)
    conditions.push(eq(commissionHolds.customerId, person.customerId))
  if (person.realtorId !== undefined)
    conditions.push(eq(commissionHolds.realtorId, person.realtorId))
  const rows = (await holdQuery(db)
    .where(and(...conditions))
    .orderBy(desc(commissionHolds.createdAt), desc(commissionHolds.id))
    .limit(limit)) as HoldRow[]
  return rows.map(serializeHold)
}

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
export const HOLD_NOT_FOUND = 'Flagged purchase not found'

export async function findHold(db: Executor, uuid: string) {
  if (!isUuid(uuid)) return null
  const [row] = (await holdQuery(db)
    .where(eq(commissionHolds.uuid, uuid.toLowerCase()))
    .limit(1)) as HoldRow[]
  return row
    ? { id: row.hold.id, subscriptionId: row.hold.subscriptionId, hold: serializeHold(row) }
    : null
}

/**
 * Staff decide a flagged purchase, once: clear (not a self-referral: its held commissions are
 * earned, and can be paid) or confirm (a self-referral: they are void, and so is every commission
 * its later payments earn). The flag is locked and decided by one conditional update, so of two
 * decisions racing only one applies (the other answers 409). Each realtor whose commissions were
 * released is told; the decision is in the audit trail.
 */
export async function decideHold(
  db: Database,
  uuid: string,
  decision: HoldDecision,
  actor: ApiUser,
) {
  if (!isUuid(uuid)) throw notFound(HOLD_NOT_FOUND)
  return db.transaction(async (tx) => {
    const now = new Date()
    const status = decision === 'clear' ? 'cleared' : 'confirmed'
    const [decided] = await tx
      .update(commissionHolds)
      .set({ status, decidedById: actor.id, decidedAt: now })
      .where(
        and(eq(commissionHolds.uuid, uuid.toLowerCase()), eq(commissionHolds.status, 'pending')),
      )
      .returning()
    if (!decided) {
      const [exists] = await tx
        .select({ id: commissionHolds.id })
        .from(commissionHolds)
        .where(eq(commissionHolds.uuid, uuid.toLowerCase()))
        .limit(1)
      throw exists ? conflict(HOLD_DECIDED) : notFound(HOLD_NOT_FOUND)
    }
    const entries = await tx
      .update(commissions)
      .set(
        decision === 'clear'
          ? { status: 'earned' }
          : { status: 'void', voidReason: SELF_REFERRAL_VOID, voidedAt: now },
      )
      .where(
        and(eq(commissions.subscriptionId, decided.subscriptionId), eq(commissions.status, 'held')),
      )
      .returning({ realtorId: commissions.realtorId, net: commissions.net, uuid: commissions.uuid })
    const names = await namesOf(tx, decided.subscriptionId, decided.customerId, decided.realtorId)
    const net = entries.reduce((total, entry) => total + entry.net, 0)
    await recordAudit(tx, {
      action: decision === 'clear' ? 'commission.hold_cleared' : 'commission.hold_confirmed',
      record: { type: 'subscription', reference: names.subscription },
      related: [
        names.customer.reference,
        names.realtor.reference,
        names.product,
        ...entries.map((entry) => entry.uuid),
      ],
      summary:
        decision === 'clear'
          ? `Cleared the commissions held on ${names.subscription} (customer ${personLabel(names.customer)}, realtor ${personLabel(names.realtor)}): ` +
            `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'} of ${formatKobo(net)} net now earned`
          : `Confirmed ${names.subscription} as a self-referral of realtor ${personLabel(names.realtor)} through customer ${personLabel(names.customer)}: ` +
            `${entries.length} held ${entries.length === 1 ? 'entry' : 'entries'} of ${formatKobo(net)} net voided`,
      changes: changesBetween({ status: 'pending' }, { status }),
    })
    if (decision === 'clear') {
      const released = new Map<number, number>()
      for (const entry of entries)
        released.set(entry.realtorId, (released.get(entry.realtorId) ?? 0) + entry.net)
      for (const [realtorId, sum] of released) {
        await notify(tx, realtorId, {
          title: 'Commissions released',
          body: `${formatKobo(sum)} in commissions on ${names.subscription}, held for a check, is now earned.`,
          link: '/commissions',
        })
      }
    }
    return {
      message: decision === 'clear' ? HOLD_CLEARED : HOLD_CONFIRMED,
      entries: entries.length,
    }
  })
}
