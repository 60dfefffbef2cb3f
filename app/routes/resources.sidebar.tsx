import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { readForm } from '~/utils/form.server'
import { safeRedirectPath } from '~/utils/navigation'
import { assertSameOrigin, isSecureRequest } from '~/utils/request.server'
import { sidebarCookie } from '~/utils/sidebar.server'

export async function loader() {
  return redirect('/')
}

/** Collapses or expands the sidebar: a plain form post that remembers the choice and goes back. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const form = await readForm(request).catch((error: Response) => {
    if (error.status === 413) throw error
    return new FormData()
  })
  const collapsed = form.get('collapsed') === 'true'
  return redirect(safeRedirectPath(form.get('redirectTo')), {
    headers: { 'Set-Cookie': sidebarCookie(collapsed, isSecureRequest(request)) },
  })
}
