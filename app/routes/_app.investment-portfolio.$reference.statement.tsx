import type { LoaderFunctionArgs } from '@remix-run/node'
import { subscriptionStatementDownload } from '~/features/documents/documents.server'

// A resource route: the subscription's statement of account (PDF, or ?format=csv) from the API.
export async function loader({ request, params }: LoaderFunctionArgs) {
  return subscriptionStatementDownload(request, params.reference, '/investment-portfolio')
}
