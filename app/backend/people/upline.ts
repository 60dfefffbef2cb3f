import { eq, sql } from 'drizzle-orm'
import { makesLoop } from '~/contract/commission-rules'
import { UPLINE_LOOP } from '~/contract/people'
import type { Executor } from '../db/client'
import { users } from '../db/schema'
import { refusedField } from '../http/errors'

/**
 * Gives a realtor a new upline (null: none) inside the caller's transaction, refused on `upline`
 * when it would make a loop. Upline changes take turns under one transaction-level lock, and the
 * chain is read after it is taken: two changes checked side by side (A under B, B under A) would
 * each see no loop and together make one. Answers the upline before and after, as they stood
 * under the lock.
 */
export async function moveUpline(tx: Executor, realtorId: number, uplineId: number | null) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('referral-chain'))`)
  const [current] = await tx
    .select({ uplineId: users.uplineId })
    .from(users)
    .where(eq(users.id, realtorId))
    .limit(1)
  const before = current?.uplineId ?? null
  if (before === uplineId) return { before, after: uplineId }
  if (uplineId !== null) {
    // The chain above the new upline (short: each step is one realtor's upline); a loop is the realtor turning up in it.
    const uplineOf = new Map<number, number | null>()
    for (
      let next: number | null = uplineId;
      next !== null && !uplineOf.has(next) && next !== realtorId && uplineOf.size < 1000;
    ) {
      const [row]: { uplineId: number | null }[] = await tx
        .select({ uplineId: users.uplineId })
        .from(users)
        .where(eq(users.id, next))
        .limit(1)
      uplineOf.set(next, row?.uplineId ?? null)
      next = row?.uplineId ?? null
    }
    if (makesLoop(realtorId, uplineId, (id) => uplineOf.get(id)))
      throw refusedField('upline', UPLINE_LOOP)
  }
  await tx.update(users).set({ uplineId, updatedAt: new Date() }).where(eq(users.id, realtorId))
  return { before, after: uplineId }
}
