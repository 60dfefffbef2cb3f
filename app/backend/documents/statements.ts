import { and, asc, eq, inArray } from 'drizzle-orm'
import { receiptTotals, formatKobo } from '~/contract/money'
import {
  payoutAccountOf,
  payoutAccountWording,
  type PayoutAccount,
} from '~/contract/payout-account'
import type { CompanyDetails } from '~/contract/settings'
import { SUBSCRIPTION_STATUS_LABELS, transactionStatusLabel } from '~/contract/subscription-labels'
import { landQuantity } from '~/contract/units'
import { getConfig } from '../config'
import { decimalAmount, toCsv, type CsvCell } from '../csv'
import type { Executor } from '../db/client'
import { payouts, scheduleEntries, transactions } from '../db/schema'
import { todayIn } from '../dates/calendar'
import { documentProductName, productName, type ListRow } from '../subscriptions/queries'
import { rulesOf } from '../subscriptions/arrears'
import { arrearsRulesSentence } from '~/contract/arrears-rules'
import { BOLD, dateText, field, letterhead, REGULAR, renderPdf, type Doc } from '../pdf/kit'
import { drawVerificationMark } from '../pdf/verification-mark'
import type { VerificationMark } from '../verification-codes/issue'

/**
 * Statements of account: one subscription's schedule, payments, totals and next due date (and an
 * investment's payouts), or all of one customer's subscriptions. The same figures go to the PDF and
 * to the CSV; the totals come from receiptTotals, the rule receipts use.
 */

export type ScheduleLine = {
  sequence: number
  dueDate: string
  kobo: number
  paid: boolean
  /** A paid payout: the day paid and the account it was paid into (null when none was kept). */
  payout?: { paidOn: string | null; paidTo: PayoutAccount | null }
}
export type PaymentLine = {
  date: string
  reference: string
  kobo: number
  status: string
  paid: boolean
}

export type StatementSection = {
  reference: string
  product: string
  type: 'land' | 'land_investment'
  status: string
  totalKobo: number
  paidKobo: number
  balanceKobo: number
  nextDue: { date: string; kobo: number | null } | null
  /** A plan of instalments' terms of late payment, in one sentence; null otherwise. */
  terms: string | null
  schedule: ScheduleLine[]
  payments: PaymentLine[]
  payouts: ScheduleLine[]
  /** Cancelled or expired: shown, but it owes nothing. */
  ended: boolean
}

export type Statement = {
  /** One subscription's statement, or a customer's over all their subscriptions. */
  scope: 'subscription' | 'customer'
  asOf: Date
  customer: { name: string; email: string; reference: string }
  sections: StatementSection[]
  paidKobo: number
  balanceKobo: number
}

const dayOf = (value: Date) => todayIn(getConfig().APP_TIME_ZONE, value)

/**
 * An investment's payouts: its payout ledger once the investment has started (paid as staff
 * recorded them), before that the payouts it was sold with.
 */
export async function payoutRows(db: Executor, subscriptionId: number): Promise<ScheduleLine[]> {
  const ledger = await db
    .select()
    .from(payouts)
    .where(eq(payouts.subscriptionId, subscriptionId))
    .orderBy(asc(payouts.sequence))
  // The ledger counts payouts from 1, the schedule (as every line here) from 0.
  if (ledger.length) {
    return ledger.map((row) => ({
      sequence: row.sequence - 1,
      dueDate: row.dueDate,
      kobo: row.amount,
      paid: row.status === 'paid',
      payout: {
        paidOn: row.paidAt,
        paidTo: payoutAccountOf({
          bank: row.paidToBank,
          account_number: row.paidToAccountNumber,
          account_name: row.paidToAccountName,
        }),
      },
    }))
  }
  const planned = await db
    .select()
    .from(scheduleEntries)
    .where(
      and(eq(scheduleEntries.subscriptionId, subscriptionId), eq(scheduleEntries.kind, 'payout')),
    )
    .orderBy(asc(scheduleEntries.sequence))
  return planned.map((row) => ({
    sequence: row.sequence,
    dueDate: row.dueDate,
    kobo: row.amount,
    paid: false,
  }))
}

export type StatementCustomer = {
  firstName: string
  lastName: string
  email: string
  reference: string
}

/** The statement of the subscriptions in `rows` (one, or all of the customer's), as of `asOf`. */
export async function buildStatement(
  db: Executor,
  scope: Statement['scope'],
  customer: StatementCustomer,
  rows: ListRow[],
  asOf: Date,
): Promise<Statement> {
  const ids = rows.map((row) => row.subscription.id)
  const [entries, payments] = ids.length
    ? await Promise.all([
        db
          .select()
          .from(scheduleEntries)
          .where(
            and(inArray(scheduleEntries.subscriptionId, ids), eq(scheduleEntries.kind, 'payment')),
          )
          .orderBy(asc(scheduleEntries.sequence)),
        db
          .select()
          .from(transactions)
          .where(inArray(transactions.subscriptionId, ids))
          .orderBy(asc(transactions.createdAt), asc(transactions.id)),
      ])
    : [[], []]
  const confirmed = (subscriptionId: number) =>
    payments
      .filter((p) => p.subscriptionId === subscriptionId && p.status === 'paid')
      .map((p) => ({ id: p.id, kobo: p.amount, confirmedAt: p.markedAt ?? p.createdAt }))
  // Everything confirmed by the statement's date: the receipt rule with the statement as the last receipt.
  const asOfReceipt = { id: Number.MAX_SAFE_INTEGER, confirmedAt: asOf }
  const sections: StatementSection[] = []
  for (const row of rows) {
    const s = row.subscription
    const ended = s.status === 'cancelled' || s.status === 'expired'
    const totals = receiptTotals(s.totalAmount, confirmed(s.id), asOfReceipt)
    sections.push({
      reference: s.reference,
      product:
        row.product.type === 'land'
          ? `${productName(row.product)} · ${landQuantity({ quantity: s.quantity, size: row.product.size, sizeInMeasurement: row.product.sizeInMeasurement, landType: row.product.landType })}`
          : documentProductName(row.product),
      type: s.type,
      status: SUBSCRIPTION_STATUS_LABELS[s.status],
      totalKobo: s.totalAmount,
      paidKobo: totals.paidKobo,
      balanceKobo: ended ? 0 : totals.balanceKobo,
      nextDue:
        !ended && s.nextPaymentDate ? { date: s.nextPaymentDate, kobo: s.nextPaymentAmount } : null,
      terms:
        s.type === 'land' && s.paymentMode === 'installment'
          ? arrearsRulesSentence(rulesOf(s, row.plan), row.product.landType ?? 'unit')
          : null,
      schedule: entries
        .filter((entry) => entry.subscriptionId === s.id)
        .map((entry) => ({
          sequence: entry.sequence,
          dueDate: entry.dueDate,
          kobo: entry.amount,
          paid: entry.settledAt !== null,
        })),
      payments: payments
        .filter((p) => p.subscriptionId === s.id)
        .map((p) => ({
          date: dayOf(p.paidAt ?? p.createdAt),
          reference: p.reference,
          kobo: p.amount,
          status: transactionStatusLabel(p.status),
          paid: p.status === 'paid',
        })),
      payouts: s.type === 'land_investment' ? await payoutRows(db, s.id) : [],
      ended,
    })
  }
  const every = rows.flatMap((row) => confirmed(row.subscription.id))
  return {
    scope,
    asOf,
    customer: {
      name: `${customer.firstName} ${customer.lastName}`,
      email: customer.email,
      reference: customer.reference,
    },
    sections,
    paidKobo: receiptTotals(0, every, asOfReceipt).paidKobo,
    balanceKobo: sections.reduce((sum, section) => sum + section.balanceKobo, 0),
  }
}

// ---------------------------------------------------------------------------------------------
// CSV

export const STATEMENT_CSV_HEADER = [
  'subscription',
  'section',
  'date',
  'description',
  'amount',
  'status',
]

export function statementCsv(statement: Statement): string {
  const rows: CsvCell[][] = []
  const asOf = dayOf(statement.asOf)
  for (const section of statement.sections) {
    const ref = section.reference
    rows.push([
      ref,
      'summary',
      asOf,
      `Total: ${section.product}`,
      decimalAmount(section.totalKobo),
      section.status,
    ])
    rows.push([ref, 'summary', asOf, 'Total paid', decimalAmount(section.paidKobo), ''])
    rows.push([ref, 'summary', asOf, 'Balance', decimalAmount(section.balanceKobo), ''])
    if (section.nextDue) {
      rows.push([
        ref,
        'summary',
        section.nextDue.date,
        nextDueLabel(section),
        section.nextDue.kobo === null ? null : decimalAmount(section.nextDue.kobo),
        '',
      ])
    }
    if (section.terms) rows.push([ref, 'summary', asOf, `Terms: ${section.terms}`, null, ''])
    for (const line of section.schedule) {
      rows.push([
        ref,
        'schedule',
        line.dueDate,
        instalmentName(section, line),
        decimalAmount(line.kobo),
        line.paid ? 'Paid' : 'Due',
      ])
    }
    for (const payment of section.payments) {
      rows.push([
        ref,
        'payment',
        payment.date,
        payment.reference,
        decimalAmount(payment.kobo),
        payment.status,
      ])
    }
    for (const payout of section.payouts) {
      const paidTo = payout.paid ? payout.payout?.paidTo : null
      const description = `Payout ${payout.sequence + 1}${paidTo ? `, paid into ${payoutAccountWording(paidTo)}` : ''}`
      rows.push([
        ref,
        'payout',
        payout.dueDate,
        description,
        decimalAmount(payout.kobo),
        payout.paid ? 'Paid' : 'Scheduled',
      ])
    }
  }
  return toCsv(STATEMENT_CSV_HEADER, rows)
}

/** A paid investment pays out; anything else is paid: "Next payout" or "Next payment due". */
function nextDueLabel(section: StatementSection) {
  return section.type === 'land_investment' && section.paidKobo >= section.totalKobo
    ? 'Next payout'
    : 'Next payment due'
}

function instalmentName(section: StatementSection, line: ScheduleLine) {
  if (section.schedule.length === 1)
    return section.type === 'land' ? 'Full payment' : 'Amount invested'
  return line.sequence === 0 ? 'Initial deposit' : `Instalment ${line.sequence}`
}

// ---------------------------------------------------------------------------------------------
// PDF

type Column = { title: string; width: number; align?: 'left' | 'right' }

function table(doc: Doc, columns: Column[], rows: string[][]) {
  const left = doc.page.margins.left
  const rowHeight = 16
  const bottom = () => doc.page.height - doc.page.margins.bottom
  const drawRow = (cells: string[], font: string) => {
    if (doc.y + rowHeight > bottom()) doc.addPage()
    const y = doc.y
    let x = left
    doc.font(font).fontSize(9).fillColor('#111111')
    columns.forEach((column, index) => {
      // A right-aligned amount keeps clear of the left-aligned column after it.
      const inset = column.align === 'right' ? 14 : 4
      doc.text(cells[index] ?? '', x + 2, y + 3, {
        width: column.width - inset,
        align: column.align ?? 'left',
        lineBreak: false,
      })
      x += column.width
    })
    doc.y = y + rowHeight
    doc.x = left
  }
  drawRow(
    columns.map((column) => column.title),
    BOLD,
  )
  const width = columns.reduce((sum, column) => sum + column.width, 0)
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .strokeColor('#999999')
    .lineWidth(0.5)
    .stroke()
  if (!rows.length) drawRow(['None'], REGULAR)
  for (const row of rows) drawRow(row, REGULAR)
  doc.moveDown(0.8)
}

function heading(doc: Doc, text: string) {
  if (doc.y + 60 > doc.page.height - doc.page.margins.bottom) doc.addPage()
  doc.x = doc.page.margins.left
  doc.font(BOLD).fontSize(12).fillColor('#14532d').text(text)
  doc.moveDown(0.4)
}

function sectionPdf(doc: Doc, section: StatementSection) {
  heading(doc, `${section.reference}: ${section.product}`)
  field(doc, 'Status', section.status)
  field(doc, section.type === 'land' ? 'Total' : 'Amount invested', formatKobo(section.totalKobo))
  field(doc, 'Total paid', formatKobo(section.paidKobo))
  field(doc, 'Balance', formatKobo(section.balanceKobo))
  field(
    doc,
    nextDueLabel(section),
    section.nextDue
      ? `${dateText(section.nextDue.date)}${section.nextDue.kobo ? `: ${formatKobo(section.nextDue.kobo)}` : ''}`
      : 'Nothing due',
  )
  if (section.terms) field(doc, 'Terms', section.terms)
  doc.moveDown(0.4)
  if (section.type === 'land') {
    doc.font(BOLD).fontSize(10).fillColor('#333333').text('Schedule')
    doc.moveDown(0.2)
    table(
      doc,
      [
        { title: 'Due date', width: 90 },
        { title: 'Payment', width: 170 },
        { title: 'Amount', width: 130, align: 'right' },
        { title: 'Status', width: 90 },
      ],
      section.schedule.map((line) => [
        dateText(line.dueDate),
        instalmentName(section, line),
        formatKobo(line.kobo),
        line.paid ? 'Paid' : 'Due',
      ]),
    )
  }
  doc.font(BOLD).fontSize(10).fillColor('#333333').text('Payments')
  doc.moveDown(0.2)
  table(
    doc,
    [
      { title: 'Date', width: 90 },
      { title: 'Reference', width: 170 },
      { title: 'Amount', width: 130, align: 'right' },
      { title: 'Status', width: 110 },
    ],
    section.payments.map((payment) => [
      dateText(payment.date),
      payment.reference,
      formatKobo(payment.kobo),
      payment.status,
    ]),
  )
  if (section.type === 'land_investment') {
    doc.font(BOLD).fontSize(10).fillColor('#333333').text('Payouts')
    doc.moveDown(0.2)
    table(
      doc,
      [
        { title: 'Due date', width: 90 },
        { title: 'Payout', width: 170 },
        { title: 'Amount', width: 130, align: 'right' },
        { title: 'Status', width: 90 },
      ],
      section.payouts.map((line) => [
        dateText(line.dueDate),
        `Payout ${line.sequence + 1}`,
        formatKobo(line.kobo),
        line.paid ? 'Paid' : 'Scheduled',
      ]),
    )
    // Where each paid payout went: a line of its own, as the account does not fit the table.
    const paidInto = section.payouts.filter((line) => line.paid && line.payout?.paidTo)
    if (paidInto.length) {
      doc.font(REGULAR).fontSize(9).fillColor('#333333')
      for (const line of paidInto) {
        const on = line.payout?.paidOn ? ` on ${dateText(line.payout.paidOn)}` : ''
        doc.text(
          `Payout ${line.sequence + 1} was paid${on} into ${payoutAccountWording(line.payout!.paidTo!)}.`,
        )
      }
      doc.moveDown(0.8)
    }
  }
}

export function statementPdf(
  statement: Statement,
  company: CompanyDetails,
  verification: VerificationMark,
) {
  const whole = statement.scope === 'customer'
  return renderPdf(
    `Statement of account ${whole ? statement.customer.reference : statement.sections[0].reference}`,
    (doc) => {
      letterhead(doc, company, 'Statement of Account')
      field(doc, 'Statement date', dateText(verification.issuedAt))
      field(doc, 'Customer', `${statement.customer.name} (${statement.customer.email})`)
      field(doc, 'Customer reference', statement.customer.reference)
      if (whole) {
        field(doc, 'Subscriptions', String(statement.sections.length))
        field(doc, 'Total paid', formatKobo(statement.paidKobo))
        field(doc, 'Balance', formatKobo(statement.balanceKobo))
      }
      doc.moveDown(0.8)
      for (const section of statement.sections) sectionPdf(doc, section)
      doc
        .font(REGULAR)
        .fontSize(9)
        .fillColor('#555555')
        .text(
          `Payments are counted once ${company.name} has confirmed them. Figures as of the statement date.`,
        )
      drawVerificationMark(doc, verification)
    },
    company.name,
  )
}
