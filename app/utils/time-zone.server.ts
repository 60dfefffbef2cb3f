import { DEFAULT_TIME_ZONE } from '~/contract/format'
import { dateTimeFormat } from '~/contract/intl'
import { TIME_ZONE_COOKIE } from '~/utils/time-zone'

/** The user's time zone from the client-hint cookie; Africa/Lagos until the browser has told us. */
export function timeZoneFrom(request: Request) {
  const cookie = request.headers.get('cookie') ?? ''
  const match = new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]+)`).exec(cookie)
  if (!match) return DEFAULT_TIME_ZONE
  try {
    const zone = decodeURIComponent(match[1])
    dateTimeFormat('en', { timeZone: zone })
    return zone
  } catch {
    return DEFAULT_TIME_ZONE
  }
}
