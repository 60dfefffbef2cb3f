import { crc32 } from './png'

export type ImageType = { contentType: 'image/png' | 'image/jpeg'; extension: 'png' | 'jpg' }
export type StoredType = ImageType | { contentType: 'application/pdf'; extension: 'pdf' }

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const PNG: ImageType = { contentType: 'image/png', extension: 'png' }
const JPEG: ImageType = { contentType: 'image/jpeg', extension: 'jpg' }

/**
 * The image type told by a file's content, whatever its name says: a whole PNG or JPEG (a
 * truncated one is refused) with no markup in it. Markup anywhere (a script after the image, in a
 * comment or a text chunk) makes a polyglot that some software would run as a page: refused too.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (hasMarkup(bytes)) return null
  if (isCompletePng(bytes)) return PNG
  if (isCompleteJpeg(bytes)) return JPEG
  return null
}

const PDF: StoredType = { contentType: 'application/pdf', extension: 'pdf' }
const PDF_MAGIC = '%PDF-'
// Actions a reader may run or open by themselves: a bank's statement of a transfer needs none.
const PDF_ACTIVE = /\/(?:JavaScript|JS|Launch|EmbeddedFiles?|RichMedia|XFA)(?![A-Za-z])/

/**
 * A proof of payment may also be a PDF (bank apps export them): it starts with %PDF-, ends with
 * %%EOF (a truncated file is refused), carries no markup, and no script, launch action or
 * embedded file. PDFs are only ever served as downloads, never shown inline.
 */
export function detectProofType(bytes: Uint8Array): StoredType | null {
  const image = detectImageType(bytes)
  if (image) return image
  if (bytes.length < 16 || hasMarkup(bytes)) return null
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  if (!text.startsWith(PDF_MAGIC) || !/^\d\.\d/.test(text.slice(5, 8))) return null
  if (!text.slice(-1024).includes('%%EOF')) return null
  if (PDF_ACTIVE.test(text)) return null
  return PDF
}

const uint32 = (bytes: Uint8Array, at: number) =>
  ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0

/** Signature, IHDR first, every chunk whole with a right CRC, and nothing after IEND. */
function isCompletePng(bytes: Uint8Array) {
  if (bytes.length < 8 + 25 + 12 || !PNG_SIGNATURE.every((byte, index) => bytes[index] === byte))
    return false
  let offset = 8
  while (offset + 12 <= bytes.length) {
    const length = uint32(bytes, offset)
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8))
    if (length > bytes.length - offset - 12) return false
    if (offset === 8 && (type !== 'IHDR' || length !== 13)) return false
    if (
      crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== uint32(bytes, offset + 8 + length)
    )
      return false
    offset += 12 + length
    if (type === 'IEND') return offset === bytes.length
  }
  return false
}

/** Start of image, whole marker segments up to the first scan, then an end of image. */
function isCompleteJpeg(bytes: Uint8Array) {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return false
  let offset = 2
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return false
    const marker = bytes[offset + 1]
    if (marker === 0xff) {
      offset += 1 // fill byte
      continue
    }
    if (marker === 0xd8 || marker === 0xd9 || marker === 0x00) return false
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2
      continue
    }
    const length = (bytes[offset + 2] << 8) | bytes[offset + 3]
    if (length < 2 || offset + 2 + length > bytes.length) return false
    offset += 2 + length
    if (marker === 0xda) {
      // Entropy-coded data (and any further scans) until the end-of-image marker.
      for (let at = offset; at + 1 < bytes.length; at++) {
        if (bytes[at] === 0xff && bytes[at + 1] === 0xd9) return true
      }
      return false
    }
  }
  return false
}

const MARKUP = /<(?:script|html|svg|iframe|body|object|embed|!doctype)[\s>/]|javascript:/

function hasMarkup(bytes: Uint8Array) {
  return MARKUP.test(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1').toLowerCase(),
  )
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/** Strict base64 (a data: URL prefix and whitespace allowed), or null when it is not base64. */
export function decodeBase64(text: string): Uint8Array | null {
  const body = text.replace(/^data:[\w/+.-]*;base64,/, '').replace(/\s+/g, '')
  if (!BASE64.test(body) || body.length % 4 === 1) return null
  return new Uint8Array(Buffer.from(body, 'base64'))
}
