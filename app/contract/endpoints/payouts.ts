import { z } from 'zod'
import { endpoint } from '../endpoint'
import { PAYOUT_RECORDERS } from '../payout-rules'
import {
  markPayoutsPaidSchema,
  payoutListSchema,
  payoutQuerySchema,
  payoutSchema,
  payoutSummarySchema,
} from '../payouts'
import { CSV_EXPORT, exportQuery, pageQuery } from './shared'

const RECORDERS = PAYOUT_RECORDERS

export const payoutEndpoints = {
  payoutLedger: endpoint({
    method: 'GET',
    path: 'product-subscription/:reference/payout',
    tag: 'Payouts',
    summary:
      "An investment's payout ledger: each payout with its date, amount, status and, once paid, the date and bank reference",
    description:
      'Statuses: `scheduled` (its date has not come), `due` (its date is today or at most the grace days past), `late` ' +
      '(unpaid past the grace days), `paid`. The principal comes with the last payout (`includes_principal`). Land, and an ' +
      'investment not started yet, answer an empty list. The same callers as product-subscription/{reference}.',
    access: 'verified',
    response: z.array(payoutSchema),
  }),
  payoutSummary: endpoint({
    method: 'GET',
    path: 'payout/summary',
    tag: 'Payouts',
    summary:
      "The caller's own investments at a glance: invested, returns received and expected, next payout, late payouts, and the returns over time",
    access: 'verified',
    response: payoutSummarySchema,
  }),
  payoutList: endpoint({
    method: 'GET',
    path: 'admin/payout',
    tag: 'Payouts',
    summary:
      'Payouts by status, date range (due date, or date paid for `paid`) and search (investment, product or investor)',
    description: `Due and late payouts oldest first, scheduled ones soonest first, paid ones latest paid first. \`total_amount\` adds up every match. ${CSV_EXPORT}`,
    access: RECORDERS,
    query: payoutQuerySchema.extend(pageQuery.shape).extend(exportQuery.shape),
    exportsCsv: true,
    response: payoutListSchema,
  }),
  payoutMarkPaid: endpoint({
    method: 'POST',
    path: 'admin/payout/mark-paid',
    tag: 'Payouts',
    summary:
      'Record one or several payouts as paid: the date paid, the bank reference and an optional proof',
    description:
      '`ids` are payout ids from the ledger or the list. `paid_at` (YYYY-MM-DD) may not be in the future. The proof is a ' +
      'file uploaded with media/upload, as for a payment. All or nothing: an unknown id answers 404 and a payout already ' +
      'paid 409, and then none is recorded. A payout paid before its due date is recorded only with `confirm_early` ' +
      '(409 under that field without it) and then shows `paid_early`. The investor is told of each payout; the last one (with the principal) ' +
      'completes the investment.',
    access: RECORDERS,
    body: markPayoutsPaidSchema,
    errors: {
      403: "A payout of the caller's own investment",
      404: 'A payout is unknown',
      409:
        'A payout is already paid, its investment is not paying out, or its payouts are on hold' +
        '; ' +
        'a date paid in the future or before the investment started, payouts of several investments, a proof already used, ' +
        'a payout paid before its due date without `confirm_early` (under the field)',
    },
    response: z.array(payoutSchema),
  }),
} as const
