import type { MatchConfidence } from '~/contract/reconciliation'

/**
 * Matching statement credits to payments (pure). A line is matched to at most one payment or
 * subscription and each of those to at most one line, exact matches first:
 * - exact: the narration holds a subscription reference (SUB-…) and the amount is the amount of
 *   that subscription's payment awaiting confirmation, or an amount it may be paid now;
 * - likely: the amount of a payment awaiting confirmation, the line dated within 3 days of the
 *   day the payer gave, and the payer's name in the narration resembling the customer's, for
 *   exactly one payment not matched exactly to another line;
 * - ambiguous: all that for more than one payment. Anyone may sign up under another's name and
 *   claim a payment of the same amount, so the line is matched to none of them: it names them all
 *   (`candidates`) for staff to decide whose it is;
 * - none.
 */

export type MatchLine = { key: number; date: string; narration: string; amountKobo: number }
export type PendingPayment = {
  id: number
  subscriptionReference: string
  amountKobo: number
  /** The day the payer said they paid (YYYY-MM-DD), or null. */
  paidOn: string | null
  customerName: string
}
export type PayableSubscription = {
  id: number
  reference: string
  /** The amounts it may be paid now: the next payment and the other payment choices. */
  dueKobo: number[]
}
export type LineMatch = {
  confidence: MatchConfidence
  transactionId: number | null
  subscriptionId: number | null
  /** The payments an ambiguous line fits, in id order; empty otherwise. */
  candidates: number[]
}

export const LIKELY_WITHIN_DAYS = 3

/** The subscription references a narration holds, upper case ("sub-7kq2m9" included, and "SUB 7KQ2M9"). */
export function subscriptionReferences(narration: string) {
  return [...narration.matchAll(/\bSUB[-\s]([A-Z0-9]{4,12})\b/gi)].map(
    (match) => `SUB-${match[1].toUpperCase()}`,
  )
}

/** The edit distance of two short words, stopping early beyond `limit`. */
export function editDistance(a: string, b: string, limit = 2) {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      best = Math.min(best, current[j])
    }
    if (best > limit) return limit + 1
    previous = current
  }
  return previous[b.length]
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length >= 2)

/**
 * Whether the narration names the customer: at least two of their name's words (one if the name
 * has one) appear in it, case aside, each allowed one typo when it is four letters or more.
 */
export function nameResembles(narration: string, customerName: string) {
  const said = words(narration)
  const name = [...new Set(words(customerName))]
  if (!name.length) return false
  const found = name.filter((part) =>
    said.some((word) => word === part || (part.length >= 4 && editDistance(word, part, 1) <= 1)),
  )
  return found.length >= Math.min(2, name.length)
}

const daysApart = (a: string, b: string) =>
  Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000

export function matchLines(
  lines: MatchLine[],
  payments: PendingPayment[],
  subscriptions: PayableSubscription[],
): Map<number, LineMatch> {
  const result = new Map<number, LineMatch>()
  const takenPayments = new Set<number>()
  const takenSubscriptions = new Set<number>()
  const none: LineMatch = {
    confidence: 'none',
    transactionId: null,
    subscriptionId: null,
    candidates: [],
  }
  for (const line of lines) result.set(line.key, none)

  // Exact first: a line naming its subscription.
  for (const line of lines) {
    for (const reference of subscriptionReferences(line.narration)) {
      const payment = payments.find(
        (p) =>
          !takenPayments.has(p.id) &&
          p.subscriptionReference === reference &&
          p.amountKobo === line.amountKobo,
      )
      if (payment) {
        takenPayments.add(payment.id)
        result.set(line.key, {
          confidence: 'exact',
          transactionId: payment.id,
          subscriptionId: null,
          candidates: [],
        })
        break
      }
      const subscription = subscriptions.find(
        (s) =>
          !takenSubscriptions.has(s.id) &&
          s.reference === reference &&
          s.dueKobo.includes(line.amountKobo),
      )
      if (subscription) {
        takenSubscriptions.add(subscription.id)
        result.set(line.key, {
          confidence: 'exact',
          transactionId: null,
          subscriptionId: subscription.id,
          candidates: [],
        })
        break
      }
    }
  }

  // Then by amount, day and name: one payment fitting is likely, more are ambiguous. Lines are
  // taken nearest day first, so of two credits fitting one payment the nearer has it.
  const fitting = new Map<number, PendingPayment[]>()
  for (const line of lines) {
    if (result.get(line.key)!.confidence !== 'none') continue
    fitting.set(
      line.key,
      payments.filter(
        (p) =>
          !takenPayments.has(p.id) &&
          p.amountKobo === line.amountKobo &&
          p.paidOn !== null &&
          daysApart(p.paidOn, line.date) <= LIKELY_WITHIN_DAYS &&
          nameResembles(line.narration, p.customerName),
      ),
    )
  }
  for (const line of lines) {
    const candidates = fitting.get(line.key)
    if (!candidates?.length) continue
    if (candidates.length > 1) {
      result.set(line.key, {
        confidence: 'ambiguous',
        transactionId: null,
        subscriptionId: null,
        candidates: candidates.map((p) => p.id).sort((a, b) => a - b),
      })
    }
  }
  const single = lines
    .filter((line) => fitting.get(line.key)?.length === 1)
    .sort((a, b) => {
      const [pa] = fitting.get(a.key)!
      const [pb] = fitting.get(b.key)!
      return daysApart(pa.paidOn!, a.date) - daysApart(pb.paidOn!, b.date)
    })
  for (const line of single) {
    const [payment] = fitting.get(line.key)!
    if (takenPayments.has(payment.id)) continue
    takenPayments.add(payment.id)
    result.set(line.key, {
      confidence: 'likely',
      transactionId: payment.id,
      subscriptionId: null,
      candidates: [],
    })
  }
  return result
}

/**
 * The payment provider a statement line's narration names as its sender ("PAYSTACK SETTLEMENT",
 * "PSTK/…", "MONNIFY/…", "MNFY|…"), or null: the money the provider collected, settled to the
 * business's account in one credit.
 */
export function settlementProviderOf(narration: string): 'paystack' | 'monnify' | null {
  if (/(^|[^A-Z])(PAYSTACK|PSTK)([^A-Z]|$)/i.test(narration)) return 'paystack'
  if (/(^|[^A-Z])(MONNIFY|MNFY)([^A-Z]|$)/i.test(narration)) return 'monnify'
  return null
}

/** A provider payment not yet seen settled: its id, what the provider settles for it, and its day. */
export type UnsettledReceipt = { id: number; settledKobo: number; paidOn: string }

/**
 * The payments a provider's settlement credit covers: the oldest of those not yet seen settled,
 * paid on or before the credit's day, whose settled amounts add up to it exactly (a provider
 * settles its payments in the order they came). Null when no such run of payments adds up to it.
 */
export function settlementBatch(
  amountKobo: number,
  lineDate: string,
  receipts: readonly UnsettledReceipt[],
): number[] | null {
  const batch: number[] = []
  let total = 0
  for (const receipt of receipts) {
    if (receipt.paidOn > lineDate) break
    batch.push(receipt.id)
    total += receipt.settledKobo
    if (total === amountKobo) return batch
    if (total > amountKobo) return null
  }
  return null
}
