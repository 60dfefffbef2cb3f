/** "1 plot", "3 acres": a count of units of land (`unit` is 'plot', 'acre' or 'unit'). Apart from money.ts, so pages that only say it load no arithmetic. */
export function unitCount(count: number, unit = 'unit'): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`
}
