export const fullNameOf = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim()
