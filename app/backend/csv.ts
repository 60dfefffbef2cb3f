/**
 * A CSV file (RFC 4180, CRLF line ends) from a header and rows. Numbers are written as given
 * (format amounts before, e.g. 1250000.00); null is an empty cell. A text cell beginning with
 * = + - or @ is prefixed with an apostrophe so a spreadsheet never runs it as a formula.
 */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n'
}

function cell(value: string | number | null): string {
  if (value === null) return ''
  let text = typeof value === 'number' ? String(value) : value
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}
