import { Unzip, UnzipInflate } from 'fflate'
import { SaxesParser, type SaxesTagPlain } from 'saxes'
import {
  ReadingTime,
  STATEMENT_LIMITS,
  StatementError,
  TOO_MANY_COLUMNS,
  TOO_MANY_ROWS,
} from './limits'

/**
 * The first worksheet of an XLSX file as rows of text: the zip unpacked by fflate, a piece at a
 * time with the bytes it unpacks counted (a zip bomb stops at the limit, whatever sizes its headers
 * claim), and the parts' XML read by saxes, a strict streaming parser that refuses a document type
 * (so no entity is ever declared or fetched) and any tag left open. Numbers (dates are serial
 * numbers in XLSX) come as their digits; a cell holding a formula is reported, since a statement
 * never needs one and a formula is how a spreadsheet is made to run something.
 */

export type XlsxSheet = {
  /** Rows by their row number in the sheet (1 = the first), as text cells from column A. */
  rows: { number: number; cells: string[] }[]
  /** The first cell found holding a formula, as "B7", or null. */
  formulaCell: string | null
}

export const NOT_A_WORKBOOK = 'The file is not a readable XLSX workbook'
export const NO_WORKSHEET = 'The XLSX workbook has no worksheet'
export const UNPACKED_TOO_LARGE =
  'The XLSX workbook could not be read: it is damaged or too large once unpacked'
export const UNKNOWN_COMPRESSION = 'The XLSX workbook uses a compression this product does not read'
const TOO_MANY_CELLS =
  'The XLSX workbook has too many cells for a statement: export a shorter period'

/** Packed bytes handed to the unzipper between pauses: each unpacks to at most about a thousand times as much. */
const ZIP_CHUNK = 16 * 1024
/** XML bytes handed to the parser between pauses. */
const XML_CHUNK = 64 * 1024

export function isZip(bytes: Uint8Array) {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    bytes[2] === 0x03 &&
    bytes[3] === 0x04
  )
}

/** The workbook's parts a statement is read from: the XML under xl/ (workbook, its relations, shared strings, worksheets). */
const isPart = (name: string) => /^xl\/.+\.(xml|rels)$/.test(name)

async function unpack(bytes: Uint8Array, time: ReadingTime) {
  const parts = new Map<string, Uint8Array[]>()
  let unpacked = 0
  let refusal: StatementError | null = null
  const unzip = new Unzip((file) => {
    if (refusal || !isPart(file.name)) return
    const chunks: Uint8Array[] = []
    parts.set(file.name, chunks)
    file.ondata = (error, data) => {
      if (refusal) return
      if (error) {
        refusal = new StatementError(error.code === 14 ? UNKNOWN_COMPRESSION : NOT_A_WORKBOOK)
        return
      }
      unpacked += data.length
      if (unpacked > STATEMENT_LIMITS.unpackedBytes) {
        refusal = new StatementError(UNPACKED_TOO_LARGE)
        file.terminate()
        return
      }
      chunks.push(data)
    }
    file.start()
  })
  unzip.register(UnzipInflate)
  for (let at = 0; at < bytes.length && !refusal; at += ZIP_CHUNK) {
    try {
      unzip.push(bytes.subarray(at, at + ZIP_CHUNK), at + ZIP_CHUNK >= bytes.length)
    } catch {
      refusal ??= new StatementError(NOT_A_WORKBOOK)
    }
    await time.pause()
  }
  if (refusal) throw refusal
  return new Map([...parts].map(([name, chunks]) => [name, Buffer.concat(chunks)]))
}

type XmlHandlers = {
  open?: (name: string, attributes: Record<string, string>) => void
  close?: (name: string) => void
  text?: (text: string) => void
}

/** The local name of an element or attribute ("x:row" → "row"). */
const local = (name: string) => name.slice(name.indexOf(':') + 1)

/** Reads one XML part, element by element, a piece at a time. */
async function readXml(bytes: Uint8Array, handlers: XmlHandlers, time: ReadingTime) {
  const parser = new SaxesParser<{ xmlns: false; position: false }>({
    xmlns: false,
    position: false,
  })
  let depth = 0
  parser.on('doctype', () => {
    throw new StatementError(NOT_A_WORKBOOK)
  })
  parser.on('opentag', (tag: SaxesTagPlain) => {
    depth += 1
    if (depth > STATEMENT_LIMITS.xmlDepth) throw new StatementError(NOT_A_WORKBOOK)
    handlers.open?.(local(tag.name), tag.attributes)
  })
  parser.on('closetag', (tag: SaxesTagPlain) => {
    depth -= 1
    handlers.close?.(local(tag.name))
  })
  if (handlers.text) {
    parser.on('text', handlers.text)
    parser.on('cdata', handlers.text)
  }
  const decoder = new TextDecoder('utf-8', { fatal: true })
  try {
    for (let at = 0; at < bytes.length; at += XML_CHUNK) {
      parser.write(decoder.decode(bytes.subarray(at, at + XML_CHUNK), { stream: true }))
      await time.pause()
    }
    parser.write(decoder.decode())
    parser.close()
  } catch (error) {
    if (error instanceof StatementError) throw error
    throw new StatementError(NOT_A_WORKBOOK)
  }
}

function attribute(attributes: Record<string, string>, name: string) {
  for (const [key, value] of Object.entries(attributes)) if (local(key) === name) return value
  return undefined
}

async function sharedStrings(xml: Uint8Array | undefined, time: ReadingTime) {
  const strings: string[] = []
  if (!xml) return strings
  let current: string | null = null
  let inText = false
  // Phonetic runs (rPh) hold a reading aid, not the cell's text.
  let inPhonetic = false
  await readXml(
    xml,
    {
      open(name) {
        if (name === 'si') {
          if (strings.length === STATEMENT_LIMITS.cells) throw new StatementError(TOO_MANY_CELLS)
          current = ''
        } else if (name === 'rPh') inPhonetic = true
        else if (name === 't') inText = current !== null && !inPhonetic
      },
      close(name) {
        if (name === 'si' && current !== null) {
          strings.push(current)
          current = null
        } else if (name === 'rPh') inPhonetic = false
        else if (name === 't') inText = false
      },
      text(text) {
        if (inText) current += text
      },
    },
    time,
  )
  return strings
}

/** "B7" → 1 (column B, 0-based); -1 without letters. */
function columnIndex(ref: string) {
  let index = 0
  for (const ch of ref.toUpperCase()) {
    const code = ch.charCodeAt(0)
    if (code < 65 || code > 90) break
    index = index * 26 + (code - 64)
    if (index > STATEMENT_LIMITS.columns) break
  }
  return index - 1
}

/** The first worksheet's part: the workbook's first sheet through its relations, else the first sheetN.xml. */
async function firstSheetPath(parts: Map<string, Uint8Array>, time: ReadingTime) {
  const workbook = parts.get('xl/workbook.xml')
  const relations = parts.get('xl/_rels/workbook.xml.rels')
  if (workbook && relations) {
    let id: string | undefined
    await readXml(
      workbook,
      {
        open: (name, attributes) =>
          (id ??= name === 'sheet' ? attribute(attributes, 'id') : undefined),
      },
      time,
    )
    let target: string | undefined
    if (id) {
      await readXml(
        relations,
        {
          open: (name, attributes) =>
            (target ??=
              name === 'Relationship' && attributes.Id === id ? attributes.Target : undefined),
        },
        time,
      )
    }
    if (target) {
      const path = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`
      if (parts.has(path)) return path
    }
  }
  return (
    [...parts.keys()].filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name)).sort()[0] ??
    null
  )
}

export async function readXlsx(bytes: Uint8Array, time = new ReadingTime()): Promise<XlsxSheet> {
  if (!isZip(bytes)) throw new StatementError(NOT_A_WORKBOOK)
  const parts = await unpack(bytes, time)
  const sheetPath = await firstSheetPath(parts, time)
  if (!sheetPath) throw new StatementError(NO_WORKSHEET)
  const strings = await sharedStrings(parts.get('xl/sharedStrings.xml'), time)

  const rows: XlsxSheet['rows'] = []
  let formulaCell: string | null = null
  let cellCount = 0
  let nextRow = 1
  let row: { number: number; cells: string[] } | null = null
  let nextColumn = 0
  // The cell being read: its place, type, value (<v>) and inline text (<is><t>).
  let cell: { ref: string; column: number; type: string; value: string; inline: string } | null =
    null
  let reading: 'value' | 'inline' | null = null
  let inPhonetic = false

  await readXml(
    parts.get(sheetPath)!,
    {
      open(name, attributes) {
        if (name === 'row') {
          if (rows.length === STATEMENT_LIMITS.rows) throw new StatementError(TOO_MANY_ROWS)
          const number = Number(attribute(attributes, 'r'))
          row = { number: Number.isSafeInteger(number) && number > 0 ? number : nextRow, cells: [] }
          nextRow = row.number + 1
          nextColumn = 0
        } else if (name === 'c' && row) {
          const ref = attribute(attributes, 'r')?.match(/^([A-Z]+)\d*$/i)?.[1]
          const column = ref ? columnIndex(ref) : nextColumn
          if (column >= STATEMENT_LIMITS.columns) throw new StatementError(TOO_MANY_COLUMNS)
          if (++cellCount > STATEMENT_LIMITS.cells) throw new StatementError(TOO_MANY_CELLS)
          nextColumn = column + 1
          cell = {
            ref: `${ref ?? ''}${row.number}`,
            column,
            type: attribute(attributes, 't') ?? 'n',
            value: '',
            inline: '',
          }
        } else if (cell) {
          if (name === 'f') formulaCell ??= cell.ref
          else if (name === 'v') reading = 'value'
          else if (name === 'rPh') inPhonetic = true
          else if (name === 't' && !inPhonetic) reading = 'inline'
        }
      },
      close(name) {
        if (name === 'row' && row) {
          rows.push(row)
          row = null
        } else if (name === 'c' && cell && row) {
          const text =
            cell.type === 's'
              ? (strings[Number(cell.value)] ?? '')
              : cell.type === 'inlineStr'
                ? cell.inline
                : cell.value
          while (row.cells.length < cell.column) row.cells.push('')
          row.cells[cell.column] = text
          cell = null
        } else if (name === 'v' || name === 't') reading = null
        else if (name === 'rPh') inPhonetic = false
      },
      text(text) {
        if (!cell || !reading) return
        if (reading === 'value') cell.value += text
        else cell.inline += text
      },
    },
    time,
  )
  return { rows, formulaCell }
}
