import { endpoint, file } from '../endpoint'
import { statementQuerySchema, verificationSchema } from '../verification'
import { PEOPLE_ACCESS } from './people-access'

const STATEMENT_FORMAT =
  'A PDF carrying a verification code; `?format=csv` gives the same figures as CSV (amounts as plain decimals, ' +
  'ISO dates, text cells beginning with = + - @ prefixed with an apostrophe).'

export const documentEndpoints = {
  verifyDocument: endpoint({
    method: 'GET',
    path: 'verify/:code',
    tag: 'Documents',
    summary: 'What a document issued by the platform asserts, and whether it still stands',
    description:
      'Public: `code` is the verification code printed on a receipt, allocation letter or statement (and in its QR code). ' +
      'An unknown code answers 404; unknown codes from one client address are limited like failed sign-ins (429).',
    access: 'public',
    errors: {
      404: 'No document has this code',
      429: 'Too many unknown codes from the client address',
    },
    response: verificationSchema,
  }),
  subscriptionStatement: endpoint({
    method: 'GET',
    path: 'product-subscription/:reference/statement',
    tag: 'Documents',
    summary:
      "A subscription's statement of account: its schedule, payments (and an investment's payouts), totals and next due date",
    description:
      `${STATEMENT_FORMAT} A customer sees its own subscriptions, a realtor its customers', staff holding a subscription ` +
      'permission every one; any other answers 404.',
    access: 'verified',
    query: statementQuerySchema,
    response: file('application/pdf', 'text/csv'),
  }),
  ownStatement: endpoint({
    method: 'GET',
    path: 'account/statement',
    tag: 'Documents',
    summary: "The caller's statement of account over all their subscriptions",
    description: STATEMENT_FORMAT,
    access: 'verified',
    query: statementQuerySchema,
    response: file('application/pdf', 'text/csv'),
  }),
  customerStatement: endpoint({
    method: 'GET',
    path: 'admin/customer/:id/statement',
    tag: 'Documents',
    summary:
      "A customer's statement of account over all their subscriptions (by reference or uuid)",
    description: `${STATEMENT_FORMAT} A realtor reaches the customers it brought; any other customer answers 404.`,
    access: PEOPLE_ACCESS.customerViewers,
    query: statementQuerySchema,
    response: file('application/pdf', 'text/csv'),
  }),
} as const
