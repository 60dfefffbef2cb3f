import type { LoaderFunctionArgs } from '@remix-run/node'
import { statementDownload } from '~/features/commissions/commissions.server'

// A resource route: the monthly statement (PDF or CSV), streamed from the API as a download.
export async function loader({ request }: LoaderFunctionArgs) {
  return statementDownload(request)
}
