import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm'
import {
  VIRTUAL_ACCOUNT_NEEDS_PHONE,
  VIRTUAL_ACCOUNT_PREPARING,
  type PaymentProvider,
  type VirtualAccount,
} from '~/contract/collections'
import { inBackground } from '../background'
import type { Database, Executor } from '../db/client'
import { profiles, subscriptions, users, virtualAccounts } from '../db/schema'
import {
  NeedsPhoneError,
  providerAdapter,
  ProviderRefusedError,
  ProviderUnavailableError,
  type ProviderAdapter,
} from '../payment-provider'

/**
 * The account numbers customers pay into: opened with the provider on e-mail verification
 * (Paystack: one per customer), when a subscription is made (Monnify: one per subscription, under
 * its reference), or when a payment screen is first opened after the provider was set up. A row
 * is written `pending` first; opening it with the provider happens after the answer, and the
 * periodic job retries those the provider did not open (down, or a phone number missing).
 */

type Row = typeof virtualAccounts.$inferSelect

/** What a payment screen shows: the account, or null with why not yet. */
export type AccountForPayment = { account: VirtualAccount | null; note: string | null }

/** The provider set up, and the account to pay into through it. */
export type PaymentAccount = AccountForPayment & { provider: PaymentProvider }

// A row being opened is left alone for this long by others (another instance, the job).
const CLAIM_MS = 2 * 60_000
const NEEDS_PHONE = 'needs_phone'
// The job tries a pending account again this long after its last attempt.
const RETRY_AFTER_MS = 10 * 60_000
const SCREEN_RETRY_MS = 30_000

const shown = (row: Row): AccountForPayment =>
  row.status === 'active' && row.accountNumber
    ? {
        account: {
          bank_name: row.bankName ?? '',
          account_number: row.accountNumber,
          account_name: row.accountName ?? '',
        },
        note: null,
      }
    : {
        account: null,
        note:
          row.lastError === NEEDS_PHONE ? VIRTUAL_ACCOUNT_NEEDS_PHONE : VIRTUAL_ACCOUNT_PREPARING,
      }

/** The row an account is kept in for a customer (and a subscription, where the provider opens one per subscription). */
async function findRow(
  db: Executor,
  adapter: ProviderAdapter,
  userId: number,
  subscriptionId: number | null,
) {
  const [row] = await db
    .select()
    .from(virtualAccounts)
    .where(
      and(
        eq(virtualAccounts.provider, adapter.name),
        adapter.accountPer === 'subscription' && subscriptionId !== null
          ? eq(virtualAccounts.subscriptionId, subscriptionId)
          : and(eq(virtualAccounts.userId, userId), isNull(virtualAccounts.subscriptionId)),
      ),
    )
    .limit(1)
  return row ?? null
}

/**
 * The account to show on a subscription's payment screen; null with a note while it is being
 * prepared (its opening is then asked for, after the answer). Undefined without a provider: the
 * screen is then as it always was.
 */
export async function accountForPayment(
  db: Database,
  subscription: { id: number; reference: string; userId: number },
): Promise<PaymentAccount | undefined> {
  const adapter = providerAdapter()
  if (!adapter) return undefined
  const row = await findRow(db, adapter, subscription.userId, subscription.id)
  if (row?.status === 'active') return { provider: adapter.name, ...shown(row) }
  const pending = row ?? (await requestAccount(db, subscription.userId, subscription))
  // A screen opened again and again while the provider is down does not ask it each time; one
  // waiting for a phone number waits for the profile that gives it.
  const lastTry = pending?.lastAttemptAt?.getTime() ?? 0
  if (
    pending &&
    pending.status !== 'active' &&
    pending.lastError !== NEEDS_PHONE &&
    Date.now() - lastTry > SCREEN_RETRY_MS
  )
    openInBackground(db, pending.id)
  return {
    provider: adapter.name,
    ...(pending ? shown(pending) : { account: null, note: VIRTUAL_ACCOUNT_PREPARING }),
  }
}

/**
 * Asks for an account for a customer (Paystack) or a subscription (Monnify; `subscription` left
 * out: nothing to do), once: the pending row, whose opening then happens after the answer.
 */
export async function requestAccount(
  db: Executor,
  userId: number,
  subscription: { id: number; reference: string } | null,
): Promise<Row | null> {
  const adapter = providerAdapter()
  if (!adapter) return null
  const perSubscription = adapter.accountPer === 'subscription'
  if (perSubscription && !subscription) return null
  const existing = await findRow(db, adapter, userId, subscription?.id ?? null)
  if (existing) return existing
  const [owner] = await db
    .select({ reference: users.reference })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  if (!owner) return null
  await db
    .insert(virtualAccounts)
    .values({
      provider: adapter.name,
      userId,
      subscriptionId: perSubscription ? subscription!.id : null,
      accountReference: perSubscription ? subscription!.reference : owner.reference,
    })
    .onConflictDoNothing()
  return findRow(db, adapter, userId, subscription?.id ?? null)
}

/**
 * Asks for an account and opens it after the answer: the customer's (e-mail verified, or a
 * subscription made, with Paystack) or the new subscription's (Monnify). Nothing without a provider.
 */
export async function prepareAccount(db: Database, userId: number, subscriptionId: number | null) {
  if (!providerAdapter()) return
  const [subscription] =
    subscriptionId === null
      ? []
      : await db
          .select({ id: subscriptions.id, reference: subscriptions.reference })
          .from(subscriptions)
          .where(eq(subscriptions.id, subscriptionId))
          .limit(1)
  const row = await requestAccount(db, userId, subscription ?? null)
  if (row && row.status !== 'active') openInBackground(db, row.id)
}

function openInBackground(db: Database, id: number) {
  inBackground('open account number', () => openAccount(db, id))
}

/**
 * Opens a pending account with its provider: claimed first (so two instances, or the job and a
 * request, do not both ask), then stored active, or left pending with why for the next try.
 */
export async function openAccount(db: Database, id: number) {
  const now = new Date()
  const [row] = await db
    .update(virtualAccounts)
    .set({
      claimedUntil: new Date(now.getTime() + CLAIM_MS),
      attempts: sql`${virtualAccounts.attempts} + 1`,
      lastAttemptAt: now,
    })
    .where(
      and(
        eq(virtualAccounts.id, id),
        eq(virtualAccounts.status, 'pending'),
        or(isNull(virtualAccounts.claimedUntil), lt(virtualAccounts.claimedUntil, now)),
      ),
    )
    .returning()
  if (!row) return
  const adapter = providerAdapter(row.provider)
  if (!adapter) {
    await leavePending(db, id, 'The provider has no keys set')
    return
  }
  const [holder] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: profiles.phone,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, row.userId))
    .limit(1)
  if (!holder) return
  try {
    const opened = await adapter.openAccount({
      reference: row.accountReference,
      email: holder.email,
      firstName: holder.firstName,
      lastName: holder.lastName,
      phone: holder.phone?.trim() || null,
      customerCode: row.customerCode,
    })
    if (!opened.accountNumber) throw new Error('The provider answered no account number')
    await db
      .update(virtualAccounts)
      .set({
        status: 'active',
        bankName: opened.bankName,
        bankCode: opened.bankCode,
        accountNumber: opened.accountNumber,
        accountName: opened.accountName,
        customerCode: opened.customerCode,
        lastError: null,
        claimedUntil: null,
        assignedAt: new Date(),
      })
      .where(eq(virtualAccounts.id, id))
  } catch (error) {
    if (
      !(error instanceof NeedsPhoneError) &&
      !(error instanceof ProviderUnavailableError) &&
      !(error instanceof ProviderRefusedError)
    )
      throw error
    await leavePending(db, id, error instanceof NeedsPhoneError ? NEEDS_PHONE : error.message)
  }
}

async function leavePending(db: Executor, id: number, why: string) {
  await db
    .update(virtualAccounts)
    .set({ lastError: why.slice(0, 500), claimedUntil: null })
    .where(eq(virtualAccounts.id, id))
}

/** The periodic job: opens the accounts still pending (the provider was down, or a phone was missing). */
export async function openPendingAccounts(db: Database, now: Date, limit = 100) {
  const rows = await db
    .select({ id: virtualAccounts.id })
    .from(virtualAccounts)
    .where(
      and(
        eq(virtualAccounts.status, 'pending'),
        or(
          isNull(virtualAccounts.lastAttemptAt),
          lt(virtualAccounts.lastAttemptAt, new Date(now.getTime() - RETRY_AFTER_MS)),
        ),
      ),
    )
    .orderBy(asc(virtualAccounts.id))
    .limit(limit)
  for (const row of rows) await openAccount(db, row.id)
  return rows.length
}
