import { PRODUCT_IMAGE_FOLDER } from '~/contract/products'
import type { Executor } from '../db/client'
import type { ApiUser } from '../http/context'
import { canReadProofFile } from '../subscriptions/access'

export type StoredFileInfo = { id: number; folder: string; ownerId: number | null }

/** Folders whose files anyone may fetch (an <img> sends no bearer token). */
export const PUBLIC_FOLDERS = new Set([PRODUCT_IMAGE_FOLDER])

/**
 * Who may fetch a stored file. Product images: everyone. Anything else: its uploader, and, for
 * a proof of payment, whoever may see the subscription it was sent for (its owner, the owner's
 * realtor, staff who see subscriptions). Everyone else is answered as if the file did not exist.
 */
export async function canReadFile(db: Executor, user: ApiUser | null, file: StoredFileInfo) {
  if (PUBLIC_FOLDERS.has(file.folder)) return true
  if (!user) return false
  if (file.ownerId !== null && file.ownerId === user.id) return true
  return canReadProofFile(db, user, file.id)
}
