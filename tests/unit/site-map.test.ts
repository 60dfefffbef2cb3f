import { DOMParser, type Document, type Element } from '@xmldom/xmldom'
import { describe, expect, test } from 'vitest'
import type { Beacon } from '~/backend/estates/geometry'
import {
  CATEGORY_STYLES,
  LABEL_COLOUR,
  PAGE_COLOUR,
  renderSiteMap,
  type PlotStatus,
  type SiteMapCategory,
  type SiteMapInput,
  type SiteMapPlot,
} from '~/backend/estates/site-map'

const rectangle = (easting: number, northing: number, width = 18, depth = 36): Beacon[] => [
  [easting, northing],
  [easting + width, northing],
  [easting + width, northing + depth],
  [easting, northing + depth],
]

/** Block C: five surveyed plots in a row (14 to 18); block D north of it: two. */
const surveyedPlot = (
  block: string,
  number: number,
  status: PlotStatus,
  index: number,
  row: number,
  mine = false,
): SiteMapPlot => ({
  id: `${block}${number}`,
  block,
  number: String(number),
  sizeSqm: 648,
  status,
  beacons: rectangle(543000 + index * 18, 713000 + row * 40),
  mine,
})

const ESTATE: SiteMapPlot[] = [
  surveyedPlot('C', 14, 'allocated', 0, 0, true),
  surveyedPlot('C', 15, 'free', 1, 0),
  surveyedPlot('C', 16, 'reserved', 2, 0),
  surveyedPlot('C', 17, 'sold', 3, 0),
  surveyedPlot('C', 18, 'free', 4, 0),
  surveyedPlot('D', 1, 'allocated', 0, 1),
  surveyedPlot('D', 2, 'free', 1, 1),
]

const map = (overrides: Partial<SiteMapInput> = {}) =>
  renderSiteMap({ estate: { name: 'Palm Grove' }, plots: ESTATE, viewer: 'staff', ...overrides })

/** The SVG through a real XML parser that refuses anything malformed, even a warning. */
function parse(svg: string): Document {
  return new DOMParser({
    onError: (level, message) => {
      throw new Error(`${level}: ${message}`)
    },
  }).parseFromString(svg, 'image/svg+xml')
}

const elements = (node: Document | Element, tag: string) =>
  Array.from(node.getElementsByTagName(tag)) as Element[]
const plotGroups = (doc: Document) =>
  elements(doc, 'g').filter((g) => /\bplot\b/.test(g.getAttribute('class') ?? ''))
const categoryOf = (group: Element) => /\bplot-(\w+)/.exec(group.getAttribute('class') ?? '')![1]
const labelOf = (group: Element) =>
  elements(group, 'tspan')
    .map((span) => span.textContent)
    .join(' ')
const countsByCategory = (doc: Document) =>
  plotGroups(doc).reduce<Record<string, number>>((counts, group) => {
    const category = categoryOf(group)
    counts[category] = (counts[category] ?? 0) + 1
    return counts
  }, {})
const textOf = (doc: Document, tag: string) => elements(doc, tag)[0]?.textContent ?? ''
const polygonPoints = (group: Element) =>
  elements(group, 'polygon')[0]
    .getAttribute('points')!
    .split(' ')
    .map((pair) => pair.split(',').map(Number))

describe('renderSiteMap for staff', () => {
  const doc = parse(map())
  const svg = doc.documentElement!

  test('is an accessible, scalable SVG image: role, title and description, a viewBox and no fixed size', () => {
    expect(svg.tagName).toBe('svg')
    expect(svg.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg')
    expect(svg.getAttribute('role')).toBe('img')
    expect(svg.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/)
    expect(svg.hasAttribute('width')).toBe(false)
    expect(svg.hasAttribute('height')).toBe(false)
    const [titleId, descId] = svg.getAttribute('aria-labelledby')!.split(' ')
    expect(doc.getElementById(titleId)!.tagName).toBe('title')
    expect(doc.getElementById(descId)!.tagName).toBe('desc')
    expect(elements(doc, 'script')).toHaveLength(0)
    expect(elements(doc, 'image')).toHaveLength(0)
  })

  test('draws every plot from its polygon, one per plot, coloured by its status', () => {
    expect(countsByCategory(doc)).toEqual({ free: 3, reserved: 1, sold: 1, allocated: 2 })
    expect(elements(doc, 'polygon')).toHaveLength(7)
    for (const group of plotGroups(doc)) expect(elements(group, 'polygon')).toHaveLength(1)
  })

  test('keeps the shape: an 18 m × 36 m plot is twice as tall as wide, with north at the top', () => {
    const groups = plotGroups(doc)
    const c14 = polygonPoints(groups.find((group) => labelOf(group) === 'C 14')!)
    const xs = c14.map(([x]) => x)
    const ys = c14.map(([, y]) => y)
    expect((Math.max(...ys) - Math.min(...ys)) / (Math.max(...xs) - Math.min(...xs))).toBeCloseTo(
      2,
      2,
    )
    const d1 = polygonPoints(groups.find((group) => labelOf(group) === 'D 1')!)
    expect(Math.max(...d1.map(([, y]) => y))).toBeLessThan(Math.min(...ys))
    const [, , width, height] = svg.getAttribute('viewBox')!.split(' ').map(Number)
    for (const group of groups) {
      for (const [x, y] of polygonPoints(group)) {
        expect(x).toBeGreaterThanOrEqual(0)
        expect(x).toBeLessThanOrEqual(width)
        expect(y).toBeGreaterThanOrEqual(0)
        expect(y).toBeLessThanOrEqual(height)
      }
    }
  })

  test('labels each plot with its block and number on the whole estate', () => {
    expect(plotGroups(doc).map(labelOf)).toEqual([
      'C 14',
      'C 15',
      'C 16',
      'C 17',
      'C 18',
      'D 1',
      'D 2',
    ])
  })

  test('has a key of every status with its count, each swatch painted as the plots are', () => {
    const entries = elements(doc, 'g').filter((g) =>
      /\blegend-entry\b/.test(g.getAttribute('class') ?? ''),
    )
    expect(entries.map((entry) => elements(entry, 'text')[0].textContent)).toEqual([
      'Free: 3',
      'Reserved: 1',
      'Sold: 1',
      'Allocated: 2',
    ])
    const reservedPlot = elements(
      plotGroups(doc).find((group) => categoryOf(group) === 'reserved')!,
      'polygon',
    )[0]
    const reservedSwatch = elements(entries[1], 'rect')[0]
    expect(reservedSwatch.getAttribute('fill')).toBe(reservedPlot.getAttribute('fill'))
  })

  test('tells the counts in its text alternative', () => {
    expect(textOf(doc, 'title')).toBe('Palm Grove: site map')
    expect(textOf(doc, 'desc')).toBe(
      'Site map of Palm Grove: 7 plots. Free: 3. Reserved: 1. Sold: 1. Allocated: 2.',
    )
  })

  test('does not rely on colour alone: each taken status has its own pattern, drawn in the defs', () => {
    const fills = new Map(
      plotGroups(doc).map((group) => [
        categoryOf(group),
        elements(group, 'polygon')[0].getAttribute('fill')!,
      ]),
    )
    expect(new Set(fills.values()).size).toBe(4)
    for (const category of ['reserved', 'sold', 'allocated']) {
      const id = /^url\(#(.+)\)$/.exec(fills.get(category)!)![1]
      expect(doc.getElementById(id)!.tagName).toBe('pattern')
    }
  })
})

describe('renderSiteMap for a customer', () => {
  const svg = map({ viewer: 'customer' })
  const doc = parse(svg)

  test('shows their plots as "Yours" and every other plot only as free or taken', () => {
    expect(countsByCategory(doc)).toEqual({ yours: 1, free: 3, taken: 3 })
    const yours = plotGroups(doc).find((group) => categoryOf(group) === 'yours')!
    expect(labelOf(yours)).toBe('C 14 Yours')
    expect(textOf(doc, 'desc')).toBe(
      'Site map of Palm Grove: 7 plots. Yours: 1. Free: 3. Taken: 3. Your plots: Block C plot 14.',
    )
    const entries = elements(doc, 'g').filter((g) =>
      /\blegend-entry\b/.test(g.getAttribute('class') ?? ''),
    )
    expect(entries.map((entry) => elements(entry, 'text')[0].textContent)).toEqual([
      'Yours: 1',
      'Free: 3',
      'Taken: 3',
    ])
  })

  test('never tells reserved, sold and allocated apart: the map is the same whichever a taken plot is', () => {
    expect(svg).not.toMatch(/reserved|sold|allocated/i)
    const shuffled = ESTATE.map((plot): SiteMapPlot => {
      if (plot.status === 'free' || plot.mine) return plot
      return {
        ...plot,
        status:
          plot.status === 'allocated'
            ? 'reserved'
            : plot.status === 'reserved'
              ? 'sold'
              : 'allocated',
      }
    })
    expect(map({ viewer: 'customer', plots: shuffled })).toBe(svg)
  })

  test('a customer with no plot here is told so', () => {
    const doc = parse(
      map({ viewer: 'customer', plots: ESTATE.map((plot) => ({ ...plot, mine: false })) }),
    )
    expect(textOf(doc, 'desc')).toContain('You have no plot here.')
  })

  test('staff do not see "Yours": a plot is shown by its status whoever looks', () => {
    expect(map()).not.toContain('Yours')
  })
})

describe('renderSiteMap zoomed to a block', () => {
  const doc = parse(map({ block: 'C' }))

  test('shows only that block, labelled by number, and names it', () => {
    expect(plotGroups(doc).map(labelOf)).toEqual(['14', '15', '16', '17', '18'])
    expect(textOf(doc, 'title')).toBe('Palm Grove, Block C: site map')
    expect(textOf(doc, 'desc')).toBe(
      'Site map of Palm Grove, Block C: 5 plots. Free: 2. Reserved: 1. Sold: 1. Allocated: 1.',
    )
  })

  test('draws the block larger than the whole estate does', () => {
    const widthOf = (document: Document, label: string) => {
      const xs = polygonPoints(plotGroups(document).find((group) => labelOf(group) === label)!).map(
        ([x]) => x,
      )
      return Math.max(...xs) - Math.min(...xs)
    }
    const whole = parse(map({ plots: [...ESTATE, surveyedPlot('E', 1, 'free', 12, 2)] }))
    const zoomed = parse(
      map({ plots: [...ESTATE, surveyedPlot('E', 1, 'free', 12, 2)], block: 'C' }),
    )
    expect(widthOf(zoomed, '14')).toBeGreaterThan(1.5 * widthOf(whole, 'C 14'))
  })

  test('a block with no plots says so', () => {
    expect(parse(map({ block: 'Z' })).documentElement!.textContent).toContain('No plots in Block Z')
  })
})

describe('renderSiteMap without beacons', () => {
  const unsurveyed = (block: string, number: string, status: PlotStatus): SiteMapPlot => ({
    id: `${block}${number}`,
    block,
    number,
    sizeSqm: 500,
    status,
  })
  const plots = [
    ...ESTATE,
    unsurveyed('F', '10', 'sold'),
    unsurveyed('F', '2', 'free'),
    unsurveyed('E', '1', 'reserved'),
    { ...unsurveyed('F', '3', 'free'), beacons: [] },
  ]
  const doc = parse(map({ plots }))

  test('draws them as dashed grid cells per block, in number order, after the surveyed plots', () => {
    const cells = plotGroups(doc).filter((group) => elements(group, 'rect').length === 1)
    expect(cells.map(labelOf)).toEqual(['1', '2', '3', '10'])
    expect(cells.map(categoryOf)).toEqual(['reserved', 'free', 'free', 'sold'])
    for (const cell of cells)
      expect(elements(cell, 'rect')[0].getAttribute('stroke-dasharray')).toBeTruthy()
    const headings = elements(doc, 'text').map((node) => node.textContent)
    expect(headings).toEqual(
      expect.arrayContaining(['Not surveyed yet: schematic, not to scale', 'Block E', 'Block F']),
    )
    const lowestSurveyed = Math.max(
      ...plotGroups(doc)
        .filter((group) => elements(group, 'polygon').length)
        .flatMap((group) => polygonPoints(group).map(([, y]) => y)),
    )
    for (const cell of cells)
      expect(Number(elements(cell, 'rect')[0].getAttribute('y'))).toBeGreaterThan(lowestSurveyed)
  })

  test('says in the key and the text alternative that they are a schematic', () => {
    expect(textOf(doc, 'desc')).toContain(
      '4 plots are not surveyed yet and drawn as a schematic grid.',
    )
    const schematicKey = elements(doc, 'g').find((g) =>
      /\blegend-schematic\b/.test(g.getAttribute('class') ?? ''),
    )!
    expect(schematicKey.textContent).toContain('not surveyed yet')
  })

  test('an estate with no surveyed plot is all schematic', () => {
    const only = parse(map({ plots: plots.filter((plot) => !plot.beacons?.length) }))
    expect(elements(only, 'polygon')).toHaveLength(0)
    expect(plotGroups(only)).toHaveLength(4)
    expect(elements(only, 'text').map((node) => node.textContent)).toContain(
      'Schematic, not to scale: no plot is surveyed yet',
    )
  })

  test('an estate with no plots at all says so', () => {
    expect(parse(map({ plots: [] })).documentElement!.textContent).toContain(
      'No plots in this estate yet',
    )
  })
})

describe('renderSiteMap escapes what users typed', () => {
  const hostile = '<script>alert("x")</script> & Sons\u0001'
  const plots: SiteMapPlot[] = [
    { ...ESTATE[0], block: 'C<b>', number: '14"&', href: '/plots/1?a=1&b="2"' },
    { ...ESTATE[1], block: "O'Neil", number: '</text><script>1</script>' },
  ]
  const svg = renderSiteMap({ estate: { name: hostile }, plots, viewer: 'customer' })
  const doc = parse(svg)

  test('no markup gets in: the names stay text', () => {
    expect(elements(doc, 'script')).toHaveLength(0)
    expect(elements(doc, 'b')).toHaveLength(0)
    expect(textOf(doc, 'title')).toBe('<script>alert("x")</script> & Sons: site map')
    expect(plotGroups(doc).map(labelOf)).toEqual([
      'C<b> 14"& Yours',
      "O'Neil </text><script>1</script>",
    ])
    expect(elements(doc, 'a')[0].getAttribute('href')).toBe('/plots/1?a=1&b="2"')
  })

  test('characters XML cannot hold are dropped rather than breaking the document', () => {
    expect(svg).not.toContain('\u0001')
  })

  test('a bad id prefix falls back to the default', () => {
    const doc = parse(map({ idPrefix: '"><script>' }))
    expect(doc.documentElement!.getAttribute('aria-labelledby')).toBe(
      'site-map-title site-map-desc',
    )
  })
})

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light + 0.05) / (dark + 0.05)
}

describe('site map colours', () => {
  test.each(Object.keys(CATEGORY_STYLES) as SiteMapCategory[])(
    '%s: labels, patterns and outlines stand out',
    (category) => {
      const { fill, ink } = CATEGORY_STYLES[category]
      expect(contrast(LABEL_COLOUR, fill)).toBeGreaterThanOrEqual(4.5)
      expect(contrast(ink, fill)).toBeGreaterThanOrEqual(3)
      expect(contrast(ink, PAGE_COLOUR)).toBeGreaterThanOrEqual(3)
    },
  )
})
