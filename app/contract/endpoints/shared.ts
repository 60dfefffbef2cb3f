import { z } from 'zod'
import { pageParam, queryChoice } from '../fields'

/**
 * What every page of a list says besides its items: the page number (from 1), how many items a
 * page holds, how many items the filters match, and how many pages that makes (at least 1).
 * `totalPages` is the same number under the name the original clients read.
 */
export const pageFields = {
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
  total: z.number().int().min(0),
  total_pages: z.number().int().min(1),
  totalPages: z
    .number()
    .int()
    .min(1)
    .meta({ description: 'The same as total_pages', deprecated: true }),
}

/** One page of a list: its `items` and the page fields. */
export const paginatedSchema = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), ...pageFields })

/** The query of every paged list: a page past the end answers an empty page, one that is not a page number 422. */
export const pageQuery = z.object({ page: pageParam.optional() })

/** An answer whose data is null: the message says what happened. */
export const noData = z.null()

/** `format=csv` on a list that exports (its entry says `exportsCsv: true`); without it JSON, another format 422. */
export const exportQuery = z.object({ format: queryChoice('Format', ['csv']) })

export const CSV_EXPORT =
  '`?format=csv` answers every row the filters match (not one page) as a CSV download: UTF-8 with a byte order mark, ' +
  'a header row, amounts as plain decimals (1250000.00), dates as ISO, and a text cell beginning with = + - @ or a tab ' +
  'prefixed with an apostrophe.'
