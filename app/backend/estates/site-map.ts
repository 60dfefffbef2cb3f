import { blockName } from '~/contract/estates'
import { formatNumber } from '~/contract/format'
import type { Beacon } from './geometry'

/**
 * An estate's site map as an SVG document (pure, no tiles, no script): surveyed plots drawn from
 * their beacons, plots without beacons as a schematic grid per block, each coloured and patterned
 * by what the viewer may know of it, labelled, with a key and a text alternative. What each viewer
 * sees is in docs/plot-registry.md.
 */

export const PLOT_STATUSES = ['free', 'reserved', 'sold', 'allocated'] as const
export type PlotStatus = (typeof PLOT_STATUSES)[number]

export type SiteMapPlot = {
  id: string | number
  block: string
  number: string
  sizeSqm: number
  status: PlotStatus
  beacons?: readonly Beacon[] | null
  /** The customer viewing the map holds this plot. */
  mine?: boolean
  /** Where a click on the plot goes (an inline map on a page), if anywhere. */
  href?: string | null
}

export type SiteMapViewer = 'staff' | 'customer'

export type SiteMapInput = {
  estate: { name: string }
  plots: readonly SiteMapPlot[]
  viewer: SiteMapViewer
  /** Show only this block, larger. */
  block?: string | null
  /** Prefix of the ids inside the document, for two maps inlined in one page. */
  idPrefix?: string
}

export const SITE_MAP_CONTENT_TYPE = 'image/svg+xml'

/** What a plot shows as: its status for staff; for a customer only theirs, free, or taken. */
export type SiteMapCategory = PlotStatus | 'taken' | 'yours'

type CategoryStyle = {
  label: string
  fill: string
  ink: string
  pattern: 'none' | 'lines' | 'dots' | 'cross'
}

/** Fills light enough for dark labels, inks and outlines dark enough to see on them and on white. */
export const CATEGORY_STYLES: Record<SiteMapCategory, CategoryStyle> = {
  free: { label: 'Free', fill: '#dcfce7', ink: '#166534', pattern: 'none' },
  reserved: { label: 'Reserved', fill: '#fef3c7', ink: '#92400e', pattern: 'lines' },
  sold: { label: 'Sold', fill: '#dbeafe', ink: '#1e40af', pattern: 'dots' },
  allocated: { label: 'Allocated', fill: '#e5e7eb', ink: '#374151', pattern: 'cross' },
  taken: { label: 'Taken', fill: '#e5e7eb', ink: '#374151', pattern: 'lines' },
  yours: { label: 'Yours', fill: '#c7d2fe', ink: '#312e81', pattern: 'none' },
}
export const LABEL_COLOUR = '#111827'
export const PAGE_COLOUR = '#ffffff'

const STAFF_CATEGORIES: SiteMapCategory[] = ['free', 'reserved', 'sold', 'allocated']
const CUSTOMER_CATEGORIES: SiteMapCategory[] = ['yours', 'free', 'taken']

export function categoryFor(
  plot: Pick<SiteMapPlot, 'status' | 'mine'>,
  viewer: SiteMapViewer,
): SiteMapCategory {
  if (viewer === 'staff') return plot.status
  if (plot.mine) return 'yours'
  return plot.status === 'free' ? 'free' : 'taken'
}

// The document's units: about a CSS pixel each at phone width, so 13-unit text stays readable
// there; the viewBox lets it scale to any width.
const WIDTH = 400
const MARGIN = 16
const MAX_MAP_HEIGHT = 560
const CELL_WIDTH = 44
const CELL_HEIGHT = 34
const CELL_GAP = 4
const FONT = 'system-ui, sans-serif'

const naturalOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare

export function renderSiteMap(input: SiteMapInput): string {
  const prefix = /^[A-Za-z][\w-]{0,40}$/.test(input.idPrefix ?? '') ? input.idPrefix! : 'site-map'
  const zoomed = input.block != null && input.block !== ''
  const plots = (
    zoomed ? input.plots.filter((plot) => plot.block === input.block) : [...input.plots]
  ).sort((a, b) => naturalOrder(a.block, b.block) || naturalOrder(a.number, b.number))
  const shown = plots.map((plot) => ({ plot, category: categoryFor(plot, input.viewer) }))
  const surveyed = shown.filter(({ plot }) => (plot.beacons?.length ?? 0) >= 3)
  const schematic = shown.filter(({ plot }) => (plot.beacons?.length ?? 0) < 3)
  const categories = input.viewer === 'staff' ? STAFF_CATEGORIES : CUSTOMER_CATEGORIES
  const place = zoomed ? `${input.estate.name}, ${blockName(input.block!)}` : input.estate.name

  const body: string[] = []
  let y = MARGIN
  body.push(text(MARGIN, y + 16, place, { size: 17, weight: 'bold' }))
  body.push(
    text(MARGIN, y + 34, zoomed ? 'Site map, one block' : 'Site map, all blocks', { size: 13 }),
  )
  y += 48

  if (!plots.length) {
    body.push(
      text(
        MARGIN,
        y + 16,
        zoomed ? `No plots in ${blockName(input.block!)}` : 'No plots in this estate yet',
        { size: 14 },
      ),
    )
    y += 32
  }
  if (surveyed.length) y = drawSurveyed(body, surveyed, y, { zoomed, viewer: input.viewer, prefix })
  if (schematic.length)
    y = drawSchematic(body, schematic, y, {
      zoomed,
      viewer: input.viewer,
      prefix,
      afterSurvey: surveyed.length > 0,
    })
  y = drawKey(body, shown, categories, y, { prefix, schematic: schematic.length > 0 })
  const height = Math.ceil(y + MARGIN)

  const titleId = `${prefix}-title`
  const descId = `${prefix}-desc`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="${titleId} ${descId}" font-family="${FONT}">`,
    `<title id="${titleId}">${escapeXml(`${place}: site map`)}</title>`,
    `<desc id="${descId}">${escapeXml(describe(place, shown, categories, schematic.length, input.viewer))}</desc>`,
    `<defs>${categories.map((category) => patternDef(prefix, category)).join('')}</defs>`,
    `<rect width="${WIDTH}" height="${height}" fill="${PAGE_COLOUR}"/>`,
    ...body,
    '</svg>',
  ].join('\n')
}

type Shown = { plot: SiteMapPlot; category: SiteMapCategory }
type DrawOptions = { zoomed: boolean; viewer: SiteMapViewer; prefix: string }

function drawSurveyed(body: string[], surveyed: Shown[], top: number, options: DrawOptions) {
  const points = surveyed.flatMap(({ plot }) => plot.beacons!)
  const minE = Math.min(...points.map((point) => point[0]))
  const maxE = Math.max(...points.map((point) => point[0]))
  const minN = Math.min(...points.map((point) => point[1]))
  const maxN = Math.max(...points.map((point) => point[1]))
  const available = WIDTH - 2 * MARGIN
  const scale = Math.min(available / (maxE - minE), MAX_MAP_HEIGHT / (maxN - minN))
  const left = MARGIN + (available - (maxE - minE) * scale) / 2
  const toSvg = ([easting, northing]: Beacon): [number, number] => [
    round(left + (easting - minE) * scale),
    round(top + (maxN - northing) * scale),
  ]

  for (const { plot, category } of surveyed) {
    const ring = plot.beacons!.map(toSvg)
    const shape = `<polygon points="${ring.map((point) => point.join(',')).join(' ')}" ${paint(options.prefix, category)}/>`
    const box = boxOf(ring)
    const [cx, cy] = centroid(ring)
    body.push(plotGroup(plot, category, options, shape, cx, cy, box.width, box.height))
  }
  const mapBottom = top + (maxN - minN) * scale
  body.push(scaleBar(MARGIN, mapBottom + 22, scale))
  body.push(northArrow(WIDTH - MARGIN - 8, mapBottom + 8))
  return mapBottom + 40
}

function drawSchematic(
  body: string[],
  schematic: Shown[],
  top: number,
  options: DrawOptions & { afterSurvey: boolean },
) {
  let y = top + 8
  const heading = options.afterSurvey
    ? 'Not surveyed yet: schematic, not to scale'
    : 'Schematic, not to scale: no plot is surveyed yet'
  body.push(text(MARGIN, y + 12, heading, { size: 13, style: 'italic' }))
  y += 22
  const columns = Math.floor((WIDTH - 2 * MARGIN + CELL_GAP) / (CELL_WIDTH + CELL_GAP))
  const blocks = [...new Set(schematic.map(({ plot }) => plot.block))]
  for (const block of blocks) {
    const cells = schematic.filter(({ plot }) => plot.block === block)
    if (!options.zoomed) {
      body.push(text(MARGIN, y + 12, blockName(block), { size: 13, weight: 'bold' }))
      y += 18
    }
    cells.forEach(({ plot, category }, index) => {
      const x = MARGIN + (index % columns) * (CELL_WIDTH + CELL_GAP)
      const cellTop = y + Math.floor(index / columns) * (CELL_HEIGHT + CELL_GAP)
      const shape = `<rect x="${x}" y="${cellTop}" width="${CELL_WIDTH}" height="${CELL_HEIGHT}" stroke-dasharray="4 3" ${paint(options.prefix, category)}/>`
      body.push(
        plotGroup(
          plot,
          category,
          { ...options, zoomed: true },
          shape,
          x + CELL_WIDTH / 2,
          cellTop + CELL_HEIGHT / 2,
          CELL_WIDTH,
          CELL_HEIGHT,
        ),
      )
    })
    y += Math.ceil(cells.length / columns) * (CELL_HEIGHT + CELL_GAP) + 6
  }
  return y
}

/** One plot: its shape, a tooltip, and its label (number, the block too on the whole estate, "Yours"). */
function plotGroup(
  plot: SiteMapPlot,
  category: SiteMapCategory,
  options: DrawOptions,
  shape: string,
  cx: number,
  cy: number,
  width: number,
  height: number,
) {
  const label = options.zoomed ? plot.number : `${plot.block} ${plot.number}`
  const lines = category === 'yours' ? [label, CATEGORY_STYLES.yours.label] : [label]
  const longest = Math.max(...lines.map((line) => line.length))
  const size = round(
    Math.max(
      5,
      Math.min(14, (width * 0.9) / (longest * 0.62), (height * 0.8) / (lines.length * 1.15)),
    ),
  )
  const firstBaseline = cy - ((lines.length - 1) * size * 1.15) / 2 + size * 0.35
  const labelText = lines
    .map(
      (line, index) =>
        `<tspan x="${round(cx)}" y="${round(firstBaseline + index * size * 1.15)}">${escapeXml(line)}</tspan>`,
    )
    .join('')
  const tooltip = `${blockName(plot.block)}, plot ${plot.number}: ${formatNumber(plot.sizeSqm)} m², ${CATEGORY_STYLES[category].label.toLowerCase()}`
  const group = [
    `<g class="plot plot-${category}">`,
    `<title>${escapeXml(tooltip)}</title>`,
    shape,
    `<text class="plot-label" text-anchor="middle" font-size="${size}" fill="${LABEL_COLOUR}" stroke="${PAGE_COLOUR}" stroke-width="${round(size / 4)}" paint-order="stroke">${labelText}</text>`,
    '</g>',
  ].join('')
  return plot.href ? `<a href="${escapeXml(plot.href)}">${group}</a>` : group
}

function drawKey(
  body: string[],
  shown: Shown[],
  categories: SiteMapCategory[],
  top: number,
  options: { prefix: string; schematic: boolean },
) {
  let y = top + 8
  body.push(`<g class="legend">`)
  body.push(text(MARGIN, y + 12, 'Key', { size: 14, weight: 'bold' }))
  y += 20
  categories.forEach((category, index) => {
    const x = MARGIN + (index % 2) * ((WIDTH - 2 * MARGIN) / 2)
    const rowTop = y + Math.floor(index / 2) * 24
    const count = shown.filter((entry) => entry.category === category).length
    body.push(
      `<g class="legend-entry legend-${category}"><rect x="${x}" y="${rowTop}" width="26" height="18" ${paint(options.prefix, category)}/>` +
        text(x + 34, rowTop + 14, `${CATEGORY_STYLES[category].label}: ${count}`, { size: 13 }) +
        '</g>',
    )
  })
  y += Math.ceil(categories.length / 2) * 24
  if (options.schematic) {
    body.push(
      `<g class="legend-entry legend-schematic"><rect x="${MARGIN}" y="${y}" width="26" height="18" fill="${PAGE_COLOUR}" stroke="${LABEL_COLOUR}" stroke-width="1.5" stroke-dasharray="4 3"/>` +
        text(MARGIN + 34, y + 14, 'Dashed: not surveyed yet, placed by number', { size: 13 }) +
        '</g>',
    )
    y += 24
  }
  body.push('</g>')
  return y
}

function describe(
  place: string,
  shown: Shown[],
  categories: SiteMapCategory[],
  schematicCount: number,
  viewer: SiteMapViewer,
) {
  const total = shown.length
  const parts = [`Site map of ${place}: ${total} ${total === 1 ? 'plot' : 'plots'}.`]
  parts.push(
    categories
      .map(
        (category) =>
          `${CATEGORY_STYLES[category].label}: ${shown.filter((entry) => entry.category === category).length}.`,
      )
      .join(' '),
  )
  if (viewer === 'customer') {
    const mine = shown
      .filter((entry) => entry.category === 'yours')
      .map(({ plot }) => `${blockName(plot.block)} plot ${plot.number}`)
    parts.push(mine.length ? `Your plots: ${mine.join(', ')}.` : 'You have no plot here.')
  }
  if (schematicCount) {
    parts.push(
      `${schematicCount} ${schematicCount === 1 ? 'plot is' : 'plots are'} not surveyed yet and drawn as a schematic grid.`,
    )
  }
  return parts.join(' ')
}

export { blockName }

function paint(prefix: string, category: SiteMapCategory) {
  const style = CATEGORY_STYLES[category]
  const fill = style.pattern === 'none' ? style.fill : `url(#${prefix}-${category})`
  const width = category === 'yours' ? 3 : 1.5
  return `fill="${fill}" stroke="${style.ink}" stroke-width="${width}" stroke-linejoin="round"`
}

function patternDef(prefix: string, category: SiteMapCategory) {
  const { fill, ink, pattern } = CATEGORY_STYLES[category]
  if (pattern === 'none') return ''
  const marks = {
    lines: `<path d="M0,0 V8" stroke="${ink}" stroke-width="2"/>`,
    dots: `<circle cx="4" cy="4" r="1.6" fill="${ink}"/>`,
    cross: `<path d="M0,0 V8 M0,4 H8" stroke="${ink}" stroke-width="1.5"/>`,
  }[pattern]
  const turn = pattern === 'dots' ? '' : ' patternTransform="rotate(45)"'
  return `<pattern id="${prefix}-${category}" width="8" height="8" patternUnits="userSpaceOnUse"${turn}><rect width="8" height="8" fill="${fill}"/>${marks}</pattern>`
}

function northArrow(x: number, y: number) {
  return `<g class="north-arrow"><path d="M${x},${y} l5,12 h-10 z" fill="${LABEL_COLOUR}"/>${text(x - 16, y + 12, 'N', { size: 12, anchor: 'middle', weight: 'bold' })}</g>`
}

/** A bar of a round length (1, 2 or 5 times a power of ten metres) about a quarter of the width. */
function scaleBar(x: number, y: number, unitsPerMetre: number) {
  const target = WIDTH / 4 / unitsPerMetre
  const power = 10 ** Math.floor(Math.log10(target))
  const metres = [5, 2, 1].map((step) => step * power).find((length) => length <= target) ?? power
  const length = round(metres * unitsPerMetre)
  return (
    `<g class="scale-bar"><path d="M${x},${y - 4} V${y} H${round(x + length)} V${y - 4}" fill="none" stroke="${LABEL_COLOUR}" stroke-width="1.5"/>` +
    text(round(x + length + 6), y + 1, `${formatNumber(metres)} m`, { size: 12 }) +
    '</g>'
  )
}

type TextOptions = { size: number; weight?: 'bold'; style?: 'italic'; anchor?: 'middle' }

function text(x: number, y: number, content: string, options: TextOptions) {
  const attributes = [
    `x="${x}"`,
    `y="${y}"`,
    `font-size="${options.size}"`,
    `fill="${LABEL_COLOUR}"`,
  ]
  if (options.weight) attributes.push(`font-weight="${options.weight}"`)
  if (options.style) attributes.push(`font-style="${options.style}"`)
  if (options.anchor) attributes.push(`text-anchor="${options.anchor}"`)
  return `<text ${attributes.join(' ')}>${escapeXml(content)}</text>`
}

/** The area centroid of a simple ring (shoelace weights); the mean of its points if it has none. */
function centroid(ring: [number, number][]): [number, number] {
  let twiceArea = 0
  let x = 0
  let y = 0
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i]
    const [x2, y2] = ring[(i + 1) % ring.length]
    const cross = x1 * y2 - x2 * y1
    twiceArea += cross
    x += (x1 + x2) * cross
    y += (y1 + y2) * cross
  }
  if (twiceArea === 0)
    return [
      ring.reduce((sum, p) => sum + p[0], 0) / ring.length,
      ring.reduce((sum, p) => sum + p[1], 0) / ring.length,
    ]
  return [x / (3 * twiceArea), y / (3 * twiceArea)]
}

function boxOf(ring: [number, number][]) {
  const xs = ring.map((point) => point[0])
  const ys = ring.map((point) => point[1])
  return { width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) }
}

const round = (value: number) => Math.round(value * 100) / 100

// Characters XML 1.0 does not allow at all (most control characters, lone surrogates).
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

/** Text as it can stand in XML content or a quoted attribute, whatever a user typed. */
export function escapeXml(value: string) {
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}
