import { MAX_UPLOAD_BYTES } from '~/contract/products'
import { endpoints } from '~/contract/endpoints'
import { api, DEFAULT_ERROR } from './api.server'
import { redirectWithError } from './toast.server'

export type Upload = { ok: true; url: string } | { ok: false; message: string }

/**
 * Sends a file posted with a form to the API's media upload, to pass on as a URL (a proof, a title
 * document). A refusal answers the API's message for the form's file field.
 */
export async function uploadFormFile(
  request: Request,
  file: File,
  options: { folder: string; extensions: readonly string[] },
): Promise<Upload> {
  if (file.size > MAX_UPLOAD_BYTES)
    return { ok: false, message: 'The file may not be greater than 2 MB' }
  const extension = file.name.split('.').pop()?.toLowerCase()
  const upload = await api(request, endpoints.mediaUpload, {
    body: {
      file_name: file.name,
      file_in_base64: Buffer.from(await file.arrayBuffer()).toString('base64'),
      file_extension: extension && options.extensions.includes(extension) ? extension : undefined,
      folder_path: options.folder,
    },
  })
  if (upload.ok) return { ok: true, url: upload.data.file_url }
  const messages = Object.values(upload.fieldErrors ?? {}).flat()
  return { ok: false, message: messages.length ? messages.join(', ') : upload.message }
}

const PASSED_HEADERS = ['content-type', 'content-disposition', 'content-length']

/**
 * Streams a file the API answered (a PDF, a CSV) with its type and Content-Disposition; when the
 * API refuses, goes back to `back` with its message as a toast.
 */
export async function passFile(
  request: Request,
  response: Response,
  back: string,
  types: readonly string[],
) {
  const type = response.headers.get('content-type') ?? ''
  if (response.ok && types.some((expected) => type.startsWith(expected))) {
    const headers = new Headers({
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    })
    for (const name of PASSED_HEADERS) {
      const value = response.headers.get(name)
      if (value) headers.set(name, value)
    }
    return new Response(response.body, { status: 200, headers })
  }
  const envelope = (await response.json().catch(() => null)) as { message?: string } | null
  return redirectWithError(request, back, envelope?.message || DEFAULT_ERROR)
}
