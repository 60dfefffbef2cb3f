/**
 * CSV for downloads (RFC 4180: comma separated, CRLF line ends, a cell with a comma, quote or line
 * break quoted, quotes doubled). A text cell beginning with = + - @ (or a tab or carriage return)
 * gets a leading apostrophe, so a spreadsheet shows it as text instead of running it as a formula.
 * Numbers are written as they are; amounts go in as plain decimals (see decimalAmount).
 */
import { getConfig } from './config'
import { todayIn } from './dates/calendar'

export type CsvCell = string | number | null

/** Excel on Windows reads a CSV as UTF-8 only when it starts with this byte order mark. */
const BOM = '\uFEFF'

const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: CsvCell): string {
  if (value === null) return ''
  let text = typeof value === 'number' ? String(value) : value
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

const csvLine = (row: CsvCell[]) => `${row.map(csvCell).join(',')}\r\n`

export function toCsv(header: string[], rows: CsvCell[][]): string {
  return BOM + [header, ...rows].map(csvLine).join('')
}

/** Kobo as a plain decimal of naira, exact to the kobo: 125000000 → "1250000.00". */
export function decimalAmount(kobo: number): string {
  const sign = kobo < 0 ? '-' : ''
  const whole = Math.abs(Math.trunc(kobo))
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`
}

const downloadHeaders = (filename: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${filename}"`,
  'Cache-Control': 'private, no-store',
  'X-Content-Type-Options': 'nosniff',
})

export function csvResponse(text: string, filename: string) {
  const bytes = new TextEncoder().encode(text)
  return new Response(bytes, {
    status: 200,
    headers: { ...downloadHeaders(filename), 'Content-Length': String(bytes.length) },
  })
}

/** A list's export file name: the list and the day, in the platform time zone (customers-2026-11-23.csv). */
export const exportFilename = (list: string) => `${list}-${todayIn(getConfig().APP_TIME_ZONE)}.csv`

export const EXPORT_BATCH = 1000

/**
 * A list as a CSV download, streamed: rows are read `EXPORT_BATCH` at a time as the client takes
 * them, so an export of any length holds one batch in memory. `batch(offset, limit)` reads the
 * list's rows in its own order, which must end on a unique column so pages neither skip nor
 * repeat a row. X-Accel-Buffering tells proxies (and the API's read cache) to pass it on as it comes.
 */
export function csvStream(
  filename: string,
  header: string[],
  batch: (offset: number, limit: number) => Promise<CsvCell[][]>,
) {
  const encoder = new TextEncoder()
  let offset = -1
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (offset < 0) {
        offset = 0
        controller.enqueue(encoder.encode(BOM + csvLine(header)))
        return
      }
      // A turn of the event loop before each batch. On PGlite a query does its work in this process
      // and resolves without waiting on any I/O: without this the whole export would run as one
      // chain of promise callbacks, the socket would never get to send (its writes wait for the
      // next tick) and every batch would pile up in memory until the last one, the server deaf
      // to every other request meanwhile.
      await new Promise((resolve) => setImmediate(resolve))
      const rows = await batch(offset, EXPORT_BATCH)
      offset += rows.length
      if (rows.length) controller.enqueue(encoder.encode(rows.map(csvLine).join('')))
      if (rows.length < EXPORT_BATCH) controller.close()
    },
  })
  return new Response(body, {
    status: 200,
    headers: { ...downloadHeaders(filename), 'X-Accel-Buffering': 'no' },
  })
}
