import { useLocation } from '@remix-run/react'

/**
 * A list's "Export CSV": a plain link to the list's export with the filters the address carries
 * now (not the page), so the file holds every row the list shows under them. A plain document
 * request, so the browser downloads the file and stays on the list, with or without JavaScript.
 */
export function ExportCsvLink({ list }: { list: string }) {
  const params = new URLSearchParams(useLocation().search)
  params.delete('page')
  const query = params.toString()
  return (
    <a href={`/export/${list}${query ? `?${query}` : ''}`} className="btn-secondary shrink-0" data-testid="export-csv">
      Export CSV
    </a>
  )
}
