import { and, count, eq, gt, lt, sql } from 'drizzle-orm'
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
} satisfies Record<string, Limit>

export async function countRecent(db: Executor, bucket: string, key: string, windowSeconds: number) {
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

/** Refuses with 429 once `key` already has `limit.max` events in the window. */
export async function assertUnderLimit(db: Executor, bucket: string, key: string, limit: Limit) {
  if ((await countRecent(db, bucket, key, limit.windowSeconds)) >= limit.max) {
    throw tooManyRequests(limit.message)
  }
}

export async function recordEvent(db: Executor, bucket: string, key: string) {
  await db.insert(rateLimitEvents).values({ bucket, key })
}

/** Records one event and refuses when it would pass the limit. */
export async function consume(db: Executor, bucket: string, key: string, limit: Limit) {
  await assertUnderLimit(db, bucket, key, limit)
  await recordEvent(db, bucket, key)
}

export async function pruneRateLimitEvents(db: Executor, olderThanSeconds = 24 * 3600) {
  await db
    .delete(rateLimitEvents)
    .where(lt(rateLimitEvents.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`))
}
