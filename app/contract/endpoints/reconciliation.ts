import { z } from 'zod'
import { endpoint } from '../endpoint'
import {
  confirmLinesPayloadSchema,
  linkLinePayloadSchema,
  statementImportPayloadSchema,
  statementImportSummarySchema,
  statementLineListSchema,
  statementLineQuerySchema,
  statementLineSchema,
  statementPreviewPayloadSchema,
  statementPreviewSchema,
} from '../reconciliation'
import { STATEMENT_MAX_BYTES } from '../reconciliation-labels'
import { pageQuery } from './shared'

const RECONCILERS = { permissions: ['can_reconcile'] } as const

/** A 5 MB statement in base64, with room for the other fields. */
const STATEMENT_BODY_LIMIT = {
  bytes: Math.ceil((STATEMENT_MAX_BYTES * 4) / 3) + 64 * 1024,
  message: 'The statement file is too large: at most 5 MB',
  field: 'file_in_base64',
} as const

const FILE_RULES =
  'A CSV (as internet banking exports it) or an XLSX of at most 5 MB, in base64. Dates may be DD/MM/YYYY, DD-MMM-YYYY ' +
  'or ISO; amounts "1,250,000.00" with or without ₦. A file that is not a statement (not CSV or XLSX, empty, no credit ' +
  'column) or that holds a formula in a cell is refused with 400 and nothing is imported.'

export const reconciliationEndpoints = {
  reconciliationPreview: endpoint({
    method: 'POST',
    path: 'admin/reconciliation/statement/preview',
    tag: 'Reconciliation',
    summary:
      'Read a bank statement without importing it: the columns found (or remembered for the bank) and its first rows',
    description: `${FILE_RULES} The file is kept for a day as \`upload\`, to import once the columns are checked.`,
    access: RECONCILERS,
    body: statementPreviewPayloadSchema,
    bodyLimit: STATEMENT_BODY_LIMIT,
    errors: {
      422: 'The statement cannot be read, or is too long or too large (under the file field)',
    },
    response: statementPreviewSchema,
  }),
  reconciliationImport: endpoint({
    method: 'POST',
    path: 'admin/reconciliation/statement',
    tag: 'Reconciliation',
    summary:
      "Import a bank statement's credit lines and match them to payments awaiting confirmation and subscriptions awaiting payment",
    description:
      `${FILE_RULES} Send the file, or the \`upload\` a preview answered. \`columns\` (each a column's position) are ` +
      "remembered for the bank; without them the bank's remembered columns, or those detected, are used. A line already " +
      'imported (the same bank, date, amount and text, from this file or an overlapping one) is counted in `duplicates` ' +
      'and not added again; a row that cannot be read is listed with the reason and the rest are imported. Open lines of ' +
      "earlier statements still without a match are matched again (the counts are of this statement's own lines).",
    access: RECONCILERS,
    body: statementImportPayloadSchema,
    bodyLimit: STATEMENT_BODY_LIMIT,
    errors: {
      422: 'The statement cannot be read, or is too long or too large (under the file field)',
    },
    response: statementImportSummarySchema,
  }),
  reconciliationLines: endpoint({
    method: 'GET',
    path: 'admin/reconciliation/line',
    tag: 'Reconciliation',
    summary:
      'Statement credit lines by status and match confidence, exact matches first, then newest first',
    access: RECONCILERS,
    query: statementLineQuerySchema.extend(pageQuery.shape),
    response: statementLineListSchema,
  }),
  reconciliationConfirm: endpoint({
    method: 'POST',
    path: 'admin/reconciliation/confirm',
    tag: 'Reconciliation',
    summary:
      'Confirm the matches of the lines given: each is a mark as paid of its payment, with the line linked to it',
    description:
      'Needs can_verify_transaction as well (403 without). All or none: a line that is not open or has no match answers 409, an unknown one 404, and a match the caller may ' +
      'not confirm (a payment they recorded, or on their own subscription) 403. A line matched to a subscription awaiting ' +
      'payment creates the payment, recorded from the statement, and marks it paid.',
    access: RECONCILERS,
    body: confirmLinesPayloadSchema,
    errors: {
      403: 'The caller lacks can_verify_transaction, imported the statement, or owns the subscription',
      404: 'A line is unknown',
      409: 'A line is resolved, ambiguous or unmatched, or its payment is not allowed now',
    },
    response: z.array(statementLineSchema),
  }),
  reconciliationLink: endpoint({
    method: 'POST',
    path: 'admin/reconciliation/line/:id/link',
    tag: 'Reconciliation',
    summary:
      'Link an open line to a subscription by hand: a payment awaiting confirmation is created, the line as its proof',
    description:
      "The payment's amount is the credit's. Another amount must be one the subscription may be paid now (as for a payment); " +
      'that payment is then one without a matching credit: its verifier sees both figures and must confirm it without a ' +
      'statement credit (`no_statement_credit`, `statement_warning`). Someone else confirms it.',
    access: RECONCILERS,
    body: linkLinePayloadSchema,
    errors: {
      409:
        'The line is already resolved' +
        '; ' +
        'an unknown or unpayable subscription, an amount that is not one of its payment choices (under the field)',
    },
    response: statementLineSchema,
  }),
  reconciliationIgnore: endpoint({
    method: 'POST',
    path: 'admin/reconciliation/line/:id/ignore',
    tag: 'Reconciliation',
    summary: 'Mark an open line "not ours": a credit for something other than a subscription',
    access: RECONCILERS,
    errors: {
      409: 'The line is already resolved',
    },
    response: statementLineSchema,
  }),
} as const
