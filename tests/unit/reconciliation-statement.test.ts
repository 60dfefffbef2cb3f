import { Zip, ZipDeflate } from 'fflate'
import { describe, expect, test } from 'vitest'
import { QUOTE_NOT_CLOSED, readCsv } from '~/backend/reconciliation/csv'
import {
  detectColumns,
  EMPTY_STATEMENT,
  findHeader,
  futureDate,
  isFormulaText,
  NO_CREDIT_COLUMN,
  NOT_A_STATEMENT_FILE,
  parseStatementAmount,
  parseStatementDate,
  readStatementFile,
  STATEMENT_TOO_LARGE,
  statementLines,
} from '~/backend/reconciliation/statement'
import {
  STATEMENT_LIMITS,
  StatementError,
  TOO_MANY_COLUMNS,
  TOO_MANY_ROWS,
} from '~/backend/reconciliation/limits'
import { NOT_A_WORKBOOK, readXlsx, UNPACKED_TOO_LARGE } from '~/backend/reconciliation/xlsx'
import { STATEMENT_MAX_BYTES } from '~/contract/reconciliation'
import { gtbankCsv, gtbankXlsx, zip, type StatementEntry } from '../support/statements'

const text = (content: string) => new TextEncoder().encode(content)

describe('readCsv', () => {
  test.each([
    ['a,b,c', [['a', 'b', 'c']]],
    [
      'a,b\r\nc,d\r\n',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    [
      'a,b\nc,d',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    ['"1,250,000.00",x', [['1,250,000.00', 'x']]],
    ['"say ""hi""",2', [['say "hi"', '2']]],
    ['"two\r\nlines",z', [['two\r\nlines', 'z']]],
    ['\ufeffDate,Credit', [['Date', 'Credit']]],
    ['a,,c', [['a', '', 'c']]],
    ['a\r\n\r\nb', [['a'], [''], ['b']]],
    ['a\nb\r\nc\rd', [['a'], ['b'], ['c'], ['d']]],
    ['a,b"c,d', [['a', 'b"c', 'd']]],
  ])('%j', async (input, rows) => {
    expect(await readCsv(input)).toEqual(rows)
  })

  test('refuses a quote never closed', async () => {
    await expect(readCsv('Date,Credit\r\n"05/01/2027,5000\r\n')).rejects.toThrow(QUOTE_NOT_CLOSED)
  })
})

describe('parseStatementDate', () => {
  test.each([
    ['05/01/2027', '2027-01-05'],
    ['5/1/2027', '2027-01-05'],
    ['05-01-2027', '2027-01-05'],
    ['31.12.2026', '2026-12-31'],
    ['05-Jan-2027', '2027-01-05'],
    ['05-JAN-27', '2027-01-05'],
    ['5 January 2027', '2027-01-05'],
    ['05-Jan-2027 14:22:01', '2027-01-05'],
    ['2027-01-05', '2027-01-05'],
    ['2027-01-05T10:00:00', '2027-01-05'],
    ['29/02/2028', '2028-02-29'],
    ['29/02/2027', null],
    ['32/01/2027', null],
    ['05/13/2027', null],
    ['05-Jnx-2027', null],
    ['yesterday', null],
    ['', null],
    ['46392', null],
  ])('%j → %j', (input, expected) => {
    expect(parseStatementDate(input)).toBe(expected)
  })

  test.each([
    ['46392', '2027-01-05'],
    ['46392.5', '2027-01-05'],
    ['45658', '2025-01-01'],
  ])('the XLSX serial %j → %j', (input, expected) => {
    expect(parseStatementDate(input, { serials: true })).toBe(expected)
  })
})

describe('parseStatementAmount', () => {
  test.each([
    ['1,250,000.00', 125_000_000],
    ['₦1,250,000.00', 125_000_000],
    ['₦ 1,250,000', 125_000_000],
    ['NGN 5000.5', 500_050],
    ['1250000', 125_000_000],
    ['0.01', 1],
    ['1250000.0000000002', 125_000_000],
    ['45000.01', 4_500_001],
    ['', null],
    ['  ', null],
    ['-', null],
    ['1,2OO.00', Number.NaN],
    ['12,50,000.00', Number.NaN],
    ['-5,000.00', Number.NaN],
    ['1.234', Number.NaN],
    ['abc', Number.NaN],
  ])('%j → %j kobo', (input, expected) => {
    expect(parseStatementAmount(input)).toBe(expected)
  })
})

describe('detectColumns', () => {
  test.each([
    [
      [
        'Trans. Date',
        'Value Date',
        'Reference',
        'Debits',
        'Credits',
        'Balance',
        'Originating Branch',
        'Remarks',
      ],
      { date: 0, reference: 2, debit: 3, credit: 4, balance: 5, narration: 7 },
    ],
    [
      ['Date', 'Description', 'Withdrawal', 'Deposit', 'Balance'],
      { date: 0, narration: 1, debit: 2, credit: 3, balance: 4, reference: null },
    ],
    [
      ['Value Date', 'Details', 'Transaction Ref', 'Debit Amount', 'Credit Amount'],
      { date: 0, narration: 1, reference: 2, debit: 3, credit: 4, balance: null },
    ],
    [
      ['DATE', 'NARRATION', 'LODGEMENT', 'REF'],
      { date: 0, narration: 1, credit: 2, reference: 3, debit: null, balance: null },
    ],
    [
      ['Posting Date', 'Value Date', 'Remarks', 'Credit'],
      { date: 0, narration: 2, credit: 3, debit: null, balance: null, reference: null },
    ],
    [
      ['Account Name', 'LAND BANKING LTD'],
      { date: null, narration: null, credit: null, debit: null, balance: null, reference: null },
    ],
  ])('%j', (headers, expected) => {
    expect(detectColumns(headers)).toEqual(expected)
  })
})

describe('isFormulaText', () => {
  test.each([
    ['=SUM(A1:A2)', true],
    ['+2348012345678', true],
    ['@cmd', true],
    ['-cmd|calc', true],
    [' =1+1', true],
    ['-5,000.00', false],
    ['-₦5,000', false],
    ['TRF FROM ADA = SUB-1', false],
    ['05-Jan-2027', false],
    ['', false],
  ])('%j → %j', (cell, expected) => {
    expect(isFormulaText(cell)).toBe(expected)
  })
})

const entries: StatementEntry[] = [
  { date: '2027-01-04', remarks: 'TRF FROM ADA OBI/SUB-7KQ2M9', credit: 1_250_000 },
  { date: '2027-01-04', remarks: 'ATM WITHDRAWAL', debit: 20_000 },
  {
    date: '2027-01-05',
    remarks: 'POS SETTLEMENT, ACME "STORES"',
    credit: 45_000.5,
    reference: 'NIP/0042',
  },
  { date: '2027-01-05', remarks: 'BAD ROW', creditText: '1,2OO.00' },
  { date: '2027-01-06', remarks: 'BAD DATE', dateText: '32-Jan-2027', credit: 10 },
]

/** The day of import in these tests: after every entry above. */
const TODAY = '2027-02-01'

describe('readStatementFile and statementLines', () => {
  test("a line dated after the day of import is refused with its reason, and the statement's days end before it", async () => {
    const csv =
      'Date,Narration,Debit,Credit\r\n' +
      '01/02/2027,TRF FROM ADA OBI,,5000\r\n' +
      '31/12/2099,TRF FROM EVE,,1000\r\n' +
      '02/02/2027,TRF FROM TOMORROW,,2000\r\n' +
      '15/03/2027,CHARGES,50,\r\n'
    const table = await readStatementFile('s.csv', text(csv))
    const header = findHeader(table)
    const read = statementLines(table, header.index, header.columns as never, 'gtbank', TODAY)
    expect(read.lines.map((line) => [line.date, line.narration])).toEqual([
      ['2027-02-01', 'TRF FROM ADA OBI'],
    ])
    expect(read.unreadable.map(({ row, reason }) => ({ row, reason }))).toEqual([
      { row: 3, reason: futureDate('31/12/2099') },
      { row: 4, reason: futureDate('02/02/2027') },
    ])
    expect(futureDate('31/12/2099')).toBe(
      'The date "31/12/2099" is after the day of import: a statement cannot show it yet',
    )
    expect([read.firstDate, read.lastDate]).toEqual(['2027-02-01', '2027-02-01'])
  })

  test('a GTBank CSV export: the header is found below the account rows, credits read, debits skipped, bad rows listed', async () => {
    const table = await readStatementFile('statement.csv', text(gtbankCsv(entries)))
    const header = findHeader(table)
    expect(header.row.number).toBe(7)
    const columns = { ...header.columns } as never
    const read = statementLines(table, header.index, columns, 'gtbank', TODAY)
    expect(
      read.lines.map(({ date, narration, reference, amountKobo, balanceKobo, row }) => ({
        date,
        narration,
        reference,
        amountKobo,
        balanceKobo,
        row,
      })),
    ).toEqual([
      {
        row: 8,
        date: '2027-01-04',
        narration: 'TRF FROM ADA OBI/SUB-7KQ2M9',
        reference: null,
        amountKobo: 125_000_000,
        balanceKobo: 325_000_000,
      },
      {
        row: 10,
        date: '2027-01-05',
        narration: 'POS SETTLEMENT, ACME "STORES"',
        reference: 'NIP/0042',
        amountKobo: 4_500_050,
        balanceKobo: 327_500_050,
      },
    ])
    expect(read.unreadable).toEqual([
      {
        row: 11,
        reason: 'The credit "1,2OO.00" is not an amount',
        raw: expect.stringContaining('BAD ROW'),
      },
      {
        row: 12,
        reason: 'The date "32-Jan-2027" is not a date',
        raw: expect.stringContaining('BAD DATE'),
      },
    ])
    expect(read.firstDate).toBe('2027-01-04')
    expect(read.lastDate).toBe('2027-01-05')
    // The raw text is the row as CSV: a quoted cell with commas stays one cell.
    expect(read.lines[1].raw).toContain(`"POS SETTLEMENT, ACME ""STORES"""`)
    expect(read.unreadable[0].raw).toContain('"1,2OO.00"')
  })

  test('the same lines as XLSX read alike and hash alike', async () => {
    const csv = await readStatementFile('statement.csv', text(gtbankCsv(entries)))
    const xlsx = await readStatementFile('statement.xlsx', gtbankXlsx(entries))
    expect(xlsx.kind).toBe('xlsx')
    const read = (table: typeof csv) => {
      const header = findHeader(table)
      return statementLines(table, header.index, header.columns as never, 'gtbank', TODAY)
    }
    const a = read(csv)
    const b = read(xlsx)
    expect(b.lines.map((line) => line.hash)).toEqual(a.lines.map((line) => line.hash))
    expect(b.unreadable.map((row) => [row.row, row.reason])).toEqual(
      a.unreadable.map((row) => [row.row, row.reason]),
    )
  })

  test('two identical credits on one day both count; the same file read again hashes the same; another bank does not', async () => {
    // No balance column: only the occurrence tells the twins apart.
    const csv =
      'Date,Narration,Credit\r\n04/01/2027,TRF FROM ADA OBI,5000\r\n04/01/2027,TRF  FROM ADA OBI ,"5,000.00"\r\n'
    const table = await readStatementFile('s.csv', text(csv))
    const header = findHeader(table)
    const first = statementLines(table, header.index, header.columns as never, 'gtbank', TODAY)
    expect(new Set(first.lines.map((line) => line.hash)).size).toBe(2)
    const again = statementLines(
      await readStatementFile('s.csv', text(csv)),
      header.index,
      header.columns as never,
      'gtbank',
      TODAY,
    )
    expect(again.lines.map((line) => line.hash)).toEqual(first.lines.map((line) => line.hash))
    const other = statementLines(table, header.index, header.columns as never, 'zenith', TODAY)
    expect(other.lines[0].hash).not.toBe(first.lines[0].hash)
  })

  test.each([
    [
      'a PDF renamed .csv',
      'statement.csv',
      new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0x02]),
      NOT_A_STATEMENT_FILE,
    ],
    ['a PNG', 'statement.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]), NOT_A_STATEMENT_FILE],
    [
      'a text file named .pdf',
      'statement.pdf',
      text('Date,Credit\n01/01/2027,5'),
      NOT_A_STATEMENT_FILE,
    ],
    ['an empty file', 'statement.csv', new Uint8Array(), EMPTY_STATEMENT],
    ['a file of blank lines', 'statement.csv', text('\r\n,,\r\n'), EMPTY_STATEMENT],
    [
      'a file over 5 MB',
      'statement.csv',
      new Uint8Array(STATEMENT_MAX_BYTES + 1).fill(65),
      STATEMENT_TOO_LARGE,
    ],
    [
      'a zip that is not a workbook',
      'statement.xlsx',
      zip([['hello.txt', 'hello']]),
      'The XLSX workbook has no worksheet',
    ],
  ])('refuses %s', async (_name, fileName, bytes, message) => {
    await expect(readStatementFile(fileName, bytes)).rejects.toThrow(message)
  })

  test('refuses a statement without a credit column', async () => {
    const table = await readStatementFile(
      's.csv',
      text('Date,Narration,Debit\r\n01/01/2027,ATM,500\r\n'),
    )
    expect(() => findHeader(table)).toThrow(NO_CREDIT_COLUMN)
  })

  test.each([
    [
      'a formula in a CSV cell',
      'statement.csv',
      text('Date,Narration,Credit\r\n01/01/2027,=HYPERLINK("http://x"),500\r\n'),
      'row 2, column 2',
    ],
    [
      'a formula in a preamble row',
      'statement.csv',
      text('@SUM(1)\r\nDate,Narration,Credit\r\n'),
      'row 1, column 1',
    ],
    [
      'a formula cell in an XLSX',
      'statement.xlsx',
      gtbankXlsx(entries, { formula: true }),
      'cell F8',
    ],
    [
      'a formula text in an XLSX',
      'statement.xlsx',
      gtbankXlsx([{ date: '2027-01-04', remarks: '=1+1', credit: 5 }]),
      'row 8, column 8',
    ],
  ])('refuses %s', async (_name, fileName, bytes, where) => {
    await expect(readStatementFile(fileName, bytes)).rejects.toThrow(
      `The statement holds a formula (${where})`,
    )
  })
})

describe('readXlsx', () => {
  test('shared and inline strings, numbers, gaps between cells and rows', async () => {
    const sheet =
      '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="inlineStr"><is><t>Tom &amp; Jerry</t></is></c></row>' +
      '<row r="3"><c r="B3"><v>46392</v></c><c r="C3" t="s"><v>1</v></c></row></sheetData></worksheet>'
    const strings = '<sst><si><t>Date</t></si><si><r><t>Rich </t></r><r><t>text</t></r></si></sst>'
    const book = zip([
      ['xl/worksheets/sheet1.xml', sheet],
      ['xl/sharedStrings.xml', strings],
    ])
    expect(await readXlsx(book)).toEqual({
      rows: [
        { number: 1, cells: ['Date', '', 'Tom & Jerry'] },
        { number: 3, cells: ['', '46392', 'Rich text'] },
      ],
      formulaCell: null,
    })
  })

  test("prefixed element names, phonetic runs left out, and the workbook's first sheet through its relations", async () => {
    const book = zip([
      [
        'xl/workbook.xml',
        '<x:workbook xmlns:x="m" xmlns:r="r"><x:sheets><x:sheet name="S" sheetId="2" r:id="rId7"/></x:sheets></x:workbook>',
      ],
      [
        'xl/_rels/workbook.xml.rels',
        '<Relationships><Relationship Id="rId7" Target="worksheets/statement.xml"/></Relationships>',
      ],
      [
        'xl/worksheets/sheet1.xml',
        '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Wrong sheet</t></is></c></row></sheetData></worksheet>',
      ],
      [
        'xl/worksheets/statement.xml',
        '<x:worksheet xmlns:x="m"><x:sheetData><x:row r="2"><x:c r="B2" t="s"><x:v>0</x:v></x:c></x:row></x:sheetData></x:worksheet>',
      ],
      [
        'xl/sharedStrings.xml',
        '<sst><si><t>Ada</t><rPh sb="0" eb="1"><t>reading aid</t></rPh></si></sst>',
      ],
    ])
    expect(await readXlsx(book)).toEqual({
      rows: [{ number: 2, cells: ['', 'Ada'] }],
      formulaCell: null,
    })
  })
})

describe('readXlsx of a workbook written as a stream', () => {
  test('sizes given after each part (data descriptors) are read alike', async () => {
    const chunks: Uint8Array[] = []
    const writer = new Zip((error, chunk) => {
      if (error) throw error
      chunks.push(chunk)
    })
    const sheet =
      '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Date</t></is></c><c r="B1"><v>46392</v></c></row></sheetData></worksheet>'
    for (const [name, xml] of [
      ['xl/worksheets/sheet1.xml', sheet],
      ['xl/sharedStrings.xml', '<sst/>'],
    ]) {
      const part = new ZipDeflate(name)
      writer.add(part)
      part.push(new TextEncoder().encode(xml), true)
    }
    writer.end()
    const bytes = new Uint8Array(Buffer.concat(chunks))
    expect(new DataView(bytes.buffer).getUint16(6, true) & 8).toBe(8)
    expect(await readXlsx(bytes)).toEqual({
      rows: [{ number: 1, cells: ['Date', '46392'] }],
      formulaCell: null,
    })
  })
})

/** A workbook of one sheet whose XML is `sheet`. */
const book = (sheet: string, more: [string, string][] = []) =>
  zip([['xl/worksheets/sheet1.xml', sheet], ...more])

/** The zip with every entry claiming to unpack to `size` bytes, as a zip bomb's headers may. */
function claimingSize(bytes: Uint8Array, size: number) {
  const buffer = Buffer.from(bytes)
  for (let at = 0; at + 4 <= buffer.length; at++) {
    const signature = buffer.readUInt32LE(at)
    if (signature === 0x04034b50) buffer.writeUInt32LE(size, at + 22)
    if (signature === 0x02014b50) buffer.writeUInt32LE(size, at + 24)
  }
  return new Uint8Array(buffer)
}

describe('files made to hold the server are refused', () => {
  const rows = (count: number) => '<row/>'.repeat(count)

  test('tags never closed: a workbook of a kilobyte that unpacks to thousands of open rows', async () => {
    const crafted = book(`<worksheet><sheetData>${'<row><c>'.repeat(80_000)}`)
    expect(crafted.length).toBeLessThan(2048)
    await expect(readStatementFile('statement.xlsx', crafted)).rejects.toThrow(NOT_A_WORKBOOK)
  })

  test('a zip bomb, whether its headers tell the size or lie about it', async () => {
    const bomb = book(
      `<worksheet><sheetData>${' '.repeat(STATEMENT_LIMITS.unpackedBytes + 1024)}</sheetData></worksheet>`,
    )
    expect(bomb.length).toBeLessThan(STATEMENT_MAX_BYTES)
    await expect(readStatementFile('statement.xlsx', bomb)).rejects.toThrow(UNPACKED_TOO_LARGE)
    await expect(readStatementFile('statement.xlsx', claimingSize(bomb, 100))).rejects.toThrow(
      UNPACKED_TOO_LARGE,
    )
  })

  test('a document type declaring an entity (XXE) is refused, in the sheet and in the shared strings', async () => {
    const doctype =
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY secret SYSTEM "file:///etc/passwd">]>'
    const sheet =
      '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>'
    await expect(
      readXlsx(book(`${doctype}${sheet.replace('<v>0</v>', '<v>&secret;</v>')}`)),
    ).rejects.toThrow(NOT_A_WORKBOOK)
    await expect(
      readXlsx(
        book(sheet, [['xl/sharedStrings.xml', `${doctype}<sst><si><t>&secret;</t></si></sst>`]]),
      ),
    ).rejects.toThrow(NOT_A_WORKBOOK)
  })

  test('more rows than a statement may have, as XLSX and as CSV', async () => {
    await expect(
      readXlsx(
        book(`<worksheet><sheetData>${rows(STATEMENT_LIMITS.rows + 1)}</sheetData></worksheet>`),
      ),
    ).rejects.toThrow(TOO_MANY_ROWS)
    expect(
      (
        await readXlsx(
          book(`<worksheet><sheetData>${rows(STATEMENT_LIMITS.rows)}</sheetData></worksheet>`),
        )
      ).rows,
    ).toHaveLength(STATEMENT_LIMITS.rows)
    await expect(
      readStatementFile('s.csv', text('x\r\n'.repeat(STATEMENT_LIMITS.rows + 1))),
    ).rejects.toThrow(TOO_MANY_ROWS)
  })

  test('a cell far to the right, as XLSX and as CSV', async () => {
    await expect(
      readXlsx(
        book(
          '<worksheet><sheetData><row r="1"><c r="XFD1"><v>1</v></c></row></sheetData></worksheet>',
        ),
      ),
    ).rejects.toThrow(TOO_MANY_COLUMNS)
    await expect(
      readStatementFile('s.csv', text(`Date,Credit${','.repeat(STATEMENT_LIMITS.columns)}\r\n`)),
    ).rejects.toThrow(TOO_MANY_COLUMNS)
  })

  test('a part that is not XML, or a zip cut short', async () => {
    await expect(readXlsx(book('<worksheet><sheetData><row></sheetData>'))).rejects.toThrow(
      NOT_A_WORKBOOK,
    )
    const whole = gtbankXlsx(entries)
    await expect(readXlsx(whole.subarray(0, Math.floor(whole.length / 2)))).rejects.toThrow(
      StatementError,
    )
  })
})
