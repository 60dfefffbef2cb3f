import { eq } from 'drizzle-orm'
import { appUrl } from '../config'
import type { Database } from '../db/client'
import { credits, users } from '../db/schema'
import { sendNotice } from '../mail'
import { creditsLink } from '~/contract/links'
import { formatKobo } from '~/contract/money'

/** "We received your money as a credit": sent once it is committed; a failed send is logged, the credit stands. */
export async function mailCreditReceived(db: Database, creditId: number) {
  const [row] = await db
    .select({
      reference: credits.reference,
      amount: credits.amount,
      email: users.email,
      firstName: users.firstName,
    })
    .from(credits)
    .innerJoin(users, eq(users.id, credits.customerId))
    .where(eq(credits.id, creditId))
    .limit(1)
  if (!row) return
  try {
    await sendNotice(db, {
      to: row.email,
      subject: `We received ${formatKobo(row.amount)}: kept as a credit`,
      text: [
        `Hello ${row.firstName},`,
        '',
        `We received ${formatKobo(row.amount)} from you, but it does not match a payment due on your subscriptions.`,
        `It is kept as a credit (${row.reference}) on your account: our staff will allocate it to your payment or refund it.`,
        '',
        `Your credits: ${appUrl()}${creditsLink()}`,
      ].join('\n'),
    })
  } catch (error) {
    console.error(`E-mail about credit ${row.reference} failed:`, error)
  }
}
