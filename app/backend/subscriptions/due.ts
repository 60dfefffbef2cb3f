import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm'
import type { DueFilter } from '~/contract/dashboard-rules'
import { PAYOUT_NEEDS_PAYING } from '~/contract/payout-rules'
import { payouts, subscriptions } from '../db/schema'

/**
 * isInArrears and isPayoutDue (app/contract/dashboard-rules.ts) as conditions on `subscriptions`,
 * for a calendar day in the platform's time zone. The staff dashboard counts with them and the
 * lists filter with them (`due`), so a count and the list it links to hold the same rows. A payout
 * is due by its ledger's stored status (due or late), the same rows the /payouts page lists.
 */
export function dueCondition(due: DueFilter, today: string): SQL {
  if (due === 'arrears') {
    return and(
      eq(subscriptions.type, 'land'),
      eq(subscriptions.status, 'ongoing'),
      lt(subscriptions.nextPaymentDate, today),
    )!
  }
  return and(
    eq(subscriptions.type, 'land_investment'),
    eq(subscriptions.status, 'ongoing'),
    sql`exists (select 1 from ${payouts} where ${payouts.subscriptionId} = ${subscriptions.id} and ${inArray(payouts.status, [...PAYOUT_NEEDS_PAYING])})`,
  )!
}
