import { listHref } from '~/utils/pagination'

/** The Collections pages' addresses: money received, the credits (and one credit's panel), the deliveries. */
export const COLLECTIONS_PATH = '/collections'
export const CREDITS_PATH = '/collections/credits'
export const DELIVERIES_PATH = '/collections/deliveries'

export const creditHref = (reference: string) => `${CREDITS_PATH}/${encodeURIComponent(reference)}`

export const creditsHref = (filters: { state?: string; search?: string }, page = 1) =>
  listHref(CREDITS_PATH, { page, ...filters })

export const deliveriesHref = (filters: { status?: string; provider?: string }, page = 1) =>
  listHref(DELIVERIES_PATH, { page, ...filters })
