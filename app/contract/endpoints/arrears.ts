import { z } from 'zod'
import { ARREARS_BUCKETS } from '../arrears-rules'
import { endpoint } from '../endpoint'
import { queryChoice, queryText } from '../fields'
import { CSV_EXPORT, exportQuery, pageQuery, paginatedSchema } from './shared'

export const arrearsQuerySchema = z.object({
  bucket: queryChoice('Bucket', ARREARS_BUCKETS),
  /** A product's reference. */
  product: queryText('Product'),
  /** A realtor's reference: its customers' subscriptions. */
  realtor: queryText('Realtor'),
  search: queryText('Search'),
})

export const arrearsItemSchema = z.object({
  reference: z.string(),
  customer: z.object({ reference: z.string(), full_name: z.string(), email: z.string() }),
  product: z.object({ reference: z.string(), name: z.string() }),
  realtor: z.string().nullable(),
  /** Naira. */
  amount_overdue: z.number(),
  days_in_arrears: z.number().int(),
  arrears_bucket: z.enum(ARREARS_BUCKETS),
  /** What happens next if nothing is paid: a late fee (its amount) or the plan's default action, and the day. */
  next_step: z
    .object({
      kind: z.enum(['late_fee', 'reprice', 'cancel']),
      date: z.string(),
      amount: z.number().nullable(),
    })
    .nullable(),
})
export type ArrearsItem = z.infer<typeof arrearsItemSchema>

export const arrearsListSchema = z.object({
  /** Per bucket, over the other filters: how many subscriptions and their amount overdue (naira). */
  totals: z.array(
    z.object({
      bucket: z.enum(ARREARS_BUCKETS),
      count: z.number().int(),
      amount_overdue: z.number(),
    }),
  ),
  subscriptions: paginatedSchema(arrearsItemSchema),
})
export type ArrearsList = z.infer<typeof arrearsListSchema>

export const arrearsEndpoints = {
  arrearsList: endpoint({
    method: 'GET',
    path: 'admin/arrears',
    tag: 'Subscriptions',
    summary: 'Land subscriptions in arrears, longest first, with the totals per bucket',
    description:
      'The subscriptions the dashboard counts as in arrears (`due=arrears`), with their amount overdue, days and bucket ' +
      '(1-30, 31-60, 61-90, 90+) and the next step. Filters: bucket, product (reference), realtor (reference), search ' +
      `(reference, customer name or e-mail). ${CSV_EXPORT}`,
    access: { permissions: ['can_modify_subscription', 'can_record_transaction'] },
    query: arrearsQuerySchema.extend(pageQuery.shape).extend(exportQuery.shape),
    exportsCsv: true,
    response: arrearsListSchema,
  }),
} as const
