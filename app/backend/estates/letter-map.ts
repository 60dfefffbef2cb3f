import { BOLD, REGULAR, type Doc } from '../pdf/kit'
import type { Beacon } from './geometry'
import { blockName } from './site-map'

/**
 * The site map on an allocation letter: the estate's surveyed plots drawn from their beacons on
 * the grid (north up, to scale), the holder's plots shaded and labelled. Plots without beacons
 * cannot be placed and are named in the caption instead.
 */

export type LetterMapPlot = {
  id: string
  block: string
  number: string
  beacons: readonly Beacon[] | null
}

const WIDTH = 320
const MAX_HEIGHT = 240
const MARKED_FILL = '#c7d2fe'
const MARKED_INK = '#312e81'

export function drawLetterMap(
  doc: Doc,
  estate: string,
  plots: readonly LetterMapPlot[],
  marked: ReadonlySet<string>,
) {
  const surveyed = plots.filter((plot) => (plot.beacons?.length ?? 0) >= 3)
  const left = doc.page.margins.left
  const ours = plots.filter((plot) => marked.has(plot.id))
  const placed = ours.filter((plot) => surveyed.includes(plot))
  if (doc.y + MAX_HEIGHT + 60 > doc.page.height - doc.page.margins.bottom) doc.addPage()
  doc.font(BOLD).fontSize(11).fillColor('#111111').text(`Site map of ${estate}`, left, doc.y)
  doc.moveDown(0.3)
  if (!placed.length) {
    doc
      .font(REGULAR)
      .fontSize(10)
      .text(
        'Your plot is not surveyed yet: the site map will show it once its beacons are entered.',
      )
    return
  }
  const points = surveyed.flatMap((plot) => plot.beacons!)
  const minE = Math.min(...points.map((p) => p[0]))
  const maxE = Math.max(...points.map((p) => p[0]))
  const minN = Math.min(...points.map((p) => p[1]))
  const maxN = Math.max(...points.map((p) => p[1]))
  const scale = Math.min(WIDTH / (maxE - minE || 1), MAX_HEIGHT / (maxN - minN || 1))
  const top = doc.y + 4
  const toPage = ([e, n]: Beacon): [number, number] => [
    left + (e - minE) * scale,
    top + (maxN - n) * scale,
  ]
  for (const plot of surveyed) {
    const ring = plot.beacons!.map(toPage)
    const mine = marked.has(plot.id)
    doc.polygon(...ring).lineWidth(mine ? 2 : 0.6)
    if (mine) doc.fillAndStroke(MARKED_FILL, MARKED_INK)
    else doc.stroke('#6b7280')
  }
  for (const plot of placed) {
    const ring = plot.beacons!.map(toPage)
    const cx = ring.reduce((sum, p) => sum + p[0], 0) / ring.length
    const cy = ring.reduce((sum, p) => sum + p[1], 0) / ring.length
    const label = `${plot.block} ${plot.number}`
    doc.font(BOLD).fontSize(8).fillColor('#111111')
    doc.text(label, cx - 30, cy - 4, { width: 60, align: 'center', lineBreak: false })
  }
  const bottom = top + (maxN - minN) * scale
  // North arrow beside the map.
  const arrowX = left + WIDTH + 24
  doc.polygon([arrowX, top], [arrowX + 5, top + 12], [arrowX - 5, top + 12]).fill('#111111')
  doc
    .font(BOLD)
    .fontSize(9)
    .text('N', arrowX - 3, top + 14, { lineBreak: false })
  doc.x = left
  doc.y = bottom + 8
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor('#333333')
    .text(
      `Shaded: ${placed.map((plot) => `${blockName(plot.block)} plot ${plot.number}`).join(', ')}, allocated to you. ` +
        'Drawn to scale from the surveyed beacons, north up.',
      left,
      doc.y,
      { width: WIDTH + 60 },
    )
}
