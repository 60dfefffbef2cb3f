// Free of zod: the reconciliation screens read these in the browser.

/** The largest statement file accepted, before base64. */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024

/** The columns a statement is read by. `credit` and `date` are needed; the rest help matching. */
export const STATEMENT_COLUMNS = [
  'date',
  'narration',
  'credit',
  'debit',
  'balance',
  'reference',
] as const
export type StatementColumn = (typeof STATEMENT_COLUMNS)[number]

export const STATEMENT_COLUMN_LABELS: Record<StatementColumn, string> = {
  date: 'Date',
  narration: 'Narration',
  credit: 'Credit',
  debit: 'Debit',
  balance: 'Balance',
  reference: 'Reference',
}

/**
 * A credit line's state: `open` (waiting for staff, with or without a match), `confirmed` (its match
 * was marked paid), `linked` (staff linked it to a subscription by hand: a payment awaiting
 * confirmation was created with the line as its proof), `ignored` (not ours), `settled` (a payment
 * provider's settlement of payments it already confirmed: never matched to another payment).
 */
export const STATEMENT_LINE_STATUSES = [
  'open',
  'confirmed',
  'linked',
  'ignored',
  'settled',
] as const
export type StatementLineStatus = (typeof STATEMENT_LINE_STATUSES)[number]
export const STATEMENT_LINE_STATUS_LABELS: Record<StatementLineStatus, string> = {
  open: 'To review',
  confirmed: 'Confirmed',
  linked: 'Linked',
  ignored: 'Not ours',
  settled: 'Provider settlement',
}

/**
 * How a line was matched: `exact` (its narration names the subscription), `likely` (the amount,
 * the day and the payer's name fit one payment), `ambiguous` (they fit more than one payment: the
 * line is matched to none, and is never confirmed in bulk), `none`.
 */
export const MATCH_CONFIDENCES = ['exact', 'likely', 'ambiguous', 'none'] as const
export type MatchConfidence = (typeof MATCH_CONFIDENCES)[number]
export const MATCH_CONFIDENCE_LABELS: Record<MatchConfidence, string> = {
  exact: 'Exact',
  likely: 'Likely',
  ambiguous: 'Ambiguous',
  none: 'No match',
}

/** Why an ambiguous line cannot be confirmed: staff must decide whose credit it is. */
export const AMBIGUOUS_CREDIT =
  'This credit fits more than one payment: check who sent it, then mark that payment paid or link the line by hand'

/** The message on a transaction awaiting confirmation that no line of an imported statement supports. */
export const NO_STATEMENT_CREDIT = 'No matching credit on the statement'
