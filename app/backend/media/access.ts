import { isStaff } from '~/contract/permissions'
import { PRODUCT_IMAGE_FOLDER } from '~/contract/products'
import type { Executor } from '../db/client'
import type { ApiUser } from '../http/context'

export type StoredFileInfo = { id: number; folder: string; ownerId: number | null }

/** Folders whose files anyone may fetch (an <img> sends no bearer token). */
export const PUBLIC_FOLDERS = new Set([PRODUCT_IMAGE_FOLDER])

/**
 * Who may fetch a stored file. Product images: everyone. Anything else (proofs of payment):
 * its owner and staff. Extend this one function when more people may see a file (for example
 * whoever may see the subscription a proof belongs to).
 */
export async function canReadFile(_db: Executor, user: ApiUser | null, file: StoredFileInfo) {
  if (PUBLIC_FOLDERS.has(file.folder)) return true
  if (!user) return false
  if (file.ownerId !== null && file.ownerId === user.id) return true
  return isStaff(user)
}
