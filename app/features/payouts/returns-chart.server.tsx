import { renderToStaticMarkup } from 'react-dom/server'
import { ReturnsChart, type ChartPoint } from './returns-chart'

/**
 * The returns chart as markup: it has no script and no link, so it is drawn once here and the
 * browser gets the SVG, not the code that draws it. Null when there is nothing to draw.
 */
export function returnsChartMarkup(points: readonly ChartPoint[], timeZone: string) {
  return points.length
    ? renderToStaticMarkup(<ReturnsChart points={points} timeZone={timeZone} />)
    : null
}
