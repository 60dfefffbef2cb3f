import { PRODUCT_IMAGE_FOLDER } from '~/contract/products'
import type { Executor } from '../db/client'
import type { ApiUser } from '../http/context'
import { canReadPayoutProof } from '../payouts/access'
import { canReadProofFile } from '../subscriptions/access'
import { canReadTitleFile } from '../titles/service'

export type StoredFileInfo = { id: number; folder: string; ownerId: number | null }

/** Folders whose files anyone may fetch (an <img> sends no bearer token). */
export const PUBLIC_FOLDERS = new Set([PRODUCT_IMAGE_FOLDER])

/**
 * Who may fetch a stored file. Product images: everyone. Anything else (proofs of payment, proofs
 * of payouts, title documents): its owner, whoever may see the subscription it proves a payment
 * for, the investment it proves a payout of, or documents a title step of (its customer, its
 * realtor, staff who see subscriptions, record payouts or record titles), and the super admin.
 * Other staff are told it does not exist, like anyone else.
 */
export async function canReadFile(db: Executor, user: ApiUser | null, file: StoredFileInfo) {
  if (PUBLIC_FOLDERS.has(file.folder)) return true
  if (!user) return false
  if (file.ownerId !== null && file.ownerId === user.id) return true
  if (user.role === 'super_admin') return true
  return (
    (await canReadProofFile(db, user, file.id)) ||
    (await canReadPayoutProof(db, user, file.id)) ||
    canReadTitleFile(db, user, file.id)
  )
}
