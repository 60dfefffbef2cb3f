// The browser's share of contract/people.ts, without zod: components import these from here.

/** At most DETAILS_LIMIT related rows come with a person's details; the count says how many exist. */
export const DETAILS_LIMIT = 20

export const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`

/** The columns a people list may be sorted by (?sort=…&dir=asc|desc); without one, newest first. */
export const PEOPLE_SORTS = ['reference', 'name', 'email', 'business_name', 'created_at'] as const
export type PeopleSort = (typeof PEOPLE_SORTS)[number]
export const SORT_DIRECTIONS = ['asc', 'desc'] as const
export type SortDirection = (typeof SORT_DIRECTIONS)[number]
