import { describe, expect, test } from 'vitest'
import {
  areaMismatch,
  checkPlotShape,
  overlappingPlots,
  parseBeacons,
  PlotGeometryError,
  surveyedAreaSqm,
  toLatLng,
  type Beacon,
  type PlotGeometryProblem,
} from '~/backend/estates/geometry'

/** A rectangle's beacons in survey order (anticlockwise), from its south-west corner. */
const rectangle = (easting: number, northing: number, width = 18, depth = 36): Beacon[] => [
  [easting, northing],
  [easting + width, northing],
  [easting + width, northing + depth],
  [easting, northing + depth],
]

/** An 18 m × 36 m plot on UTM 31N (Lagos Island), the reference plot. */
const PLOT = rectangle(543000, 713000)

function problemOf(run: () => unknown): PlotGeometryProblem | 'none' {
  try {
    run()
    return 'none'
  } catch (error) {
    if (error instanceof PlotGeometryError) return error.problem
    throw error
  }
}

/** Metres between two nearby WGS 84 positions (an equirectangular approximation, plenty at this scale). */
function metresApart(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const metresPerDegree = 111_320
  const north = (a.lat - b.lat) * metresPerDegree
  const east = (a.lng - b.lng) * metresPerDegree * Math.cos((a.lat * Math.PI) / 180)
  return Math.hypot(north, east)
}

describe('toLatLng', () => {
  // Expected positions computed with PROJ 9.1 (cs2cs/cct) from its copy of the EPSG registry
  // (v10.076): EPSG:26331/26332 to EPSG:4326 through "Minna to WGS 84 (2)" (EPSG:1168).
  test.each([
    // The Minna datum's origin, station L40 (9°38'08.87"N 6°30'58.76"E on Minna), on zone 32N.
    ['32N', [227416.077, 1066038.098], { lat: 9.63599913, lng: 6.515575511 }],
    ['31N', [543000, 713000], { lat: 6.451395788, lng: 3.388075867 }],
    ['32N', [326000, 1002000], { lat: 9.062307407, lng: 7.416165184 }],
  ] as const)(
    'zone %s, %j is within a metre of the EPSG transformation',
    (zone, beacon, expected) => {
      expect(metresApart(toLatLng(zone, beacon), expected)).toBeLessThan(1)
    },
  )

  test('the zone decides the longitude: the same figures on 31N are six degrees further west', () => {
    const on32 = toLatLng('32N', [227416.077, 1066038.098])
    const on31 = toLatLng('31N', [227416.077, 1066038.098])
    expect(on32.lng - on31.lng).toBeCloseTo(6, 1)
  })
})

describe('surveyedAreaSqm', () => {
  test('an 18 m × 36 m plot on UTM 31N is 648 m², listed either way round', () => {
    expect(surveyedAreaSqm(PLOT)).toBe(648)
    expect(surveyedAreaSqm([...PLOT].reverse())).toBe(648)
  })

  test('a plot turned off the grid lines (cos 0.8, sin 0.6) is still 648 m²', () => {
    const turned = PLOT.map(([e, n]): Beacon => {
      const [x, y] = [e - 543000, n - 713000]
      return [543000 + x * 0.8 - y * 0.6, 713000 + x * 0.6 + y * 0.8]
    })
    expect(surveyedAreaSqm(turned)).toBe(648)
  })

  test.each([
    [
      'an irregular quadrilateral',
      [
        [0, 0],
        [20, 0],
        [25, 30],
        [-3, 28],
      ],
      695,
    ],
    [
      'an L-shaped plot (30 × 30 less a 15 × 15 corner)',
      [
        [0, 0],
        [30, 0],
        [30, 15],
        [15, 15],
        [15, 30],
        [0, 30],
      ],
      675,
    ],
    [
      'a beacon in the middle of an edge',
      [
        [0, 0],
        [9, 0],
        [18, 0],
        [18, 36],
        [0, 36],
      ],
      648,
    ],
    [
      'centimetre coordinates, to the hundredth',
      [
        [0, 0],
        [18.25, 0],
        [18.25, 36.1],
        [0, 36.1],
      ],
      658.83,
    ],
  ] as const)('%s', (_, ring, area) => {
    const beacons = ring.map(([e, n]): Beacon => [612000 + e, 845000 + n])
    expect(surveyedAreaSqm(beacons)).toBe(area)
  })

  test('a list that ends on its first beacon (a closed traverse) is the same plot', () => {
    expect(surveyedAreaSqm([...PLOT, PLOT[0]])).toBe(648)
    expect(checkPlotShape([...PLOT, PLOT[0]])).toEqual(PLOT)
  })

  test.each([
    ['no beacons', [], 'too_few_beacons'],
    ['two beacons', PLOT.slice(0, 2), 'too_few_beacons'],
    ['two beacons and the first again', [...PLOT.slice(0, 2), PLOT[0]], 'too_few_beacons'],
    [
      'a beacon repeated next to itself',
      [PLOT[0], PLOT[1], PLOT[1], PLOT[2], PLOT[3]],
      'repeated_beacon',
    ],
    ['a bow tie (two corners swapped)', [PLOT[0], PLOT[1], PLOT[3], PLOT[2]], 'self_intersecting'],
    [
      'a boundary that touches itself at a beacon',
      [
        [0, 0],
        [10, 0],
        [5, 5],
        [10, 10],
        [0, 10],
        [5, 5],
      ],
      'self_intersecting',
    ],
    [
      'a spike back along an edge',
      [
        [0, 0],
        [10, 0],
        [5, 0],
        [5, 10],
        [0, 10],
      ],
      'self_intersecting',
    ],
    [
      'three beacons on one line',
      [
        [0, 0],
        [10, 0],
        [20, 0],
      ],
      'zero_area',
    ],
    [
      'five beacons on one line',
      [
        [0, 0],
        [10, 0],
        [20, 0],
        [15, 0],
        [5, 0],
      ],
      'zero_area',
    ],
    [
      'a sliver of 0.004 m²',
      [
        [0, 0],
        [0.2, 0],
        [0.2, 0.04],
      ],
      'zero_area',
    ],
  ] as const)('refuses %s', (_, ring, problem) => {
    const beacons = ring.map(([e, n]): Beacon => [
      e < 1000 ? 612000 + e : e,
      n < 1000 ? 845000 + n : n,
    ])
    expect(problemOf(() => surveyedAreaSqm(beacons))).toBe(problem)
  })

  test('says which beacons repeat, in the order typed', () => {
    expect(() => surveyedAreaSqm([PLOT[0], PLOT[1], PLOT[1], PLOT[2]])).toThrow(
      'Beacons 2 and 3 are the same point',
    )
  })
})

describe('areaMismatch', () => {
  test.each([
    [700, 648, true],
    [648, 648, false],
    [660.96, 648, false], // exactly 2 % more
    [660.97, 648, true],
    [635.04, 648, false], // exactly 2 % less
    [635.03, 648, true],
    [500, 648, true],
    [102, 100, false],
    [102.01, 100, true],
    [97.99, 100, true],
  ])('stated %d m² against %d m² surveyed: flagged %s', (stated, surveyed, flagged) => {
    expect(areaMismatch(stated, surveyed)).toBe(flagged)
  })

  test.each([
    [0, 648],
    [648, 0],
    [-1, 648],
    [Number.NaN, 648],
    [648, Number.POSITIVE_INFINITY],
  ])('refuses %d against %d', (stated, surveyed) => {
    expect(problemOf(() => areaMismatch(stated, surveyed))).toBe('not_an_area')
  })
})

describe('overlappingPlots', () => {
  const existing = { id: 'C14', beacons: PLOT }

  test('a neighbour shifted 10 m overlaps the plot by 8 m × 36 m', () => {
    expect(overlappingPlots(rectangle(543010, 713000), [existing])).toEqual([
      { plot: existing, overlapSqm: 288 },
    ])
  })

  test.each([
    ['shifted 18 m east (sharing an edge)', rectangle(543018, 713000)],
    ['shifted 18 m west (sharing an edge)', rectangle(542982, 713000)],
    ['shifted 36 m north (sharing an edge)', rectangle(543000, 713036)],
    ['touching at one corner', rectangle(543018, 713036)],
    ['far away', rectangle(544000, 714000)],
  ])('a neighbour %s does not overlap', (_, candidate) => {
    expect(overlappingPlots(candidate, [existing])).toEqual([])
  })

  test('plots turned 30° that share two beacons do not overlap', () => {
    const turn = Math.PI / 6
    const along: Beacon = [18 * Math.cos(turn), 18 * Math.sin(turn)]
    const up: Beacon = [-36 * Math.sin(turn), 36 * Math.cos(turn)]
    const corner = (origin: Beacon, a: number, b: number): Beacon => [
      origin[0] + a * along[0] + b * up[0],
      origin[1] + a * along[1] + b * up[1],
    ]
    const origin: Beacon = [543000, 713000]
    const first = [
      corner(origin, 0, 0),
      corner(origin, 1, 0),
      corner(origin, 1, 1),
      corner(origin, 0, 1),
    ]
    const second = [first[1], corner(origin, 2, 0), corner(origin, 2, 1), first[2]]
    expect(overlappingPlots(second, [{ beacons: first }])).toEqual([])
    const shiftedHalfway = [
      corner(origin, 0.5, 0),
      corner(origin, 1.5, 0),
      corner(origin, 1.5, 1),
      corner(origin, 0.5, 1),
    ]
    expect(overlappingPlots(shiftedHalfway, [{ beacons: first }])[0].overlapSqm).toBeCloseTo(324, 2)
  })

  test('the same plot entered twice, or a plot inside another, overlaps by the smaller area', () => {
    expect(overlappingPlots(PLOT, [existing])).toEqual([{ plot: existing, overlapSqm: 648 }])
    expect(overlappingPlots(rectangle(543004, 713004, 5, 5), [existing])).toEqual([
      { plot: existing, overlapSqm: 25 },
    ])
  })

  test('a candidate listed clockwise overlaps the same', () => {
    expect(overlappingPlots([...rectangle(543010, 713000)].reverse(), [existing])).toEqual([
      { plot: existing, overlapSqm: 288 },
    ])
  })

  test('an overlap in two pieces counts both (a U-shaped plot across a long one)', () => {
    const u: Beacon[] = [
      [543000, 713000],
      [543030, 713000],
      [543030, 713030],
      [543020, 713030],
      [543020, 713010],
      [543010, 713010],
      [543010, 713030],
      [543000, 713030],
    ]
    const bar = { id: 'bar', beacons: rectangle(542990, 713020, 50, 5) }
    expect(overlappingPlots(u, [bar])).toEqual([{ plot: bar, overlapSqm: 100 }])
  })

  test('survey rounding along a shared edge is ignored; a real encroachment is not', () => {
    expect(overlappingPlots(rectangle(543017.995, 713000), [existing])).toEqual([])
    expect(overlappingPlots(rectangle(543017.95, 713000), [existing])).toEqual([
      { plot: existing, overlapSqm: 1.8 },
    ])
  })

  test('names every plot it overlaps, in order, and skips plots without beacons', () => {
    const west = { id: 'C13', beacons: rectangle(542982, 713000) }
    const unsurveyed = { id: 'C15', beacons: null }
    const east = { id: 'C14', beacons: PLOT }
    const found = overlappingPlots(rectangle(542991, 713000), [west, unsurveyed, east])
    expect(found.map(({ plot, overlapSqm }) => [plot.id, overlapSqm])).toEqual([
      ['C13', 324],
      ['C14', 324],
    ])
  })

  test('refuses a candidate that is not a plot', () => {
    expect(
      problemOf(() => overlappingPlots([PLOT[0], PLOT[1], PLOT[3], PLOT[2]], [existing])),
    ).toBe('self_intersecting')
  })
})

describe('parseBeacons', () => {
  test('gives the pairs back as beacons', () => {
    expect(parseBeacons(PLOT.map(([e, n]) => [e, n]))).toEqual(PLOT)
  })

  test('takes the edges of the grid (100,000 and 900,000 m east; 0 and 1,600,000 m north)', () => {
    expect(
      parseBeacons([
        [100000, 0],
        [100020, 0],
        [100020, 30],
      ]),
    ).toHaveLength(3)
    expect(
      parseBeacons([
        [900000, 1600000],
        [899980, 1600000],
        [899980, 1599970],
      ]),
    ).toHaveLength(3)
  })

  test.each([
    [
      'not a list',
      { easting: 543000 },
      'not_a_list',
      'Beacons must be a list of [easting, northing] pairs in metres',
    ],
    [
      'a pair of one',
      [[543000], ...PLOT.slice(1)],
      'not_a_pair',
      'Beacon 1: give an easting and a northing, in metres',
    ],
    [
      'a triple',
      [PLOT[0], [543018, 713000, 12], PLOT[2]],
      'not_a_pair',
      'Beacon 2: give an easting and a northing, in metres',
    ],
    [
      'a number as text',
      [PLOT[0], PLOT[1], ['543018', 713036]],
      'not_a_number',
      'Beacon 3: the easting must be a number of metres',
    ],
    [
      'not a number',
      [PLOT[0], [543018, Number.NaN], PLOT[2]],
      'not_a_number',
      'Beacon 2: the northing must be a number of metres',
    ],
    [
      'an easting west of the grid',
      [[99999, 713000], ...PLOT.slice(1)],
      'out_of_bounds',
      "Beacon 1: the easting 99,999 is outside Nigeria's grid (100,000 to 900,000 m)",
    ],
    [
      'an easting east of the grid',
      [PLOT[0], [900001, 713000], PLOT[2]],
      'out_of_bounds',
      "Beacon 2: the easting 900,001 is outside Nigeria's grid (100,000 to 900,000 m)",
    ],
    [
      'a northing south of the equator',
      [PLOT[0], PLOT[1], [543018, -0.5]],
      'out_of_bounds',
      "Beacon 3: the northing -0.5 is outside Nigeria's grid (0 to 1,600,000 m)",
    ],
    [
      'a northing north of Nigeria',
      [PLOT[0], PLOT[1], [543018, 1600001]],
      'out_of_bounds',
      "Beacon 3: the northing 1,600,001 is outside Nigeria's grid (0 to 1,600,000 m)",
    ],
    [
      'too few',
      PLOT.slice(0, 2),
      'too_few_beacons',
      'A plot needs at least 3 beacons, listed in survey order around it',
    ],
  ])('%s', (_, value, problem, message) => {
    expect(problemOf(() => parseBeacons(value))).toBe(problem)
    expect(() => parseBeacons(value)).toThrow(message)
  })

  test('refuses more than 100 beacons', () => {
    const circle = Array.from({ length: 101 }, (_, i): Beacon => [
      543000 + 20 * Math.cos((i * 2 * Math.PI) / 101),
      713000 + 20 * Math.sin((i * 2 * Math.PI) / 101),
    ])
    expect(problemOf(() => parseBeacons(circle))).toBe('too_many_beacons')
    expect(problemOf(() => parseBeacons(circle.slice(0, 100)))).toBe('none')
  })
})
