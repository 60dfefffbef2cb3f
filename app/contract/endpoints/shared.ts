import { z } from 'zod'
import { pageParam } from '../fields'

/** One page of a list: `items`, the page number and how many pages there are. */
export const paginatedSchema = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), page: z.number().int(), totalPages: z.number().int() })

/** The query of every paged list: a page past the end answers an empty page, junk answers page 1. */
export const pageQuery = z.object({ page: pageParam.optional() })

/** An answer whose data is null: the message says what happened. */
export const noData = z.null()
