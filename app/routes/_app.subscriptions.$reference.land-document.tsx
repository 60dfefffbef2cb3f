import type { LoaderFunctionArgs } from '@remix-run/node'
import { landDocumentDownload } from '~/features/subscriptions/transactions.server'

// A resource route: the allocation letter PDF of a completed land subscription, from the API.
export async function loader({ request, params }: LoaderFunctionArgs) {
  return landDocumentDownload(request, 'land', params.reference)
}
