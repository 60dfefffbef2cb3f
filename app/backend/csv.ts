/**
 * CSV for downloads (RFC 4180: comma separated, CRLF line ends, a cell with a comma, quote or line
 * break quoted, quotes doubled). A text cell beginning with = + - @ (or a tab or carriage return)
 * gets a leading apostrophe, so a spreadsheet shows it as text instead of running it as a formula.
 * Numbers are written as they are; amounts go in as plain decimals (see decimalAmount).
 */
export type CsvCell = string | number | null

const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: CsvCell): string {
  if (value === null) return ''
  let text = typeof value === 'number' ? String(value) : value
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

/** Kobo as a plain decimal of naira, exact to the kobo: 125000000 → "1250000.00". */
export function decimalAmount(kobo: number): string {
  const sign = kobo < 0 ? '-' : ''
  const whole = Math.abs(Math.trunc(kobo))
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`
}

export function csvResponse(text: string, filename: string) {
  const bytes = new TextEncoder().encode(text)
  return new Response(bytes, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Content-Length': String(bytes.length),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
