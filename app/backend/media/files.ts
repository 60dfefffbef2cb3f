import crypto from 'node:crypto'
import { MAX_UPLOAD_BYTES, MEDIA_PATH } from '~/contract/products'
import type { Executor } from '../db/client'
import { files } from '../db/schema'
import { fieldError } from '../http/errors'

export type ImageType = { contentType: 'image/png' | 'image/jpeg'; extension: 'png' | 'jpg' }

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/**
 * The image type told by a file's first bytes, whatever its name says: a PNG signature followed by
 * its IHDR chunk, or a JPEG start-of-image followed by a marker. Anything else is refused.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  // Signature (8), then the IHDR chunk: length (4), type (4), 13 bytes of data, CRC (4).
  if (bytes.length >= 33 && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) {
    const chunkType = String.fromCharCode(...bytes.subarray(12, 16))
    const length = (bytes[8] << 24) | (bytes[9] << 16) | (bytes[10] << 8) | bytes[11]
    if (chunkType === 'IHDR' && length === 13) return { contentType: 'image/png', extension: 'png' }
    return null
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff && bytes[3] >= 0xc0) {
    return { contentType: 'image/jpeg', extension: 'jpg' }
  }
  return null
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/** Strict base64 (a data: URL prefix and whitespace allowed), or null when it is not base64. */
export function decodeBase64(text: string): Uint8Array | null {
  const body = text.replace(/^data:[\w/+.-]*;base64,/, '').replace(/\s+/g, '')
  if (!BASE64.test(body) || body.length % 4 === 1) return null
  return new Uint8Array(Buffer.from(body, 'base64'))
}

export const NOT_AN_IMAGE = 'The file must be a PNG or JPEG image'
export const TOO_LARGE = 'The file may not be greater than 2 MB'
export const EMPTY_FILE = 'The file is empty'

/** Checks an upload's content and stores it under a random name; the field named in errors is the API's. */
export async function storeImage(
  db: Executor,
  bytes: Uint8Array,
  { folder, ownerId, field = 'file_in_base64' }: { folder: string; ownerId: number | null; field?: string }
) {
  if (bytes.length === 0) throw fieldError(field, EMPTY_FILE)
  if (bytes.length > MAX_UPLOAD_BYTES) throw fieldError(field, TOO_LARGE)
  const type = detectImageType(bytes)
  if (!type) throw fieldError(field, NOT_AN_IMAGE)
  const name = `${crypto.randomBytes(16).toString('hex')}.${type.extension}`
  const [stored] = await db
    .insert(files)
    .values({ name, folder, contentType: type.contentType, size: bytes.length, content: bytes, ownerId })
    .returning({ id: files.id, name: files.name, contentType: files.contentType, size: files.size })
  return stored
}

export const fileUrl = (name: string) => `${MEDIA_PATH}${name}`

/** The stored name behind a file URL, absolute or relative: '…/api/v1/media/<name>' → '<name>'. */
export function fileNameFromUrl(url: string) {
  const match = /\/api\/v1\/media\/([a-f0-9]{32}\.(?:png|jpg))(?:[?#].*)?$/.exec(url.trim())
  return match ? match[1] : null
}
