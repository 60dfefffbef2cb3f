import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import YAML from 'yaml'
import { findPostgresBin } from '../support/postgres.mjs'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApi,
  roleUrl,
  TEST_ROLES,
  type TestApi,
} from '../support/api-harness'

/**
 * PostgreSQL with two roles (docs/postgresql.md): the API runs as a role that owns no table, so
 * nothing that runs SQL through the app's connection can switch off or drop the trigger that keeps
 * the audit trail append-only, or rewrite the trail around it. The whole API suite runs as that
 * role in the PostgreSQL pass (tests/support/api-harness.ts), which shows the app needs nothing more.
 */

const adminUrl = process.env.TEST_DATABASE_URL

let api: TestApi
let app: pg.Client
let owner: pg.Client
const extraDatabases: string[] = []
const extraRoles: string[] = []

beforeAll(async () => {
  if (!adminUrl) return
  api = await createTestApi()
  // Entries to protect: a sign-in and a customer made by staff.
  const superAdmin = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token
  const made = await api.call('POST', 'admin/customer', {
    token: superAdmin,
    body: { first_name: 'Ngozi', last_name: 'Eze', email: 'ngozi@example.com' },
  })
  expect(made.httpStatus, made.message).toBe(200)
  app = new pg.Client({ connectionString: api.databaseUrls!.app })
  owner = new pg.Client({ connectionString: api.databaseUrls!.owner })
  await Promise.all([app.connect(), owner.connect()])
})

afterAll(async () => {
  await Promise.all([app?.end(), owner?.end()])
  // Dropping the test database first also drops what a start granted the roles made here.
  await api?.close()
  if (!adminUrl) return
  await asAdmin(async (admin) => {
    for (const name of extraDatabases)
      await admin.query(`drop database if exists ${name} with (force)`)
    for (const role of extraRoles) await admin.query(`drop role if exists ${role}`)
  })
})

async function asAdmin<T>(work: (admin: pg.Client) => Promise<T>) {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    return await work(admin)
  } finally {
    await admin.end()
  }
}

/** The database's message for a statement it refused, or 'not refused'. */
async function refusal(client: pg.Client, statement: string) {
  try {
    await client.query(statement)
    return 'not refused'
  } catch (error) {
    return (error as Error).message
  }
}

async function trail() {
  const { rows } = await owner.query(
    'select id, action, summary, record_reference from audit_log order by id',
  )
  return rows
}

/** A new empty database owned by the owner role, as an operator makes one. */
async function freshDatabase() {
  const name = `lb_test_${crypto.randomBytes(6).toString('hex')}`
  await asAdmin((admin) => admin.query(`create database ${name} owner ${TEST_ROLES.owner}`))
  extraDatabases.push(name)
  return {
    app: roleUrl(adminUrl!, TEST_ROLES.app, name),
    owner: roleUrl(adminUrl!, TEST_ROLES.owner, name),
  }
}

describe.runIf(adminUrl)("the app's role cannot change the audit trail", () => {
  test('UPDATE, DELETE, TRUNCATE, disabling or dropping the trigger, and every way around them are refused; the entries stay as written', async () => {
    const before = await trail()
    expect(before.length).toBeGreaterThanOrEqual(2)
    const attempts: Array<[string, RegExp]> = [
      ["update audit_log set summary = 'rewritten'", /permission denied for table audit_log/],
      ['delete from audit_log', /permission denied for table audit_log/],
      ['truncate audit_log', /permission denied for table audit_log/],
      [
        'alter table audit_log disable trigger audit_log_no_change',
        /must be owner of table audit_log/,
      ],
      ['alter table audit_log disable trigger all', /must be owner of table audit_log/],
      [
        'drop trigger audit_log_no_change on audit_log',
        /must be owner of (table|relation) audit_log/,
      ],
      [
        'drop trigger audit_log_no_truncate on audit_log',
        /must be owner of (table|relation) audit_log/,
      ],
      ['drop table audit_log', /must be owner of table audit_log/],
      [`alter table audit_log owner to ${TEST_ROLES.app}`, /must be owner of table audit_log/],
      ['alter table audit_log rename to audit_log_old', /must be owner of table audit_log/],
      [
        "create or replace function audit_log_append_only() returns trigger language plpgsql as 'begin return old; end'",
        // PostgreSQL 15 and later give PUBLIC no CREATE on the schema; before, the function's owner stops it.
        /permission denied for schema public|must be owner of function audit_log_append_only/,
      ],
      [
        'create trigger audit_log_first before update on audit_log for each row execute function suppress_redundant_updates_trigger()',
        /permission denied for table audit_log/,
      ],
      [
        'set session_replication_role = replica',
        /permission denied to set parameter "session_replication_role"/,
      ],
      [`set role ${TEST_ROLES.owner}`, /permission denied to set role/],
    ]
    for (const [statement, refused] of attempts) {
      expect(await refusal(app, statement), statement).toMatch(refused)
    }
    expect(await trail()).toEqual(before)
    const { rows: triggers } = await owner.query(
      "select tgname, tgenabled from pg_trigger where tgrelid = 'audit_log'::regclass and not tgisinternal order by tgname",
    )
    expect(triggers).toEqual([
      { tgname: 'audit_log_no_change', tgenabled: 'O' },
      { tgname: 'audit_log_no_truncate', tgenabled: 'O' },
    ])
  })

  test('the app role reads and adds entries; the owner, who may disable the trigger, still meets it', async () => {
    await app.query(
      "insert into audit_log (actor_name, action, record_type, record_reference, summary) values ('System', 'test.entry', 'test', 'T-1', 'Added by the app role')",
    )
    const { rows } = await app.query("select summary from audit_log where record_reference = 'T-1'")
    expect(rows).toEqual([{ summary: 'Added by the app role' }])
    expect(await refusal(owner, "update audit_log set summary = 'rewritten'")).toMatch(
      /The audit log is append-only: UPDATE is refused/,
    )
    expect(await refusal(owner, 'delete from audit_log')).toMatch(
      /The audit log is append-only: DELETE is refused/,
    )
  })

  test("a table a later migration adds is the app role's to use at once (default privileges), its sequence too", async () => {
    await owner.query('create table later_feature (id bigserial primary key, note text not null)')
    try {
      await app.query("insert into later_feature (note) values ('first')")
      await app.query("update later_feature set note = 'changed'")
      expect((await app.query('select id, note from later_feature')).rows).toEqual([
        { id: '1', note: 'changed' },
      ])
      await app.query('delete from later_feature')
      expect(await refusal(app, 'truncate later_feature')).toMatch(
        /permission denied for table later_feature/,
      )
      expect(await refusal(app, 'alter table later_feature add column extra text')).toMatch(
        /must be owner of table later_feature/,
      )
    } finally {
      await owner.query('drop table later_feature')
    }
  })
})

describe.runIf(adminUrl)('starting on PostgreSQL with two roles', () => {
  test('instances starting together on an empty database all start, and the app role comes out bound', async () => {
    const { openDatabase } = await import('~/backend/db/client')
    const urls = await freshDatabase()
    const connections = await Promise.all(
      [1, 2, 3].map(() =>
        openDatabase({
          databaseUrl: urls.app,
          migrationUrl: urls.owner,
          dataDir: api.dataDir,
          poolSize: 2,
        }),
      ),
    )
    await Promise.all(connections.map((connection) => connection.close()))
    const client = new pg.Client({ connectionString: urls.app })
    await client.connect()
    try {
      expect(await refusal(client, 'delete from audit_log')).toMatch(
        /permission denied for table audit_log/,
      )
      expect(await refusal(client, 'alter table audit_log disable trigger all')).toMatch(
        /must be owner of table audit_log/,
      )
    } finally {
      await client.end()
    }
  })

  test('an instance given DATABASE_URL alone starts on a migrated database without running DDL, and says what to set on an empty one', async () => {
    const { openDatabase } = await import('~/backend/db/client')
    const migrated = await openDatabase({
      databaseUrl: api.databaseUrls!.app,
      dataDir: api.dataDir,
      poolSize: 1,
    })
    await migrated.close()
    const empty = await freshDatabase()
    await expect(
      openDatabase({ databaseUrl: empty.app, dataDir: api.dataDir, poolSize: 1 }),
    ).rejects.toThrow(
      /has migrations to run, and DATABASE_URL's role lb_test_app may not run them .*Set DATABASE_MIGRATION_URL/,
    )
  })

  test('a start refuses an app role that could change the trail: the owner itself, or a member of the owner', async () => {
    const { openDatabase } = await import('~/backend/db/client')
    const urls = api.databaseUrls!
    await expect(
      openDatabase({
        databaseUrl: urls.owner,
        migrationUrl: urls.owner,
        dataDir: api.dataDir,
        poolSize: 1,
      }),
    ).rejects.toThrow(/both connect as lb_test_owner: the app needs a role of its own/)
    const member = `lb_test_member_${crypto.randomBytes(3).toString('hex')}`
    extraRoles.push(member)
    await asAdmin(async (admin) => {
      await admin.query(
        `create role ${member} login password '${TEST_ROLES.password}' in role ${TEST_ROLES.owner}`,
      )
    })
    const memberUrl = roleUrl(adminUrl!, member, new URL(urls.app).pathname.slice(1))
    await expect(
      openDatabase({
        databaseUrl: memberUrl,
        migrationUrl: urls.owner,
        dataDir: api.dataDir,
        poolSize: 1,
      }),
    ).rejects.toThrow(
      new RegExp(
        `role "${member}" could change the audit trail, so the app does not open the database:\\n  - it owns tables, or is a member of their owner \\(lb_test_owner\\): [a-z_, ]*audit_log`,
      ),
    )
  })
})

describe.runIf(adminUrl)('an existing database, made when one role did everything', () => {
  test('deploy/postgres/hand-over.sql gives it to the owner; its old role then runs the app, and cannot change the trail', async () => {
    const { openDatabase } = await import('~/backend/db/client')
    const legacy = `lb_test_legacy_${crypto.randomBytes(3).toString('hex')}`
    const database = `lb_test_${crypto.randomBytes(6).toString('hex')}`
    await asAdmin(async (admin) => {
      await admin.query(`create role ${legacy} login password '${TEST_ROLES.password}'`)
      await admin.query(`create database ${database} owner ${legacy}`)
    })
    extraRoles.push(legacy)
    extraDatabases.push(database)
    const legacyUrl = roleUrl(adminUrl!, legacy, database)
    // As before DATABASE_MIGRATION_URL: the one role migrates and owns everything.
    const before = await openDatabase({ databaseUrl: legacyUrl, dataDir: api.dataDir, poolSize: 1 })
    await before.close()

    const server = new URL(adminUrl!)
    const handOver = spawnSync(
      path.join(findPostgresBin()!, 'psql'),
      [
        '-v',
        'ON_ERROR_STOP=1',
        '-v',
        `owner=${TEST_ROLES.owner}`,
        '-f',
        path.resolve(import.meta.dirname, '../../deploy/postgres/hand-over.sql'),
        roleUrl(adminUrl!, decodeURIComponent(server.username), database),
      ],
      { encoding: 'utf8' },
    )
    expect(handOver.status, handOver.stderr).toBe(0)

    const after = await openDatabase({
      databaseUrl: legacyUrl,
      migrationUrl: roleUrl(adminUrl!, TEST_ROLES.owner, database),
      dataDir: api.dataDir,
      poolSize: 1,
    })
    await after.close()
    const client = new pg.Client({ connectionString: legacyUrl })
    await client.connect()
    try {
      const { rows } = await client.query(
        `select c.relname from pg_class c where c.relowner = (select oid from pg_roles where rolname = current_user) and c.relkind in ('r', 'p', 'S', 'v', 'm')`,
      )
      expect(rows).toEqual([])
      expect(await refusal(client, 'alter table audit_log disable trigger all')).toMatch(
        /must be owner of table audit_log/,
      )
      expect(await refusal(client, 'drop trigger audit_log_no_change on audit_log')).toMatch(
        /must be owner of (table|relation) audit_log/,
      )
      expect(await refusal(client, 'truncate audit_log')).toMatch(
        /permission denied for table audit_log/,
      )
    } finally {
      await client.end()
    }
  })
})

describe.runIf(adminUrl)("compose.yaml's database", () => {
  const root = path.resolve(import.meta.dirname, '../..')
  const compose = YAML.parse(fs.readFileSync(path.join(root, 'compose.yaml'), 'utf8'), {
    merge: true,
  })
  const secrets: Record<string, string> = {
    POSTGRES_PASSWORD: 'superuser-pw-1',
    DB_OWNER_PASSWORD: 'owner-pw-1',
    DB_APP_PASSWORD: 'app-pw-1',
  }
  /** compose's ${NAME}, ${NAME:-default} and ${NAME:?message}, from `secrets`. */
  const expand = (text: string) =>
    String(text).replace(
      /\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g,
      (_, name: string, kind: string, rest: string) => secrets[name] ?? (kind === '-' ? rest : ''),
    )

  test('its init script makes the roles the app connects as; the app starts, and its role cannot change the trail', async () => {
    const { openDatabase } = await import('~/backend/db/client')
    const db = compose.services.db
    const dbEnv: Record<string, string> = Object.fromEntries(
      Object.entries(db.environment).map(([name, value]) => [name, expand(String(value))]),
    )
    const [, script, target] =
      /^(\.\/[^:]+):(\/docker-entrypoint-initdb\.d\/[^:]+)/.exec(
        db.volumes.find((item: string) => item.includes('/docker-entrypoint-initdb.d/')),
      ) ?? []
    expect(target).toBeTruthy()
    // The roles are the whole server's: the ones a run that stopped half-way left are dropped first.
    const server = new URL(adminUrl!)
    const database = `lb_test_${crypto.randomBytes(6).toString('hex')}`
    await asAdmin(async (admin) => {
      for (const role of ['landbanking_app', 'landbanking_owner'])
        await admin.query(`drop role if exists ${role}`)
      // What the image does before its init scripts: POSTGRES_DB, owned by POSTGRES_USER.
      await admin.query(`create database ${database}`)
    })
    extraDatabases.push(database)
    extraRoles.push('landbanking_app', 'landbanking_owner')
    const result = spawnSync('bash', [path.join(root, script)], {
      encoding: 'utf8',
      env: {
        ...process.env,
        ...dbEnv,
        POSTGRES_USER: decodeURIComponent(server.username),
        POSTGRES_DB: database,
        PGHOST: server.hostname,
        PGPORT: server.port,
        PATH: `${findPostgresBin()}:${process.env.PATH}`,
      },
    })
    expect(result.status, result.stderr).toBe(0)

    const app = compose.services['app-1'].environment
    const local = (url: string) => {
      const parsed = new URL(expand(url))
      expect(`${parsed.hostname}:${parsed.port}${parsed.pathname}`).toBe(
        `db:5432/${dbEnv.POSTGRES_DB}`,
      )
      parsed.host = server.host
      parsed.pathname = `/${database}`
      return parsed.toString()
    }
    const urls = { app: local(app.DATABASE_URL), owner: local(app.DATABASE_MIGRATION_URL) }
    const started = await openDatabase({
      databaseUrl: urls.app,
      migrationUrl: urls.owner,
      dataDir: api.dataDir,
      poolSize: 1,
    })
    await started.close()
    const client = new pg.Client({ connectionString: urls.app })
    await client.connect()
    try {
      expect((await client.query('select current_user as role')).rows).toEqual([
        { role: 'landbanking_app' },
      ])
      expect(await refusal(client, 'alter table audit_log disable trigger all')).toMatch(
        /must be owner of table audit_log/,
      )
      expect(await refusal(client, 'delete from audit_log')).toMatch(
        /permission denied for table audit_log/,
      )
    } finally {
      await client.end()
    }
  })
})
