import { and, eq, lt, lte, type SQL } from 'drizzle-orm'
import type { DueFilter } from '~/contract/dashboard-rules'
import { subscriptions } from '../db/schema'

/**
 * isInArrears and isPayoutDue (app/contract/dashboard-rules.ts) as conditions on `subscriptions`,
 * for a calendar day in the platform's time zone. The staff dashboard counts with them and the
 * lists filter with them (`due`), so a count and the list it links to hold the same rows.
 */
export function dueCondition(due: DueFilter, today: string): SQL {
  if (due === 'arrears') {
    return and(eq(subscriptions.type, 'land'), eq(subscriptions.status, 'ongoing'), lt(subscriptions.nextPaymentDate, today))!
  }
  return and(
    eq(subscriptions.type, 'land_investment'),
    eq(subscriptions.status, 'ongoing'),
    lte(subscriptions.nextPaymentDate, today),
  )!
}
