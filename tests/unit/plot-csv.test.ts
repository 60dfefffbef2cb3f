import { describe, expect, test } from 'vitest'
import {
  parsePlotCsv,
  PLOT_CSV_EMPTY,
  PLOT_CSV_MAX_ROWS,
  PLOT_CSV_NOT_TEXT,
  PLOT_CSV_TOO_LARGE,
  PLOT_CSV_TOO_MANY_ROWS,
  PlotCsvError,
  type PlotCsvRow,
} from '~/backend/estates/plot-csv'

/** An 18 m × 36 m plot's beacons as the file writes them, from its south-west corner. */
const beaconsCell = (easting: number, northing: number, width = 18, depth = 36) =>
  [
    [easting, northing],
    [easting + width, northing],
    [easting + width, northing + depth],
    [easting, northing + depth],
  ]
    .map(([e, n]) => `${e.toFixed(2)} ${n.toFixed(2)}`)
    .join('; ')

const csv = (...lines: string[]) => ['block,plot,size_sqm,beacons', ...lines].join('\r\n')
const errorsOf = (rows: PlotCsvRow[]) => rows.map((row) => (row.ok ? [] : row.errors))

function fileError(run: () => unknown) {
  try {
    run()
  } catch (error) {
    if (error instanceof PlotCsvError) return error.message
    throw error
  }
  return 'none'
}

describe('parsePlotCsv', () => {
  test('reads each plot with its beacons and surveyed area, and plots without beacons', () => {
    const rows = parsePlotCsv(
      csv(`C,14,648,"${beaconsCell(543000, 713000)}"`, 'C,15,648,', 'D,1,500'),
    )
    expect(rows).toEqual([
      {
        line: 2,
        ok: true,
        plot: {
          block: 'C',
          number: '14',
          sizeSqm: 648,
          beacons: [
            [543000, 713000],
            [543018, 713000],
            [543018, 713036],
            [543000, 713036],
          ],
        },
        surveyedAreaSqm: 648,
        warnings: [],
      },
      {
        line: 3,
        ok: true,
        plot: { block: 'C', number: '15', sizeSqm: 648, beacons: null },
        surveyedAreaSqm: null,
        warnings: [],
      },
      {
        line: 4,
        ok: true,
        plot: { block: 'D', number: '1', sizeSqm: 500, beacons: null },
        surveyedAreaSqm: null,
        warnings: [],
      },
    ])
  })

  test('takes the columns in any order and case, a BOM, bytes, blank lines, a closing beacon and "648 m²"', () => {
    const text = `\uFEFFSize_SQM,Beacons,Block,Plot\n\n"1,648 m²","${beaconsCell(543000, 713000)}; 543000.00 713000.00;",Block C,14A\n`
    const [row] = parsePlotCsv(new TextEncoder().encode(text))
    expect(row).toMatchObject({
      line: 3,
      ok: true,
      plot: { block: 'Block C', number: '14A', sizeSqm: 1648 },
      surveyedAreaSqm: 648,
    })
  })

  test('flags a plot stated 700 m² against 648 surveyed, without refusing it', () => {
    const [row] = parsePlotCsv(csv(`C,14,700,${beaconsCell(543000, 713000)}`))
    expect(row).toMatchObject({
      ok: true,
      warnings: ['The size (700 m²) and the surveyed area (648 m²) differ by more than 2 %'],
    })
    const [within] = parsePlotCsv(csv(`C,14,660.96,${beaconsCell(543000, 713000)}`))
    expect(within).toMatchObject({ ok: true, warnings: [] })
  })

  test('refuses a row for every reason it has, keeping what was typed', () => {
    const rows = parsePlotCsv(csv('=cmd|calc,14,abc,543000 713000; 543018', ' ,-3,0,'))
    expect(rows[0]).toEqual({
      line: 2,
      ok: false,
      cells: { block: '=cmd|calc', plot: '14', size_sqm: 'abc', beacons: '543000 713000; 543018' },
      errors: [
        'The block must be letters or digits (spaces, ".", "/" and "-" between them), at most 40 characters, like C or Block C',
        'The size must be a number of square metres, with at most 2 decimals, like 648 or 648.5',
        'Beacon 2: write it as "easting northing" in metres, like 543018.25 713000.10',
      ],
    })
    expect(errorsOf(rows)[1]).toEqual([
      'The block must be letters or digits (spaces, ".", "/" and "-" between them), at most 40 characters, like C or Block C',
      'The plot number must be letters or digits (".", "/" and "-" between them), at most 20 characters, like 14 or 14A',
      'The size must be a number of square metres, with at most 2 decimals, like 648 or 648.5',
    ])
  })

  test.each([
    [
      'too few beacons',
      '543000 713000; 543018 713000',
      'A plot needs at least 3 beacons, listed in survey order around it',
    ],
    [
      'a bow tie',
      '543000 713000; 543018 713000; 543000 713036; 543018 713036',
      'The boundary crosses itself: list the beacons in survey order, around the plot',
    ],
    [
      'an easting outside Nigeria',
      '43000 713000; 543018 713000; 543018 713036',
      "Beacon 1: the easting 43,000 is outside Nigeria's grid (100,000 to 900,000 m)",
    ],
    [
      'a repeated beacon',
      '543000 713000; 543018 713000; 543018 713000; 543000 713036',
      'Beacons 2 and 3 are the same point: list each corner once',
    ],
    [
      'a negative northing',
      '543000 -5; 543018 713000; 543018 713036',
      'Beacon 1: write it as "easting northing" in metres, like 543018.25 713000.10',
    ],
  ])('refuses %s with the geometry rule', (_, beacons, message) => {
    expect(errorsOf(parsePlotCsv(csv(`C,14,648,"${beacons}"`)))).toEqual([[message]])
  })

  test('refuses a plot twice in the file or already in the estate, whatever the case or "Block"', () => {
    const rows = parsePlotCsv(csv('C,14,648', 'c,14,648', 'Block C,14,648', 'D,7,500'), {
      existing: [{ block: 'D', number: '7' }],
    })
    expect(errorsOf(rows)).toEqual([
      [],
      ['Block c plot 14 is already on line 2 of this file'],
      ['Block C plot 14 is already on line 2 of this file'],
      ['Block D plot 7 is already in the estate'],
    ])
  })

  test('refuses overlaps with plots earlier in the file and in the estate; a neighbour sharing an edge is fine', () => {
    const existing = [
      {
        block: 'B',
        number: '1',
        beacons: [
          [543000, 713100],
          [543018, 713100],
          [543018, 713136],
          [543000, 713136],
        ] as const,
      },
    ]
    const rows = parsePlotCsv(
      csv(
        `C,14,648,${beaconsCell(543000, 713000)}`,
        `C,15,648,${beaconsCell(543018, 713000)}`,
        `C,16,648,${beaconsCell(543010, 713000)}`,
        `C,17,648,${beaconsCell(543000, 713090)}`,
      ),
      { existing },
    )
    expect(errorsOf(rows)).toEqual([
      [],
      [],
      [
        'Overlaps Block C plot 14 (line 2) by 288 m²',
        'Overlaps Block C plot 15 (line 3) by 360 m²',
      ],
      ['Overlaps Block B plot 1 by 468 m²'],
    ])
  })

  test('finds overlaps with plots of any extent, small inside large and large over small', () => {
    const square = (easting: number, northing: number, side: number) =>
      [
        [easting, northing],
        [easting + side, northing],
        [easting + side, northing + side],
        [easting, northing + side],
      ] as [number, number][]
    const existing = [{ block: 'Z', number: '1', beacons: square(600000, 800000, 1000) }]
    const rows = parsePlotCsv(
      csv(
        `C,14,648,${beaconsCell(600500, 800500)}`,
        `D,1,648,${beaconsCell(700000, 900000)}`,
        `E,1,1000000,${beaconsCell(699990, 899990, 1000, 1000)}`,
      ),
      { existing },
    )
    expect(errorsOf(rows)).toEqual([
      ['Overlaps Block Z plot 1 by 648 m²'],
      [],
      ['Overlaps Block D plot 1 (line 3) by 648 m²'],
    ])
  })

  test('a refused row does not block the rows after it', () => {
    const rows = parsePlotCsv(
      csv(
        `C,14,648,${beaconsCell(543000, 713000, 18, 0)}`,
        `C,14,648,${beaconsCell(543000, 713000)}`,
      ),
    )
    expect(rows.map((row) => row.ok)).toEqual([false, true])
  })

  test('refuses a row with more cells than columns', () => {
    expect(errorsOf(parsePlotCsv(csv('C,14,648,,extra')))).toEqual([
      ['This row has 5 cells; the first row names 4 columns'],
    ])
  })

  test.each([
    ['an empty file', '', PLOT_CSV_EMPTY],
    ['blank lines only', '\r\n\r\n', PLOT_CSV_EMPTY],
    [
      'a header without size',
      'block,plot\nC,14',
      'The first row must name the columns block, plot, size_sqm and optionally beacons; missing: size_sqm',
    ],
    [
      'an unknown column',
      'block,plot,size_sqm,owner\nC,14,648,Ade',
      'Unknown column "owner": the columns are block, plot, size_sqm and optionally beacons',
    ],
    ['a column twice', 'block,plot,size_sqm,plot\nC,14,648,15', 'The column plot is named twice'],
    [
      'an unclosed quote',
      'block,plot,size_sqm\nC,"14,648\nD,1,500',
      'The plot file is not a valid CSV (line 3): a quoted cell is never closed',
    ],
  ])('refuses %s as a whole', (_, text, message) => {
    expect(fileError(() => parsePlotCsv(text))).toBe(message)
  })

  test('refuses what is not UTF-8 text', () => {
    expect(
      fileError(() => parsePlotCsv(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))),
    ).toBe(PLOT_CSV_NOT_TEXT)
    expect(fileError(() => parsePlotCsv(new Uint8Array([0x62, 0x6c, 0xff, 0xfe])))).toBe(
      PLOT_CSV_NOT_TEXT,
    )
  })

  test(`takes ${PLOT_CSV_MAX_ROWS} plots and refuses one more, and refuses a file over 2 MB`, () => {
    const lines = (count: number) =>
      Array.from(
        { length: count },
        (_, i) =>
          `A,${i + 1},648,${beaconsCell(543000 + (i % 100) * 18, 713000 + Math.floor(i / 100) * 36)}`,
      )
    const rows = parsePlotCsv(csv(...lines(PLOT_CSV_MAX_ROWS)))
    expect(rows.filter((row) => row.ok)).toHaveLength(PLOT_CSV_MAX_ROWS)
    expect(fileError(() => parsePlotCsv(csv(...lines(PLOT_CSV_MAX_ROWS + 1))))).toBe(
      PLOT_CSV_TOO_MANY_ROWS,
    )
    expect(fileError(() => parsePlotCsv(csv(`C,1,648,"${' '.repeat(2 * 1024 * 1024)}"`)))).toBe(
      PLOT_CSV_TOO_LARGE,
    )
  })
})
