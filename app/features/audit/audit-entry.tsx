import { Link } from '@remix-run/react'
import type { AuditChanges, AuditEntry } from '~/contract/audit'
import { formatDateTime } from '~/contract/format'
import { listHref } from '~/utils/pagination'

const AUDIT_PATH = '/audit'

const shown = (value: unknown) => {
  if (value === null || value === undefined || value === '') return '(none)'
  if (Array.isArray(value)) return value.length ? value.join(', ') : '(none)'
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** The fields an entry changed, each as before → after. */
export function AuditChangesList({ changes }: { changes: AuditChanges }) {
  return (
    <dl className="grid grid-cols-1 gap-1 text-xs sm:grid-cols-[auto,1fr] sm:gap-x-3">
      {Object.entries(changes).map(([field, { before, after }]) => (
        <div key={field} className="contents">
          <dt className="font-mono text-slate-500">{field}</dt>
          <dd className="break-words text-slate-800">
            <span className="text-slate-500 line-through decoration-slate-400">
              {shown(before)}
            </span>
            {' → '}
            <span>{shown(after)}</span>
          </dd>
        </div>
      ))}
    </dl>
  )
}

/** One entry of the trail: when, who, what, on which record, and (folded) what changed and from where. */
export function AuditEntryItem({
  entry,
  timeZone,
  linkFilters = true,
}: {
  entry: AuditEntry
  timeZone: string
  linkFilters?: boolean
}) {
  const actor = entry.actor.reference ? (
    linkFilters ? (
      <Link
        className="link"
        to={listHref(AUDIT_PATH, { page: 1, actor: entry.actor.reference })}
        preventScrollReset
      >
        {entry.actor.name}
      </Link>
    ) : (
      entry.actor.name
    )
  ) : (
    <span className="italic">{entry.actor.name}</span>
  )
  const hasDetails = entry.changes || entry.client_ip || entry.user_agent
  return (
    <li className="card flex flex-col gap-1" data-testid="audit-entry">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-xs text-slate-500">
        <time dateTime={entry.created_at}>{formatDateTime(entry.created_at, timeZone)}</time>
        {linkFilters ? (
          <Link
            className="link font-mono"
            to={listHref(AUDIT_PATH, { page: 1, record: entry.record.reference })}
            preventScrollReset
          >
            {entry.record.reference}
          </Link>
        ) : (
          <span className="font-mono">{entry.record.reference}</span>
        )}
      </p>
      <p className="text-sm">
        <span className="font-semibold text-slate-900">{entry.action_label}</span>
        <span className="text-slate-600"> by {actor}</span>
      </p>
      <p className="break-words text-sm text-slate-700">{entry.summary}</p>
      {hasDetails ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-brand-700">Details</summary>
          <div className="mt-2 flex flex-col gap-2">
            {entry.changes ? <AuditChangesList changes={entry.changes} /> : null}
            <p className="break-words text-xs text-slate-500">
              {entry.client_ip ? `From ${entry.client_ip}` : 'Address not known'}
              {entry.user_agent ? ` · ${entry.user_agent}` : ''}
            </p>
          </div>
        </details>
      ) : null}
    </li>
  )
}

export type RecordHistoryData = { reference: string; entries: AuditEntry[]; more: boolean } | null

/** A record's History section in its details panel (subscription, customer, product). */
export function RecordHistory({
  history,
  timeZone,
}: {
  history: RecordHistoryData
  timeZone: string
}) {
  if (!history) return null
  return (
    <section
      aria-labelledby="record-history-heading"
      className="flex flex-col gap-2"
      data-testid="record-history"
    >
      <h3 id="record-history-heading" className="text-base font-semibold text-slate-900">
        History
      </h3>
      {history.entries.length === 0 ? (
        <p className="text-sm text-slate-600">
          Nothing has been recorded for {history.reference} yet.
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {history.entries.map((entry) => (
            <AuditEntryItem key={entry.id} entry={entry} timeZone={timeZone} linkFilters={false} />
          ))}
        </ul>
      )}
      <Link
        className="link text-sm"
        to={listHref(AUDIT_PATH, { page: 1, record: history.reference })}
      >
        {history.more ? 'See the whole history in the audit trail' : 'Open in the audit trail'}
      </Link>
    </section>
  )
}
