import crypto from 'node:crypto'
import {
  STATEMENT_MAX_BYTES,
  type ColumnMapping,
  type StatementColumn,
} from '~/contract/reconciliation'
import { csvRowText, readCsv } from './csv'
import { ReadingTime, StatementError } from './limits'
import { isZip, readXlsx } from './xlsx'
import { koboOf } from '~/contract/money'

/**
 * Reading a bank statement (pure): the file as rows, the header row found below the account
 * details banks print first, its columns detected by name, each row's date and amount, and the
 * hash that recognises a line already imported.
 */

export { StatementError }

export type StatementTable = {
  kind: 'csv' | 'xlsx'
  /** Every row with its number in the file (1 = the first). */
  rows: { number: number; cells: string[] }[]
}

export const NOT_A_STATEMENT_FILE =
  'The statement must be a CSV or XLSX file, as internet banking exports it'
export const EMPTY_STATEMENT = 'The statement file is empty'
export const STATEMENT_TOO_LARGE = 'The statement file is larger than 5 MB'
export const NO_CREDIT_COLUMN =
  'No credit column found: the statement needs a header row with a date and a credit column (Credit, Deposit or Lodgement)'
export const formulaRefused = (where: string) =>
  `The statement holds a formula (${where}): export it again from internet banking, without formulas`

/** A text cell a spreadsheet would run: starting with = + @, or - not followed by a number. */
export function isFormulaText(cell: string) {
  const text = cell.trimStart()
  if (/^[=+@]/.test(text)) return true
  return text.startsWith('-') && !/^-\s*(₦|NGN)?\s*\d/i.test(text)
}

const XLSX_NAME = /\.xlsx$/i
const CSV_NAME = /\.(csv|txt)$/i

/**
 * The file as rows, or a StatementError saying why it is not a statement (nothing is imported then).
 * Read a piece at a time within the limits of STATEMENT_LIMITS.
 */
export async function readStatementFile(
  fileName: string,
  bytes: Uint8Array,
): Promise<StatementTable> {
  if (bytes.length > STATEMENT_MAX_BYTES) throw new StatementError(STATEMENT_TOO_LARGE)
  if (bytes.length === 0) throw new StatementError(EMPTY_STATEMENT)
  const time = new ReadingTime()
  let table: StatementTable
  if (isZip(bytes)) {
    if (!XLSX_NAME.test(fileName)) throw new StatementError(NOT_A_STATEMENT_FILE)
    const sheet = await readXlsx(bytes, time)
    if (sheet.formulaCell) throw new StatementError(formulaRefused(`cell ${sheet.formulaCell}`))
    table = { kind: 'xlsx', rows: sheet.rows }
  } else {
    if (!CSV_NAME.test(fileName) || !isText(bytes)) throw new StatementError(NOT_A_STATEMENT_FILE)
    const text = new TextDecoder('utf-8').decode(bytes)
    table = {
      kind: 'csv',
      rows: (await readCsv(text, time)).map((cells, index) => ({ number: index + 1, cells })),
    }
  }
  table.rows = table.rows.map((row) => ({
    ...row,
    cells: row.cells.map((cell) => cell.replaceAll('\0', '')),
  }))
  if (!table.rows.some((row) => row.cells.some((cell) => cell.trim() !== '')))
    throw new StatementError(EMPTY_STATEMENT)
  for (const row of table.rows) {
    const column = row.cells.findIndex((cell) => cell !== '' && isFormulaText(cell))
    if (column >= 0)
      throw new StatementError(formulaRefused(`row ${row.number}, column ${column + 1}`))
  }
  return table
}

/** Text, not a binary file renamed .csv: valid UTF-8 without NUL or other control bytes. */
function isText(bytes: Uint8Array) {
  const head = bytes.subarray(0, 64 * 1024)
  for (const byte of head) if (byte < 9 || (byte > 13 && byte < 32 && byte !== 27)) return false
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

// ---------------------------------------------------------------------------------------------
// Columns

const normalise = (header: string) =>
  header
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim()

const HEADER_NAMES: Record<StatementColumn, string[]> = {
  date: [
    'trans date',
    'transaction date',
    'tran date',
    'txn date',
    'posting date',
    'post date',
    'date',
    'value date',
    'entry date',
    'booking date',
  ],
  narration: [
    'narration',
    'description',
    'details',
    'remarks',
    'remark',
    'transaction details',
    'particulars',
    'narrative',
    'memo',
  ],
  credit: [
    'credit',
    'credits',
    'deposit',
    'deposits',
    'credit amount',
    'lodgement',
    'lodgements',
    'lodgment',
    'money in',
    'cr',
    'credit amt',
  ],
  debit: [
    'debit',
    'debits',
    'withdrawal',
    'withdrawals',
    'debit amount',
    'money out',
    'dr',
    'debit amt',
  ],
  balance: [
    'balance',
    'running balance',
    'closing balance',
    'available balance',
    'ledger balance',
    'balance amount',
  ],
  reference: [
    'reference',
    'ref',
    'transaction ref',
    'transaction reference',
    'ref no',
    'reference no',
    'reference number',
    'trans ref',
    'cheque no',
    'chq no',
    'document no',
  ],
}

export type DetectedColumns = Record<StatementColumn, number | null>

/**
 * The columns by their header names. Each takes the first header matching one of its names, in
 * the order of the names (so "Trans. Date" wins over "Value Date"); a header is used once.
 */
export function detectColumns(headers: string[]): DetectedColumns {
  const names = headers.map(normalise)
  const used = new Set<number>()
  const found = {} as DetectedColumns
  for (const column of ['credit', 'debit', 'balance', 'date', 'narration', 'reference'] as const) {
    found[column] = null
    for (const name of HEADER_NAMES[column]) {
      const index = names.findIndex((header, i) => !used.has(i) && header === name)
      if (index >= 0) {
        found[column] = index
        used.add(index)
        break
      }
    }
  }
  return found
}

/** How many header rows to look through for the real one, below the account details. */
const HEADER_SEARCH_ROWS = 40

/** The header row: the first with a date and a credit column. */
export function findHeader(table: StatementTable) {
  for (const [index, row] of table.rows.slice(0, HEADER_SEARCH_ROWS).entries()) {
    const columns = detectColumns(row.cells)
    if (columns.date !== null && columns.credit !== null) return { index, row, columns }
  }
  throw new StatementError(NO_CREDIT_COLUMN)
}

/** Whether remembered columns fit this file's header (each position exists). */
export function mappingFits(mapping: ColumnMapping, headers: string[]) {
  return Object.values(mapping).every((position) => position === null || position < headers.length)
}

// ---------------------------------------------------------------------------------------------
// Dates and amounts

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

function isoDate(year: number, month: number, day: number) {
  if (month < 1 || month > 12 || day < 1 || year < 1900 || year > 2200) return null
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCMonth() !== month - 1) return null
  return date.toISOString().slice(0, 10)
}

const fullYear = (year: string) => (year.length === 2 ? 2000 + Number(year) : Number(year))

/**
 * A statement date as ISO (YYYY-MM-DD), or null: DD/MM/YYYY (or with - or .), DD-MMM-YYYY (or
 * DD MMM YYYY, two-digit years as 20YY), ISO, any of them followed by a time; and, from XLSX, an
 * Excel serial number (days since 1899-12-30).
 */
export function parseStatementDate(
  value: string,
  options: { serials?: boolean } = {},
): string | null {
  const text = value.trim()
  let match = /^(\d{4})-(\d{2})-(\d{2})(?:[T\s].*)?$/.exec(text)
  if (match) return isoDate(Number(match[1]), Number(match[2]), Number(match[3]))
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:\s.*)?$/.exec(text)
  if (match) return isoDate(fullYear(match[3]), Number(match[2]), Number(match[1]))
  match = /^(\d{1,2})[\s-]([a-z]{3})[a-z]*\.?[\s-](\d{4}|\d{2})(?:\s.*)?$/i.exec(text)
  if (match) {
    const month = MONTHS.indexOf(match[2].toLowerCase()) + 1
    return month ? isoDate(fullYear(match[3]), month, Number(match[1])) : null
  }
  if (options.serials && /^\d{4,6}(\.\d+)?$/.test(text)) {
    const days = Math.floor(Number(text))
    const date = new Date(Date.UTC(1899, 11, 30) + days * 86_400_000)
    return isoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())
  }
  return null
}

/**
 * An amount in kobo: "1,250,000.00", "₦1,250,000", "NGN 5000.5", 1250000 (an XLSX number). Blank
 * answers null (no amount in that column); anything else unreadable answers NaN.
 */
export function parseStatementAmount(value: string): number | null {
  const text = value.replace(/[\s\u00a0]/g, '').replace(/^(₦|NGN|N)(?=[\d.])/i, '')
  if (text === '' || text === '-') return null
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/.test(text)) return Number.NaN
  const [whole, fraction = ''] = text.replace(/,/g, '').split('.')
  // XLSX keeps numbers as binary floating point ("1250000.0000000002"): round to the kobo.
  if (fraction.length > 2 && !/^\d{2}(0{4,}\d*|9{4,}\d*)$/.test(fraction)) return Number.NaN
  return koboOf(Number(`${whole}.${fraction || '0'}`))
}

// ---------------------------------------------------------------------------------------------
// Lines

export type StatementRow = {
  /** The row's number in the file. */
  row: number
  date: string
  narration: string
  reference: string | null
  amountKobo: number
  balanceKobo: number | null
  raw: string
  hash: string
}

export type UnreadableRow = { row: number; reason: string; raw: string }

/** How many rows after the header hold a credit, read or not: what an import would take on. */
export function creditRowCount(table: StatementTable, headerIndex: number, creditColumn: number) {
  let count = 0
  for (const { cells } of table.rows.slice(headerIndex + 1)) {
    const amount = parseStatementAmount((cells[creditColumn] ?? '').trim())
    if (amount !== null && amount !== 0) count += 1
  }
  return count
}

export const futureDate = (dateText: string) =>
  `The date "${dateText}" is after the day of import: a statement cannot show it yet`

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

function lineKey(bank: string, line: Omit<StatementRow, 'hash' | 'row' | 'raw'>) {
  return [
    bank,
    line.date,
    line.amountKobo,
    collapse(line.narration).toLowerCase(),
    collapse(line.reference ?? '').toLowerCase(),
    line.balanceKobo ?? '',
  ].join('|')
}

/**
 * The credit lines of the rows after the header. A row without a credit is a debit (or a total,
 * or blank) and is skipped; a credit row whose date or amount cannot be read, or dated after
 * `today` (the day of import, which no statement can show yet), is listed with the reason. The
 * days the statement covers leave out dates after `today` too: they would make every later
 * payment look missing from the statement. Each line's hash is its normalised fields plus its occurrence among identical lines of
 * this file, so the same statement (or an overlapping one, or the same lines as XLSX) hashes the
 * same while two genuine identical credits on one day both count.
 */
export function statementLines(
  table: StatementTable,
  headerIndex: number,
  columns: Omit<ColumnMapping, 'narration'> & { narration: number | null },
  bank: string,
  today: string,
) {
  const lines: StatementRow[] = []
  const unreadable: UnreadableRow[] = []
  const seen = new Map<string, number>()
  // The days the statement covers, debits included.
  let firstDate: string | null = null
  let lastDate: string | null = null
  const cell = (cells: string[], position: number | null) =>
    position === null ? '' : (cells[position] ?? '').trim()
  for (const { number, cells } of table.rows.slice(headerIndex + 1)) {
    if (cells.every((text) => text.trim() === '')) continue
    const raw = csvRowText(cells)
    const day = parseStatementDate(cell(cells, columns.date), { serials: table.kind === 'xlsx' })
    if (day && day <= today) {
      if (!firstDate || day < firstDate) firstDate = day
      if (!lastDate || day > lastDate) lastDate = day
    }
    const creditText = cell(cells, columns.credit)
    const amount = parseStatementAmount(creditText)
    if (amount === null || amount === 0) continue
    if (Number.isNaN(amount)) {
      unreadable.push({ row: number, reason: `The credit "${creditText}" is not an amount`, raw })
      continue
    }
    const dateText = cell(cells, columns.date)
    const date = parseStatementDate(dateText, { serials: table.kind === 'xlsx' })
    if (!date) {
      unreadable.push({
        row: number,
        reason: dateText ? `The date "${dateText}" is not a date` : 'The date is missing',
        raw,
      })
      continue
    }
    if (date > today) {
      unreadable.push({ row: number, reason: futureDate(dateText), raw })
      continue
    }
    const balance = parseStatementAmount(cell(cells, columns.balance))
    const line = {
      date,
      narration: collapse(cell(cells, columns.narration)),
      reference: collapse(cell(cells, columns.reference)) || null,
      amountKobo: amount,
      balanceKobo: balance === null || Number.isNaN(balance) ? null : balance,
    }
    const key = lineKey(bank, line)
    const occurrence = (seen.get(key) ?? 0) + 1
    seen.set(key, occurrence)
    const hash = crypto.createHash('sha256').update(`${key}|#${occurrence}`).digest('hex')
    lines.push({ row: number, ...line, raw, hash })
  }
  return { lines, unreadable, firstDate, lastDate }
}
