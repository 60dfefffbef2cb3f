/**
 * The one rule for money entering the product: a naira amount becomes integer kobo (rounded to the
 * nearest kobo), and what is left must be at least one kobo. Pure, shared by the forms' zod fields
 * and the API, so an amount such as ₦0.001 is refused by its field instead of stored as ₦0.
 */
import { formatNaira } from './format'
import { unitCount } from './units'

export const MIN_KOBO = 1
/** A trillion naira: far above any price, and its kobo stay a safe integer. */
export const MAX_NAIRA = 1e12

export type KoboConversion =
  | { ok: true; kobo: number }
  | { ok: false; problem: 'not_a_number' | 'below_one_kobo' | 'too_large' }

export function nairaToKobo(naira: number): KoboConversion {
  if (typeof naira !== 'number' || !Number.isFinite(naira))
    return { ok: false, problem: 'not_a_number' }
  if (naira > MAX_NAIRA) return { ok: false, problem: 'too_large' }
  const kobo = koboOf(naira)
  if (kobo < MIN_KOBO) return { ok: false, problem: 'below_one_kobo' }
  return { ok: true, kobo }
}

/** A naira number (as the API sends amounts) in integer kobo, rounded to the nearest kobo. */
export function koboOf(naira: number): number {
  // toFixed rounds the decimal text, so 1.005 is 101 kobo, where Math.round(1.005 * 100) gives 100.
  return Math.round(Number((naira * 100).toFixed(6)))
}

/** Integer kobo as the naira number the API answers (1,250,000.50 for 125,000,050 kobo); koboOf turns it back exactly. */
export function koboToNaira(kobo: number): number {
  return kobo / 100
}

/** Integer kobo as the product shows money: ₦1,250,000.00 (nothing counts as ₦0.00). */
export function formatKobo(kobo: number | null | undefined): string {
  return formatNaira(koboToNaira(kobo ?? 0))
}

/** percent % of an amount in kobo, rounded half up to the kobo (exact for any percent with up to 6 decimals). */
export function percentOf(amountKobo: number, percent: number): number {
  const scaled = BigInt(Math.round(percent * 1e6))
  const product = BigInt(Math.round(amountKobo)) * scaled
  const denominator = 100n * 1_000_000n
  const rounded =
    product >= 0n
      ? (product * 2n + denominator) / (2n * denominator)
      : -((-product * 2n + denominator) / (2n * denominator))
  return Number(rounded)
}

/**
 * The price a discount leaves, in kobo: the amount less discount_percentage % of it, that discount
 * rounded half up to the kobo (so 101 kobo at 50 % is 50). The one rule for the price of paying in
 * full, charged by the API and shown by the screens. A discount counts between 0 and 100 %: none,
 * 0 or less leaves the amount, 100 or more leaves 0, so a price never goes below 0 or above the amount.
 */
export function discountedKobo(
  amountKobo: number,
  discountPercentage: number | null | undefined,
): number {
  if (discountPercentage === null || discountPercentage === undefined || !(discountPercentage > 0))
    return amountKobo
  if (discountPercentage >= 100) return 0
  return amountKobo - Math.min(amountKobo, percentOf(amountKobo, discountPercentage))
}

/** What a field says when nairaToKobo refuses its amount. */
export function amountProblemMessage(
  label: string,
  problem: Extract<KoboConversion, { ok: false }>['problem'],
) {
  if (problem === 'too_large') return `${label} is too large`
  if (problem === 'below_one_kobo') return `${label} must be at least ₦0.01`
  return `${label} must be a number`
}

/**
 * Whether a payment plan's total covers the product's price. The floor is the discounted price,
 * what a buyer paying in full is charged: paying by instalments may cost the same or more, never less.
 */
export function planCoversPrice(
  planKobo: number,
  productAmountKobo: number,
  discountPercentage: number | null | undefined,
): boolean {
  return planKobo >= discountedKobo(productAmountKobo, discountPercentage)
}

/** A confirmed payment of a subscription, as a receipt counts it. */
export type ConfirmedPayment = { id: number; kobo: number; confirmedAt: Date }

/**
 * What a receipt says was paid to date and what was left: the payments confirmed up to and
 * including the receipt's own (in the order they were confirmed, then recorded), so an old
 * receipt downloaded again still tells the figures of its day. The balance never goes below zero.
 */
export function receiptTotals(
  totalKobo: number,
  payments: readonly ConfirmedPayment[],
  receipt: { id: number; confirmedAt: Date },
) {
  const at = receipt.confirmedAt.getTime()
  const paidKobo = payments
    .filter(
      (payment) =>
        payment.confirmedAt.getTime() < at ||
        (payment.confirmedAt.getTime() === at && payment.id <= receipt.id),
    )
    .reduce((sum, payment) => sum + payment.kobo, 0)
  return { paidKobo, balanceKobo: Math.max(0, totalKobo - paidKobo) }
}

// ---------------------------------------------------------------------------------------------
// Buying several plots or acres at once

/** The most units of land one subscription may buy. */
export const MAX_QUANTITY = 10

/**
 * How many units one subscription may buy: at most MAX_QUANTITY, and no more than the units left
 * when the product is sold by quantity (null: not counted). 0 when none are left.
 */
export function maxQuantity(unitsLeft: number | null | undefined): number {
  if (unitsLeft === null || unitsLeft === undefined) return MAX_QUANTITY
  return Math.max(0, Math.min(MAX_QUANTITY, Math.floor(unitsLeft)))
}

/**
 * An amount for one unit, for `quantity` units: the price, each instalment and the price a discount
 * leaves are worked out for one unit (discount rounded per unit), then multiplied. So the rows of a
 * schedule still add up to its total, and buying 2 costs exactly twice what buying 1 does.
 */
export function scaleByQuantity(unitKobo: number, quantity: number): number {
  return unitKobo * Math.max(1, Math.floor(quantity))
}

/** One dated amount of a schedule, in kobo. */
export type KoboRow = { period: string; amount: number }

/** A schedule priced for a quantity: each row's amount for all the units and for one, and the totals. */
export type QuantityPrice = {
  quantity: number
  rows: { period: string; amount: number; unitAmount: number }[]
  unitTotal: number
  total: number
}

/**
 * The one rule for what several plots or acres cost: one unit's schedule (deposit and instalments,
 * or the discounted price when paid in full), each row multiplied by the quantity. The total is what
 * one unit costs in all times the quantity, so the rows always add up to it. Quoted and charged alike.
 */
export function priceForQuantity(unitRows: readonly KoboRow[], quantity: number): QuantityPrice {
  const count = Math.max(1, Math.floor(quantity))
  const unitTotal = unitRows.reduce((sum, row) => sum + row.amount, 0)
  return {
    quantity: count,
    rows: unitRows.map((row) => ({
      period: row.period,
      amount: scaleByQuantity(row.amount, count),
      unitAmount: row.amount,
    })),
    unitTotal,
    total: scaleByQuantity(unitTotal, count),
  }
}

export { unitCount }

/** Why a quantity cannot be bought, or null: a whole number from 1 to maxQuantity(unitsLeft). */
export function quantityProblem(
  quantity: number,
  unitsLeft: number | null | undefined,
  unit = 'unit',
): string | null {
  if (!Number.isInteger(quantity) || quantity < 1)
    return 'Quantity must be a whole number of at least 1'
  if (quantity > MAX_QUANTITY) return `Quantity must be at most ${MAX_QUANTITY}`
  const most = maxQuantity(unitsLeft)
  if (quantity > most)
    return most === 0
      ? `No ${unit}s are left`
      : `Only ${unitCount(most, unit)} ${most === 1 ? 'is' : 'are'} left`
  return null
}

// ---------------------------------------------------------------------------------------------
// How much a payment may be

/** One amount a payment may be: the next entries of the schedule, what is overdue, or the whole balance. */
export type PaymentChoice = {
  /** How many instalments (schedule payment rows) it settles; the one partly paid counts. */
  instalments: number
  /** How many late fees it settles: a fee is never called an instalment. */
  fees: number
  amountKobo: number
  /** Whether it pays off everything left. */
  whole: boolean
  /** Whether it is what is overdue now (overdueNow): "Pay what is overdue". */
  overdue: boolean
}

/** One amount owed, in the order payments settle them: an instalment, or a late fee (`fee`). */
export type OwedEntry = number | { amountKobo: number; fee: boolean }

const entryKobo = (entry: OwedEntry) => (typeof entry === 'number' ? entry : entry.amountKobo)
const entryIsFee = (entry: OwedEntry) => typeof entry !== 'number' && entry.fee

/**
 * The amounts a payment may be: what is left of the next entry, of the next two, … up to the whole
 * balance, and what is overdue now (`overdue`, from overdueNow) when that is more than nothing
 * and less than the balance. `entries` are the schedule's amounts in order, late fees in their place
 * (one entry when paid in full or invested), `paidKobo` what confirmed payments have covered,
 * `totalKobo` what is owed in all. Other amounts between two choices would leave an entry half
 * paid, so they are not offered. Nothing left: no choices.
 */
export function paymentChoices(
  entries: readonly OwedEntry[],
  paidKobo: number,
  totalKobo: number,
  overdue: Pick<OverdueParts, 'totalKobo' | 'instalments' | 'fees'> | null = null,
): PaymentChoice[] {
  const left = totalKobo - paidKobo
  if (left <= 0) return []
  const choices: PaymentChoice[] = []
  let covered = 0
  let instalments = 0
  let fees = 0
  let reached = false
  for (const entry of entries) {
    covered += entryKobo(entry)
    const amount = Math.min(covered, totalKobo) - paidKobo
    if (amount <= 0) continue
    if (entryIsFee(entry)) fees += 1
    else instalments += 1
    if (amount >= left) {
      reached = true
      break
    }
    choices.push({ instalments, fees, amountKobo: amount, whole: false, overdue: false })
  }
  // The whole balance is always a choice, even when the entries do not add up to the total: what
  // they leave out counts as one more instalment.
  choices.push({
    instalments: reached ? instalments : instalments + 1,
    fees,
    amountKobo: left,
    whole: true,
    overdue: false,
  })
  const overdueKobo = overdue?.totalKobo ?? 0
  if (overdue && overdueKobo > 0) {
    const same = choices.find((choice) => choice.amountKobo === Math.min(overdueKobo, left))
    if (same) same.overdue = true
    else {
      const at = choices.findIndex((choice) => choice.amountKobo > overdueKobo)
      choices.splice(at, 0, {
        instalments: overdue.instalments,
        fees: overdue.fees,
        amountKobo: overdueKobo,
        whole: false,
        overdue: true,
      })
    }
  }
  return choices
}

/** Whether a payment of this amount is one of the choices. */
export function isAllowedPayment(choices: readonly PaymentChoice[], amountKobo: number): boolean {
  return choices.some((choice) => choice.amountKobo === amountKobo)
}

/** One amount owed with what is left of it: an instalment dated `date`, or a late fee charged on `date`. */
export type OwedItem = { kind: 'instalment' | 'fee'; date: string; leftKobo: number }

/** What is overdue now, and its parts: "You owe ₦5,508,000.00 now: 2 instalments and 2 late fees". */
export type OverdueParts = {
  totalKobo: number
  instalments: number
  instalmentsKobo: number
  fees: number
  feesKobo: number
}

/**
 * What is overdue on a day (YYYY-MM-DD in the business's time zone): what is left of the
 * instalments dated before it, and of every late fee charged up to it (a fee is owed from the day it
 * is charged). The dashboard, the pay panel, the e-mails and the "Pay what is overdue" choice all
 * read this one sum.
 */
export function overdueNow(items: readonly OwedItem[], today: string): OverdueParts {
  const parts: OverdueParts = {
    totalKobo: 0,
    instalments: 0,
    instalmentsKobo: 0,
    fees: 0,
    feesKobo: 0,
  }
  for (const item of items) {
    if (item.leftKobo <= 0) continue
    if (item.kind === 'instalment' && item.date < today) {
      parts.instalments += 1
      parts.instalmentsKobo += item.leftKobo
    } else if (item.kind === 'fee' && item.date <= today) {
      parts.fees += 1
      parts.feesKobo += item.leftKobo
    }
  }
  parts.totalKobo = parts.instalmentsKobo + parts.feesKobo
  return parts
}

// ---------------------------------------------------------------------------------------------
// Money received through a payment provider

/** A subscription money could pay, with the amounts a payment on it may be now (none: it takes no payment). */
export type ReceiptCandidate = { id: number; choices: readonly PaymentChoice[] }

/** Why money paid no payment: contract/collections-labels.ts names each for the screens. */
export type UnallocatedReason = 'no_subscription' | 'under' | 'over' | 'between' | 'ambiguous'

export type ReceiptAllocation =
  | { kind: 'payment'; subscriptionId: number; choice: PaymentChoice }
  | { kind: 'credit'; reason: UnallocatedReason }

/**
 * Where money received for a customer goes: the one rule, for transfers into an account number and
 * paid checkouts alike. `candidates` are the subscriptions it may pay: the one its account or
 * checkout names, or every subscription of a customer whose account number is shared by them all.
 * An amount equal to one of a subscription's payment choices (the next instalment, several, the
 * balance) pays that payment, when exactly one subscription has such a choice. Anything else is
 * kept as a credit, with why: no subscription takes a payment, less than every choice, more than
 * every balance, between two choices, or fitting several subscriptions. Nothing is ever dropped.
 */
export function allocateReceipt(
  amountKobo: number,
  candidates: readonly ReceiptCandidate[],
): ReceiptAllocation {
  const payable = candidates.filter((candidate) => candidate.choices.length > 0)
  if (!payable.length) return { kind: 'credit', reason: 'no_subscription' }
  const fits = payable.flatMap((candidate) => {
    const choice = candidate.choices.find((option) => option.amountKobo === amountKobo)
    return choice ? [{ subscriptionId: candidate.id, choice }] : []
  })
  if (fits.length === 1) return { kind: 'payment', ...fits[0] }
  if (fits.length > 1) return { kind: 'credit', reason: 'ambiguous' }
  const amounts = payable.flatMap((candidate) => candidate.choices.map((c) => c.amountKobo))
  if (amountKobo < Math.min(...amounts)) return { kind: 'credit', reason: 'under' }
  if (amountKobo > Math.max(...amounts)) return { kind: 'credit', reason: 'over' }
  return { kind: 'credit', reason: 'between' }
}
