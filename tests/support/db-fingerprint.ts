import { sql } from 'drizzle-orm'
import type { Database } from '~/backend/db/client'

type Rows = { rows: Record<string, unknown>[] }
const rowsOf = async (db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows).rows

/**
 * Tables whose rows change as a side effect of any call (sign-in counters, job bookkeeping, the
 * record of a document's verification code, written when a document is first downloaded, and the
 * audit trail, which every write adds to and whose entries tests/api/audit*.test.ts check).
 */
const NOISE = new Set(['rate_limit_events', 'job_runs', 'document_verifications', 'audit_log'])

/**
 * Columns any call may change: a session's last use, touched by whichever call comes once it is
 * some minutes old (the idle timeout slides), refused or not.
 */
const NOISE_COLUMNS: Record<string, string[]> = { api_tokens: ['last_used_at'] }

/**
 * A digest of the database's content, to prove a refused call changed nothing: one md5 per table
 * over every row. With `ownerId`, only the rows that belong to that user (its account, its
 * subscriptions and their transactions and schedule, its files, notifications and tokens).
 */
export async function createFingerprint(db: Database) {
  const columns = await rowsOf(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and table_name in (
          select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE')`,
  )
  const tables = new Map<string, Set<string>>()
  for (const row of columns) {
    const table = String(row.table_name)
    if (NOISE.has(table)) continue
    if (!tables.has(table)) tables.set(table, new Set())
    tables.get(table)!.add(String(row.column_name))
  }

  function scope(table: string, cols: Set<string>, ownerId: number | null) {
    if (ownerId === null) return sql``
    if (table === 'users') return sql` where x.id = ${ownerId}`
    if (cols.has('user_id')) return sql` where x.user_id = ${ownerId}`
    if (cols.has('owner_id')) return sql` where x.owner_id = ${ownerId}`
    if (cols.has('subscription_id')) {
      return sql` where x.subscription_id in (select id from subscriptions where user_id = ${ownerId})`
    }
    return null
  }

  return async function fingerprint(ownerId: number | null = null) {
    const parts = []
    for (const [table, cols] of [...tables].sort(([a], [b]) => a.localeCompare(b))) {
      const where = scope(table, cols, ownerId)
      if (where === null) continue
      const row = NOISE_COLUMNS[table]
        ? sql`(to_jsonb(x) - ${sql.raw(`array[${NOISE_COLUMNS[table].map((column) => `'${column}'`).join(', ')}]`)})::text`
        : sql`x::text`
      parts.push(
        sql`select ${table}::text as name, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as digest from ${sql.identifier(table)} x${where}`,
      )
    }
    const rows = await rowsOf(db, sql.join(parts, sql` union all `))
    return Object.fromEntries(rows.map((row) => [String(row.name), String(row.digest)]))
  }
}

/** The names of the tables whose digest differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>) {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name])
}
