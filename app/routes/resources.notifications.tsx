import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { NOTIFICATIONS_DELETED, NOTIFICATIONS_MARKED_READ } from '~/contract/notifications'
import { endpoints } from '~/contract/endpoints'
import { api } from '~/utils/api.server'
import { parseForm } from '~/utils/form.server'
import { checkboxField } from '~/contract/fields'
import {
  PANEL_CONFIRM_PARAM,
  PANEL_ITEM_PARAM,
  PANEL_PAGE_PARAM,
  panelConfirmDeleteAllHref,
  safeRedirectPath,
} from '~/utils/navigation'
import { requireAuth } from '~/utils/session.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'

const NotificationActionSchema = z.object({
  intent: z.enum(['mark-all-read', 'delete-all']),
  redirectTo: z.string().optional(),
  confirm: checkboxField('Confirm').optional(),
})

export async function loader() {
  return redirect('/')
}

/** The panel's bulk actions; each goes back to the address it was posted from, with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAuth(request)
  const { submission } = await parseForm(request, NotificationActionSchema)
  if (submission.status !== 'success')
    throw new Response('Unknown notification action', { status: 400 })
  const { intent, redirectTo, confirm } = submission.value
  const back = safeRedirectPath(redirectTo)
  if (intent === 'mark-all-read') {
    const result = await api(request, endpoints.notificationsMarkAllRead)
    return result.ok
      ? redirectWithSuccess(request, back, NOTIFICATIONS_MARKED_READ)
      : redirectWithError(request, back, result.message)
  }
  if (!confirm) {
    // An unconfirmed post (an old page, a hand-made form) only asks the question.
    const place = new URL(back, 'http://local')
    return redirect(panelConfirmDeleteAllHref(place))
  }
  const result = await api(request, endpoints.notificationsDeleteAll, { body: { confirm: true } })
  // Nothing is left to page through, open or confirm.
  const url = new URL(back, 'http://local')
  url.searchParams.delete(PANEL_CONFIRM_PARAM)
  url.searchParams.delete(PANEL_PAGE_PARAM)
  url.searchParams.delete(PANEL_ITEM_PARAM)
  const emptied = url.pathname + url.search
  return result.ok
    ? redirectWithSuccess(request, emptied, NOTIFICATIONS_DELETED)
    : redirectWithError(request, back, result.message)
}
