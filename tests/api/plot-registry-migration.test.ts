import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, beforeAll, expect, test } from 'vitest'

/**
 * Migration 0022 on a database whose title tracker holds plots typed as free text: those that read
 * as one block and one plot of a one-plot purchase become registry plots allocated to it (the first
 * recorded keeps a plot typed twice); the rest stay for the staff report (GET admin/estate/unmatched).
 */

const MIGRATIONS = path.resolve(import.meta.dirname, '../../app/backend/db/migrations')
const TAG = '0022_plot_registry'

let client: PGlite
const folders: string[] = []

/** The migrations folder without 0022 (and anything after it). */
function migrationsBefore() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-migrations-'))
  folders.push(folder)
  fs.cpSync(MIGRATIONS, folder, { recursive: true })
  const journalPath = path.join(folder, 'meta/_journal.json')
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === TAG),
  )
  fs.writeFileSync(journalPath, JSON.stringify(journal))
  return folder
}

beforeAll(async () => {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  client = new PGlite({ extensions: { pg_trgm } })
})
afterAll(async () => {
  await client?.close()
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true })
})

const rows = async <T>(query: string, values: unknown[] = []) =>
  (await client.query<T>(query, values)).rows

test('free-text allocations become registry plots where they read; the rest are left for the report', async () => {
  const db = drizzle(client)
  await migrate(db, { migrationsFolder: migrationsBefore() })

  const [user] = await rows<{ id: number }>(
    `insert into users (reference, email, password_hash, first_name, last_name, role)
     values ('CUS-MIGRATE', 'migrate@example.com', 'x', 'Ada', 'Obi', 'customer') returning id`,
  )
  const [sqm, acre] = await rows<{ id: number }>(
    `insert into products (reference, type, description, amount, land_type, size, size_in_measurement)
     values ('PRD-SQM', 'land', 'Plots', 100000, 'plot', 648, 'sqm'), ('PRD-ACRE', 'land', 'Acres', 100000, 'acre', 1, 'plots')
     returning id`,
  )
  const purchase = async (
    reference: string,
    product: number,
    quantity = 1,
    status = 'completed',
  ) => {
    const [row] = await rows<{ id: number }>(
      `insert into subscriptions (reference, user_id, product_id, type, status, payment_mode, quantity, total_amount, completed_at)
       values ($1, $2, $3, 'land', $4, 'full', $5, 100000, now()) returning id`,
      [reference, user.id, product, status, quantity],
    )
    return row.id
  }
  const typed = async (
    subscription: number,
    estate: string,
    block: string,
    plot: string,
    date: string,
  ) =>
    client.query(
      `insert into title_steps (subscription_id, step, status, date, estate, block, plot, recorded_at)
       values ($1, 'plot_allocated', 'done', $2, $3, $4, $5, $2::date)`,
      [subscription, date, estate, block, plot],
    )
  await typed(await purchase('SUB-FIRST', sqm.id), ' Palm  Grove ', 'Block C', '14', '2026-01-05')
  await typed(await purchase('SUB-TWICE', sqm.id), 'palm grove', 'c', 'Plot 14', '2026-02-01')
  await typed(await purchase('SUB-OTHER', sqm.id), 'Palm Grove', 'D', '2A', '2026-01-06')
  await typed(
    await purchase('SUB-GARBLED', sqm.id),
    'Palm Grove',
    'C & D',
    '14 and 15',
    '2026-01-07',
  )
  await typed(await purchase('SUB-SEVERAL', sqm.id, 2), 'Palm Grove', 'E', '1', '2026-01-08')
  await typed(await purchase('SUB-ACRE', acre.id), 'Kuje Farms', 'A', '1', '2026-01-09')
  await typed(
    await purchase('SUB-CANCELLED', sqm.id, 1, 'cancelled'),
    'Palm Grove',
    'F',
    '1',
    '2026-01-10',
  )

  await migrate(db, { migrationsFolder: MIGRATIONS })

  expect(await rows(`select name, address, utm_zone from estates order by name`)).toEqual([
    { name: 'Palm Grove', address: '', utm_zone: null },
  ])
  expect(
    await rows(
      `select b.name as block, p.number, p.size_sqm::float as size, s.reference, a.status, a.allocated_on::text as allocated_on
       from plots p join estate_blocks b on b.id = p.block_id
       left join plot_allocations a on a.plot_id = p.id
       left join subscriptions s on s.id = a.subscription_id
       order by b.name, p.number`,
    ),
  ).toEqual([
    {
      block: 'C',
      number: '14',
      size: 648,
      reference: 'SUB-FIRST',
      status: 'allocated',
      allocated_on: '2026-01-05',
    },
    {
      block: 'D',
      number: '2A',
      size: 648,
      reference: 'SUB-OTHER',
      status: 'allocated',
      allocated_on: '2026-01-06',
    },
  ])
  // From now on the database keeps one live holder per plot.
  const [twice] = await rows<{ id: number }>(
    `select id from subscriptions where reference = 'SUB-TWICE'`,
  )
  await expect(
    client.query(
      `insert into plot_allocations (plot_id, subscription_id, status) select id, $1, 'allocated' from plots where number = '14'`,
      [twice.id],
    ),
  ).rejects.toThrow(/plot_allocations_live_plot_idx/)
})
