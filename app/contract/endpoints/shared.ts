import { z } from 'zod'
import { pageParam, queryChoice } from '../fields'

/** One page of a list: `items`, the page number and how many pages there are. */
export const paginatedSchema = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), page: z.number().int(), totalPages: z.number().int() })

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
