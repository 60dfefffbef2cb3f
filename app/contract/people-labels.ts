// The browser's share of contract/people.ts, without zod: components import these from here.

/** At most DETAILS_LIMIT related rows come with a person's details; the count says how many exist. */
export const DETAILS_LIMIT = 20

export const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`
