import { eq } from 'drizzle-orm'
import { createdWith } from '../audit/record'
import type { Executor } from '../db/client'
import { products, subscriptions, transactions, users } from '../db/schema'
import { koboToNaira } from '../money'

/** What the audit trail says about a subscription: its reference and those of its customer and product. */

export type SubscriptionRefs = {
  subscription: string
  customer: string
  customerName: string
  product: string
}

export async function subscriptionRefs(
  tx: Executor,
  subscriptionId: number,
): Promise<SubscriptionRefs> {
  const [row] = await tx
    .select({
      subscription: subscriptions.reference,
      customer: users.reference,
      firstName: users.firstName,
      lastName: users.lastName,
      product: products.reference,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .where(eq(subscriptions.id, subscriptionId))
    .limit(1)
  return {
    subscription: row.subscription,
    customer: row.customer,
    customerName: `${row.firstName} ${row.lastName}`,
    product: row.product,
  }
}

/** The `related` references of an entry about a subscription. */
export const relatedTo = (refs: SubscriptionRefs, ...more: (string | null | undefined)[]) => [
  refs.subscription,
  refs.customer,
  refs.product,
  ...more,
]

/** The changes of an entry for a payment just sent or recorded: it awaits confirmation, and so does its subscription. */
export const paymentCreatedChanges = (created: typeof transactions.$inferSelect) =>
  createdWith({
    status: created.status,
    amount: koboToNaira(created.amount),
    paid_at: created.paidAt,
    description: created.description,
    subscription_status: 'awaiting_payment_confirmation',
  })
