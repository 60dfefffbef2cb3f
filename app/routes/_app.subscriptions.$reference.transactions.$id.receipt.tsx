import type { LoaderFunctionArgs } from '@remix-run/node'
import { receiptDownload } from '~/features/subscriptions/transactions.server'

// A resource route: the receipt PDF, streamed from the API with its Content-Disposition.
export async function loader({ request, params }: LoaderFunctionArgs) {
  return receiptDownload(request, 'land', params.reference, params.id)
}
