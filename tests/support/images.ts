/**
 * Image files for the upload checks: real ones (a PNG drawn here, a JPEG from chromium's encoder)
 * and the malicious or broken files that must be refused whatever they are named.
 */
import crypto from 'node:crypto'
import { encodePng, pngChunk } from '../../app/backend/files/png'

/** A 4×3 JPEG (a blue band over green), as a browser's canvas encodes it. */
export const TINY_JPEG = new Uint8Array(
  Buffer.from(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAADAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAaEAEAAQUAAAAAAAAAAAAAAAAAAQIDE1OS/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAbEQACAQUAAAAAAAAAAAAAAAAAAQMSFFFSkf/aAAwDAQACEQMRAD8Arw29dHMAJ64l2fWBUrB//9k=',
    'base64',
  ),
)

export function realPng(width = 4, height = 3) {
  return encodePng(width, height, new Uint8Array(width * height * 3).fill(120))
}

/** A small real PNG of random colour: a different screenshot each time (a proof proves one payment). */
export function uniquePng(width = 4, height = 3) {
  return encodePng(width, height, new Uint8Array(crypto.randomBytes(width * height * 3)))
}

/** A real PNG of noise, which does not compress: 1024×700 is over 2 MB, 1000×696 just under. */
export function noisyPng(width = 1024, height = 700) {
  return encodePng(width, height, new Uint8Array(crypto.randomBytes(width * height * 3)))
}

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'))
const join = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts))

const SCRIPT = '<script>alert(document.cookie)</script>'
const HTML = `<!DOCTYPE html><html><body>${SCRIPT}</body></html>`

/** Files that must be refused, each with what it is. */
export function refusedFiles(): { what: string; content: Uint8Array }[] {
  const png = realPng()
  const iend = png.length - 12
  return [
    { what: 'an HTML page', content: bytes(HTML) },
    {
      what: 'an SVG with a script',
      content: bytes(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">${SCRIPT}</svg>`),
    },
    {
      what: 'a plain SVG',
      content: bytes(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
      ),
    },
    { what: 'a PNG signature followed by HTML', content: join(png.subarray(0, 8), bytes(HTML)) },
    { what: 'a whole PNG with HTML after its end', content: join(png, bytes(HTML)) },
    {
      what: 'a valid PNG with a script in a text chunk',
      content: join(
        png.subarray(0, iend),
        pngChunk('tEXt', bytes(`Comment\u0000${SCRIPT}`)),
        png.subarray(iend),
      ),
    },
    {
      what: 'a GIF',
      content: bytes(
        'GIF89a\u0001\u0000\u0001\u0000\u0080\u0000\u0000\u0000\u0000\u0000\u00ff\u00ff\u00ff!\u00f9\u0004\u0001\u0000\u0000\u0000\u0000,\u0000\u0000\u0000\u0000\u0001\u0000\u0001\u0000\u0000\u0002\u0002D\u0001\u0000;',
      ),
    },
    { what: 'a GIF header with a script', content: bytes(`GIF89a/*${SCRIPT}*/`) },
    { what: 'a JPEG header with a script', content: join(TINY_JPEG.subarray(0, 4), bytes(SCRIPT)) },
    { what: 'a whole JPEG with a script after its end', content: join(TINY_JPEG, bytes(SCRIPT)) },
    {
      what: 'a JPEG with a script in a comment',
      content: join(
        TINY_JPEG.subarray(0, 2),
        new Uint8Array([0xff, 0xfe, 0x00, SCRIPT.length + 2]),
        bytes(SCRIPT),
        TINY_JPEG.subarray(2),
      ),
    },
    {
      what: 'a PDF',
      content: bytes('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF'),
    },
    { what: 'an empty file', content: new Uint8Array() },
    { what: 'a PNG cut after its header', content: png.subarray(0, 33) },
    { what: 'a PNG cut in its image data', content: png.subarray(0, png.length - 20) },
    {
      what: 'a PNG with a broken checksum',
      content: (() => {
        const copy = new Uint8Array(png)
        copy[29] ^= 0xff
        return copy
      })(),
    },
    { what: 'a JPEG cut before its end', content: TINY_JPEG.subarray(0, TINY_JPEG.length - 40) },
    { what: 'a JPEG start marker only', content: new Uint8Array([0xff, 0xd8, 0xff, 0xdb]) },
  ]
}

/** A small, complete PDF (one empty page); `note` makes each one different, as two bank exports are. */
export function tinyPdf(note = Math.random().toString(36).slice(2), extra = '') {
  return new TextEncoder().encode(
    `%PDF-1.4\n% ${note}\n1 0 obj <</Type/Catalog/Pages 2 0 R${extra}>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n` +
      '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  )
}
