/**
 * Reading a request's body with a size limit, for both layers (the API and the web forms): the
 * bytes are counted as they stream in and the read stops at the limit, so a body with no
 * Content-Length (chunked) is held to it too, and a declared length over it is refused unread.
 */

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes`)
    this.name = 'BodyTooLargeError'
  }
}

// After the limit, what is still coming is read and dropped for a while before the connection is
// cut: a client that is still sending when its connection is reset may lose the 413 it was sent.
const DISCARD_BYTES = 16 * 1024 * 1024
const DISCARD_MS = 10_000
// Never cut the connection sooner than this after the limit, so that the answer has gone out.
const ANSWER_GRACE_MS = 1_000

/** The whole body as bytes, at most `limit` of them; BodyTooLargeError beyond. */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get('content-length')
  const body = request.body
  if (declared !== null && Number(declared) > limit) {
    if (body) discardRest(body.getReader())
    throw new BodyTooLargeError(limit)
  }
  if (!body) return new Uint8Array(0)
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limit) {
      chunks.length = 0
      discardRest(reader)
      throw new BodyTooLargeError(limit)
    }
    chunks.push(value)
  }
  if (chunks.length === 1 && chunks[0].buffer instanceof ArrayBuffer) return chunks[0] as Uint8Array<ArrayBuffer>
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/** A urlencoded or multipart body (at most `limit` bytes) as FormData; a TypeError when it is not one. */
export async function readBodyForm(request: Request, limit: number): Promise<FormData> {
  const bytes = await readBodyBytes(request, limit)
  const type = request.headers.get('content-type') ?? ''
  return new Response(bytes, { headers: { 'content-type': type } }).formData()
}

/**
 * Reads and drops the rest of a refused body (up to DISCARD_BYTES, for up to DISCARD_MS), then
 * cancels it, which closes the connection of an HTTP request. Nothing read here is kept.
 */
function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>) {
  const started = Date.now()
  const cancel = () => void reader.cancel().catch(() => {})
  const deadline = setTimeout(cancel, DISCARD_MS)
  deadline.unref?.()
  void (async () => {
    let discarded = 0
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return clearTimeout(deadline)
        discarded += value.byteLength
        if (discarded > DISCARD_BYTES) {
          clearTimeout(deadline)
          setTimeout(cancel, Math.max(0, ANSWER_GRACE_MS - (Date.now() - started))).unref?.()
          return
        }
      }
    } catch {
      clearTimeout(deadline)
    }
  })()
}
