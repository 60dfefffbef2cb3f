import crypto from 'node:crypto'
import { MAX_UPLOAD_BYTES } from '~/contract/products'
import type { Executor } from '../db/client'
import { files } from '../db/schema'
import { fieldError } from '../http/errors'
import { detectImageType, detectProofType } from '../files/content'

export const NOT_AN_IMAGE = 'The file must be a PNG or JPEG image'
export const NOT_A_PROOF = 'The file must be a PNG or JPEG image, or a PDF'
export const TOO_LARGE = 'The file may not be greater than 2 MB'
export const EMPTY_FILE = 'The file is empty'

/**
 * Checks an upload's content and stores it under a random name; the field named in errors is the
 * API's. `pdf`: a PDF is accepted too (proofs of payment; never product images).
 */
export async function storeImage(
  db: Executor,
  bytes: Uint8Array,
  {
    folder,
    ownerId,
    field = 'file_in_base64',
    pdf = false,
  }: { folder: string; ownerId: number | null; field?: string; pdf?: boolean },
) {
  if (bytes.length === 0) throw fieldError(field, EMPTY_FILE)
  if (bytes.length > MAX_UPLOAD_BYTES) throw fieldError(field, TOO_LARGE)
  const type = pdf ? detectProofType(bytes) : detectImageType(bytes)
  if (!type) throw fieldError(field, pdf ? NOT_A_PROOF : NOT_AN_IMAGE)
  const name = `${crypto.randomBytes(16).toString('hex')}.${type.extension}`
  const [stored] = await db
    .insert(files)
    .values({
      name,
      folder,
      contentType: type.contentType,
      size: bytes.length,
      content: bytes,
      contentSha256: crypto.createHash('sha256').update(bytes).digest('hex'),
      ownerId,
    })
    .returning({ id: files.id, name: files.name, contentType: files.contentType, size: files.size })
  return stored
}
