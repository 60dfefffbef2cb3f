import crypto from 'node:crypto'
import { Writable } from 'node:stream'
import { type EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'
import { StylesheetProvider } from './utils/inline-stylesheet'
import { NonceProvider } from './utils/nonce'
import { compressPage } from './utils/page-compression.server'
import { securityHeaders } from './utils/security-headers.server'
import { startApi } from './utils/api.server'
import { getAuth } from './utils/session.server'
import { stylesheetText } from './utils/stylesheet.server'

// Validate the environment and open the database as the server starts, not at the first request.
startApi()

const ABORT_DELAY = 5_000
// A signed-in page holds someone's data: no cache (a shared computer's, a proxy's) may keep it,
// and the back button after signing out must ask the server again.
const NO_STORE = 'no-store'

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = crypto.randomBytes(16).toString('base64')
  if (await getAuth(request)) responseHeaders.set('Cache-Control', NO_STORE)
  // A form refused for its size is left unread, so the connection cannot carry another request.
  if (responseStatusCode === 413) responseHeaders.set('Connection', 'close')
  // Read before the abort timer starts: a stylesheet that cannot be read fails this request alone,
  // where a timer left behind would end the process.
  const stylesheet = stylesheetText()
  return new Promise((resolve, reject) => {
    let shellRendered = false
    // Cleared once the page is rendered, so that each request's render is not kept alive for ABORT_DELAY.
    const abortTimer = setTimeout(() => abort(), ABORT_DELAY)
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <StylesheetProvider value={stylesheet}>
          <RemixServer
            context={remixContext}
            url={request.url}
            abortDelay={ABORT_DELAY}
            nonce={nonce}
          />
        </StylesheetProvider>
      </NonceProvider>,
      {
        nonce,
        // No page defers data: the whole page is ready as soon as its shell is. It is sent as one
        // buffer: React writes a page in many small pieces, and each piece passed through a Node
        // stream, a web stream and the socket costs more than gathering them here.
        onAllReady: () => {
          clearTimeout(abortTimer)
          shellRendered = true
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          for (const [name, value] of Object.entries(securityHeaders(request, nonce))) {
            responseHeaders.set(name, value)
          }
          const pieces: Uint8Array[] = []
          const page = new Writable({
            // React ends the page, then would end it again on 'close', at the cost of an error's stack.
            emitClose: false,
            write(piece: Uint8Array, _encoding, done) {
              pieces.push(piece)
              done()
            },
            final(done) {
              done()
              compressPage(request, Buffer.concat(pieces), responseHeaders).then(
                (body) =>
                  resolve(
                    new Response(body, { headers: responseHeaders, status: responseStatusCode }),
                  ),
                reject,
              )
            },
          })
          pipe(page)
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer)
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
  })
}

/** Loader and action data fetched by the browser's scripts (?_data=): not kept either when signed in. */
export async function handleDataRequest(response: Response, { request }: { request: Request }) {
  if (!(await getAuth(request))) return response
  try {
    response.headers.set('Cache-Control', NO_STORE)
    return response
  } catch {
    // A response with immutable headers: copied.
    const headers = new Headers(response.headers)
    headers.set('Cache-Control', NO_STORE)
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    })
  }
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  // Remix refuses a post whose Origin names another host before any action or loader runs, and
  // answers it with an empty 500: worth a line in the log, not a stack trace.
  if (
    request.method !== 'GET' &&
    error instanceof Error &&
    /does not match `origin` header/.test(error.message)
  ) {
    console.warn(
      `Refused a cross-site post to ${new URL(request.url).pathname} (Origin: ${request.headers.get('origin')})`,
    )
    return
  }
  console.error(error)
}
