import { useLocation } from '@remix-run/react'

/**
 * A list's "Export CSV": a plain link to the list's export with the filters the address carries
 * now (not the page), so the file holds every row the list shows under them. A plain document
 * request, so the browser downloads the file and stays on the list, with or without JavaScript.
 * `search`, when given, is the export's whole address instead (a panel's list: the record it shows).
 */
export function ExportCsvLink({ list, search }: { list: string; search?: Record<string, string> }) {
  const location = useLocation()
  const params = new URLSearchParams(search ?? location.search)
  params.delete('page')
  const query = params.toString()
  return (
    <a
      href={`/export/${list}${query ? `?${query}` : ''}`}
      className="btn-secondary shrink-0"
      data-testid="export-csv"
    >
      Export CSV
    </a>
  )
}
