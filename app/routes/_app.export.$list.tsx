import type { LoaderFunctionArgs } from '@remix-run/node'
import { listExportDownload } from '~/features/exports/exports.server'

// A resource route: a staff list's "Export CSV", with the list's filters as its search params.
export async function loader({ request, params }: LoaderFunctionArgs) {
  return listExportDownload(request, params.list)
}
