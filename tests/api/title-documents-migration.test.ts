import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'

/**
 * Migration 0019 on a database that already has one document on two customers' title steps (the
 * leak it closes): the first purchase keeps the file, the other gets its own copy, and from then on
 * the database refuses a step carrying another purchase's document. Runs in the PostgreSQL pass
 * (TEST_DATABASE_URL), where a fresh database costs little; the PGlite pass starts from a template
 * already migrated.
 */

const adminUrl = process.env.TEST_DATABASE_URL
const MIGRATIONS = path.resolve(import.meta.dirname, '../../app/backend/db/migrations')
const TAG = '0019_unconfirmed_payment_expiry'

let client: pg.Client
let name: string

beforeAll(async () => {
  if (!adminUrl) return
  name = `lb_migration_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
})

afterAll(async () => {
  if (!adminUrl) return
  await client?.end()
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${name}`)
  await admin.end()
})

/** The migrations folder as it stood before 0019. */
function migrationsBefore() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-migrations-'))
  fs.cpSync(MIGRATIONS, folder, { recursive: true })
  fs.rmSync(path.join(folder, `${TAG}.sql`))
  const journalPath = path.join(folder, 'meta/_journal.json')
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === TAG),
  )
  fs.writeFileSync(journalPath, JSON.stringify(journal))
  return folder
}

const rows = async (query: string, values: unknown[] = []) =>
  (await client.query(query, values)).rows

test.skipIf(!adminUrl)(
  'a document shared by two purchases before the migration: the first keeps it, the second gets its own copy, and the database refuses sharing',
  async () => {
    const db = drizzle(client)
    const before = migrationsBefore()
    await migrate(db, { migrationsFolder: before })
    fs.rmSync(before, { recursive: true, force: true })

    const [first, second] = await rows(
      `insert into users (reference, email, password_hash, first_name, last_name, role)
     values ('CUS-FIRST', 'first@example.com', 'x', 'Ada', 'One', 'customer'), ('CUS-SECOND', 'second@example.com', 'x', 'Bola', 'Two', 'customer')
     returning id`,
    )
    const [product] = await rows(
      `insert into products (reference, type, description, amount) values ('PRD-MIGRATE', 'land', 'Plots', 100000) returning id`,
    )
    const [firstPurchase, secondPurchase] = await rows(
      `insert into subscriptions (reference, user_id, product_id, type, status, payment_mode, total_amount, total_amount_paid)
     values ('SUB-FIRST', $1, $3, 'land', 'completed', 'full', 100000, 100000), ('SUB-SECOND', $2, $3, 'land', 'completed', 'full', 100000, 100000)
     returning id`,
      [first.id, second.id, product.id],
    )
    const [letter] = await rows(
      `insert into files (name, folder, content_type, size, content) values ('0123456789abcdef0123456789abcdef.pdf', 'titles', 'application/pdf', 3, '\\x255044') returning id`,
    )
    for (const [subscription, step, date] of [
      [firstPurchase.id, 'allocation_letter', '2026-01-05'],
      [secondPurchase.id, 'allocation_letter', '2026-01-06'],
      [secondPurchase.id, 'plot_allocated', '2026-01-07'],
    ]) {
      await rows(
        `insert into title_step_history (subscription_id, step, status, date, document_file_id) values ($1, $2, 'done', $3, $4)`,
        [subscription, step, date, letter.id],
      )
      await rows(
        `insert into title_steps (subscription_id, step, status, date, document_file_id) values ($1, $2, 'done', $3, $4)`,
        [subscription, step, date, letter.id],
      )
    }

    await migrate(db, { migrationsFolder: MIGRATIONS })

    const documents = async (table: string, subscription: number) =>
      (
        await rows(
          `select document_file_id from ${table} where subscription_id = $1 order by step`,
          [subscription],
        )
      ).map((row) => row.document_file_id)
    for (const table of ['title_steps', 'title_step_history'])
      expect(await documents(table, firstPurchase.id)).toEqual([letter.id])
    const [copyId] = await documents('title_steps', secondPurchase.id)
    expect(copyId).not.toBe(letter.id)
    expect(await documents('title_steps', secondPurchase.id)).toEqual([copyId, copyId])
    expect(await documents('title_step_history', secondPurchase.id)).toEqual([copyId, copyId])
    const [original, copy] = await rows(
      `select id, name, content_type, content from files where id = any($1) order by id = $2 desc`,
      [[letter.id, copyId], letter.id],
    )
    expect(copy.name).toMatch(/^[0-9a-f]{32}\.pdf$/)
    expect(copy.name).not.toBe(original.name)
    expect([copy.content_type, Buffer.from(copy.content).toString('hex')]).toEqual([
      'application/pdf',
      '255044',
    ])
    expect(
      await rows('select file_id, subscription_id from title_documents order by file_id'),
    ).toEqual([
      { file_id: letter.id, subscription_id: firstPurchase.id },
      { file_id: copyId, subscription_id: secondPurchase.id },
    ])

    await expect(
      rows(`update title_steps set document_file_id = $1 where subscription_id = $2`, [
        letter.id,
        secondPurchase.id,
      ]),
    ).rejects.toThrow(/title_steps_document_of_subscription_fk/)
    await expect(
      rows(
        `insert into title_step_history (subscription_id, step, status, date, document_file_id) values ($1, 'survey_plan', 'done', '2026-01-08', $2)`,
        [secondPurchase.id, letter.id],
      ),
    ).rejects.toThrow(/title_step_history_document_of_subscription_fk/)
  },
)
