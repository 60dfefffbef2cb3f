import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { handleApiRequest } from '~/backend'
import { clientAddress } from '~/utils/request.server'

// The embedded API, mounted at /api/v1 for HTTP clients (mobile apps, scripts, curl).
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApiRequest(request, { clientIp: clientAddress(request) })
}

export async function action({ request }: ActionFunctionArgs) {
  return handleApiRequest(request, { clientIp: clientAddress(request) })
}
