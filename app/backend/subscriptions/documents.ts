import type { CompanyDetails } from '~/contract/settings'
import { BOLD, dateText, field, letterhead, REGULAR, renderPdf, type Doc } from '../pdf/kit'
import { drawVerificationMark } from '../pdf/verification-mark'
import type { VerificationMark } from '../verification-codes/issue'
import { formatKobo } from '~/contract/money'
import { formatNumber } from '~/contract/format'
import { drawLetterMap, type LetterMapPlot } from '../estates/letter-map'
import { landQuantity } from '~/contract/units'
import { blockName } from '../estates/site-map'
import { nairaInWords } from './words'

/** A line to sign on, with who signs under it, at the left margin. */
function signatureLine(doc: Doc, company: CompanyDetails) {
  const left = doc.page.margins.left
  doc.moveDown(3)
  // Keep the block on one page: start a new one rather than split the line from its caption.
  if (doc.y + 60 > doc.page.height - doc.page.margins.bottom) doc.addPage()
  const y = doc.y
  doc
    .moveTo(left, y)
    .lineTo(left + 220, y)
    .strokeColor('#333333')
    .lineWidth(0.8)
    .stroke()
  doc.x = left
  doc.y = y + 6
  doc.font(BOLD).fontSize(10).fillColor('#111111').text('Authorised signature', left, doc.y)
  doc.font(REGULAR).fontSize(10).fillColor('#333333').text(`For: ${company.name}`)
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
  /** A land purchase in words with its quantity ("2 plots of 600 sqm at Epe, Lagos"); null for an investment. */
  land: string | null
  /** Once fully paid: the plots allocated from the registry, one line each, or the land in words before they are. */
  plots: string[] | null
  /** The code and QR code that let anyone check the receipt (app/backend/documents/verification.ts). */
  verification?: VerificationMark
}

/**
 * The receipt's "Payment for" line. Only the product writes on an official receipt: the payer's own
 * description of a transfer (free text) is shown to staff on screen, never printed here, so nobody
 * can make a receipt say "PAID IN FULL" for a part payment.
 */
export function receiptPurpose(
  subscription: { type: 'land' | 'land_investment'; paymentMode: 'full' | 'installment' },
  product: string,
) {
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
      if (data.land) field(doc, 'Land', data.land)
      field(doc, 'Subscription', data.subscriptionReference)
      field(doc, 'Amount', formatKobo(data.amountKobo))
      field(doc, 'Amount in words', nairaInWords(data.amountKobo))
      field(doc, 'Payment method', 'Bank transfer')
      field(doc, 'Date paid', data.paidAt ? dateText(data.paidAt) : '')
      field(doc, 'Transaction reference', data.transactionReference)
      field(doc, 'Payment for', data.purpose)
      field(doc, 'Paid to date', formatKobo(data.paidToDateKobo))
      field(doc, 'Balance outstanding', formatKobo(data.balanceKobo))
      if (data.plots?.length) {
        field(
          doc,
          data.plots.length > 1 ? 'Plots allocated' : 'Plot allocated',
          data.plots.join('\n'),
        )
      }
      doc.moveDown(1.5)
      doc
        .font(REGULAR)
        .fontSize(9)
        .fillColor('#555555')
        .text(
          `This receipt confirms that ${company.name} received the payment above. Keep it for your records.`,
        )
      signatureLine(doc, company)
      if (data.verification) drawVerificationMark(doc, data.verification)
    },
    company.name,
  )
}

export type RegistryPlot = {
  estate: string
  block: string
  number: string
  sizeSqm: number
  beacons: readonly (readonly [number, number])[] | null
  zone: string | null
}

/** A plot's beacons as the survey plan lists them, with its grid: "E 543,000 N 713,000; … (Minna / UTM zone 31N)". */
export function beaconsText(plot: Pick<RegistryPlot, 'beacons' | 'zone'>) {
  if (!plot.beacons?.length) return 'Not surveyed yet'
  const corners = plot.beacons.map(([e, n]) => `E ${formatNumber(e)} N ${formatNumber(n)}`)
  return `${corners.join('; ')}${plot.zone ? ` (Minna / UTM zone ${plot.zone})` : ''}`
}

/** One registry plot on one line: "Letter Gardens, Block C plot 15, 648 m², beacons …". */
export function registryPlotLine(plot: RegistryPlot) {
  return `${plot.estate}, ${blockName(plot.block)} plot ${plot.number}, ${formatNumber(plot.sizeSqm)} m², beacons ${beaconsText(plot)}`
}

export type AllocationData = {
  company: CompanyDetails
  subscriptionReference: string
  owner: { name: string; email: string; address: string }
  /** The product by its name ("Palm Gardens (LP-…)"). */
  product: string
  /** How many plots or acres were bought. */
  quantity: number
  location: string
  landType: string | null
  size: number | null
  sizeInMeasurement: string | null
  description: string
  totalKobo: number
  completedAt: Date
  /** The estate, block and plot once staff record the plot allocated (title tracker); null before. */
  allocated?: { estate: string | null; block: string | null; plot: string | null } | null
  /** The registry plots allocated, each with its size and beacons, and its estate's site map. */
  plots?: RegistryPlot[]
  maps?: { estate: string; plots: LetterMapPlot[]; marked: Set<string> }[]
  verification?: VerificationMark
  /** The plan's late-payment rules in plain words (arrearsRulesSentence), when bought by instalments. */
  arrearsRules?: string | null
}

export function allocationLetterPdf(data: AllocationData) {
  const { company } = data
  const land = landQuantity({ ...data, location: null })
  return renderPdf(
    `Allocation letter ${data.subscriptionReference}`,
    (doc) => {
      letterhead(doc, company, 'Letter of Allocation')
      field(doc, 'Date', dateText(new Date()))
      field(doc, 'Allocated to', `${data.owner.name} (${data.owner.email})`)
      field(doc, 'Address', data.owner.address || 'Not given')
      field(doc, 'Subscription', data.subscriptionReference)
      field(doc, 'Product', data.product)
      field(doc, 'Land', landQuantity({ ...data, location: data.location || null }))
      if (data.plots?.length) {
        data.plots.forEach((plot, index) => {
          if (data.plots!.length > 1) {
            doc.moveDown(0.4)
            doc
              .font(BOLD)
              .fontSize(10)
              .fillColor('#14532d')
              .text(`Plot ${index + 1} of ${data.plots!.length}`, doc.page.margins.left)
          }
          field(doc, 'Estate', plot.estate)
          field(doc, 'Block', plot.block)
          field(doc, 'Plot number', plot.number)
          field(doc, 'Size', `${formatNumber(plot.sizeSqm)} m²`)
          field(doc, 'Beacons', beaconsText(plot))
        })
      } else if (data.allocated) {
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
          `(${nairaInWords(data.totalKobo)}), ${company.name} has allocated to you ${land} ` +
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
      doc.text(
        'Please keep this letter safe: it is your evidence of allocation until the title documents are handed over.',
        {
          align: 'justify',
        },
      )
      for (const map of data.maps ?? []) {
        doc.moveDown(0.8)
        drawLetterMap(doc, map.estate, map.plots, map.marked)
      }
      doc.moveDown(2)
      doc.font(REGULAR).fontSize(11).fillColor('#111111')
      doc.text('Yours faithfully,', doc.page.margins.left)
      signatureLine(doc, company)
      if (data.verification) drawVerificationMark(doc, data.verification)
    },
    company.name,
  )
}
