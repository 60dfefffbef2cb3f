/**
 * How arrears read on the pages (the arrears list, cards, panels): kept apart from the rules in
 * arrears-rules.ts, so the browser loads the words without the money and date arithmetic.
 */
export const ARREARS_BUCKETS = ['1-30', '31-60', '61-90', '90+'] as const
export type ArrearsBucket = (typeof ARREARS_BUCKETS)[number]
export const ARREARS_BUCKET_LABELS: Record<ArrearsBucket, string> = {
  '1-30': '1–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': 'Over 90 days',
}

/** How a subscription in arrears reads on cards, panels and the arrears list: "Overdue by 1 day", "Overdue by 10 days". */
export function overdueBy(days: number): string {
  return `Overdue by ${days} day${days === 1 ? '' : 's'}`
}
