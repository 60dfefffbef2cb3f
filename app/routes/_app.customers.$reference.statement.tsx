import type { LoaderFunctionArgs } from '@remix-run/node'
import { customerStatementDownload } from '~/features/documents/documents.server'

// A resource route: a customer's statement of account, for staff who view customers and its realtor.
export async function loader({ request, params }: LoaderFunctionArgs) {
  return customerStatementDownload(request, params.reference)
}
