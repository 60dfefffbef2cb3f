import { CsvError, parse, type Info } from 'csv-parse/sync'
import {
  BLOCK_INVALID,
  BLOCK_PATTERN,
  PLOT_NUMBER_INVALID,
  PLOT_NUMBER_PATTERN,
  PLOT_SIZE_MAX_SQM,
  SIZE_INVALID,
  SIZE_TOO_LARGE,
} from '~/contract/estates'
import { formatNumber } from '~/contract/format'
import {
  areaMismatch,
  AREA_MISMATCH_PERCENT,
  overlappingPlots,
  parseBeacons,
  PlotGeometryError,
  surveyedAreaSqm,
  type Beacon,
} from './geometry'
import { blockName } from './site-map'

/**
 * A CSV of plots for bulk entry, read into one result per row as a preview shows it: the plot, or
 * every reason it cannot be entered. The format is in docs/plot-registry.md: a header row naming
 * block, plot, size_sqm and (optionally) beacons, the beacons in one cell as
 * "easting northing; easting northing; ...". A file-wide problem (too large, not a CSV, no such
 * columns) is a PlotCsvError and nothing is read.
 */

export const PLOT_CSV_MAX_BYTES = 2 * 1024 * 1024
export const PLOT_CSV_MAX_ROWS = 5000
export const PLOT_CSV_COLUMNS = ['block', 'plot', 'size_sqm', 'beacons'] as const
const REQUIRED_COLUMNS = ['block', 'plot', 'size_sqm'] as const
type Column = (typeof PLOT_CSV_COLUMNS)[number]

export { BLOCK_INVALID, PLOT_NUMBER_INVALID, SIZE_INVALID, SIZE_TOO_LARGE }

export class PlotCsvError extends Error {}

export const PLOT_CSV_TOO_LARGE = 'The plot file is larger than 2 MB: split it into several files'
export const PLOT_CSV_EMPTY = 'The plot file is empty'
export const PLOT_CSV_NOT_TEXT =
  'The plot file must be a CSV file (UTF-8 text), as a spreadsheet saves it'
export const PLOT_CSV_TOO_MANY_ROWS = `The plot file has more than ${formatNumber(PLOT_CSV_MAX_ROWS)} plots: split it into several files`
export const plotCsvNotCsv = (line: number | undefined, reason: string) =>
  `The plot file is not a valid CSV${line ? ` (line ${line})` : ''}: ${reason}`
export const plotCsvMissingColumns = (missing: string[]) =>
  `The first row must name the columns block, plot, size_sqm and optionally beacons; missing: ${missing.join(', ')}`
export const plotCsvUnknownColumn = (name: string) =>
  `Unknown column "${name}": the columns are block, plot, size_sqm and optionally beacons`
export const plotCsvRepeatedColumn = (name: string) => `The column ${name} is named twice`

export const beaconNotAPair = (index: number) =>
  `Beacon ${index}: write it as "easting northing" in metres, like 543018.25 713000.10`
export const rowCellCount = (cells: number, columns: number) =>
  `This row has ${cells} cells; the first row names ${columns} columns`
export const repeatedInFile = (plot: string, line: number) =>
  `${plot} is already on line ${line} of this file`
export const alreadyInEstate = (plot: string) => `${plot} is already in the estate`
export const overlapsPlot = (plot: string, line: number | null, sqm: number) =>
  `Overlaps ${plot}${line ? ` (line ${line})` : ''} by ${formatNumber(sqm)} m²`
export const sizeDisagrees = (stated: number, surveyed: number) =>
  `The size (${formatNumber(stated)} m²) and the surveyed area (${formatNumber(surveyed)} m²) differ by more than ${AREA_MISMATCH_PERCENT} %`

const MAX_SIZE_SQM = PLOT_SIZE_MAX_SQM
const LABEL = BLOCK_PATTERN
const PLOT_LABEL = PLOT_NUMBER_PATTERN
const PLAIN_SIZE = /^\d+(?:\.\d{1,2})?$/
const GROUPED_SIZE = /^\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?$/
const METRES = /^\d+(?:\.\d+)?$/

export type PlotCsvPlot = {
  block: string
  number: string
  sizeSqm: number
  beacons: Beacon[] | null
}

export type PlotCsvRow =
  | {
      /** The row's line in the file (the header is line 1). */
      line: number
      ok: true
      plot: PlotCsvPlot
      surveyedAreaSqm: number | null
      /** Worth a look but not a refusal: the stated size disagrees with the surveyed area. */
      warnings: string[]
    }
  | { line: number; ok: false; cells: Record<Column, string>; errors: string[] }

export type ExistingPlot = { block: string; number: string; beacons?: readonly Beacon[] | null }

/**
 * The rows of a plot CSV, each checked on its own and against the plots before it in the file and
 * the estate's existing plots: no block and plot twice, no overlap (see overlappingPlots).
 */
export function parsePlotCsv(
  file: Uint8Array | string,
  { existing = [] }: { existing?: readonly ExistingPlot[] } = {},
): PlotCsvRow[] {
  const text = decode(file)
  const records = readRecords(text)
  const header = records.find(({ cells }) => cells.some((cell) => cell.trim() !== ''))
  if (!header) throw new PlotCsvError(PLOT_CSV_EMPTY)
  const columns = readHeader(header.cells)
  const dataRows = records.filter(
    (record) => record.line > header.line && record.cells.some((cell) => cell.trim() !== ''),
  )
  if (dataRows.length > PLOT_CSV_MAX_ROWS) throw new PlotCsvError(PLOT_CSV_TOO_MANY_ROWS)

  const taken = new Map<string, number | null>(
    existing.map((plot) => [plotKey(plot.block, plot.number), null]),
  )
  const surveyed = new PlotsNearby()
  for (const plot of existing) {
    if ((plot.beacons?.length ?? 0) >= 3)
      surveyed.add({ block: plot.block, number: plot.number, beacons: plot.beacons!, line: null })
  }

  return dataRows.map(({ line, cells }): PlotCsvRow => {
    const raw = Object.fromEntries(
      PLOT_CSV_COLUMNS.map((column) => [
        column,
        (columns.get(column) === undefined ? '' : (cells[columns.get(column)!] ?? '')).trim(),
      ]),
    ) as Record<Column, string>
    const errors: string[] = []
    if (cells.slice(columns.size).some((cell) => cell.trim() !== ''))
      errors.push(rowCellCount(cells.length, columns.size))
    const block = raw.block.replace(/\s+/g, ' ')
    if (!LABEL.test(block) || block.length > 40) errors.push(BLOCK_INVALID)
    const number = raw.plot
    if (!PLOT_LABEL.test(number) || number.length > 20) errors.push(PLOT_NUMBER_INVALID)
    const size = readSize(raw.size_sqm, errors)
    const beacons = readBeacons(raw.beacons, errors)
    const name = `${blockName(block)} plot ${number}`

    if (!errors.length) {
      const key = plotKey(block, number)
      if (taken.has(key)) {
        const earlier = taken.get(key)
        errors.push(earlier ? repeatedInFile(name, earlier) : alreadyInEstate(name))
      }
      if (beacons) {
        for (const { plot, overlapSqm } of overlappingPlots(beacons, surveyed.near(beacons))) {
          errors.push(
            overlapsPlot(`${blockName(plot.block)} plot ${plot.number}`, plot.line, overlapSqm),
          )
        }
      }
    }
    if (errors.length) return { line, ok: false, cells: raw, errors }

    taken.set(plotKey(block, number), line)
    const area = beacons ? surveyedAreaSqm(beacons) : null
    if (beacons) surveyed.add({ block, number, beacons, line })
    const warnings = area !== null && areaMismatch(size!, area) ? [sizeDisagrees(size!, area)] : []
    return {
      line,
      ok: true,
      plot: { block, number, sizeSqm: size!, beacons },
      surveyedAreaSqm: area,
      warnings,
    }
  })
}

function decode(file: Uint8Array | string) {
  if (typeof file === 'string') {
    if (new TextEncoder().encode(file).length > PLOT_CSV_MAX_BYTES)
      throw new PlotCsvError(PLOT_CSV_TOO_LARGE)
    return file.replace(/^\uFEFF/, '')
  }
  if (file.length > PLOT_CSV_MAX_BYTES) throw new PlotCsvError(PLOT_CSV_TOO_LARGE)
  if (file.includes(0)) throw new PlotCsvError(PLOT_CSV_NOT_TEXT)
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file)
  } catch {
    throw new PlotCsvError(PLOT_CSV_NOT_TEXT)
  }
}

function readRecords(text: string): { line: number; cells: string[] }[] {
  if (text.trim() === '') throw new PlotCsvError(PLOT_CSV_EMPTY)
  try {
    // With info, each record comes with where it ends in the file; csv-parse's types do not say so.
    const rows = parse(text, { bom: true, relax_column_count: true, info: true }) as unknown as {
      record: string[]
      info: Info
    }[]
    return rows.map(({ record, info }) => ({ line: info.lines, cells: record }))
  } catch (error) {
    if (error instanceof CsvError)
      throw new PlotCsvError(
        plotCsvNotCsv(
          typeof error.lines === 'number' ? error.lines : undefined,
          readableCsvReason(error),
        ),
      )
    throw error
  }
}

function readableCsvReason(error: CsvError) {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return 'a quoted cell is never closed'
  if (error.code === 'INVALID_OPENING_QUOTE' || error.code === 'CSV_INVALID_CLOSING_QUOTE')
    return 'a quote in the middle of a cell (double it, or quote the whole cell)'
  return 'its quotes or line ends do not match'
}

function readHeader(cells: string[]) {
  const columns = new Map<Column, number>()
  cells.forEach((cell, index) => {
    const name = cell.trim().toLowerCase()
    if (!(PLOT_CSV_COLUMNS as readonly string[]).includes(name))
      throw new PlotCsvError(plotCsvUnknownColumn(cell.trim()))
    if (columns.has(name as Column)) throw new PlotCsvError(plotCsvRepeatedColumn(name))
    columns.set(name as Column, index)
  })
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.has(column))
  if (missing.length) throw new PlotCsvError(plotCsvMissingColumns(missing))
  return columns
}

function readSize(cell: string, errors: string[]) {
  const text = cell.replace(/\s*(m²|m2|sqm)$/i, '')
  if (!PLAIN_SIZE.test(text) && !GROUPED_SIZE.test(text)) {
    errors.push(SIZE_INVALID)
    return null
  }
  const size = Number(text.replace(/,/g, ''))
  if (size <= 0) errors.push(SIZE_INVALID)
  else if (size > MAX_SIZE_SQM) errors.push(SIZE_TOO_LARGE)
  return size
}

function readBeacons(cell: string, errors: string[]): Beacon[] | null {
  if (cell === '') return null
  const parts = cell.split(';').map((part) => part.trim())
  if (parts[parts.length - 1] === '') parts.pop()
  const pairs: number[][] = []
  for (const [position, part] of parts.entries()) {
    const figures = part.split(/[\s,]+/).filter(Boolean)
    if (figures.length !== 2 || !figures.every((figure) => METRES.test(figure))) {
      errors.push(beaconNotAPair(position + 1))
      return null
    }
    pairs.push(figures.map(Number))
  }
  try {
    return parseBeacons(pairs)
  } catch (error) {
    if (!(error instanceof PlotGeometryError)) throw error
    errors.push(error.message)
    return null
  }
}

type SurveyedPlot = {
  block: string
  number: string
  beacons: readonly Beacon[]
  line: number | null
}

const SQUARE_METRES = 100
const MAX_SQUARES = 64

/**
 * Surveyed plots by the 100 m squares their extent touches, so that each row of a file of
 * thousands is checked against its neighbours rather than against every plot before it. A plot
 * spreading over more than 64 squares is checked against every row. Plots come back in the order
 * they were added.
 */
class PlotsNearby {
  private squares = new Map<string, SurveyedPlot[]>()
  private wide: SurveyedPlot[] = []
  private order = new Map<SurveyedPlot, number>()

  add(plot: SurveyedPlot) {
    this.order.set(plot, this.order.size)
    const keys = squaresOf(plot.beacons)
    if (!keys) return void this.wide.push(plot)
    for (const key of keys) {
      const list = this.squares.get(key)
      if (list) list.push(plot)
      else this.squares.set(key, [plot])
    }
  }

  near(beacons: readonly Beacon[]): SurveyedPlot[] {
    const found = new Set(this.wide)
    const keys = squaresOf(beacons)
    if (!keys) return [...this.order.keys()]
    for (const key of keys) for (const plot of this.squares.get(key) ?? []) found.add(plot)
    return [...found].sort((a, b) => this.order.get(a)! - this.order.get(b)!)
  }
}

/** The keys of the squares a list of beacons spans, or null past MAX_SQUARES. */
function squaresOf(beacons: readonly Beacon[]) {
  const eastings = beacons.map((beacon) => Math.floor(beacon[0] / SQUARE_METRES))
  const northings = beacons.map((beacon) => Math.floor(beacon[1] / SQUARE_METRES))
  const [west, east, south, north] = [
    Math.min(...eastings),
    Math.max(...eastings),
    Math.min(...northings),
    Math.max(...northings),
  ]
  if ((east - west + 1) * (north - south + 1) > MAX_SQUARES) return null
  const keys: string[] = []
  for (let e = west; e <= east; e++) for (let n = south; n <= north; n++) keys.push(`${e},${n}`)
  return keys
}

/** Blocks and plot numbers compare without case or extra spaces, and "Block C" is block C. */
export const blockKey = (block: string) =>
  block
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/^block\s+/i, '')
    .toLowerCase()
export const numberKey = (number: string) => number.trim().toLowerCase()
const plotKey = (block: string, number: string) => `${blockKey(block)}\u0000${numberKey(number)}`
