import { EmptyState } from '~/components/ui/empty-state'
import { ExportCsvLink } from '~/components/ui/export-csv-link'
import { ListFilters } from '~/components/ui/list-filters'
import { Pagination } from '~/components/ui/pagination'
import type { AuditEntry } from '~/contract/audit'
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from '~/contract/audit-labels'
import { AuditEntryItem } from './audit-entry'

export type AuditListData = {
  filters: Record<'actor' | 'action' | 'record' | 'from' | 'to' | 'search', string>
  list: { items: AuditEntry[]; page: number; total_pages: number } | null
  error: string | null
  timeZone: string
}

const ACTION_OPTIONS = AUDIT_ACTIONS.map((value) => ({ value, label: AUDIT_ACTION_LABELS[value] }))

/** /audit: the audit trail, newest first, filtered by the address's search params. */
export function AuditList({ data }: { data: AuditListData }) {
  const items = data.list?.items ?? []
  return (
    <section aria-labelledby="audit-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="audit-heading" className="text-2xl font-bold text-slate-900">
          Audit trail
        </h1>
        <ExportCsvLink list="audit" />
      </div>
      <p className="text-sm text-slate-600">
        Every change made through the platform and every sign-in, newest first. Entries are never
        changed or deleted.
      </p>
      <ListFilters
        action="/audit"
        searchPlaceholder="Search the summaries, people and records"
        values={data.filters}
        selects={[{ name: 'action', label: 'Every action', options: ACTION_OPTIONS }]}
        texts={[
          { name: 'actor', label: 'Actor (a reference, a name, or system)', placeholder: 'Actor' },
          { name: 'record', label: 'Record reference', placeholder: 'Record' },
        ]}
        dates={[
          { name: 'from', label: 'From' },
          { name: 'to', label: 'To' },
        ]}
      />
      {data.error ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
        >
          {data.error}
        </p>
      ) : null}
      {items.length === 0 ? (
        <EmptyState item="audit entry" />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Audit entries">
          {items.map((entry) => (
            <AuditEntryItem key={entry.id} entry={entry} timeZone={data.timeZone} />
          ))}
        </ul>
      )}
      <Pagination
        page={data.list?.page ?? 1}
        totalPages={data.list?.total_pages ?? 1}
        label="Audit pages"
      />
    </section>
  )
}
