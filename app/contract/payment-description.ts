import type { PaymentChoice } from './money'

/** What a payment on a plan of instalments is for, as the payment's description says it. */
export type PlanPayment = {
  /** The first schedule row not yet settled: 0 is the initial deposit, then 1, 2, … */
  next: number
  /** How many instalments follow the deposit. */
  of: number
  /** The amount chosen; none: the next row alone. */
  choice?: Pick<PaymentChoice, 'instalments' | 'fees' | 'whole' | 'overdue'> | null
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** "instalment 4 of 11", "instalments 4 to 6 of 11". */
function instalmentRange(from: number, count: number, of: number) {
  return count === 1
    ? `instalment ${from} of ${of}`
    : `instalments ${from} to ${from + count - 1} of ${of}`
}

/**
 * What the payment pays, in words that follow the amount chosen: "Initial deposit", "Instalment 4
 * of 11", "Instalments 4 to 6 of 11 and 1 late fee", "Whole balance: instalments 4 to 11 of 11",
 * "What is overdue: 2 instalments and 2 late fees". Never "Instalment 4 of 11" for the balance.
 */
export function planPaymentWords({ next, of, choice }: PlanPayment): string {
  const instalments = choice ? choice.instalments : 1
  const fees = choice?.fees ?? 0
  const feeWords = fees ? ` and ${plural(fees, 'late fee')}` : ''
  let rows: string
  if (instalments === 0) rows = fees ? plural(fees, 'late fee') : 'Payment'
  else if (next <= 0)
    rows =
      instalments === 1
        ? 'Initial deposit'
        : `Initial deposit and ${instalmentRange(1, instalments - 1, of)}`
  else rows = instalmentRange(next, instalments, of)
  if (instalments > 0) rows += feeWords
  const sentence = rows.charAt(0).toUpperCase() + rows.slice(1)
  if (choice?.overdue && !choice.whole) return `What is overdue: ${rows}`
  if (choice?.whole && (instalments > 1 || fees > 0)) return `Whole balance: ${rows}`
  return sentence
}
