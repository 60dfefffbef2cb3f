import type { LoaderFunctionArgs } from '@remix-run/node'
import { ownStatementDownload } from '~/features/documents/documents.server'

// A resource route: the signed-in person's statement of account over all their subscriptions.
export async function loader({ request }: LoaderFunctionArgs) {
  return ownStatementDownload(request)
}
