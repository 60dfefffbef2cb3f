import crypto from 'node:crypto'
import { endpointList, endpoints } from '~/contract/endpoints'
import { openApiDocument } from './openapi'
import { implement, type HandlerTable } from '../http/router'
import { renderDocsPage } from './docs-page'

/** Built once per process: the table does not change while it runs. */
let built: { json: string; html: string; etag: string } | null = null

function reference() {
  if (!built) {
    const document = openApiDocument(endpointList)
    const json = JSON.stringify(document, null, 2)
    const html = renderDocsPage(document)
    const etag = `"${crypto.createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`
    built = { json, html, etag }
  }
  return built
}

/** Both answers may be cached by anyone; a client holding the current version gets a 304. */
function answer(
  request: Request,
  body: string,
  contentType: string,
  extra: Record<string, string> = {},
) {
  const { etag } = reference()
  const headers = {
    'Content-Type': contentType,
    'Cache-Control': 'public, max-age=300',
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    ...extra,
  }
  if (request.headers.get('if-none-match') === etag)
    return new Response(null, { status: 304, headers })
  return new Response(request.method === 'HEAD' ? null : body, { headers })
}

const openApi = implement(endpoints.openApiDocument, async ({ request }) =>
  answer(request, reference().json, 'application/json; charset=utf-8', {
    'Access-Control-Allow-Origin': '*',
  }),
)

const docs = implement(endpoints.apiReference, async ({ request }) =>
  answer(request, reference().html, 'text/html; charset=utf-8', {
    'Content-Security-Policy':
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  }),
)

export const referenceHandlers = {
  openApiDocument: openApi,
  apiReference: docs,
} satisfies HandlerTable
