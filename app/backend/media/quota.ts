import crypto from 'node:crypto'
import { and, eq, lt, sql } from 'drizzle-orm'
import type { Database, Executor } from '../db/client'
import { files, payouts, productImages, titleStepHistory, transactions, users } from '../db/schema'
import { refusedField } from '../http/errors'

/**
 * Uploads wait to be attached: a proof to a payment, an image to a product. Until then they count
 * against their uploader's quota, and the daily job removes those left unattached for a day, so
 * nobody fills the database with files that serve nothing.
 */
export const MAX_UNATTACHED_FILES = 20
export const MAX_UNATTACHED_BYTES = 20 * 1024 * 1024
export const UNATTACHED_LIFETIME_MS = 24 * 3600_000

export const QUOTA_MESSAGE =
  `You have too many uploaded files not yet attached to a payment or product (at most ${MAX_UNATTACHED_FILES} files or ` +
  `${MAX_UNATTACHED_BYTES / 1024 / 1024} MB). Use them, or upload again tomorrow once unused files are cleared.`

/** A file no payment, no product, no title step and no payout uses. */
const unattached = sql`not exists (select 1 from ${transactions} where ${transactions.proofFileId} = ${files.id})
  and not exists (select 1 from ${productImages} where ${productImages.fileId} = ${files.id})
  and not exists (select 1 from ${titleStepHistory} where ${titleStepHistory.documentFileId} = ${files.id})
  and not exists (select 1 from ${payouts} where ${payouts.proofFileId} = ${files.id})`

/** How many files, and how many bytes, this user uploaded that nothing uses yet. */
export async function unattachedUploads(db: Executor, ownerId: number) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${files.size}), 0)::bigint`,
    })
    .from(files)
    .where(and(eq(files.ownerId, ownerId), unattached))
  return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) }
}

/**
 * Runs `store` (which adds one file of `size` bytes) only within the uploader's quota. The owner's
 * row is locked meanwhile, so parallel uploads cannot all slip under the cap together.
 */
export async function withinUploadQuota<T>(
  db: Database,
  ownerId: number,
  size: number,
  field: string,
  store: (tx: Executor) => Promise<T>,
) {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update')
    const pending = await unattachedUploads(tx, ownerId)
    if (pending.count + 1 > MAX_UNATTACHED_FILES || pending.bytes + size > MAX_UNATTACHED_BYTES) {
      throw refusedField(field, QUOTA_MESSAGE)
    }
    return store(tx)
  })
}

/** The daily clean-up: files nothing uses, uploaded more than a day before `now`. */
export async function removeUnattachedUploads(db: Database, now: Date) {
  const cutoff = new Date(now.getTime() - UNATTACHED_LIFETIME_MS)
  const removed = await db
    .delete(files)
    .where(and(lt(files.createdAt, cutoff), unattached))
    .returning({ id: files.id })
  return removed.length
}

/**
 * The same bytes this user already uploaded to this folder and has not attached yet: a form sent
 * again after a mistake (a wrong amount) answers that file instead of spending the quota again.
 */
export async function unattachedCopy(
  db: Executor,
  ownerId: number,
  folder: string,
  bytes: Uint8Array,
) {
  const sha = crypto.createHash('sha256').update(bytes).digest('hex')
  const [file] = await db
    .select({ id: files.id, name: files.name, contentType: files.contentType, size: files.size })
    .from(files)
    .where(
      and(
        eq(files.ownerId, ownerId),
        eq(files.folder, folder),
        eq(files.contentSha256, sha),
        unattached,
      ),
    )
    .limit(1)
  return file ?? null
}
