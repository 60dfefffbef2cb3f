import { formatDate, formatNaira } from '~/contract/format'

export type ChartPoint = { date: string; expected: number; received: number }

const WIDTH = 600
const HEIGHT = 220
const PAD = { left: 8, right: 8, top: 12, bottom: 12 }

/** x for a day, y for an amount, in the chart's own units. */
function scales(points: readonly ChartPoint[]) {
  const times = points.map((point) => Date.parse(`${point.date}T00:00:00Z`))
  const first = Math.min(...times)
  const last = Math.max(...times)
  const top = Math.max(1, ...points.map((point) => Math.max(point.expected, point.received)))
  const x = (date: string) => {
    const span = last - first || 1
    return (
      PAD.left + ((Date.parse(`${date}T00:00:00Z`) - first) / span) * (WIDTH - PAD.left - PAD.right)
    )
  }
  const y = (amount: number) =>
    HEIGHT - PAD.bottom - (amount / top) * (HEIGHT - PAD.top - PAD.bottom)
  return { x, y, top }
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

/**
 * Cumulative returns, expected against received, drawn on the server as SVG (no script, no chart
 * library): an image with its title and a text description, and the same figures as a table for
 * screen readers.
 */
export function ReturnsChart({
  points,
  timeZone,
}: {
  points: readonly ChartPoint[]
  timeZone: string
}) {
  if (!points.length) return null
  const { x, y, top } = scales(points)
  const last = points[points.length - 1]
  const description =
    `Returns expected and received from ${formatDate(points[0].date, timeZone)} to ${formatDate(last.date, timeZone)}: ` +
    `${formatNaira(last.expected)} expected in all, ${formatNaira(last.received)} received so far.`
  return (
    <figure className="card flex flex-col gap-2" aria-labelledby="returns-chart-title">
      <h2 id="returns-chart-title" className="text-base font-semibold text-slate-900">
        Returns over time
      </h2>
      <svg
        role="img"
        aria-labelledby="returns-chart-svg-title returns-chart-desc"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        data-testid="returns-chart"
      >
        <title id="returns-chart-svg-title">Cumulative returns, expected against received</title>
        <desc id="returns-chart-desc">{description}</desc>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} stroke="#cbd5e1" />
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={y(top)}
          y2={y(top)}
          stroke="#e2e8f0"
          strokeDasharray="4 4"
        />
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
      </svg>
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
          <span>Top line: {formatNaira(top)}</span>
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
