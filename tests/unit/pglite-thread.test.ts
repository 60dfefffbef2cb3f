import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Connection } from '~/backend/db/client'
import { products, users } from '~/backend/db/schema'

// The server's database (a data folder) runs on a worker thread (app/backend/db/pglite-thread.ts);
// these check that drizzle and the API's queries get from it what they got from PGlite itself.
let folder: string
let connection: Connection

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-pglite-thread-'))
  connection = await openDatabase({ dataDir: folder })
})

afterAll(async () => {
  await connection?.close()
  fs.rmSync(folder, { recursive: true, force: true })
})

const customer = (n: number) => ({
  reference: `CUS-T${String(n).padStart(7, '0')}`,
  email: `thread-${n}@example.com`,
  firstName: 'Ngozi',
  lastName: `Eze ${n}`,
  role: 'customer' as const,
})

describe('the database on its own thread', () => {
  it('migrates the folder, and rows come back typed as drizzle maps them (dates, numbers, nulls)', async () => {
    const { db } = connection
    const [inserted] = await db.insert(users).values(customer(1)).returning()
    expect(inserted.email).toBe('thread-1@example.com')
    expect(inserted.createdAt).toBeInstanceOf(Date)
    expect(inserted.emailVerifiedAt).toBeNull()
    expect(inserted.isSuspended).toBe(false)
    const [{ total }] = await db
      .select({ total: count() })
      .from(users)
      .where(eq(users.email, 'thread-1@example.com'))
    expect(total).toBe(1)
    const { rows } = (await db.execute(sql`select current_date::text as today`)) as unknown as {
      rows: { today: string }[]
    }
    const [{ today }] = rows
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it("keeps PostgreSQL's error fields: a duplicate e-mail is error 23505, as the sign-up checks", async () => {
    const { db } = connection
    const failure = await db
      .insert(users)
      .values({ ...customer(2), email: 'thread-1@example.com' })
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(Error)
    const cause = (failure as { cause?: { code?: string } }).cause ?? (failure as { code?: string })
    expect(cause.code).toBe('23505')
  })

  it('a transaction that throws leaves nothing behind, and one that ends is kept whole', async () => {
    const { db } = connection
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(users).values(customer(3))
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(
      await db.select().from(users).where(eq(users.email, 'thread-3@example.com')),
    ).toHaveLength(0)

    await db.transaction(async (tx) => {
      await tx.insert(users).values(customer(4))
      await tx.insert(users).values(customer(5))
    })
    const kept = await db
      .select({ email: users.email })
      .from(users)
      .where(sql`${users.email} in ('thread-4@example.com', 'thread-5@example.com')`)
    expect(kept).toHaveLength(2)
  })

  it("nobody else's query runs inside an open transaction", async () => {
    const { db } = connection
    let releaseTransaction!: () => void
    const held = new Promise<void>((resolve) => (releaseTransaction = resolve))
    const transaction = db.transaction(async (tx) => {
      await tx.insert(users).values(customer(6))
      await held
      throw new Error('rolled back')
    })
    // Sent while the transaction holds its uncommitted row: it must not see it, nor be rolled back with it.
    const outside = db
      .select({ total: count() })
      .from(users)
      .where(eq(users.email, 'thread-6@example.com'))
    const insertedOutside = db.insert(users).values(customer(7)).returning()
    releaseTransaction()
    await expect(transaction).rejects.toThrow('rolled back')
    expect((await outside)[0].total).toBe(0)
    expect((await insertedOutside)[0].email).toBe('thread-7@example.com')
    expect(
      await db.select().from(users).where(eq(users.email, 'thread-7@example.com')),
    ).toHaveLength(1)
  })

  it('nested transactions roll back to their savepoint only', async () => {
    const { db } = connection
    await db.transaction(async (tx) => {
      await tx.insert(users).values(customer(8))
      await tx
        .transaction(async (inner) => {
          await inner.insert(users).values(customer(9))
          inner.rollback()
        })
        .catch(() => {})
    })
    const emails = (
      await db
        .select({ email: users.email })
        .from(users)
        .where(sql`${users.email} in ('thread-8@example.com', 'thread-9@example.com')`)
    ).map((row) => row.email)
    expect(emails).toEqual(['thread-8@example.com'])
  })

  it('while a slow query runs, this thread goes on with its other work', async () => {
    const { db } = connection
    const order: string[] = []
    const slow = db.execute(sql`select pg_sleep(0.3)`).then(() => order.push('query'))
    await new Promise<void>((resolve) => setImmediate(resolve))
    order.push('other work')
    await slow
    expect(order).toEqual(['other work', 'query'])
  })

  it('large answers (every product of a big insert) come back whole', async () => {
    const { db } = connection
    await db.execute(sql`
      insert into products (reference, type, description, location, amount, created_at)
      select 'PRD-T' || lpad(g::text, 7, '0'), 'land', 'A plot', 'Lekki ' || g, g * 100, now()
      from generate_series(1, 2000) g`)
    const rows = await db
      .select({ reference: products.reference, amount: products.amount })
      .from(products)
      .where(sql`${products.reference} like 'PRD-T%'`)
    expect(rows).toHaveLength(2000)
    expect(rows.find((row) => row.reference === 'PRD-T0001999')?.amount).toBe(199_900)
  })
})
