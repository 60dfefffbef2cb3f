import { and, eq } from 'drizzle-orm'
import { hasPermission, isStaff } from '~/contract/permissions'
import type { Executor } from '../db/client'
import { payouts, subscriptions } from '../db/schema'
import type { ApiUser } from '../http/context'
import { visibleSubscriptions } from '../subscriptions/access'

/** Staff who record payouts read any investment's ledger; everyone else those of the investments they see. */
export function seesEveryLedger(user: ApiUser) {
  return isStaff(user) && hasPermission(user, 'can_record_payout')
}

/**
 * May this user read a stored file that is the proof of a payout? Whoever may see the payout's
 * ledger may: the investor, its realtor, staff who see every subscription, and staff who record
 * payouts. The media module's canReadFile asks this for every file that is not a product image.
 */
export async function canReadPayoutProof(
  db: Executor,
  user: ApiUser,
  fileId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .innerJoin(subscriptions, eq(subscriptions.id, payouts.subscriptionId))
    .where(
      and(
        eq(payouts.proofFileId, fileId),
        seesEveryLedger(user) ? undefined : visibleSubscriptions(user),
      ),
    )
    .limit(1)
  return Boolean(row)
}
