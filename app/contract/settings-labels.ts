// The browser's share of contract/settings.ts, without zod: components import these from here.

export const REMINDER_DAYS_MIN = 1
export const REMINDER_DAYS_MAX = 60

/** Days an unpaid subscription (nothing paid, no payment waiting) lives before the daily job expires it. */
export const EXPIRY_DAYS_MIN = 1
export const EXPIRY_DAYS_MAX = 90
export const EXPIRY_DAYS_DEFAULT = 7
