import jsQR from 'jsqr'
import * as mupdf from 'mupdf'

/**
 * The QR codes a PDF shows, read the way a phone would: each page rendered to pixels (MuPDF,
 * WebAssembly) and scanned (jsQR). Answers the decoded text of each code found, page by page.
 */
export function pdfQrCodes(bytes: Uint8Array): string[] {
  const document = mupdf.Document.openDocument(bytes, 'application/pdf')
  const found: string[] = []
  try {
    for (let index = 0; index < document.countPages(); index++) {
      const page = document.loadPage(index)
      const pixmap = page.toPixmap(mupdf.Matrix.scale(2, 2), mupdf.ColorSpace.DeviceRGB, true)
      const pixels = new Uint8ClampedArray(pixmap.getPixels())
      const code = jsQR(pixels, pixmap.getWidth(), pixmap.getHeight())
      if (code?.data) found.push(code.data)
      pixmap.destroy()
      page.destroy()
    }
  } finally {
    document.destroy()
  }
  return found
}
