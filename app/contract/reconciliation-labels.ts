// Free of zod: the reconciliation screens read these in the browser.

/** The largest statement file accepted, before base64. */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024

/** The columns a statement is read by. `credit` and `date` are needed; the rest help matching. */
export const STATEMENT_COLUMNS = ['date', 'narration', 'credit', 'debit', 'balance', 'reference'] as const
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
 * confirmation was created with the line as its proof), `ignored` (not ours).
 */
export const STATEMENT_LINE_STATUSES = ['open', 'confirmed', 'linked', 'ignored'] as const
export type StatementLineStatus = (typeof STATEMENT_LINE_STATUSES)[number]
export const STATEMENT_LINE_STATUS_LABELS: Record<StatementLineStatus, string> = {
  open: 'To review',
  confirmed: 'Confirmed',
  linked: 'Linked',
  ignored: 'Not ours',
}

export const MATCH_CONFIDENCES = ['exact', 'likely', 'none'] as const
export type MatchConfidence = (typeof MATCH_CONFIDENCES)[number]
export const MATCH_CONFIDENCE_LABELS: Record<MatchConfidence, string> = { exact: 'Exact', likely: 'Likely', none: 'No match' }

/** The message on a transaction awaiting confirmation that no line of an imported statement supports. */
export const NO_STATEMENT_CREDIT = 'No matching credit on the statement'
