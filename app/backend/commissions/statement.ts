import {
  COMMISSION_STATUS_LABELS,
  commissionTotals,
  LEVEL_LABELS,
  monthName,
} from '~/contract/commission-rules'
import type { Commission } from '~/contract/commissions'
import type { CompanyDetails } from '~/contract/settings'
import { koboOf, formatKobo } from '~/contract/money'
import { getConfig } from '../config'
import { decimalAmount, toCsv } from '../csv'
import { drawVerificationMark } from '../pdf/verification-mark'
import type { VerificationMark } from '../verification-codes/issue'
import { todayIn } from '../dates/calendar'
import { BOLD, dateText, field, letterhead, REGULAR, renderPdf } from '../pdf/kit'

export type StatementData = {
  company: CompanyDetails
  realtor: { name: string; reference: string; email: string }
  /** YYYY-MM */
  month: string
  /** The entries earned in the month, oldest first. */
  entries: Commission[]
  /** The realtor's totals over every entry, in kobo, as its page shows them. */
  overall: { earned: number; paid: number; balance: number }
  /** The code the statement is checked by at /verify (every issued PDF carries one). */
  verification?: VerificationMark
}

/**
 * The month's figures, in kobo: gross, withholding tax and net of the entries not void (held ones
 * too: clearing them changes nothing printed, voiding them revokes the statement), and of those
 * the paid, the unpaid (held included) and the held net.
 */
export function statementTotals(entries: readonly Commission[]) {
  const live = entries.filter((entry) => entry.status !== 'void')
  const sum = (pick: (entry: Commission) => number) =>
    live.reduce((total, entry) => total + koboOf(pick(entry)), 0)
  const totals = commissionTotals(
    entries.map((entry) => ({ status: entry.status, net: koboOf(entry.net) })),
  )
  const net = sum((e) => e.net)
  return {
    gross: sum((e) => e.gross),
    withholdingTax: sum((e) => e.withholding_tax),
    net,
    paid: totals.paid,
    unpaid: net - totals.paid,
    held: totals.held,
  }
}

/** The monthly statement PDF: letterhead, who it is for, the month's totals, then one line per entry. */
export function commissionStatementPdf(data: StatementData) {
  const { company } = data
  const totals = statementTotals(data.entries)
  return renderPdf(
    `Commission statement ${data.realtor.reference} ${data.month}`,
    (doc) => {
      letterhead(doc, company, 'Commission Statement')
      field(doc, 'Realtor', `${data.realtor.name} (${data.realtor.reference})`)
      field(doc, 'E-mail', data.realtor.email)
      field(doc, 'Month', monthName(data.month))
      field(doc, 'Date issued', dateText(new Date()))
      doc.moveDown(0.5)
      field(doc, 'Gross commission', formatKobo(totals.gross))
      field(doc, 'Withholding tax', formatKobo(totals.withholdingTax))
      field(doc, 'Net commission', formatKobo(totals.net))
      field(doc, 'Paid', formatKobo(totals.paid))
      field(doc, 'Not yet paid', formatKobo(totals.unpaid))
      if (totals.held) field(doc, 'Of which held for review', formatKobo(totals.held))
      field(doc, 'Balance (all months)', formatKobo(data.overall.balance))
      doc.moveDown(1)

      const left = doc.page.margins.left
      const columns = [
        { title: 'Date', width: 52 },
        { title: 'Customer', width: 92 },
        { title: 'Subscription', width: 82 },
        { title: 'Level', width: 30 },
        { title: 'Gross', width: 60, right: true },
        { title: 'WHT', width: 52, right: true },
        { title: 'Net', width: 60, right: true },
        { title: 'Status', width: 55 },
      ]
      const row = (cells: string[], bold: boolean) => {
        if (doc.y + 28 > doc.page.height - doc.page.margins.bottom) doc.addPage()
        const y = doc.y
        let x = left
        let bottom = y
        doc
          .font(bold ? BOLD : REGULAR)
          .fontSize(8)
          .fillColor('#111111')
        cells.forEach((text, index) => {
          const column = columns[index]
          doc.text(text, x, y, { width: column.width - 4, align: column.right ? 'right' : 'left' })
          bottom = Math.max(bottom, doc.y)
          x += column.width
        })
        doc.x = left
        doc.y = bottom + 4
      }
      doc.font(BOLD).fontSize(11).fillColor('#111111').text('Entries earned this month', left)
      doc.moveDown(0.4)
      row(
        columns.map((column) => column.title),
        true,
      )
      if (!data.entries.length) {
        doc
          .font(REGULAR)
          .fontSize(9)
          .fillColor('#555555')
          .text('No commissions were earned this month.', left)
      }
      for (const entry of data.entries) {
        const status =
          entry.status === 'paid' && entry.paid_at
            ? `Paid ${dateText(`${entry.paid_at}T12:00:00Z`)}`
            : COMMISSION_STATUS_LABELS[entry.status]
        row(
          [
            dateText(entry.created_at),
            entry.customer.full_name,
            entry.subscription.reference,
            String(entry.level),
            formatKobo(koboOf(entry.gross)),
            formatKobo(koboOf(entry.withholding_tax)),
            formatKobo(koboOf(entry.net)),
            status,
          ],
          false,
        )
      }
      doc.moveDown(1)
      doc
        .font(REGULAR)
        .fontSize(8)
        .fillColor('#555555')
        .text(
          `Levels: ${Object.values(LEVEL_LABELS).join(', ')}. Withholding tax is deducted from each commission at the rate for ` +
            'individuals or registered companies and remitted on your behalf.',
          left,
        )
      if (data.verification) drawVerificationMark(doc, data.verification)
    },
    company.name,
  )
}

/** The same entries as CSV: plain decimals, ISO dates. */
export function commissionStatementCsv(entries: readonly Commission[]) {
  const amount = (naira: number) => decimalAmount(koboOf(naira))
  return toCsv(
    [
      'date_earned',
      'customer',
      'customer_reference',
      'subscription',
      'product',
      'transaction',
      'level',
      'rate_percent',
      'gross',
      'withholding_tax',
      'net',
      'status',
      'paid_at',
      'bank_reference',
    ],
    entries.map((entry) => [
      todayIn(getConfig().APP_TIME_ZONE, new Date(entry.created_at)),
      entry.customer.full_name,
      entry.customer.reference,
      entry.subscription.reference,
      entry.subscription.product,
      entry.transaction.reference,
      entry.level,
      entry.rate,
      amount(entry.gross),
      amount(entry.withholding_tax),
      amount(entry.net),
      entry.status,
      entry.paid_at,
      entry.bank_reference,
    ]),
  )
}
