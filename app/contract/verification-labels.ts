// The browser's share of contract/verification.ts, without zod: components import these from here.
import type { DocumentKind } from './verification'

/** What the amount of a document is called on the verify page. */
export function amountLabel(kind: DocumentKind): string {
  return kind === 'receipt' ? 'Amount' : 'Total paid'
}
