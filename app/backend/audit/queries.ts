import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm'
import {
  AUDIT_ACTION_LABELS,
  SYSTEM_ACTOR,
  type AuditEntry,
  type AuditQuery,
} from '~/contract/audit'
import { getConfig } from '../config'
import type { Executor } from '../db/client'
import { auditLog } from '../db/schema'

export type AuditFilters = AuditQuery

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`

export function auditConditions(filters: AuditFilters): SQL | undefined {
  const zone = getConfig().APP_TIME_ZONE
  const conditions: (SQL | undefined)[] = []
  if (filters.actor) {
    conditions.push(
      filters.actor.toLowerCase() === SYSTEM_ACTOR
        ? and(isNull(auditLog.actorId), eq(auditLog.actorName, SYSTEM_ACTOR))
        : or(
            eq(auditLog.actorReference, filters.actor),
            ilike(auditLog.actorName, escapeLike(filters.actor)),
          ),
    )
  }
  if (filters.action) conditions.push(eq(auditLog.action, filters.action))
  if (filters.record) {
    conditions.push(
      or(
        eq(auditLog.recordReference, filters.record),
        sql`${auditLog.related} @> array[${filters.record}]::text[]`,
      ),
    )
  }
  if (filters.from)
    conditions.push(
      sql`${auditLog.createdAt} >= (${filters.from}::date)::timestamp at time zone ${zone}`,
    )
  if (filters.to)
    conditions.push(
      sql`${auditLog.createdAt} < (${filters.to}::date + 1)::timestamp at time zone ${zone}`,
    )
  if (filters.search) {
    const like = escapeLike(filters.search)
    conditions.push(
      or(
        ilike(auditLog.summary, like),
        ilike(auditLog.actorName, like),
        ilike(auditLog.recordReference, like),
        ilike(auditLog.action, like),
        ilike(sql`coalesce(${auditLog.changes}::text, '')`, like),
      ),
    )
  }
  return and(...conditions)
}

export const auditOrder = [desc(auditLog.createdAt), desc(auditLog.id)]

export async function countAudit(db: Executor, filters: AuditFilters) {
  const [row] = await db.select({ total: count() }).from(auditLog).where(auditConditions(filters))
  return row.total
}

export async function auditRows(
  db: Executor,
  filters: AuditFilters,
  limit: number,
  offset: number,
) {
  return db
    .select()
    .from(auditLog)
    .where(auditConditions(filters))
    .orderBy(...auditOrder)
    .limit(limit)
    .offset(offset)
}

/**
 * The rows after `before` in the list's order (newest first), for an export read in batches: by key
 * rather than by offset, so entries added while it streams neither shift nor repeat a row.
 */
export async function auditRowsBefore(
  db: Executor,
  filters: AuditFilters,
  before: AuditCursor | null,
  limit: number,
) {
  const after = before
    ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${before.at}::timestamptz, ${before.id})`
    : undefined
  const rows = await db
    .select({ entry: auditLog, at: sql<string>`${auditLog.createdAt}::text` })
    .from(auditLog)
    .where(and(auditConditions(filters), after))
    .orderBy(...auditOrder)
    .limit(limit)
  const last = rows[rows.length - 1]
  // The cursor keeps PostgreSQL's microseconds, which a Date would round away.
  return {
    rows: rows.map((row) => row.entry),
    next: last ? { at: last.at, id: last.entry.id } : before,
  }
}

export type AuditCursor = { at: string; id: number }

export function toAuditEntry(row: typeof auditLog.$inferSelect): AuditEntry {
  const action = row.action as AuditEntry['action']
  return {
    id: String(row.id),
    created_at: new Date(row.createdAt).toISOString(),
    actor: { reference: row.actorReference, name: row.actorName },
    action,
    action_label: AUDIT_ACTION_LABELS[action] ?? row.action,
    record: {
      type: row.recordType as AuditEntry['record']['type'],
      reference: row.recordReference,
    },
    related: row.related,
    summary: row.summary,
    changes: row.changes ?? null,
    client_ip: row.clientIp,
    user_agent: row.userAgent,
  }
}
