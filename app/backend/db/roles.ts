/**
 * PostgreSQL with two roles (docs/postgresql.md): DATABASE_MIGRATION_URL's role owns the tables and
 * runs the migrations; DATABASE_URL's role, the app's, only reads and writes rows. A table's owner
 * can disable or drop its triggers, so only a role that owns nothing keeps the audit trail's
 * append-only trigger out of the app's reach.
 */

/** What both a pg Client and a pg Pool offer. */
type Queryable = {
  query<Row extends Record<string, unknown>>(
    text: string,
    values?: unknown[],
  ): Promise<{ rows: Row[] }>
}

/** Tables whose rows are never changed or deleted: the app role may only read and add rows. */
export const APPEND_ONLY_TABLES = ['audit_log'] as const

const SCHEMA = 'public'
const MIGRATIONS_SCHEMA = 'drizzle'
/** What the app role may not do to an append-only table. */
const PRIVILEGES = ['UPDATE', 'DELETE', 'TRUNCATE', 'TRIGGER'] as const
type Privilege = (typeof PRIVILEGES)[number]

/**
 * The app role's rights, run by the owner after every migration run (so a start also repairs a
 * right taken away by hand). The default privileges cover tables a later migration adds before
 * this runs again; the revokes first make the rights exactly these, whatever was granted before.
 * One transaction: instances already running never see the role without its rights.
 */
export function appRoleGrants(appRole: string) {
  const role = quoteIdentifier(appRole)
  const appendOnly = APPEND_ONLY_TABLES.map((table) => `${SCHEMA}.${quoteIdentifier(table)}`).join(
    ', ',
  )
  return [
    `GRANT USAGE ON SCHEMA ${SCHEMA} TO ${role}`,
    `REVOKE ALL ON ALL TABLES IN SCHEMA ${SCHEMA} FROM ${role}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${SCHEMA} TO ${role}`,
    `REVOKE UPDATE, DELETE ON ${appendOnly} FROM ${role}`,
    `REVOKE ALL ON ALL SEQUENCES IN SCHEMA ${SCHEMA} FROM ${role}`,
    `GRANT USAGE ON ALL SEQUENCES IN SCHEMA ${SCHEMA} TO ${role}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA ${SCHEMA} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${role}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA ${SCHEMA} GRANT USAGE ON SEQUENCES TO ${role}`,
    // Lets an instance started with DATABASE_URL alone see that no migration is pending.
    `GRANT USAGE ON SCHEMA ${MIGRATIONS_SCHEMA} TO ${role}`,
    `GRANT SELECT ON ${MIGRATIONS_SCHEMA}."__drizzle_migrations" TO ${role}`,
  ]
}

export async function grantAppRole(owner: Queryable, appRole: string) {
  await owner.query('BEGIN')
  try {
    for (const statement of appRoleGrants(appRole)) await owner.query(statement)
    await owner.query('COMMIT')
  } catch (error) {
    await owner.query('ROLLBACK').catch(() => {})
    throw error
  }
}

export async function currentRole(connection: Queryable) {
  const { rows } = await connection.query<{ role: string; database: string }>(
    'select current_user as role, current_database() as database',
  )
  return rows[0]
}

/**
 * Why the connection's role could still change the audit trail, or own what it should only use:
 * an empty list when it cannot. Checked on the app's own connection at every start.
 */
export async function appRoleProblems(app: Queryable): Promise<string[]> {
  const problems: string[] = []
  const { rows: roles } = await app.query<{ superuser: boolean; createrole: boolean }>(
    'select rolsuper as superuser, rolcreaterole as createrole from pg_roles where rolname = current_user',
  )
  if (roles[0]?.superuser) problems.push('it is a superuser, which no privilege binds')
  // Before PostgreSQL 16 a role with CREATEROLE may grant itself membership of the owner.
  if (roles[0]?.createrole)
    problems.push('it has CREATEROLE, with which it can make itself a member of the owner')
  const { rows: owned } = await app.query<{ name: string; owner: string }>(
    `select c.relname as name, pg_get_userbyid(c.relowner) as owner from pg_class c
      where c.relnamespace = $1::regnamespace and c.relkind in ('r', 'p') and pg_has_role(c.relowner, 'MEMBER')
      order by c.relname`,
    [SCHEMA],
  )
  if (owned.length) {
    const owners = [...new Set(owned.map((row) => row.owner))].join(', ')
    problems.push(
      `it owns tables, or is a member of their owner (${owners}): ${owned.map((row) => row.name).join(', ')}`,
    )
  }
  for (const table of APPEND_ONLY_TABLES) {
    const qualified = `${SCHEMA}.${quoteIdentifier(table)}`
    const { rows } = await app.query<Record<'found' | Privilege, boolean>>(
      `select to_regclass($1) is not null as found,
        to_regclass($1) is not null and has_table_privilege($1, 'UPDATE') as "UPDATE",
        to_regclass($1) is not null and has_table_privilege($1, 'DELETE') as "DELETE",
        to_regclass($1) is not null and has_table_privilege($1, 'TRUNCATE') as "TRUNCATE",
        to_regclass($1) is not null and has_table_privilege($1, 'TRIGGER') as "TRIGGER"`,
      [qualified],
    )
    const [row] = rows
    if (!row.found) {
      problems.push(
        `its database has no table ${table}: do DATABASE_URL and DATABASE_MIGRATION_URL name the same database?`,
      )
      continue
    }
    const held = PRIVILEGES.filter((privilege) => row[privilege])
    if (held.length) problems.push(`it holds ${held.join(', ')} on ${table}`)
  }
  return problems
}

/** Refuses to go on when the app's role could change the audit trail. */
export async function assertAppRoleBound(app: Queryable) {
  const problems = await appRoleProblems(app)
  if (!problems.length) return
  const { role } = await currentRole(app)
  throw new Error(
    `DATABASE_URL's role ${quoteIdentifier(role)} could change the audit trail, so the app does not open the database:\n` +
      problems.map((problem) => `  - ${problem}`).join('\n') +
      "\nGive DATABASE_URL a role of its own that owns no table, and DATABASE_MIGRATION_URL the tables' owner (docs/postgresql.md).",
  )
}

function quoteIdentifier(name: string) {
  return `"${name.replace(/"/g, '""')}"`
}
