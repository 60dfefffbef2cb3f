import type { LoaderFunctionArgs } from '@remix-run/node'
import { mediaFile } from '~/features/subscriptions/transactions.server'

// A resource route: a stored file (a proof of payment) fetched with the session's token.
export async function loader({ request, params }: LoaderFunctionArgs) {
  return mediaFile(request, params.name)
}
