/**
 * A CSV file as rows of cells: quoted cells (with "" for a quote, commas and line breaks inside),
 * CRLF or LF line ends, and a leading byte order mark. Blank lines stay as rows of one empty cell,
 * so row numbers are the file's line numbers (outside quoted line breaks).
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  // The cell so far is `cell` then the characters from `start` to the current position: cells are
  // sliced out of the text, never built a character at a time (a 5 MB statement is 5 million).
  let cell = ''
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
  let start = i
  const end = text.length
  while (i < end) {
    const ch = text[i]
    if (ch === '"' && (cell + text.slice(start, i)).trim() === '') {
      let value = ''
      i += 1
      for (;;) {
        const quote = text.indexOf('"', i)
        if (quote < 0) {
          value += text.slice(i)
          i = end
          break
        }
        value += text.slice(i, quote)
        if (text[quote + 1] === '"') {
          value += '"'
          i = quote + 2
        } else {
          i = quote + 1
          break
        }
      }
      cell = value
      start = i
    } else if (ch === ',') {
      row.push(cell + text.slice(start, i))
      cell = ''
      start = i += 1
    } else if (ch === '\r' || ch === '\n') {
      row.push(cell + text.slice(start, i))
      rows.push(row)
      row = []
      cell = ''
      start = i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1
    } else i += 1
  }
  const last = cell + text.slice(start, end)
  if (last !== '' || row.length) {
    row.push(last)
    rows.push(row)
  }
  return rows
}

/** Cells back as one CSV line, quoted where a cell holds a comma, quote or line break: a line's raw text. */
export function csvRowText(cells: string[]): string {
  return cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',')
}
