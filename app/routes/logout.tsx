import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { endpoints } from '~/contract/endpoints'
import { api } from '~/utils/api.server'
import { assertSameOrigin } from '~/utils/request.server'
import { destroyAuth, getAuth } from '~/utils/session.server'

export async function loader() {
  return redirect('/')
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  // Tell the API first so the token dies; a token it already refuses ends the session all the same.
  if (await getAuth(request)) await api(request, endpoints.logout)
  return redirect('/login', { headers: { 'Set-Cookie': await destroyAuth(request) } })
}
