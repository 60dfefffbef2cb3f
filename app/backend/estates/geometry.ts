import { featureCollection, polygon } from '@turf/helpers'
import intersect from '@turf/intersect'
import kinks from '@turf/kinks'
import proj4 from 'proj4'
import { BEACONS_MAX, EASTING_LIMITS, NORTHING_LIMITS } from '~/contract/estates'
import { formatNumber } from '~/contract/format'

/**
 * A plot's geometry on the Nigerian grids (pure): beacons as a survey plan lists them, eastings and
 * northings in metres on Minna / UTM zone 31N or 32N; their position in latitude and longitude;
 * the plot's legal (grid) area; and which plots it overlaps. The rules are in docs/plot-registry.md.
 */

export const UTM_ZONES = ['31N', '32N'] as const
export type UtmZone = (typeof UTM_ZONES)[number]

/** One corner beacon: [easting, northing] in metres. */
export type Beacon = readonly [easting: number, northing: number]

/**
 * The EPSG registry's definitions: Minna / UTM zone 31N and 32N (EPSG:26331, EPSG:26332) on the
 * Clarke 1880 (RGS) ellipsoid, with the registry's transformation for all of Nigeria, "Minna to
 * WGS 84 (2)" (EPSG:1168, three translations, accurate to about 15 m).
 */
export const MINNA_UTM: Record<UtmZone, { epsg: string; name: string; proj4: string }> = {
  '31N': {
    epsg: 'EPSG:26331',
    name: 'Minna / UTM zone 31N',
    proj4:
      '+proj=utm +zone=31 +a=6378249.145 +rf=293.465 +towgs84=-92,-93,122,0,0,0,0 +units=m +no_defs +type=crs',
  },
  '32N': {
    epsg: 'EPSG:26332',
    name: 'Minna / UTM zone 32N',
    proj4:
      '+proj=utm +zone=32 +a=6378249.145 +rf=293.465 +towgs84=-92,-93,122,0,0,0,0 +units=m +no_defs +type=crs',
  },
}

const toWgs84 = {
  '31N': proj4(MINNA_UTM['31N'].proj4, 'EPSG:4326'),
  '32N': proj4(MINNA_UTM['32N'].proj4, 'EPSG:4326'),
}

export const isUtmZone = (value: unknown): value is UtmZone =>
  (UTM_ZONES as readonly unknown[]).includes(value)

/** A beacon's position on WGS 84 (what GPS and web maps use), in degrees. */
export function toLatLng(zone: UtmZone, [easting, northing]: Beacon): { lat: number; lng: number } {
  const [lng, lat] = toWgs84[zone].forward([easting, northing])
  return { lat, lng }
}

/** Where a beacon can be in Nigeria on either zone, in metres (the API's schema states the same). */
export const EASTING_RANGE = EASTING_LIMITS
export const NORTHING_RANGE = NORTHING_LIMITS
export const MAX_BEACONS = BEACONS_MAX

export type PlotGeometryProblem =
  | 'not_a_list'
  | 'not_a_pair'
  | 'not_a_number'
  | 'out_of_bounds'
  | 'too_few_beacons'
  | 'too_many_beacons'
  | 'repeated_beacon'
  | 'self_intersecting'
  | 'zero_area'
  | 'not_an_area'

/** Why beacons (or an area) cannot stand for a plot; the message is written for the person who typed them. */
export class PlotGeometryError extends Error {
  constructor(
    readonly problem: PlotGeometryProblem,
    message: string,
  ) {
    super(message)
    this.name = 'PlotGeometryError'
  }
}

export const TOO_FEW_BEACONS = 'A plot needs at least 3 beacons, listed in survey order around it'
export const TOO_MANY_BEACONS = `A plot has at most ${MAX_BEACONS} beacons`
export const NOT_A_BEACON_LIST = 'Beacons must be a list of [easting, northing] pairs in metres'
export const SELF_INTERSECTING =
  'The boundary crosses itself: list the beacons in survey order, around the plot'
export const ZERO_AREA = 'The beacons enclose no area: list the corners of the plot in survey order'
export const repeatedBeacon = (first: number, second: number) =>
  `Beacons ${first} and ${second} are the same point: list each corner once`
export const notAPair = (index: number) =>
  `Beacon ${index}: give an easting and a northing, in metres`
export const notANumber = (index: number, axis: 'easting' | 'northing') =>
  `Beacon ${index}: the ${axis} must be a number of metres`
export const outOfBounds = (index: number, axis: 'easting' | 'northing', value: number) => {
  const range = axis === 'easting' ? EASTING_RANGE : NORTHING_RANGE
  return `Beacon ${index}: the ${axis} ${formatNumber(value)} is outside Nigeria's grid (${formatNumber(range.min)} to ${formatNumber(range.max)} m)`
}

/**
 * Beacons as the API receives them (JSON), checked: a list of [easting, northing] pairs of finite
 * numbers within Nigeria's grid, forming a plot (see checkPlotShape).
 */
export function parseBeacons(value: unknown): Beacon[] {
  if (!Array.isArray(value)) throw new PlotGeometryError('not_a_list', NOT_A_BEACON_LIST)
  const beacons = value.map((pair, position): Beacon => {
    const index = position + 1
    if (!Array.isArray(pair) || pair.length !== 2)
      throw new PlotGeometryError('not_a_pair', notAPair(index))
    const [easting, northing] = pair
    for (const [axis, number] of [
      ['easting', easting],
      ['northing', northing],
    ] as const) {
      if (typeof number !== 'number' || !Number.isFinite(number))
        throw new PlotGeometryError('not_a_number', notANumber(index, axis))
      const range = axis === 'easting' ? EASTING_RANGE : NORTHING_RANGE
      if (number < range.min || number > range.max)
        throw new PlotGeometryError('out_of_bounds', outOfBounds(index, axis, number))
    }
    return [easting, northing]
  })
  return checkPlotShape(beacons)
}

function withoutClosingBeacon(beacons: readonly Beacon[]) {
  if (beacons.length < 2) return beacons
  const first = beacons[0]
  const last = beacons[beacons.length - 1]
  return samePoint(first, last) ? beacons.slice(0, -1) : beacons
}

const samePoint = (a: Beacon, b: Beacon) => a[0] === b[0] && a[1] === b[1]

/**
 * The rules every plot's beacons follow, whatever the zone: at least 3 (at most MAX_BEACONS), no
 * beacon repeating the one before it, a boundary that never crosses or touches itself, and an
 * area. A list may end on its first beacon, as a closed traverse is written: it is the same plot
 * and comes back without the repeat. Gives the beacons back, or throws a PlotGeometryError.
 */
export function checkPlotShape(listed: readonly Beacon[]): Beacon[] {
  const beacons = withoutClosingBeacon(listed)
  if (beacons.length < 3) throw new PlotGeometryError('too_few_beacons', TOO_FEW_BEACONS)
  if (beacons.length > MAX_BEACONS)
    throw new PlotGeometryError('too_many_beacons', TOO_MANY_BEACONS)
  beacons.forEach((beacon, index) => {
    const next = (index + 1) % beacons.length
    if (samePoint(beacon, beacons[next])) {
      const [first, second] = next === 0 ? [next + 1, index + 1] : [index + 1, next + 1]
      throw new PlotGeometryError('repeated_beacon', repeatedBeacon(first, second))
    }
  })
  const local = relativeTo(beacons[0], beacons)
  if (onOneLine(local)) throw new PlotGeometryError('zero_area', ZERO_AREA)
  if (kinks(polygon([closed(local)])).features.length > 0)
    throw new PlotGeometryError('self_intersecting', SELF_INTERSECTING)
  if (gridAreaSqm(beacons) === 0) throw new PlotGeometryError('zero_area', ZERO_AREA)
  return beacons.map(([easting, northing]) => [easting, northing])
}

/**
 * A plot's legal area in square metres, to the hundredth: the shoelace formula on the projected
 * metres (the grid area a survey plan states), not the area on the ellipsoid. Beacons in survey
 * order, clockwise or anticlockwise.
 */
export function surveyedAreaSqm(beacons: readonly Beacon[]): number {
  return gridAreaSqm(checkPlotShape(beacons))
}

/**
 * The shoelace formula in whole millimetres (beacons are taken to the millimetre), so the sum is
 * exact and a half hundredth rounds up the same way every time: 18.25 m × 36.1 m is 658.83 m².
 */
function gridAreaSqm(beacons: readonly Beacon[]) {
  const millimetres = (value: number) => BigInt(Math.round(value * 1000))
  const [originE, originN] = [millimetres(beacons[0][0]), millimetres(beacons[0][1])]
  const ring = beacons.map(([easting, northing]) => [
    millimetres(easting) - originE,
    millimetres(northing) - originN,
  ])
  let twice = 0n
  ring.forEach(([x1, y1], index) => {
    const [x2, y2] = ring[(index + 1) % ring.length]
    twice += x1 * y2 - x2 * y1
  })
  if (twice < 0n) twice = -twice
  // twice the area in mm², to hundredths of a m² (10,000 mm²), half up: (twice + 10,000) / 20,000.
  return Number((twice + 10_000n) / 20_000n) / 100
}

/** Differences above this share of the surveyed area flag a plot's stated size. */
export const AREA_MISMATCH_PERCENT = 2
export const NOT_AN_AREA = 'An area must be a positive number of square metres'

/**
 * Whether a plot's stated size disagrees with its surveyed area: by more than 2 % of the surveyed
 * area (exactly 2 % is not flagged). Both are compared to the hundredth of a square metre, in whole
 * numbers, so the edge is exact.
 */
export function areaMismatch(statedSqm: number, surveyedSqm: number): boolean {
  for (const area of [statedSqm, surveyedSqm]) {
    if (!Number.isFinite(area) || area <= 0) throw new PlotGeometryError('not_an_area', NOT_AN_AREA)
  }
  const stated = Math.round(statedSqm * 100)
  const surveyed = Math.round(surveyedSqm * 100)
  return Math.abs(stated - surveyed) * 100 > surveyed * AREA_MISMATCH_PERCENT
}

/**
 * Survey rounding: two plans of one boundary computed apart can disagree by a centimetre, which
 * leaves a sliver along a shared edge. A piece of overlap counts only when it is at least 0.01 m²
 * and on average at least 1 cm wide (twice its area over its perimeter).
 */
export const OVERLAP_MIN_SQM = 0.01
export const OVERLAP_MIN_WIDTH_M = 0.01

export type PlotOverlap<P> = { plot: P; overlapSqm: number }

/**
 * The existing plots the candidate overlaps with a positive area, in their order, with the area
 * they share (to the hundredth of a square metre). Plots that only share an edge or a corner do
 * not overlap; existing plots without beacons are skipped. The candidate is checked first
 * (checkPlotShape); the existing plots are taken as checked when they were entered.
 */
export function overlappingPlots<P extends { beacons?: readonly Beacon[] | null }>(
  candidate: readonly Beacon[],
  existing: readonly P[],
): PlotOverlap<P>[] {
  const shape = checkPlotShape(candidate)
  const origin = shape[0]
  const candidatePolygon = polygon([closed(relativeTo(origin, shape))])
  const candidateBox = boundingBox(shape)
  const overlaps: PlotOverlap<P>[] = []
  for (const plot of existing) {
    if (!plot.beacons || plot.beacons.length < 3) continue
    if (!boxesOverlap(candidateBox, boundingBox(plot.beacons))) continue
    const shared = intersect(
      featureCollection([candidatePolygon, polygon([closed(relativeTo(origin, plot.beacons))])]),
    )
    if (!shared) continue
    const pieces =
      shared.geometry.type === 'Polygon'
        ? [shared.geometry.coordinates]
        : shared.geometry.coordinates
    let overlapSqm = 0
    for (const [outer, ...holes] of pieces) {
      const area = ringArea(outer) - holes.reduce((sum, hole) => sum + ringArea(hole), 0)
      const width = (2 * area) / ringPerimeter(outer)
      if (area >= OVERLAP_MIN_SQM && width >= OVERLAP_MIN_WIDTH_M) overlapSqm += area
    }
    if (roundSqm(overlapSqm) > 0) overlaps.push({ plot, overlapSqm: roundSqm(overlapSqm) })
  }
  return overlaps
}

const roundSqm = (area: number) => Math.round(area * 100) / 100

/** Coordinates near zero keep the products in the shoelace sum far from the limits of a double. */
function relativeTo(origin: Beacon, beacons: readonly (Beacon | number[])[]): [number, number][] {
  return beacons.map(([easting, northing]) => [easting - origin[0], northing - origin[1]])
}

const closed = (ring: [number, number][]) => [...ring, ring[0]]

/** The shoelace formula: the unsigned area of a ring, open or closed. */
function ringArea(ring: readonly (readonly number[])[]) {
  let twice = 0
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i]
    const [x2, y2] = ring[(i + 1) % ring.length]
    twice += x1 * y2 - x2 * y1
  }
  return Math.abs(twice) / 2
}

function ringPerimeter(ring: readonly (readonly number[])[]) {
  let length = 0
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i]
    const [x2, y2] = ring[(i + 1) % ring.length]
    length += Math.hypot(x2 - x1, y2 - y1)
  }
  return length
}

/** Every beacon within half a centimetre of the line through the first two. */
function onOneLine(ring: [number, number][]) {
  const [dx, dy] = ring[1]
  const length = Math.hypot(dx, dy)
  return ring.every(([x, y]) => Math.abs(dx * y - dy * x) / length < 0.005)
}

type Box = { minE: number; minN: number; maxE: number; maxN: number }

// A bulk import checks each plot against every plot before it: each list's box is worked out once.
const boxes = new WeakMap<readonly Beacon[], Box>()

function boundingBox(beacons: readonly Beacon[]): Box {
  let box = boxes.get(beacons)
  if (!box) {
    box = boxAround(beacons)
    boxes.set(beacons, box)
  }
  return box
}

function boxAround(beacons: readonly Beacon[]): Box {
  const eastings = beacons.map((beacon) => beacon[0])
  const northings = beacons.map((beacon) => beacon[1])
  return {
    minE: Math.min(...eastings),
    minN: Math.min(...northings),
    maxE: Math.max(...eastings),
    maxN: Math.max(...northings),
  }
}

const boxesOverlap = (a: Box, b: Box) =>
  a.minE < b.maxE && b.minE < a.maxE && a.minN < b.maxN && b.minN < a.maxN
