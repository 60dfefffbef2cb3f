import zlib from 'node:zlib'

/**
 * The first worksheet of an XLSX file as rows of text, read with node:zlib alone: the zip's central
 * directory, each entry inflated, then the shared strings and the sheet's cells. Numbers (dates are
 * serial numbers in XLSX) come as their digits; a cell holding a formula is reported, since a
 * statement never needs one and a formula is how a spreadsheet is made to run something.
 */

export class XlsxError extends Error {}

export type XlsxSheet = {
  /** Rows by their row number in the sheet (1 = the first), as text cells from column A. */
  rows: { number: number; cells: string[] }[]
  /** The first cell found holding a formula, as "B7", or null. */
  formulaCell: string | null
}

/** Stops a small file that inflates to gigabytes (a zip bomb). */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024

export function isZip(bytes: Uint8Array) {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
}

type Entry = { name: string; method: number; compressedSize: number; localOffset: number }

function zipEntries(buffer: Buffer): Map<string, Entry> {
  // The end of central directory record: 22 bytes plus a comment of up to 65,535 at the file's end.
  let end = -1
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 22 - 65_535); i--) {
    if (buffer.readUInt32LE(i) === 0x06054b50) {
      end = i
      break
    }
  }
  if (end < 0) throw new XlsxError('The file is not a readable XLSX workbook')
  const count = buffer.readUInt16LE(end + 10)
  let offset = buffer.readUInt32LE(end + 16)
  const entries = new Map<string, Entry>()
  for (let n = 0; n < count; n++) {
    if (offset + 46 > buffer.length || buffer.readUInt32LE(offset) !== 0x02014b50) {
      throw new XlsxError('The file is not a readable XLSX workbook')
    }
    const method = buffer.readUInt16LE(offset + 10)
    const compressedSize = buffer.readUInt32LE(offset + 20)
    const nameLength = buffer.readUInt16LE(offset + 28)
    const extraLength = buffer.readUInt16LE(offset + 30)
    const commentLength = buffer.readUInt16LE(offset + 32)
    const localOffset = buffer.readUInt32LE(offset + 42)
    const name = buffer.toString('utf8', offset + 46, offset + 46 + nameLength)
    entries.set(name, { name, method, compressedSize, localOffset })
    offset += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

function readEntry(buffer: Buffer, entry: Entry): string {
  const at = entry.localOffset
  if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== 0x04034b50) throw new XlsxError('The file is not a readable XLSX workbook')
  const start = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28)
  const data = buffer.subarray(start, start + entry.compressedSize)
  if (entry.method === 0) return data.toString('utf8')
  if (entry.method !== 8) throw new XlsxError('The XLSX workbook uses a compression this product does not read')
  try {
    return zlib.inflateRawSync(data, { maxOutputLength: MAX_INFLATED_BYTES }).toString('utf8')
  } catch {
    throw new XlsxError('The XLSX workbook could not be read: it is damaged or too large once unpacked')
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

export function unescapeXml(text: string) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}

/** The text of every <t> inside an element (rich text runs included), joined. */
function textOf(xml: string) {
  let text = ''
  for (const match of xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)) text += unescapeXml(match[1])
  return text
}

function sharedStrings(xml: string | null) {
  if (!xml) return []
  return [...xml.matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)].map((match) => textOf(match[1] ?? ''))
}

/** "B7" → 1 (column B, 0-based). */
function columnIndex(ref: string) {
  let index = 0
  for (const ch of ref.toUpperCase()) {
    const code = ch.charCodeAt(0)
    if (code < 65 || code > 90) break
    index = index * 26 + (code - 64)
  }
  return index - 1
}

function firstSheetPath(entries: Map<string, Entry>, buffer: Buffer) {
  const workbook = entries.get('xl/workbook.xml')
  const rels = entries.get('xl/_rels/workbook.xml.rels')
  if (workbook && rels) {
    const id = /<sheet\b[^>]*\br:id="([^"]+)"/.exec(readEntry(buffer, workbook))?.[1]
    if (id) {
      for (const match of readEntry(buffer, rels).matchAll(/<Relationship\b[^>]*>/g)) {
        if (match[0].includes(`Id="${id}"`)) {
          const target = /Target="([^"]+)"/.exec(match[0])?.[1]
          if (target) return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`
        }
      }
    }
  }
  const sheets = [...entries.keys()].filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name)).sort()
  return sheets[0] ?? null
}

export function readXlsx(bytes: Uint8Array): XlsxSheet {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (!isZip(bytes)) throw new XlsxError('The file is not a readable XLSX workbook')
  const entries = zipEntries(buffer)
  const sheetPath = firstSheetPath(entries, buffer)
  const sheetEntry = sheetPath ? entries.get(sheetPath) : undefined
  if (!sheetEntry) throw new XlsxError('The XLSX workbook has no worksheet')
  const stringsEntry = entries.get('xl/sharedStrings.xml')
  const strings = sharedStrings(stringsEntry ? readEntry(buffer, stringsEntry) : null)
  const xml = readEntry(buffer, sheetEntry)
  const rows: XlsxSheet['rows'] = []
  let formulaCell: string | null = null
  let nextRow = 1
  for (const rowMatch of xml.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const number = Number(/\br="(\d+)"/.exec(rowMatch[1])?.[1] ?? nextRow)
    nextRow = number + 1
    const cells: string[] = []
    let nextColumn = 0
    for (const cellMatch of (rowMatch[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attributes = cellMatch[1]
      const body = cellMatch[2] ?? ''
      const ref = /\br="([A-Z]+)\d*"/i.exec(attributes)?.[1]
      const column = ref ? columnIndex(ref) : nextColumn
      nextColumn = column + 1
      if (/<f[\s>/]/.test(body)) formulaCell ??= `${ref ?? ''}${number}`
      const type = /\bt="([^"]+)"/.exec(attributes)?.[1] ?? 'n'
      const value = /<v(?:\s[^>]*)?>([\s\S]*?)<\/v>/.exec(body)?.[1]
      let text = ''
      if (type === 's') text = strings[Number(value)] ?? ''
      else if (type === 'inlineStr') text = textOf(body)
      else if (value !== undefined) text = unescapeXml(value)
      while (cells.length < column) cells.push('')
      cells[column] = text
    }
    rows.push({ number, cells })
  }
  return { rows, formulaCell }
}
