import { endpoints } from '~/contract/endpoints'
import { api } from '~/utils/api.server'
import { requireAuth } from '~/utils/session.server'
import { canModifyPeople, canSeePeople, type PeopleKind } from './access'

export const FORBIDDEN_MESSAGE = 'You do not have permission to view this page'

/**
 * The signed-in user as the API sees them now (the cookie's snapshot may predate a permission
 * change), refused with a 403 page when the menu rule hides the page from them.
 */
export async function requirePeopleAccess(
  request: Request,
  kind: PeopleKind,
  mode: 'view' | 'modify' = 'view',
) {
  await requireAuth(request)
  const me = await api(request, endpoints.me)
  if (!me.ok) throw new Response(me.message, { status: me.httpStatus || 500 })
  const allowed = mode === 'view' ? canSeePeople(me.data, kind) : canModifyPeople(me.data, kind)
  if (!allowed) throw new Response(FORBIDDEN_MESSAGE, { status: 403 })
  return me.data
}

/** Turns an API failure into the error page of its status (404 for someone else's record). */
export function failureResponse(result: { httpStatus: number; message: string }) {
  return new Response(result.message, { status: result.httpStatus || 500 })
}
