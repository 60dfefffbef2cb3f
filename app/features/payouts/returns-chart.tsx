import { formatDate, formatNaira } from '~/contract/format'
import { amountTicks, compactNaira, dateTicks } from './chart-ticks'

export type ChartPoint = { date: string; expected: number; received: number }

/**
 * Two drawings of the same chart, in viewBox units: a narrow one for phones and a wide one from
 * the md breakpoint, each sized so that its 12-unit text is drawn at 11 px or more at the narrowest
 * width it is shown at (text in an SVG scales with it; CSS cannot keep it at a fixed size).
 */
const LAYOUTS = {
  phone: { width: 300, height: 230, compact: true, className: 'h-auto w-full max-w-lg md:hidden' },
  wide: { width: 720, height: 290, compact: false, className: 'hidden h-auto w-full md:block' },
} as const
type Layout = (typeof LAYOUTS)[keyof typeof LAYOUTS]

const FONT = 12
const TICK_GAP = 16
/** Room above a point for its value, and below the axis for the dates. */
const TOP = FONT + 14
const BOTTOM = FONT + 18
const RIGHT = 12

/** About how wide `text` is drawn at FONT, generous so that what is kept apart stays apart. */
function textWidth(text: string) {
  let width = 0
  for (const character of text)
    width += /[.,:/ ]/.test(character) ? 0.32 : character === '₦' ? 0.72 : 0.62
  return width * FONT
}

type Box = { left: number; right: number; top: number; bottom: number }
const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

type Marker = { line: 'expected' | 'received'; date: string; value: number }

/**
 * The points that get a marker: each date the received line rises (a payout paid), and each date
 * the expected line rises to a figure that received does not stand at there.
 */
function markersOf(points: readonly ChartPoint[]) {
  const markers: Marker[] = []
  points.forEach((point, index) => {
    const before = points[index - 1] ?? { expected: 0, received: 0 }
    if (point.received !== before.received)
      markers.push({ line: 'received', date: point.date, value: point.received })
    if (point.expected !== before.expected && point.expected !== point.received)
      markers.push({ line: 'expected', date: point.date, value: point.expected })
  })
  return markers
}

/** A cumulative figure as steps: flat until the day it changes, then up. */
function stepPath(
  points: readonly ChartPoint[],
  value: (point: ChartPoint) => number,
  x: (date: string) => number,
  y: (n: number) => number,
) {
  let path = `M ${x(points[0].date).toFixed(1)} ${y(0).toFixed(1)}`
  for (const point of points) {
    path += ` H ${x(point.date).toFixed(1)} V ${y(value(point)).toFixed(1)}`
  }
  return path
}

const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`)

function ChartDrawing({
  points,
  layout,
  id,
  description,
}: {
  points: readonly ChartPoint[]
  layout: Layout
  id: string
  description: string
}) {
  const { width, height, compact } = layout
  const money = compact ? compactNaira : formatNaira
  const ticks = amountTicks(
    Math.max(...points.map((point) => Math.max(point.expected, point.received))),
  )
  const top = ticks[ticks.length - 1]
  const left = Math.ceil(Math.max(...ticks.map((tick) => textWidth(money(tick)))) + 10)
  const plot = { left, right: width - RIGHT, top: TOP, bottom: height - BOTTOM }

  const first = points[0].date
  const last = points[points.length - 1].date
  const span = dayOf(last) - dayOf(first)
  // A single date stands in the middle; a span fills the width.
  const x = (date: string) =>
    span
      ? plot.left + ((dayOf(date) - dayOf(first)) / span) * (plot.right - plot.left)
      : (plot.left + plot.right) / 2
  const y = (amount: number) => plot.bottom - (amount / top) * (plot.bottom - plot.top)

  const maxDateTicks = Math.max(
    1,
    Math.floor((plot.right - plot.left) / (textWidth('May 2027') + TICK_GAP)),
  )
  const dates = dateTicks(first, last, maxDateTicks).map((tick, index, all) => {
    const w = textWidth(tick.label)
    const at = x(tick.date)
    // The ends of a short span are labelled from the edges inwards.
    const ends = all.length <= 2 && (tick.date === first || tick.date === last) && span > 0
    const anchor: 'start' | 'end' | 'middle' = ends
      ? tick.date === first
        ? 'start'
        : 'end'
      : 'middle'
    const textX = ends ? at : Math.min(Math.max(at, w / 2 + 2), width - w / 2 - 2)
    return { ...tick, at, textX, anchor }
  })

  const markers = markersOf(points)
  const radius = Math.max(
    2,
    Math.min(4, (plot.right - plot.left) / Math.max(1, markers.length) / 3),
  )
  // Values, latest first, kept where they fit: above the point, else below it, else left unsaid
  // here (every figure is in the description and the table).
  const order = [
    ...markers.filter((marker) => marker.line === 'received').reverse(),
    ...markers.filter((marker) => marker.line === 'expected').reverse(),
  ]
  const kept: Box[] = []
  const labels: { key: string; x: number; y: number; text: string; line: Marker['line'] }[] = []
  for (const marker of order) {
    const text = money(marker.value)
    const w = textWidth(text)
    const cx = Math.min(Math.max(x(marker.date), plot.left + w / 2 + 2), width - w / 2 - 2)
    const cy = y(marker.value)
    for (const baseline of [cy - radius - 5, cy + radius + FONT + 3]) {
      const box = {
        left: cx - w / 2 - 2,
        right: cx + w / 2 + 2,
        top: baseline - FONT,
        bottom: baseline + 3,
      }
      if (box.top < 0 || box.bottom > plot.bottom - 1) continue
      if (kept.some((other) => overlaps(box, other))) continue
      kept.push(box)
      labels.push({
        key: `${marker.line}-${marker.date}`,
        x: cx,
        y: baseline,
        text,
        line: marker.line,
      })
      break
    }
  }

  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${width} ${height}`}
      className={layout.className}
      data-testid="returns-chart"
      fontSize={FONT}
    >
      <title id={`${id}-title`}>Cumulative returns, expected against received</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <g fill="#475569" textAnchor="end">
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={plot.left}
              x2={plot.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke={tick === 0 ? '#94a3b8' : '#e2e8f0'}
            />
            <text data-tick="amount" x={plot.left - 6} y={y(tick) + FONT / 3}>
              {money(tick)}
            </text>
          </g>
        ))}
      </g>
      <g fill="#475569">
        {dates.map((tick) => (
          <g key={tick.date}>
            <line
              x1={tick.at}
              x2={tick.at}
              y1={plot.bottom}
              y2={plot.bottom + 4}
              stroke="#94a3b8"
            />
            <text
              data-tick="date"
              x={tick.textX}
              y={plot.bottom + FONT + 10}
              textAnchor={tick.anchor}
            >
              {tick.label}
            </text>
          </g>
        ))}
      </g>
      <path
        d={stepPath(points, (point) => point.expected, x, y)}
        fill="none"
        stroke="#64748b"
        strokeWidth="2"
        strokeDasharray="6 4"
      />
      <path
        d={stepPath(points, (point) => point.received, x, y)}
        fill="none"
        stroke="#15803d"
        strokeWidth="3"
      />
      {markers.map((marker) =>
        marker.line === 'received' ? (
          <circle
            key={`received-${marker.date}`}
            cx={x(marker.date)}
            cy={y(marker.value)}
            r={radius}
            fill="#15803d"
          />
        ) : (
          <circle
            key={`expected-${marker.date}`}
            cx={x(marker.date)}
            cy={y(marker.value)}
            r={radius}
            fill="#ffffff"
            stroke="#475569"
            strokeWidth="2"
          />
        ),
      )}
      <g textAnchor="middle" stroke="#ffffff" strokeWidth="3" paintOrder="stroke">
        {labels.map((label) => (
          <text
            key={label.key}
            data-value={label.line}
            x={label.x}
            y={label.y}
            fill={label.line === 'received' ? '#166534' : '#334155'}
            fontWeight={label.line === 'received' ? 600 : 400}
          >
            {label.text}
          </text>
        ))}
      </g>
    </svg>
  )
}

/**
 * Cumulative returns, expected against received, drawn on the server as SVG (no script, no chart
 * library): amounts and dates on its axes and the value at each payout, an image with its title
 * and a text description, and the same figures as a table for screen readers.
 */
export function ReturnsChart({
  points,
  timeZone,
}: {
  points: readonly ChartPoint[]
  timeZone: string
}) {
  if (!points.length) return null
  const last = points[points.length - 1]
  const description =
    `Returns expected and received from ${formatDate(points[0].date, timeZone)} to ${formatDate(last.date, timeZone)}: ` +
    `${formatNaira(last.expected)} expected in all, ${formatNaira(last.received)} received so far.`
  return (
    <figure className="card flex flex-col gap-2" aria-labelledby="returns-chart-title">
      <h2 id="returns-chart-title" className="text-base font-semibold text-slate-900">
        Returns over time
      </h2>
      <ChartDrawing
        points={points}
        layout={LAYOUTS.phone}
        id="returns-chart-phone"
        description={description}
      />
      <ChartDrawing
        points={points}
        layout={LAYOUTS.wide}
        id="returns-chart-wide"
        description={description}
      />
      <figcaption className="flex flex-col gap-1 text-sm text-slate-700">
        <span className="flex flex-wrap gap-x-4 gap-y-1" aria-hidden="true">
          <span>
            <span className="mr-1 inline-block h-0.5 w-5 border-t-2 border-dashed border-slate-500 align-middle" />
            Expected
          </span>
          <span>
            <span className="mr-1 inline-block h-1 w-5 bg-green-700 align-middle" />
            Received
          </span>
        </span>
        <span>{description}</span>
      </figcaption>
      {/* A table is at least as wide as its content: the wrapper is what hides it from sight. */}
      <div className="sr-only">
        <table>
          <caption>Cumulative returns by date</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Expected by then</th>
              <th scope="col">Received by then</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.date}>
                <th scope="row">{formatDate(point.date, timeZone)}</th>
                <td>{formatNaira(point.expected)}</td>
                <td>{formatNaira(point.received)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}
