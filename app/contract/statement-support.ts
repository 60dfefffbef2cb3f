// Free of zod: the payments panel reads this in the browser too.
import { formatDate, formatNaira } from './format'

/**
 * Whether the imported bank statements back a payment awaiting confirmation (pure). The verifier
 * is warned, and must tick "Confirm without a statement credit" to mark it paid, when:
 * - `missing`: no line supports it, and it was paid (as its payer says) on or before the last day
 *   of the latest statement imported;
 * - `amount_differs`: the credit linked to it is not its amount (a ₦1,000 credit linked as a
 *   ₦4,320,000 payment backs nothing);
 * - `ambiguous`: the credit that fits it fits another payment too, so it is nobody's until staff
 *   decide whose it is.
 * A credit of the payment's own amount linked or matched to it backs it (`backed`); a payment not
 * awaiting confirmation, or paid after the latest statement, is not judged (null).
 */

export type StatementCredit = {
  amountKobo: number
  /** YYYY-MM-DD */
  date: string
  /** The credit fits more than one payment and is matched to none. */
  ambiguous: boolean
}

export type StatementSupport = 'backed' | 'missing' | 'amount_differs' | 'ambiguous'

export function statementSupport(
  payment: { awaitingConfirmation: boolean; amountKobo: number; paidOn: string | null },
  credit: StatementCredit | null,
  lastStatementDate: string | null,
): StatementSupport | null {
  if (!payment.awaitingConfirmation) return null
  if (credit) {
    if (credit.ambiguous) return 'ambiguous'
    return credit.amountKobo === payment.amountKobo ? 'backed' : 'amount_differs'
  }
  if (!payment.paidOn || !lastStatementDate || payment.paidOn > lastStatementDate) return null
  return 'missing'
}

/** Whether marking the payment paid needs the "without a statement credit" acknowledgement. */
export const lacksCredit = (support: StatementSupport | null) =>
  support !== null && support !== 'backed'

/** What the verifier reads beside "No matching credit on the statement", when there is more to say. */
export function statementWarningText(
  warning: { kind: 'amount_differs' | 'ambiguous'; credit_amount: number; credit_date: string },
  paymentAmount: number,
) {
  const credit = `${formatNaira(warning.credit_amount)} on ${formatDate(warning.credit_date)}`
  return warning.kind === 'amount_differs'
    ? `The statement credit linked to it is ${credit}, not this payment's ${formatNaira(paymentAmount)}.`
    : `The statement credit of ${credit} fits this payment and another one: check who sent it before confirming.`
}
