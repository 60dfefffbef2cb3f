// The browser's share of contract/settings.ts, without zod: components import these from here.

export const REMINDER_DAYS_MIN = 1
export const REMINDER_DAYS_MAX = 60
