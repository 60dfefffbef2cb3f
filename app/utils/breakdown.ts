import { koboOf, koboToNaira } from '~/contract/money'

/**
 * The breakdown tables: the total's row, then the dated rows. With more than 5 dated rows
 * only the first 5 table rows show (the total and 4 dated rows), then '...' with 'Show all',
 * then the last row.
 */
export const BREAKDOWN_LIMIT = 5

export type CollapsedRows<T> = {
  /** The dated rows shown before the gap (every row when nothing is hidden). */
  head: T[]
  /** How many rows the '...' stands for; 0 when every row shows. */
  hidden: number
  /** The last row, shown after the gap; null when nothing is hidden. */
  last: T | null
}

export function collapseRows<T>(rows: readonly T[], showAll = false): CollapsedRows<T> {
  if (showAll || rows.length <= BREAKDOWN_LIMIT) return { head: [...rows], hidden: 0, last: null }
  const head = rows.slice(0, BREAKDOWN_LIMIT - 1)
  return { head, hidden: rows.length - head.length - 1, last: rows[rows.length - 1] }
}

/** The flow's own parameters come first, then the list's (so closing returns to the same page of the list). */
export function flowHref(
  pathname: string,
  flow: Record<string, string | number | null | undefined>,
  listSearch: string,
) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(flow)) {
    if (value !== null && value !== undefined && value !== '') params.set(key, String(value))
  }
  for (const [key, value] of new URLSearchParams(listSearch)) {
    if (!params.has(key)) params.append(key, value)
  }
  const query = params.toString()
  return query ? `${pathname}?${query}` : pathname
}

/**
 * What an investment pays back in all (the sum of its payout rows) and the profit in it (that
 * sum less the amount invested), counted in kobo so naira fractions add up exactly.
 */
export function payoutTotals(invested: number, rows: ReadonlyArray<{ amount: number }>) {
  const paidOut = rows.reduce((sum, row) => sum + koboOf(row.amount), 0)
  return { paidOut: koboToNaira(paidOut), profit: koboToNaira(paidOut - koboOf(invested)) }
}
