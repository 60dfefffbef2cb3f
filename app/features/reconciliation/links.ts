import type { MatchConfidence, StatementLineStatus } from '~/contract/reconciliation-labels'
import { listHref } from '~/utils/pagination'

export const RECONCILIATION_PATH = '/reconciliation'
export const DONE_STATUSES = [
  'confirmed',
  'linked',
  'ignored',
] as const satisfies readonly StatementLineStatus[]
export type DoneStatus = (typeof DONE_STATUSES)[number]
/** Which lines the page shows: the open ones of one confidence, or the done ones of one status. */
export type LinesView =
  { confidence: MatchConfidence; status: null } | { confidence: null; status: DoneStatus }

/** The page's address for a tab: ?confidence= for the open lines, ?status= for the done ones. */
export function linesHref(view: LinesView, page = 1) {
  return listHref(
    RECONCILIATION_PATH,
    view.status ? { page, status: view.status } : { page, confidence: view.confidence },
  )
}
