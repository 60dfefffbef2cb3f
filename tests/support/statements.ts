/**
 * Bank statements as the tests need them: GTBank's internet-banking CSV export (a few account rows,
 * then "Trans. Date,Value Date,Reference,Debits,Credits,Balance,Originating Branch,Remarks", dates
 * like 05-Jan-2027 and amounts like "1,250,000.00"), and the same lines as an XLSX workbook (dates
 * as serial numbers, amounts as numbers), zipped here with node:zlib.
 */
import zlib from 'node:zlib'

export type StatementEntry = {
  /** YYYY-MM-DD */
  date: string
  remarks: string
  reference?: string
  /** Naira; one of credit and debit. */
  credit?: number
  debit?: number
  /** Written instead of the credit as it is (an unreadable amount, say). */
  creditText?: string
  /** Written instead of the date as it is. */
  dateText?: string
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** 2027-01-05 → 05-Jan-2027, as GTBank writes it. */
export function gtbankDate(iso: string) {
  const [year, month, day] = iso.split('-')
  return `${day}-${MONTHS[Number(month) - 1]}-${year}`
}

/** 1250000 → "1,250,000.00" */
export function gtbankAmount(naira: number) {
  return naira.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
}

const HEADER = [
  'Trans. Date',
  'Value Date',
  'Reference',
  'Debits',
  'Credits',
  'Balance',
  'Originating Branch',
  'Remarks',
]
const OPENING_BALANCE = 2_000_000

type Cell = string | number | null

/** The statement's rows as cells: the account rows, the header, then each entry with its running balance. */
function statementRows(
  entries: StatementEntry[],
  asNumbers: boolean,
): { cells: Cell[]; date?: string }[] {
  const dates = entries.map((entry) => entry.date).sort()
  const rows: { cells: Cell[]; date?: string }[] = [
    { cells: ['Account Name', 'LAND BANKING LTD'] },
    { cells: ['Account Number', '0123456789'] },
    { cells: ['Currency', 'NGN'] },
    { cells: ['Period', `${gtbankDate(dates[0])} to ${gtbankDate(dates[dates.length - 1])}`] },
    { cells: ['Opening Balance', asNumbers ? OPENING_BALANCE : gtbankAmount(OPENING_BALANCE)] },
    { cells: [] },
    { cells: HEADER },
  ]
  let balance = OPENING_BALANCE
  for (const entry of entries) {
    balance += (entry.credit ?? 0) - (entry.debit ?? 0)
    const amount = (naira: number | undefined) =>
      naira === undefined ? (asNumbers ? null : '') : asNumbers ? naira : gtbankAmount(naira)
    rows.push({
      date: entry.dateText ? undefined : entry.date,
      cells: [
        entry.dateText ?? (asNumbers ? null : gtbankDate(entry.date)),
        entry.dateText ?? (asNumbers ? null : gtbankDate(entry.date)),
        entry.reference ?? '',
        amount(entry.debit),
        entry.creditText ?? amount(entry.credit),
        asNumbers ? balance : gtbankAmount(balance),
        'LAGOS MAIN',
        entry.remarks,
      ],
    })
  }
  return rows
}

const csvCell = (value: Cell) => {
  const text = value === null ? '' : String(value)
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The statement as GTBank's CSV export, CRLF line ends. */
export function gtbankCsv(entries: StatementEntry[]) {
  return statementRows(entries, false)
    .map((row) => row.cells.map(csvCell).join(','))
    .join('\r\n')
    .concat('\r\n')
}

export const toBase64 = (content: string | Uint8Array) => Buffer.from(content).toString('base64')

// ---------------------------------------------------------------------------------------------
// XLSX

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const column = (index: number) => {
  let name = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  return name
}

/** Days since 1899-12-30: how a spreadsheet stores a date. */
export const excelSerial = (iso: string) =>
  Math.round((Date.parse(`${iso}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000)

/**
 * The same statement as an XLSX workbook: text in the shared strings (the remarks of every other
 * row as inline strings, as some exporters write them), dates as serials, amounts as numbers.
 * `formula` puts a formula in a cell of the first entry.
 */
export function gtbankXlsx(entries: StatementEntry[], options: { formula?: boolean } = {}) {
  const strings: string[] = []
  const shared = (text: string) => {
    let index = strings.indexOf(text)
    if (index < 0) index = strings.push(text) - 1
    return index
  }
  const rows = statementRows(entries, true)
  const sheetRows = rows.map((row, r) => {
    const number = r + 1
    const cells = [...row.cells]
    if (row.date) {
      cells[0] = excelSerial(row.date)
      cells[1] = excelSerial(row.date)
    }
    const xml = cells
      .map((value, c) => {
        const ref = `${column(c)}${number}`
        if (value === null || value === '') return ''
        if (options.formula && r === 7 && c === 5)
          return `<c r="${ref}"><f>F7+E8</f><v>${value}</v></c>`
        if (typeof value === 'number')
          return `<c r="${ref}"${row.date && c < 2 ? ' s="1"' : ''}><v>${value}</v></c>`
        if (c === 7 && r % 2 === 0)
          return `<c r="${ref}" t="inlineStr"><is><t>${xmlEscape(value)}</t></is></c>`
        return `<c r="${ref}" t="s"><v>${shared(value)}</v></c>`
      })
      .join('')
    return `<row r="${number}">${xml}</row>`
  })
  const sheet =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
    sheetRows.join('') +
    '</sheetData></worksheet>'
  const sharedXml =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">` +
    strings.map((text) => `<si><t xml:space="preserve">${xmlEscape(text)}</t></si>`).join('') +
    '</sst>'
  return zip([
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ],
    [
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Statement" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
    ],
    ['xl/worksheets/sheet1.xml', sheet],
    ['xl/sharedStrings.xml', sharedXml],
  ])
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array) {
  let crc = 0xffffffff
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

/** A zip archive of text files, each deflated. */
export function zip(files: [string, string][]) {
  const locals: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const [name, text] of files) {
    const data = Buffer.from(text, 'utf8')
    const packed = zlib.deflateRawSync(data)
    const nameBytes = Buffer.from(name, 'utf8')
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(packed.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    locals.push(local, nameBytes, packed)
    const entry = Buffer.alloc(46)
    entry.writeUInt32LE(0x02014b50, 0)
    entry.writeUInt16LE(20, 4)
    entry.writeUInt16LE(20, 6)
    entry.writeUInt16LE(8, 10)
    entry.writeUInt32LE(crc, 16)
    entry.writeUInt32LE(packed.length, 20)
    entry.writeUInt32LE(data.length, 24)
    entry.writeUInt16LE(nameBytes.length, 28)
    entry.writeUInt32LE(offset, 42)
    central.push(entry, nameBytes)
    offset += 30 + nameBytes.length + packed.length
  }
  const centralBytes = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(files.length, 8)
  end.writeUInt16LE(files.length, 10)
  end.writeUInt32LE(centralBytes.length, 12)
  end.writeUInt32LE(offset, 16)
  return new Uint8Array(Buffer.concat([...locals, centralBytes, end]))
}
