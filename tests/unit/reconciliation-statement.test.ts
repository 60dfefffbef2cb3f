import { describe, expect, test } from 'vitest'
import { parseCsv } from '~/backend/reconciliation/csv'
import {
  detectColumns,
  EMPTY_STATEMENT,
  findHeader,
  isFormulaText,
  NO_CREDIT_COLUMN,
  NOT_A_STATEMENT_FILE,
  parseStatementAmount,
  parseStatementDate,
  readStatementFile,
  STATEMENT_TOO_LARGE,
  statementLines,
} from '~/backend/reconciliation/statement'
import { readXlsx } from '~/backend/reconciliation/xlsx'
import { STATEMENT_MAX_BYTES } from '~/contract/reconciliation'
import { gtbankCsv, gtbankXlsx, zip, type StatementEntry } from '../support/statements'

const text = (content: string) => new TextEncoder().encode(content)

describe('parseCsv', () => {
  test.each([
    ['a,b,c', [['a', 'b', 'c']]],
    ['a,b\r\nc,d\r\n', [['a', 'b'], ['c', 'd']]],
    ['a,b\nc,d', [['a', 'b'], ['c', 'd']]],
    ['"1,250,000.00",x', [['1,250,000.00', 'x']]],
    ['"say ""hi""",2', [['say "hi"', '2']]],
    ['"two\r\nlines",z', [['two\r\nlines', 'z']]],
    ['\ufeffDate,Credit', [['Date', 'Credit']]],
    ['a,,c', [['a', '', 'c']]],
    ['a\r\n\r\nb', [['a'], [''], ['b']]],
  ])('%j', (input, rows) => {
    expect(parseCsv(input)).toEqual(rows)
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
      ['Trans. Date', 'Value Date', 'Reference', 'Debits', 'Credits', 'Balance', 'Originating Branch', 'Remarks'],
      { date: 0, reference: 2, debit: 3, credit: 4, balance: 5, narration: 7 },
    ],
    [['Date', 'Description', 'Withdrawal', 'Deposit', 'Balance'], { date: 0, narration: 1, debit: 2, credit: 3, balance: 4, reference: null }],
    [
      ['Value Date', 'Details', 'Transaction Ref', 'Debit Amount', 'Credit Amount'],
      { date: 0, narration: 1, reference: 2, debit: 3, credit: 4, balance: null },
    ],
    [['DATE', 'NARRATION', 'LODGEMENT', 'REF'], { date: 0, narration: 1, credit: 2, reference: 3, debit: null, balance: null }],
    [['Posting Date', 'Value Date', 'Remarks', 'Credit'], { date: 0, narration: 2, credit: 3, debit: null, balance: null, reference: null }],
    [['Account Name', 'LAND BANKING LTD'], { date: null, narration: null, credit: null, debit: null, balance: null, reference: null }],
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
  { date: '2027-01-05', remarks: 'POS SETTLEMENT, ACME "STORES"', credit: 45_000.5, reference: 'NIP/0042' },
  { date: '2027-01-05', remarks: 'BAD ROW', creditText: '1,2OO.00' },
  { date: '2027-01-06', remarks: 'BAD DATE', dateText: '32-Jan-2027', credit: 10 },
]

describe('readStatementFile and statementLines', () => {
  test('a GTBank CSV export: the header is found below the account rows, credits read, debits skipped, bad rows listed', () => {
    const table = readStatementFile('statement.csv', text(gtbankCsv(entries)))
    const header = findHeader(table)
    expect(header.row.number).toBe(7)
    const columns = { ...header.columns } as never
    const read = statementLines(table, header.index, columns, 'gtbank')
    expect(read.lines.map(({ date, narration, reference, amountKobo, balanceKobo, row }) => ({ date, narration, reference, amountKobo, balanceKobo, row }))).toEqual([
      { row: 8, date: '2027-01-04', narration: 'TRF FROM ADA OBI/SUB-7KQ2M9', reference: null, amountKobo: 125_000_000, balanceKobo: 325_000_000 },
      { row: 10, date: '2027-01-05', narration: 'POS SETTLEMENT, ACME "STORES"', reference: 'NIP/0042', amountKobo: 4_500_050, balanceKobo: 327_500_050 },
    ])
    expect(read.unreadable).toEqual([
      { row: 11, reason: 'The credit "1,2OO.00" is not an amount', raw: expect.stringContaining('BAD ROW') },
      { row: 12, reason: 'The date "32-Jan-2027" is not a date', raw: expect.stringContaining('BAD DATE') },
    ])
    expect(read.firstDate).toBe('2027-01-04')
    expect(read.lastDate).toBe('2027-01-05')
    // The raw text is the row as CSV: a quoted cell with commas stays one cell.
    expect(read.lines[1].raw).toContain(`"POS SETTLEMENT, ACME ""STORES"""`)
    expect(read.unreadable[0].raw).toContain('"1,2OO.00"')
  })

  test('the same lines as XLSX read alike and hash alike', () => {
    const csv = readStatementFile('statement.csv', text(gtbankCsv(entries)))
    const xlsx = readStatementFile('statement.xlsx', gtbankXlsx(entries))
    expect(xlsx.kind).toBe('xlsx')
    const read = (table: typeof csv) => {
      const header = findHeader(table)
      return statementLines(table, header.index, header.columns as never, 'gtbank')
    }
    const a = read(csv)
    const b = read(xlsx)
    expect(b.lines.map((line) => line.hash)).toEqual(a.lines.map((line) => line.hash))
    expect(b.unreadable.map((row) => [row.row, row.reason])).toEqual(a.unreadable.map((row) => [row.row, row.reason]))
  })

  test('two identical credits on one day both count; the same file read again hashes the same; another bank does not', () => {
    // No balance column: only the occurrence tells the twins apart.
    const csv = 'Date,Narration,Credit\r\n04/01/2027,TRF FROM ADA OBI,5000\r\n04/01/2027,TRF  FROM ADA OBI ,"5,000.00"\r\n'
    const table = readStatementFile('s.csv', text(csv))
    const header = findHeader(table)
    const first = statementLines(table, header.index, header.columns as never, 'gtbank')
    expect(new Set(first.lines.map((line) => line.hash)).size).toBe(2)
    const again = statementLines(readStatementFile('s.csv', text(csv)), header.index, header.columns as never, 'gtbank')
    expect(again.lines.map((line) => line.hash)).toEqual(first.lines.map((line) => line.hash))
    const other = statementLines(table, header.index, header.columns as never, 'zenith')
    expect(other.lines[0].hash).not.toBe(first.lines[0].hash)
  })

  test.each([
    ['a PDF renamed .csv', 'statement.csv', new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0x02]), NOT_A_STATEMENT_FILE],
    ['a PNG', 'statement.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]), NOT_A_STATEMENT_FILE],
    ['a text file named .pdf', 'statement.pdf', text('Date,Credit\n01/01/2027,5'), NOT_A_STATEMENT_FILE],
    ['an empty file', 'statement.csv', new Uint8Array(), EMPTY_STATEMENT],
    ['a file of blank lines', 'statement.csv', text('\r\n,,\r\n'), EMPTY_STATEMENT],
    ['a file over 5 MB', 'statement.csv', new Uint8Array(STATEMENT_MAX_BYTES + 1).fill(65), STATEMENT_TOO_LARGE],
    ['a zip that is not a workbook', 'statement.xlsx', zip([['hello.txt', 'hello']]), 'The XLSX workbook has no worksheet'],
  ])('refuses %s', (_name, fileName, bytes, message) => {
    expect(() => readStatementFile(fileName, bytes)).toThrow(message)
  })

  test('refuses a statement without a credit column', () => {
    const table = readStatementFile('s.csv', text('Date,Narration,Debit\r\n01/01/2027,ATM,500\r\n'))
    expect(() => findHeader(table)).toThrow(NO_CREDIT_COLUMN)
  })

  test.each([
    ['a formula in a CSV cell', 'statement.csv', text('Date,Narration,Credit\r\n01/01/2027,=HYPERLINK("http://x"),500\r\n'), 'row 2, column 2'],
    ['a formula in a preamble row', 'statement.csv', text('@SUM(1)\r\nDate,Narration,Credit\r\n'), 'row 1, column 1'],
    ['a formula cell in an XLSX', 'statement.xlsx', gtbankXlsx(entries, { formula: true }), 'cell F8'],
    ['a formula text in an XLSX', 'statement.xlsx', gtbankXlsx([{ date: '2027-01-04', remarks: '=1+1', credit: 5 }]), 'row 8, column 8'],
  ])('refuses %s', (_name, fileName, bytes, where) => {
    expect(() => readStatementFile(fileName, bytes)).toThrow(`The statement holds a formula (${where})`)
  })
})

describe('readXlsx', () => {
  test('shared and inline strings, numbers, gaps between cells and rows', () => {
    const sheet =
      '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="inlineStr"><is><t>Tom &amp; Jerry</t></is></c></row>' +
      '<row r="3"><c r="B3"><v>46392</v></c><c r="C3" t="s"><v>1</v></c></row></sheetData></worksheet>'
    const strings = '<sst><si><t>Date</t></si><si><r><t>Rich </t></r><r><t>text</t></r></si></sst>'
    const book = zip([
      ['xl/worksheets/sheet1.xml', sheet],
      ['xl/sharedStrings.xml', strings],
    ])
    expect(readXlsx(book)).toEqual({
      rows: [
        { number: 1, cells: ['Date', '', 'Tom & Jerry'] },
        { number: 3, cells: ['', '46392', 'Rich text'] },
      ],
      formulaCell: null,
    })
  })
})
