import QRCode from 'qrcode'
import type PDFDocument from 'pdfkit'
import type { VerificationMark } from '../verification-codes/issue'

type Doc = InstanceType<typeof PDFDocument>

// The fonts renderPdf (./kit.ts) registers on every document.
const REGULAR = 'Body'
const BOLD = 'Body-Bold'

/** Side of one QR module in points: a 29-module code is about 2.4 cm across, easy for a phone camera. */
const MODULE = 2.4
/** Light modules around the code, which scanners need to find its edges. */
const QUIET = 4

/**
 * The verification block: a QR code of the verify address, drawn as vector squares (sharp at any
 * zoom, no image to embed), with the code and the address beside it. Drawn below what is on the
 * page, or at the top of a new page when it does not fit.
 */
export function drawVerificationMark(doc: Doc, mark: VerificationMark) {
  const qr = QRCode.create(mark.url, { errorCorrectionLevel: 'M' })
  const count = qr.modules.size
  const side = (count + QUIET * 2) * MODULE
  const left = doc.page.margins.left
  doc.moveDown(1.5)
  if (doc.y + side > doc.page.height - doc.page.margins.bottom) doc.addPage()
  const top = doc.y
  doc.save()
  doc.rect(left, top, side, side).fill('#ffffff')
  doc.fillColor('#000000')
  for (let row = 0; row < count; row++) {
    // One rectangle per run of dark modules in a row: fewer shapes, and no hairline seams between them.
    let start = -1
    for (let column = 0; column <= count; column++) {
      const dark = column < count && qr.modules.get(row, column) === 1
      if (dark && start < 0) start = column
      if (!dark && start >= 0) {
        doc.rect(
          left + (QUIET + start) * MODULE,
          top + (QUIET + row) * MODULE,
          (column - start) * MODULE,
          MODULE,
        )
        start = -1
      }
    }
  }
  doc.fill('#000000')
  doc.restore()
  const textLeft = left + side + 12
  const width = doc.page.width - doc.page.margins.right - textLeft
  doc
    .font(BOLD)
    .fontSize(10)
    .fillColor('#111111')
    .text('Verify this document', textLeft, top + QUIET * MODULE, { width })
  doc.font(REGULAR).fontSize(9).fillColor('#333333')
  doc.text(`Verification code: ${mark.code}`, { width })
  doc.text(
    'Scan the code or open this address to check that this document is genuine and still valid:',
    { width },
  )
  doc.fillColor('#14532d').text(mark.url, { width, link: mark.url, underline: true })
  doc.x = left
  doc.y = Math.max(doc.y, top + side)
}
