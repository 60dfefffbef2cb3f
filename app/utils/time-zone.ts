/** The client-hint cookie holding the browser's time zone (read by timeZoneFrom in time-zone.server.ts). */
export const TIME_ZONE_COOKIE = 'tz'
