import { z } from 'zod'
import { pageFields } from './endpoints/shared'
import { NIGERIAN_BANKS } from './banks'
import { nairaAmount, queryChoice, requiredMessage, requiredString } from './fields'
import {
  MATCH_CONFIDENCES,
  STATEMENT_COLUMN_LABELS,
  STATEMENT_COLUMNS,
  STATEMENT_LINE_STATUSES,
} from './reconciliation-labels'

// The labels and lists live zod-free beside this file, for the screens; re-exported here for the API.
export * from './reconciliation-labels'

/** Bank statements brought in by staff, their credit lines, and what each line was matched to. */

/**
 * Which column of the file holds what: the header's position (0 = the first column), or null when
 * the statement has no such column. `date`, `narration` and `credit` cannot be null.
 */
export const columnMappingSchema = z
  .object({
    date: z.coerce.number().int().min(0).max(199),
    narration: z.coerce.number().int().min(0).max(199),
    credit: z.coerce.number().int().min(0).max(199),
    debit: z.coerce.number().int().min(0).max(199).nullable(),
    balance: z.coerce.number().int().min(0).max(199).nullable(),
    reference: z.coerce.number().int().min(0).max(199).nullable(),
  })
  .superRefine((value, ctx) => {
    const seen = new Map<number, string>()
    for (const column of STATEMENT_COLUMNS) {
      const position = value[column]
      if (position === null) continue
      const other = seen.get(position)
      if (other)
        ctx.addIssue({
          code: 'custom',
          path: [column],
          message: `${STATEMENT_COLUMN_LABELS[column]} and ${other} cannot be the same column`,
        })
      else seen.set(position, STATEMENT_COLUMN_LABELS[column])
    }
  })
export type ColumnMapping = z.infer<typeof columnMappingSchema>

const bankCodes = NIGERIAN_BANKS.map((bank) => bank.code) as [string, ...string[]]
export const statementBankField = z.enum(bankCodes, {
  error: 'Choose the bank the statement is from',
})

/**
 * POST admin/reconciliation/statement/preview: the file, read but not imported. Answers the columns
 * found (or remembered for the bank) and the first rows, and keeps the file for a day as `upload`,
 * so a form can import it after the columns are checked without sending it again.
 */
export const statementPreviewPayloadSchema = z.object({
  bank: statementBankField,
  file_name: requiredString('File name', 255),
  file_in_base64: z
    .string({ error: requiredMessage('Statement file') })
    .min(1, requiredMessage('Statement file')),
})

export const statementPreviewSchema = z.object({
  upload: z.string(),
  bank: z.string(),
  file_name: z.string(),
  /** The header row as it is in the file. */
  headers: z.array(z.string()),
  /** The columns detected, or those remembered from the bank's last import. */
  columns: z.object({
    date: z.number().int().nullable(),
    narration: z.number().int().nullable(),
    credit: z.number().int().nullable(),
    debit: z.number().int().nullable(),
    balance: z.number().int().nullable(),
    reference: z.number().int().nullable(),
  }),
  remembered: z.boolean(),
  /** Up to five rows after the header, as text. */
  sample: z.array(z.array(z.string())),
  rows: z.number().int(),
})
export type StatementPreview = z.infer<typeof statementPreviewSchema>

/**
 * POST admin/reconciliation/statement: either the file itself (`file_name` and `file_in_base64`) or
 * the `upload` a preview answered. Without `columns` the bank's remembered columns are used, or
 * those detected; with them, they are remembered for the bank's next import.
 */
export const statementImportPayloadSchema = z
  .object({
    bank: statementBankField,
    upload: z.string().max(64).optional(),
    file_name: z.string().max(255).optional(),
    file_in_base64: z.string().optional(),
    columns: columnMappingSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.upload && !value.file_in_base64)
      ctx.addIssue({
        code: 'custom',
        path: ['file_in_base64'],
        message: requiredMessage('Statement file'),
      })
  })

export const unreadableRowSchema = z.object({
  /** The row's line number in the file (the header is row 1). */
  row: z.number().int(),
  reason: z.string(),
  raw: z.string(),
})

/** What an import did: lines added, lines already imported, rows that could not be read, and the matches found. */
export const statementImportSummarySchema = z.object({
  statement_id: z.string(),
  bank: z.string(),
  first_date: z.string().nullable(),
  last_date: z.string().nullable(),
  imported: z.number().int(),
  duplicates: z.number().int(),
  unreadable: z.number().int(),
  exact: z.number().int(),
  likely: z.number().int(),
  /** Lines that fit more than one payment: matched to none, for staff to decide. */
  ambiguous: z.number().int(),
  unmatched: z.number().int(),
  /**
   * Lines a payment provider's name marks as its settlement (of payments it already confirmed):
   * never matched to a payment awaiting confirmation. Present only when there were some.
   */
  provider_settlements: z.number().int().optional(),
  unreadable_rows: z.array(unreadableRowSchema),
})
export type StatementImportSummary = z.infer<typeof statementImportSummarySchema>

/** A credit line of an imported statement, with its match. Amounts in naira. */
export const statementLineSchema = z.object({
  id: z.string(),
  bank: z.string(),
  statement_id: z.string(),
  date: z.string(),
  narration: z.string(),
  reference: z.string().nullable(),
  amount: z.number(),
  status: z.enum(STATEMENT_LINE_STATUSES),
  confidence: z.enum(MATCH_CONFIDENCES),
  /** What the line was matched to: a payment awaiting confirmation, or a subscription awaiting payment (transaction null). */
  match: z
    .object({
      subscription_reference: z.string(),
      product_name: z.string(),
      customer: z.object({ reference: z.string(), name: z.string() }),
      /** The amount the subscription or the payment expects, in naira. */
      expected_amount: z.number(),
      transaction: z
        .object({
          reference: z.string(),
          amount: z.number(),
          paid_at: z.string().nullable(),
          status: z.string(),
        })
        .nullable(),
    })
    .nullable(),
  /** The payments an ambiguous line fits (none of them is its match); empty for the others. */
  candidates: z.array(
    z.object({
      subscription_reference: z.string(),
      customer: z.object({ reference: z.string(), name: z.string() }),
      transaction: z.object({
        reference: z.string(),
        amount: z.number(),
        paid_at: z.string().nullable(),
        status: z.string(),
      }),
    }),
  ),
  /** Whether the caller may confirm this match now (never their own recording or subscription). */
  can_confirm: z.boolean(),
  /** Why not, when can_confirm is false and there is a match. */
  cannot_confirm_reason: z.string().nullable(),
  resolved_by: z.string().nullable(),
  resolved_at: z.string().nullable(),
})
export type StatementLine = z.infer<typeof statementLineSchema>

/** GET admin/reconciliation/line */
export const statementLineQuerySchema = z.object({
  status: queryChoice('Status', STATEMENT_LINE_STATUSES),
  confidence: queryChoice('Confidence', MATCH_CONFIDENCES),
})

export const statementLineListSchema = z.object({
  items: z.array(statementLineSchema),
  ...pageFields,
  /** Open lines per confidence, for the tabs. */
  counts: z.object({
    exact: z.number().int(),
    likely: z.number().int(),
    ambiguous: z.number().int(),
    none: z.number().int(),
  }),
  /** The last day of the latest statement imported, or null before any. */
  last_statement_date: z.string().nullable(),
})

/** POST admin/reconciliation/confirm: the open matched lines to confirm, all or none. */
export const confirmLinesPayloadSchema = z.object({
  line_ids: z.preprocess(
    (value) => (Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value]),
    z
      .array(z.string().regex(/^\d{1,12}$/, 'Choose the lines to confirm'))
      .min(1, 'Choose the lines to confirm')
      .max(500),
  ),
})

/** POST admin/reconciliation/line/{id}/link */
export const linkLinePayloadSchema = z.object({
  subscription: requiredString('Subscription', 64),
  amount: nairaAmount('Amount'),
})
