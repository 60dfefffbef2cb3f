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

/** The whole body as bytes, at most `limit` of them; BodyTooLargeError beyond. */
export async function readBodyBytes(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > limit) throw new BodyTooLargeError(limit)
  if (!request.body) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limit) {
      // The rest is left unread: Node's HTTP server closes the connection once the 413 has gone
      // out, as it does after any answer sent before its request's body was read to the end.
      reader.releaseLock()
      throw new BodyTooLargeError(limit)
    }
    chunks.push(value)
  }
  if (chunks.length === 1 && chunks[0].buffer instanceof ArrayBuffer)
    return chunks[0] as Uint8Array<ArrayBuffer>
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
