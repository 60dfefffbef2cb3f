import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { endpointList } from '~/contract/endpoints'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApi, type TestApi } from '../support/api-harness'

/**
 * The audit trail itself: entries cannot be changed or deleted, by the API or by SQL; GET
 * admin/audit filters by actor, action, record (its own or one it concerns), dates and search;
 * only the super admin and can_view_audit read it; its CSV export holds exactly the listed rows.
 */

type Staff = Awaited<ReturnType<TestApi['createStaff']>>

let api: TestApi
let superAdmin: string
let auditor: Staff
let peopleAdmin: Staff
let customerToken: string
const hyperlinkName = '=HYPERLINK("http://x")'
let hyperlinkCustomer: string
let formulaActor: string

beforeAll(async () => {
  api = await createTestApi()
  superAdmin = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token
  auditor = await api.createStaff(['can_view_audit'])
  peopleAdmin = await api.createStaff(['can_view_customer', 'can_modify_customer'])
  customerToken = (await api.registerUser('customer')).token
  const email = `chidi-${Date.now()}@example.com`
  const made = await api.call('POST', 'admin/customer', {
    token: peopleAdmin.token,
    body: { first_name: 'Chidi', last_name: 'Okafor', email },
  })
  expect(made.httpStatus, made.message).toBe(200)
  hyperlinkCustomer = made.data.reference
  formulaActor = await formulaNamedSignIn()
  // A change with a new name, so the customer's history holds two entries and the search has a word to find.
  const changed = await api.call('POST', `admin/customer/${made.data.reference}`, {
    token: peopleAdmin.token,
    body: { first_name: 'Chidi', last_name: 'Okafor-Bello', email },
  })
  expect(changed.httpStatus, changed.message).toBe(200)
})
/**
 * Names are letters when typed into the product, but an account made before that rule (or by an
 * import) may hold anything: a customer whose first name is a formula signs in, so an entry's
 * actor begins with "=".
 */
async function formulaNamedSignIn() {
  const customer = await api.registerUser('customer')
  await api.db.execute(
    sql`update users set first_name = ${hyperlinkName} where email = ${customer.email}`,
  )
  const signedIn = await api.login(customer.email, customer.password)
  return signedIn.user.reference as string
}

afterAll(async () => {
  await api?.close()
})

/** The database's own message for a statement it refused (drizzle wraps it as the cause). */
async function refusal(run: () => Promise<unknown>) {
  try {
    await run()
  } catch (error) {
    return String((error as { cause?: Error }).cause?.message ?? (error as Error).message)
  }
  return 'not refused'
}

const list = (query: string, token = superAdmin) =>
  api.call('GET', `admin/audit?${query}`, { token })

describe('entries are append-only', () => {
  test('UPDATE, DELETE and TRUNCATE on the table are refused by the database, and the entries stay as written', async () => {
    // On PostgreSQL the app's role holds no such right (tests/api/audit-roles.test.ts); on PGlite the
    // one role owns the table and its trigger refuses.
    const refused = api.databaseUrls
      ? /permission denied for table audit_log/
      : /The audit log is append-only: (UPDATE|DELETE|TRUNCATE) is refused/
    const before = (await list('')).data.items[0]
    expect(before).toBeTruthy()
    for (const statement of [
      sql`update audit_log set summary = 'rewritten' where id = ${Number(before.id)}`,
      sql`delete from audit_log where id = ${Number(before.id)}`,
      sql`truncate audit_log`,
    ]) {
      expect(await refusal(() => api.db.execute(statement))).toMatch(refused)
    }
    const after = (await list('')).data.items.find(
      (entry: { id: string }) => entry.id === before.id,
    )
    expect(after).toEqual(before)
  })

  test("every table a trigger keeps append-only is one the app's role may only read and add to (db/roles.ts)", async () => {
    const { APPEND_ONLY_TABLES } = await import('~/backend/db/roles')
    const { rows } = (await api.db.execute(sql`
      select distinct c.relname from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
       where not t.tgisinternal and p.proname like '%append_only%' order by c.relname`)) as unknown as {
      rows: Array<{ relname: string }>
    }
    expect(rows.map((row) => row.relname)).toEqual([...APPEND_ONLY_TABLES])
  })

  test('the API offers no way to change or delete an entry: its only audit endpoint is a GET', () => {
    const audit = endpointList.filter((entry) => entry.path.includes('audit'))
    expect(audit.map((entry) => `${entry.method} ${entry.path}`)).toEqual(['GET admin/audit'])
  })
})

describe('GET admin/audit', () => {
  test('the super admin and staff holding can_view_audit read it; a customer and other staff are refused', async () => {
    expect((await list('')).httpStatus).toBe(200)
    expect((await list('', auditor.token)).httpStatus).toBe(200)
    expect((await list('', peopleAdmin.token)).httpStatus).toBe(403)
    expect((await list('', customerToken)).httpStatus).toBe(403)
    expect((await api.call('GET', 'admin/audit')).httpStatus).toBe(401)
  })

  test("filters: a record's own entries, an actor, an action, a search and the dates", async () => {
    const byRecord = await list(`record=${hyperlinkCustomer}`)
    expect(byRecord.data.items.map((entry: { action: string }) => entry.action)).toEqual([
      'customer.updated',
      'customer.created',
    ])
    const [updated] = byRecord.data.items
    expect(updated.actor.reference).toBe(peopleAdmin.user.reference)
    expect(updated.action_label).toBe('Changed customer')
    expect(updated.changes.last_name).toEqual({ before: 'Okafor', after: 'Okafor-Bello' })

    const byActor = await list(`actor=${peopleAdmin.user.reference}`)
    expect(byActor.data.items.length).toBeGreaterThanOrEqual(2)
    expect(
      byActor.data.items.every(
        (entry: { actor: { reference: string } }) =>
          entry.actor.reference === peopleAdmin.user.reference,
      ),
    ).toBe(true)

    const byAction = await list('action=customer.created')
    expect(
      byAction.data.items.every((entry: { action: string }) => entry.action === 'customer.created'),
    ).toBe(true)
    expect(
      byAction.data.items.some(
        (entry: { record: { reference: string } }) => entry.record.reference === hyperlinkCustomer,
      ),
    ).toBe(true)

    const bySearch = await list('search=Okafor-Bello')
    expect(
      bySearch.data.items.map((entry: { record: { reference: string } }) => entry.record.reference),
    ).toContain(hyperlinkCustomer)

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date())
    expect(
      (await list(`record=${hyperlinkCustomer}&from=${today}&to=${today}`)).data.items,
    ).toHaveLength(2)
    expect((await list(`record=${hyperlinkCustomer}&to=2020-01-01`)).data.items).toHaveLength(0)
    // Junk in a filter is refused under its name, so nobody reads an unfiltered trail by mistake; an empty filter is none.
    const junk = await list('action=not-an-action&from=yesterday')
    expect(junk.httpStatus).toBe(422)
    expect(Object.keys(junk.data).sort()).toEqual(['action', 'from'])
    expect((await list('action=&from=&search=')).httpStatus).toBe(200)
  })

  test('a sign-in by a signed-out visitor and the system actor are told apart', async () => {
    const failed = await list(`action=auth.sign_in_failed&actor=${encodeURIComponent('nobody-')}`)
    expect(failed.httpStatus).toBe(200)
    const system = await list('actor=system')
    expect(
      system.data.items.every(
        (entry: { actor: { reference: string | null; name: string } }) =>
          entry.actor.reference === null && entry.actor.name === 'system',
      ),
    ).toBe(true)
  })
})

describe('the CSV export', () => {
  async function exportCsv(query: string, token = superAdmin) {
    const answer = await api.call('GET', `admin/audit?format=csv&${query}`, { token })
    const bytes = Buffer.from(await answer.response.arrayBuffer())
    return { answer, bytes, lines: bytes.subarray(3).toString('utf8').trim().split('\r\n') }
  }

  test('UTF-8 with a byte order mark, a header, one line per entry the list counts, named after the list and the day', async () => {
    const { answer, bytes, lines } = await exportCsv('action=customer.created')
    expect(answer.httpStatus).toBe(200)
    expect(answer.response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(answer.response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(lines[0]).toBe(
      'id,at,actor_reference,actor,action,record_type,record_reference,related,summary,changes,client_ip,user_agent',
    )
    let total = 0
    for (let page = 1; ; page++) {
      const { data } = await list(`action=customer.created&page=${page}`)
      total += data.items.length
      if (page >= data.totalPages) break
    }
    expect(lines).toHaveLength(total + 1)
    expect(lines.slice(1).every((line) => line.includes(',customer.created,customer,'))).toBe(true)
  })

  test('a name that is a formula is written as text, so a spreadsheet does not run it', async () => {
    const { lines } = await exportCsv(`actor=${formulaActor}&action=auth.sign_in`)
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(`,${formulaActor},"'=HYPERLINK(""http://x"") `)
  })

  test('refused to those the list refuses', async () => {
    expect((await exportCsv('', peopleAdmin.token)).answer.httpStatus).toBe(403)
    expect((await exportCsv('', customerToken)).answer.httpStatus).toBe(403)
  })
})
