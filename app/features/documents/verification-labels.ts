import type { DocumentKind } from '~/contract/verification'

/** What the amount of a document is called on the verify page. */
export function amountLabel(kind: DocumentKind): string {
  return kind === 'receipt' ? 'Amount' : 'Total paid'
}
