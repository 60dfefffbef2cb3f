import { parse } from 'csv-parse'
import {
  ReadingTime,
  STATEMENT_LIMITS,
  StatementError,
  TOO_MANY_COLUMNS,
  TOO_MANY_ROWS,
} from './limits'

/** Characters handed to the parser between pauses. */
const CHUNK = 64 * 1024

export const QUOTE_NOT_CLOSED =
  'The statement has a quote that is never closed: export it again from internet banking'

/**
 * A CSV file as rows of cells, read by csv-parse: quoted cells (with "" for a quote, commas and
 * line breaks inside), CRLF, LF or CR line ends, and a leading byte order mark. Blank lines stay as
 * rows of one empty cell, so row numbers are the file's line numbers (outside quoted line breaks).
 * A quote inside an unquoted cell is kept as it is, as spreadsheets write it.
 */
export async function readCsv(text: string, time = new ReadingTime()): Promise<string[][]> {
  const parser = parse({
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: false,
    record_delimiter: ['\r\n', '\n', '\r'],
  })
  const feeding = (async () => {
    for (let at = 0; at < text.length; at += CHUNK) {
      parser.write(text.slice(at, at + CHUNK))
      await time.pause()
    }
    parser.end()
  })()
  // A file that used up its time ends the reading with that refusal.
  feeding.catch((error: Error) => parser.destroy(error))
  const rows: string[][] = []
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (rows.length === STATEMENT_LIMITS.rows) throw new StatementError(TOO_MANY_ROWS)
      if (record.length > STATEMENT_LIMITS.columns) throw new StatementError(TOO_MANY_COLUMNS)
      rows.push(record)
    }
    await feeding
  } catch (error) {
    parser.destroy()
    if (error instanceof StatementError) throw error
    if ((error as { code?: string }).code === 'CSV_QUOTE_NOT_CLOSED')
      throw new StatementError(QUOTE_NOT_CLOSED)
    throw new StatementError(`The statement could not be read as CSV: ${(error as Error).message}`)
  }
  return rows
}

/** Cells back as one CSV line, quoted where a cell holds a comma, quote or line break: a line's raw text. */
export function csvRowText(cells: string[]): string {
  return cells
    .map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell))
    .join(',')
}
