import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { rateLimitEvents } from '../db/schema'
import { tooManyRequests } from '../http/errors'

export type Limit = { max: number; windowSeconds: number; message: string }

export const LIMITS = {
  failedLoginMinute: {
    max: 10,
    windowSeconds: 60,
    message: 'Too many failed sign-in attempts. Please wait a minute and try again.',
  },
  failedLoginHour: {
    max: 100,
    windowSeconds: 3600,
    message: 'Too many failed sign-in attempts. Please try again later.',
  },
  failedLoginFromAddress: {
    max: 50,
    windowSeconds: 60,
    message: 'Too many failed sign-in attempts. Please wait a minute and try again.',
  },
  mail: {
    max: 3,
    windowSeconds: 15 * 60,
    message: 'Too many e-mails requested. Please wait 15 minutes and try again.',
  },
  codeCheckFromAddress: {
    max: 30,
    windowSeconds: 60,
    message: 'Too many attempts. Please wait a minute and try again.',
  },
  signUpFromAddress: {
    max: 20,
    windowSeconds: 3600,
    message: 'Too many sign-ups from your network. Please try again in an hour.',
  },
  accountsCreatedByAccount: {
    max: 30,
    windowSeconds: 3600,
    message: 'You have added too many accounts in the last hour. Please try again later.',
  },
  accountsCreatedFromAddress: {
    max: 60,
    windowSeconds: 3600,
    message:
      'Too many accounts have been added from your network in the last hour. Please try again later.',
  },
  // Every e-mail, of any kind, to one address (app/backend/mail counts them).
  mailToAddressHour: {
    max: 10,
    windowSeconds: 3600,
    message:
      'Too many e-mails have been sent to this address in the last hour. Please try again later.',
  },
  mailToAddressDay: {
    max: 30,
    windowSeconds: 24 * 3600,
    message: 'Too many e-mails have been sent to this address today. Please try again tomorrow.',
  },
  // Unknown verification codes looked up from one client address (guessing at codes).
  unknownCodeFromAddress: {
    max: 20,
    windowSeconds: 60,
    message:
      'Too many documents checked that could not be found. Please wait a minute and try again.',
  },
  // Account names looked up through the payment provider by one account.
  accountLookup: {
    max: 20,
    windowSeconds: 3600,
    message: 'Too many account look-ups in the last hour. Please try again later.',
  },
} satisfies Record<string, Limit>

/** One thing counted: events under `bucket` for `key`, held to each of `limits`. A null key (no client address known) counts nothing. */
export type Counter = { bucket: string; key: string | null; limits: Limit[] }

export async function countRecent(
  db: Executor,
  bucket: string,
  key: string,
  windowSeconds: number,
) {
  const [row] = await db
    .select({ total: count() })
    .from(rateLimitEvents)
    .where(
      and(
        eq(rateLimitEvents.bucket, bucket),
        eq(rateLimitEvents.key, key),
        gt(rateLimitEvents.createdAt, sql`now() - make_interval(secs => ${windowSeconds})`),
      ),
    )
  return Number(row?.total ?? 0)
}

/**
 * Refuses with 429 once `key` already has `limit.max` events in the window. It only looks: parallel
 * requests all see the same count, so a limit that must hold under them uses `consume`.
 */
export async function assertUnderLimit(db: Executor, bucket: string, key: string, limit: Limit) {
  if ((await countRecent(db, bucket, key, limit.windowSeconds)) >= limit.max) {
    throw tooManyRequests(limit.message, await secondsUntilFree(db, bucket, key, limit))
  }
}

export async function recordEvent(db: Executor, bucket: string, key: string) {
  await db.insert(rateLimitEvents).values({ bucket, key })
}

/** Records one event and refuses with 429 when it would pass a limit; returns the event's id. */
export async function consume(db: Executor, bucket: string, key: string, ...limits: Limit[]) {
  const [id] = await consumeTogether(db, [{ bucket, key, limits }])
  return id
}

/**
 * Records one event on every counter, or none when any counter has reached a limit (429 with that
 * limit's message). Counting and recording happen in one transaction holding a lock per counter,
 * so parallel requests take turns: with 40 at once exactly `max` get through, on PostgreSQL as on
 * PGlite. Counters are locked in one order, so two requests sharing counters cannot deadlock.
 * Returns the recorded events' ids (see `release`).
 */
export async function consumeTogether(db: Executor, counters: Counter[]) {
  const counted = counters
    .filter((counter): counter is Counter & { key: string } => counter.key !== null)
    .sort((a, b) => lockName(a).localeCompare(lockName(b)))
  if (!counted.length) return []
  return db.transaction(async (tx) => {
    for (const counter of counted) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockName(counter)}, 0))`)
    }
    for (const counter of counted) {
      const refused = await reachedLimit(tx, counter.bucket, counter.key, counter.limits)
      if (refused)
        throw tooManyRequests(
          refused.message,
          await secondsUntilFree(tx, counter.bucket, counter.key, refused),
        )
    }
    const rows = await tx
      .insert(rateLimitEvents)
      .values(counted.map(({ bucket, key }) => ({ bucket, key })))
      .returning({ id: rateLimitEvents.id })
    return rows.map((row) => row.id)
  })
}

/** Takes recorded events back: a sign-in attempt reserved before its password was checked, once the password proves right. */
export async function release(db: Executor, ids: number[]) {
  if (ids.length) await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, ids))
}

/** The first of `limits` that `key` has already reached, counting each limit's window in one query. */
export async function reachedLimit(db: Executor, bucket: string, key: string, limits: Limit[]) {
  if (!limits.length) return null
  const widest = Math.max(...limits.map((limit) => limit.windowSeconds))
  const [row] = await db
    .select(
      Object.fromEntries(
        limits.map((limit, index) => [
          `w${index}`,
          sql<number>`count(*) filter (where ${rateLimitEvents.createdAt} > now() - make_interval(secs => ${limit.windowSeconds}))`.mapWith(
            Number,
          ),
        ]),
      ),
    )
    .from(rateLimitEvents)
    .where(
      and(
        eq(rateLimitEvents.bucket, bucket),
        eq(rateLimitEvents.key, key),
        gt(rateLimitEvents.createdAt, sql`now() - make_interval(secs => ${widest})`),
      ),
    )
  return limits.find((limit, index) => Number(row?.[`w${index}`] ?? 0) >= limit.max) ?? null
}

/**
 * Seconds until `key` is back under `limit`: until enough of its events in the window have aged
 * out of it that fewer than `max` remain.
 */
export async function secondsUntilFree(db: Executor, bucket: string, key: string, limit: Limit) {
  const recent = await countRecent(db, bucket, key, limit.windowSeconds)
  if (recent < limit.max) return 0
  const [row] = await db
    .select({
      seconds:
        sql<number>`extract(epoch from (${rateLimitEvents.createdAt} + make_interval(secs => ${limit.windowSeconds}) - now()))`.mapWith(
          Number,
        ),
    })
    .from(rateLimitEvents)
    .where(
      and(
        eq(rateLimitEvents.bucket, bucket),
        eq(rateLimitEvents.key, key),
        gt(rateLimitEvents.createdAt, sql`now() - make_interval(secs => ${limit.windowSeconds})`),
      ),
    )
    .orderBy(rateLimitEvents.createdAt)
    .offset(recent - limit.max)
    .limit(1)
  return Math.max(0, row?.seconds ?? limit.windowSeconds)
}

const lockName = (counter: { bucket: string; key: string | null }) =>
  `rate-limit:${counter.bucket}:${counter.key}`

export async function pruneRateLimitEvents(db: Executor, olderThanSeconds = 24 * 3600) {
  await db
    .delete(rateLimitEvents)
    .where(lt(rateLimitEvents.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`))
}
