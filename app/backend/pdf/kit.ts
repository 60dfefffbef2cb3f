import fs from 'node:fs'
import path from 'node:path'
import * as fontkit from 'fontkit'
import PDFDocument from 'pdfkit'
import { formatDate } from '~/contract/format'
import type { CompanyDetails } from '~/contract/settings'
import { getConfig } from '../config'

/** The company's name before staff set it (Settings → Company details). */
export const COMPANY_NAME = 'Land Banking'

/** Dates on documents as on the screens (DD/MM/YYYY), in the app's time zone. */
export function dateText(value: Date | string) {
  return formatDate(value, getConfig().APP_TIME_ZONE)
}

// The standard PDF fonts have no naira sign, so documents embed DejaVu Sans (its licence is
// app/backend/fonts/LICENSE). Read from the working folder like the migrations: the server bundle
// does not carry files, and the Dockerfile copies this folder beside them. Each font is parsed once:
// given the file's bytes, pdfkit parses it again for every document, which took longer than drawing it.
const FONTS_FOLDER = path.resolve(process.cwd(), 'app/backend/fonts')
const FONT_FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const
let fonts: Record<keyof typeof FONT_FILES, PDFKit.Mixins.PDFFontSource> | undefined

function documentFonts() {
  fonts ??= {
    regular: parseFont(fs.readFileSync(path.join(FONTS_FOLDER, FONT_FILES.regular))),
    bold: parseFont(fs.readFileSync(path.join(FONTS_FOLDER, FONT_FILES.bold))),
  }
  return fonts
}

/** A parsed font, which pdfkit takes in place of a file's bytes (its types know only the bytes). */
function parseFont(bytes: Buffer) {
  return fontkit.create(bytes) as unknown as PDFKit.Mixins.PDFFontSource
}

export const REGULAR = 'Body'
export const BOLD = 'Body-Bold'

export type Doc = InstanceType<typeof PDFDocument>

/** Draws a document and answers its bytes. Uncompressed: small files, and tests can read the text. */
export function renderPdf(
  title: string,
  draw: (doc: Doc) => void,
  author = COMPANY_NAME,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const { regular, bold } = documentFonts()
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      compress: false,
      info: { Title: title, Author: author },
    })
    doc.registerFont(REGULAR, regular)
    doc.registerFont(BOLD, bold)
    doc.font(REGULAR)
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
    try {
      draw(doc)
      doc.end()
    } catch (error) {
      reject(error)
    }
  })
}

/** The company's name, then its address, RC number and phone (those set), a rule, and the heading. */
export function letterhead(doc: Doc, company: CompanyDetails, heading: string) {
  doc.font(BOLD).fontSize(20).fillColor('#14532d').text(company.name)
  const contact = [
    company.address,
    company.rc_number,
    company.phone ? `Tel: ${company.phone}` : '',
  ].filter(Boolean)
  doc.font(REGULAR).fontSize(9).fillColor('#555555')
  if (contact.length) for (const line of contact) doc.text(line)
  else doc.text('Land sales and land investment')
  doc.moveDown(0.5)
  doc
    .moveTo(doc.page.margins.left, doc.y)
    .lineTo(doc.page.width - doc.page.margins.right, doc.y)
    .strokeColor('#14532d')
    .stroke()
  doc.moveDown(1)
  doc.font(BOLD).fontSize(16).fillColor('#111111').text(heading)
  doc.moveDown(0.8)
}

export function field(doc: Doc, label: string, value: string) {
  const left = doc.page.margins.left
  const y = doc.y
  doc.font(BOLD).fontSize(10).fillColor('#333333').text(label, left, y, { width: 125 })
  const labelBottom = doc.y
  doc
    .font(REGULAR)
    .fontSize(10)
    .fillColor('#111111')
    .text(value, left + 135, y, { width: doc.page.width - left - 135 - doc.page.margins.right })
  doc.y = Math.max(doc.y, labelBottom) + 6
  doc.x = left
}

export function pdfResponse(bytes: Buffer, filename: string) {
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Content-Length': String(bytes.length),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
