import { and, eq, or, sql, type SQL } from 'drizzle-orm'
import { hasPermission, type Permission } from '~/contract/permissions'
import type { Executor } from '../db/client'
import { files, subscriptions, transactions, users } from '../db/schema'
import type { ApiUser } from '../http/context'
import { fileUrl as mediaFileUrl } from '../files/urls'

/** Staff holding any of these (and super admins) see every subscription. */
export const SUBSCRIPTION_STAFF_PERMISSIONS: Permission[] = [
  'can_modify_subscription',
  'can_record_transaction',
  'can_verify_transaction',
]

export function seesAllSubscriptions(user: ApiUser) {
  return (
    (user.role === 'admin' || user.role === 'super_admin') &&
    hasPermission(user, ...SUBSCRIPTION_STAFF_PERMISSIONS)
  )
}

/**
 * Which subscriptions a user may see, as a condition on `subscriptions` alone (no join needed):
 * all (staff), its own and its customers' (realtor), its own (anyone else). undefined means no
 * restriction.
 */
export function visibleSubscriptions(user: ApiUser): SQL | undefined {
  if (seesAllSubscriptions(user)) return undefined
  if (user.role === 'realtor') {
    const customers = sql`(select ${users.id} from ${users} where ${users.realtorId} = ${user.id})`
    return or(eq(subscriptions.userId, user.id), sql`${subscriptions.userId} in ${customers}`)
  }
  return eq(subscriptions.userId, user.id)
}

/** The address the media module serves a stored file at (/api/v1/media/<name>); proofs are answered as this URL. */
export function fileUrl(name: string) {
  return mediaFileUrl(encodeURIComponent(name))
}

/** The stored file name in a URL (or bare name) handed back from media/upload: its last path segment. */
export function fileNameFromUrl(value: string): string | null {
  let pathname = value.trim()
  try {
    pathname = new URL(pathname, 'http://local').pathname
  } catch {
    return null
  }
  const last = pathname.split('/').filter(Boolean).pop()
  if (!last) return null
  try {
    return decodeURIComponent(last)
  } catch {
    return null
  }
}

/**
 * May this user read a stored file that serves as a proof of payment? Yes when the file is the
 * proof of a transaction on a subscription the user may see (the owner, its realtor, staff who
 * see subscriptions). The uploader of a file keeps access through the media module's own rule.
 * The media module's canReadFile asks this for every file that is not a product image.
 */
export async function canReadProofFile(
  db: Executor,
  user: ApiUser | null,
  fileId: number,
): Promise<boolean> {
  if (!user) return false
  const visible = visibleSubscriptions(user)
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .innerJoin(subscriptions, eq(subscriptions.id, transactions.subscriptionId))
    .where(and(eq(transactions.proofFileId, fileId), visible))
    .limit(1)
  return Boolean(row)
}

/** A file the caller uploaded, found from the URL it was given. */
export async function findOwnUpload(db: Executor, user: ApiUser, url: string) {
  const name = fileNameFromUrl(url)
  if (!name) return null
  const [file] = await db
    .select({ id: files.id, name: files.name, contentType: files.contentType })
    .from(files)
    .where(and(eq(files.name, name), eq(files.ownerId, user.id)))
    .limit(1)
  return file ?? null
}
