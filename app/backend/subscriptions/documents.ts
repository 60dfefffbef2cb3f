import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'
import PDFDocument from 'pdfkit'
import { getConfig } from '../config'
import { numberFormat } from '~/contract/intl'
import { nairaInWords } from './words'

dayjs.extend(utc)
dayjs.extend(timezone)

export const COMPANY_NAME = 'Land Banking'

/** NGN figures for PDFs: the standard PDF fonts have no naira sign. */
export function ngn(kobo: number) {
  const formatted = numberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(kobo / 100)
  return `NGN ${formatted}`
}

function dateText(value: Date | string) {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return dayjs(value).format('DD/MM/YYYY')
  return dayjs(value).tz(getConfig().APP_TIME_ZONE).format('DD/MM/YYYY')
}

type Doc = InstanceType<typeof PDFDocument>

/** Draws a document and answers its bytes. Uncompressed: small files, and tests can read the text. */
export function renderPdf(title: string, draw: (doc: Doc) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, compress: false, info: { Title: title, Author: COMPANY_NAME } })
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

function letterhead(doc: Doc, heading: string) {
  doc.font('Helvetica-Bold').fontSize(22).fillColor('#14532d').text(COMPANY_NAME)
  doc.font('Helvetica').fontSize(9).fillColor('#555555').text('Land sales and land investment')
  doc.moveDown(0.5)
  doc
    .moveTo(doc.page.margins.left, doc.y)
    .lineTo(doc.page.width - doc.page.margins.right, doc.y)
    .strokeColor('#14532d')
    .stroke()
  doc.moveDown(1)
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#111111').text(heading)
  doc.moveDown(0.8)
}

function field(doc: Doc, label: string, value: string) {
  const left = doc.page.margins.left
  const y = doc.y
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#333333').text(label, left, y, { width: 150 })
  const labelBottom = doc.y
  doc.font('Helvetica').fontSize(10).fillColor('#111111').text(value, left + 160, y, { width: doc.page.width - left - 160 - doc.page.margins.right })
  doc.y = Math.max(doc.y, labelBottom) + 6
  doc.x = left
}

export type ReceiptData = {
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
  return renderPdf(`Receipt ${data.receiptNumber}`, (doc) => {
    letterhead(doc, 'Payment Receipt')
    field(doc, 'Receipt number', data.receiptNumber)
    field(doc, 'Date', dateText(data.confirmedAt ?? new Date()))
    field(doc, 'Received from', `${data.subscriber.name} (${data.subscriber.email})`)
    field(doc, 'Product', data.product)
    field(doc, 'Subscription', data.subscriptionReference)
    field(doc, 'Amount', ngn(data.amountKobo))
    field(doc, 'Amount in words', nairaInWords(data.amountKobo))
    field(doc, 'Payment method', 'Bank transfer')
    field(doc, 'Date paid', data.paidAt ? dateText(data.paidAt) : '')
    field(doc, 'Transaction reference', data.transactionReference)
    field(doc, 'Payment for', data.purpose)
    doc.moveDown(2)
    doc
      .font('Helvetica-Oblique')
      .fontSize(9)
      .fillColor('#555555')
      .text(`This receipt confirms that ${COMPANY_NAME} received the payment above. Keep it for your records.`)
  })
}

export type AllocationData = {
  subscriptionReference: string
  owner: { name: string; email: string }
  productReference: string
  location: string
  landType: string | null
  size: number | null
  sizeInMeasurement: string | null
  description: string
  totalKobo: number
  completedAt: Date
}

export function allocationLetterPdf(data: AllocationData) {
  const size = data.size !== null ? `${data.size} ${data.sizeInMeasurement ?? ''}`.trim() : ''
  const plot = [size, data.landType].filter(Boolean).join(' ')
  return renderPdf(`Allocation letter ${data.subscriptionReference}`, (doc) => {
    letterhead(doc, 'Letter of Allocation')
    field(doc, 'Date', dateText(new Date()))
    field(doc, 'Allocated to', `${data.owner.name} (${data.owner.email})`)
    field(doc, 'Subscription', data.subscriptionReference)
    field(doc, 'Product', data.productReference)
    field(doc, 'Location', data.location)
    if (plot) field(doc, 'Land', plot)
    field(doc, 'Amount paid', ngn(data.totalKobo))
    field(doc, 'Fully paid on', dateText(data.completedAt))
    doc.moveDown(1.5)
    doc.font('Helvetica').fontSize(11).fillColor('#111111')
    doc.text(`Dear ${data.owner.name},`)
    doc.moveDown(0.8)
    doc.text(
      `We are pleased to confirm that, having received full payment of ${ngn(data.totalKobo)} ` +
        `(${nairaInWords(data.totalKobo)}), ${COMPANY_NAME} has allocated to you ${plot ? `${plot} of land` : 'the land'} ` +
        `at ${data.location} under subscription ${data.subscriptionReference}.`,
      { align: 'justify' },
    )
    doc.moveDown(0.8)
    doc.text(data.description, { align: 'justify' })
    doc.moveDown(0.8)
    doc.text('Please keep this letter safe: it is your evidence of allocation until the title documents are handed over.', {
      align: 'justify',
    })
    doc.moveDown(2)
    doc.text('Yours faithfully,')
    doc.moveDown(2)
    doc.font('Helvetica-Bold').text(`For: ${COMPANY_NAME}`)
    doc.font('Helvetica').text('Management')
  })
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
