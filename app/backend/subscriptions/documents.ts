import fs from 'node:fs'
import path from 'node:path'
import * as fontkit from 'fontkit'
import PDFDocument from 'pdfkit'
import { formatDate } from '~/contract/format'
import type { CompanyDetails } from '~/contract/settings'
import { getConfig } from '../config'
import { nairaInWords } from './words'
import { drawVerificationMark } from '../documents/pdf-mark'
import type { VerificationMark } from '../documents/verification'
import { formatKobo } from '~/contract/money'

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
export function renderPdf(title: string, draw: (doc: Doc) => void, author = COMPANY_NAME): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const { regular, bold } = documentFonts()
    const doc = new PDFDocument({ size: 'A4', margin: 56, compress: false, info: { Title: title, Author: author } })
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
  const contact = [company.address, company.rc_number, company.phone ? `Tel: ${company.phone}` : ''].filter(Boolean)
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

/** A line to sign on, with who signs under it, at the left margin. */
function signatureLine(doc: Doc, company: CompanyDetails) {
  const left = doc.page.margins.left
  doc.moveDown(3)
  // Keep the block on one page: start a new one rather than split the line from its caption.
  if (doc.y + 60 > doc.page.height - doc.page.margins.bottom) doc.addPage()
  const y = doc.y
  doc.moveTo(left, y).lineTo(left + 220, y).strokeColor('#333333').lineWidth(0.8).stroke()
  doc.x = left
  doc.y = y + 6
  doc.font(BOLD).fontSize(10).fillColor('#111111').text('Authorised signature', left, doc.y)
  doc.font(REGULAR).fontSize(10).fillColor('#333333').text(`For: ${company.name}`)
}

export function field(doc: Doc, label: string, value: string) {
  const left = doc.page.margins.left
  const y = doc.y
  doc.font(BOLD).fontSize(10).fillColor('#333333').text(label, left, y, { width: 125 })
  const labelBottom = doc.y
  doc.font(REGULAR).fontSize(10).fillColor('#111111').text(value, left + 135, y, { width: doc.page.width - left - 135 - doc.page.margins.right })
  doc.y = Math.max(doc.y, labelBottom) + 6
  doc.x = left
}

export type ReceiptData = {
  company: CompanyDetails
  receiptNumber: string
  transactionReference: string
  subscriptionReference: string
  subscriber: { name: string; email: string }
  product: string
  amountKobo: number
  /** What the payment was for, in the product's own words (see receiptPurpose). */
  purpose: string
  paidAt: Date | null
  confirmedAt: Date | null
  /** Paid on the subscription up to and including this payment, and what was then left (contract/money.ts receiptTotals). */
  paidToDateKobo: number
  balanceKobo: number
  /** The land allocated, once the subscription is fully paid (see plotDescription); null before. */
  plot: string | null
  /** The code and QR code that let anyone check the receipt (app/backend/documents/verification.ts). */
  verification?: VerificationMark
}

/**
 * The receipt's "Payment for" line. Only the product writes on an official receipt: the payer's own
 * description of a transfer (free text) is shown to staff on screen, never printed here, so nobody
 * can make a receipt say "PAID IN FULL" for a part payment.
 */
export function receiptPurpose(subscription: { type: 'land' | 'land_investment'; paymentMode: 'full' | 'installment' }, product: string) {
  if (subscription.type === 'land_investment') return `Investment in ${product}`
  if (subscription.paymentMode === 'full') return `Full payment for ${product}`
  return `Payment towards the instalment plan for ${product}`
}

export function receiptPdf(data: ReceiptData) {
  const { company } = data
  return renderPdf(
    `Receipt ${data.receiptNumber}`,
    (doc) => {
      letterhead(doc, company, 'Payment Receipt')
      field(doc, 'Receipt number', data.receiptNumber)
      field(doc, 'Date', dateText(data.confirmedAt ?? new Date()))
      field(doc, 'Received from', `${data.subscriber.name} (${data.subscriber.email})`)
      field(doc, 'Product', data.product)
      field(doc, 'Subscription', data.subscriptionReference)
      field(doc, 'Amount', formatKobo(data.amountKobo))
      field(doc, 'Amount in words', nairaInWords(data.amountKobo))
      field(doc, 'Payment method', 'Bank transfer')
      field(doc, 'Date paid', data.paidAt ? dateText(data.paidAt) : '')
      field(doc, 'Transaction reference', data.transactionReference)
      field(doc, 'Payment for', data.purpose)
      field(doc, 'Paid to date', formatKobo(data.paidToDateKobo))
      field(doc, 'Balance outstanding', formatKobo(data.balanceKobo))
      if (data.plot) field(doc, 'Plot allocated', data.plot)
      doc.moveDown(1.5)
      doc
        .font(REGULAR)
        .fontSize(9)
        .fillColor('#555555')
        .text(`This receipt confirms that ${company.name} received the payment above. Keep it for your records.`)
      signatureLine(doc, company)
      if (data.verification) drawVerificationMark(doc, data.verification)
    },
    company.name,
  )
}

/** The land of a product in words: "500 sqm plot at Epe, Lagos". */
export function plotDescription(product: { size: number | null; sizeInMeasurement: string | null; landType: string | null; location: string | null }) {
  const size = product.size !== null ? `${product.size} ${product.sizeInMeasurement ?? ''}`.trim() : ''
  const land = [size, product.landType].filter(Boolean).join(' ')
  return [land, product.location].filter(Boolean).join(' at ')
}

export type AllocationData = {
  company: CompanyDetails
  subscriptionReference: string
  owner: { name: string; email: string; address: string }
  productReference: string
  location: string
  landType: string | null
  size: number | null
  sizeInMeasurement: string | null
  description: string
  totalKobo: number
  completedAt: Date
  /** The estate, block and plot once staff record the plot allocated (title tracker); null before. */
  allocated?: { estate: string | null; block: string | null; plot: string | null } | null
  verification?: VerificationMark
  /** The plan's late-payment rules in plain words (arrearsRulesSentence), when bought by instalments. */
  arrearsRules?: string | null
}

export function allocationLetterPdf(data: AllocationData) {
  const { company } = data
  const size = data.size !== null ? `${data.size} ${data.sizeInMeasurement ?? ''}`.trim() : ''
  const plot = [size, data.landType].filter(Boolean).join(' ')
  return renderPdf(
    `Allocation letter ${data.subscriptionReference}`,
    (doc) => {
      letterhead(doc, company, 'Letter of Allocation')
      field(doc, 'Date', dateText(new Date()))
      field(doc, 'Allocated to', `${data.owner.name} (${data.owner.email})`)
      field(doc, 'Address', data.owner.address || 'Not given')
      field(doc, 'Subscription', data.subscriptionReference)
      field(doc, 'Product', data.productReference)
      field(doc, 'Plot', plotDescription({ ...data, location: data.location || null }) || 'As described below')
      if (data.allocated) {
        field(doc, 'Estate', data.allocated.estate || '—')
        field(doc, 'Block', data.allocated.block || '—')
        field(doc, 'Plot number', data.allocated.plot || '—')
      }
      field(doc, 'Amount paid', formatKobo(data.totalKobo))
      field(doc, 'Fully paid on', dateText(data.completedAt))
      doc.moveDown(1.5)
      doc.font(REGULAR).fontSize(11).fillColor('#111111')
      doc.text(`Dear ${data.owner.name},`)
      doc.moveDown(0.8)
      doc.text(
        `We are pleased to confirm that, having received full payment of ${formatKobo(data.totalKobo)} ` +
          `(${nairaInWords(data.totalKobo)}), ${company.name} has allocated to you ${plot ? `a ${plot} of land` : 'the land'} ` +
          `at ${data.location} under subscription ${data.subscriptionReference}.`,
        { align: 'justify' },
      )
      doc.moveDown(0.8)
      doc.text(data.description, { align: 'justify' })
      doc.moveDown(0.8)
      if (data.arrearsRules) {
        doc.text(`Late payment under your plan: ${data.arrearsRules}`, { align: 'justify' })
        doc.moveDown(0.8)
      }
      doc.text('Please keep this letter safe: it is your evidence of allocation until the title documents are handed over.', {
        align: 'justify',
      })
      doc.moveDown(2)
      doc.text('Yours faithfully,')
      signatureLine(doc, company)
      if (data.verification) drawVerificationMark(doc, data.verification)
    },
    company.name,
  )
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
