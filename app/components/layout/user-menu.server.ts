import { truncate } from '~/utils/text'

/** The full name as the user menu shows it: cut at 15 characters. */
export const menuName = (user: { first_name: string; last_name: string }) =>
  truncate(`${user.first_name} ${user.last_name}`.trim(), 15)
