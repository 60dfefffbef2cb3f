/**
 * How much of a statement file is read, and the refusal that says why a file is not read. A
 * statement comes from outside: each limit stops a file made to hold the server (a zip bomb, tags
 * never closed, a million columns) with a message instead of an answer that never comes.
 */

export class StatementError extends Error {}

export const STATEMENT_LIMITS = {
  /** Rows in the file, header, account rows and debits included (a 5 MB CSV statement has about 60,000). */
  rows: 200_000,
  /**
   * Credit lines imported from one statement: an import holds the database while it adds and
   * matches them, so a longer period is imported in parts.
   */
  creditLines: 5_000,
  /** Columns of a row (a column mapping names positions 0 to 199). */
  columns: 200,
  /** Cells with a value, and shared strings, in an XLSX workbook. */
  cells: 2_000_000,
  /** The parts of an XLSX workbook read, once unpacked. */
  unpackedBytes: 64 * 1024 * 1024,
  /** How deep the XML of an XLSX workbook nests (a worksheet needs about six levels). */
  xmlDepth: 32,
  /**
   * Processor time spent reading one file. Counted as the process's processor time, so a machine
   * busy with other work does not make a file too slow, and the pauses between steps, when other
   * requests are answered, are not counted. A legitimate 5 MB CSV takes csv-parse 2 to 5 seconds
   * of it (the longer on a busy machine), so the limit is three times that.
   */
  readMs: 15_000,
}

const thousands = (value: number) => value.toLocaleString('en-US')

export const TOO_MANY_ROWS = `The statement has more than ${thousands(STATEMENT_LIMITS.rows)} rows: export a shorter period`
export const TOO_MANY_COLUMNS = `The statement has more than ${STATEMENT_LIMITS.columns} columns: export it again from internet banking`
export const tooManyCreditLines = (count: number) =>
  `The statement has ${thousands(count)} credit lines: at most ${thousands(STATEMENT_LIMITS.creditLines)} are imported at once, so export a shorter period`
export const TOO_SLOW =
  'The statement took too long to read: export a shorter period from internet banking'

/**
 * The processor time a reader has spent on one file. A reader works in small steps and calls
 * `pause()` between them: other requests are answered meanwhile, and a file that has used up its
 * time is refused.
 */
export class ReadingTime {
  #spentMs = 0
  #since = process.cpuUsage()

  async pause() {
    const spent = process.cpuUsage(this.#since)
    this.#spentMs += (spent.user + spent.system) / 1000
    if (this.#spentMs > STATEMENT_LIMITS.readMs) throw new StatementError(TOO_SLOW)
    await new Promise((resolve) => setImmediate(resolve))
    this.#since = process.cpuUsage()
  }
}
