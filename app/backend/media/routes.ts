import { eq } from 'drizzle-orm'
import { endpoints } from '~/contract/endpoints'
import { hasPermission } from '~/contract/permissions'
import {
  PRODUCT_IMAGE_FOLDER,
  PROOF_EXTENSIONS,
  UPLOAD_EXTENSIONS,
  type UploadResult,
} from '~/contract/products'
import { files } from '../db/schema'
import { fieldError, forbidden, notFound } from '../http/errors'
import { implement, type HandlerTable } from '../http/router'
import { canReadFile, PUBLIC_FOLDERS } from './access'
import { decodeBase64 } from '../files/content'
import { fileUrl } from '../files/urls'
import { NOT_A_PROOF, NOT_AN_IMAGE, storeImage } from './files'
import { unattachedCopy, withinUploadQuota } from './quota'

const DEFAULT_FOLDER = 'uploads'

const upload = implement(endpoints.mediaUpload, async ({ db, user, body: input }) => {
  const folder = input.folder_path || DEFAULT_FOLDER
  // Product images are served to everyone: only those who change products may put files there.
  if (folder === PRODUCT_IMAGE_FOLDER && !hasPermission(user, 'can_modify_product'))
    throw forbidden()
  // Product images are images; anything else (a proof of payment) may also be a PDF.
  const pdf = folder !== PRODUCT_IMAGE_FOLDER
  const extension = input.file_extension?.replace(/^\./, '').toLowerCase()
  const extensions: readonly string[] = pdf ? PROOF_EXTENSIONS : UPLOAD_EXTENSIONS
  if (extension && !extensions.includes(extension)) {
    throw fieldError(
      'file_extension',
      `The file extension must be ${extensions.join(', ').replace(/, (\w+)$/, ' or $1')}`,
    )
  }
  // A binary file part and the base64 field go through the same checks, each refused under its own name.
  const field = input.file ? 'file' : 'file_in_base64'
  const bytes = input.file
    ? new Uint8Array(await input.file.arrayBuffer())
    : decodeBase64(input.file_in_base64 ?? '')
  if (!bytes) throw fieldError(field, pdf ? NOT_A_PROOF : NOT_AN_IMAGE)
  // A proof sent again (the payment form retried after a mistake) reuses its file; product images
  // always get their own, since one product may show the same picture twice.
  const copy =
    folder === PRODUCT_IMAGE_FOLDER ? null : await unattachedCopy(db, user.id, folder, bytes)
  const stored =
    copy ??
    (await withinUploadQuota(db, user.id, bytes.length, field, (tx) =>
      storeImage(tx, bytes, { folder, ownerId: user.id, pdf, field }),
    ))
  const data: UploadResult = {
    file_url: fileUrl(stored.name),
    name: stored.name,
    content_type: stored.contentType,
    size: stored.size,
  }
  return { message: 'File uploaded successfully', data }
})

const serve = implement(endpoints.mediaFile, async ({ db, user, params, request }) => {
  const [file] = await db.select().from(files).where(eq(files.name, params.name)).limit(1)
  // A file the caller may not see answers like a missing one.
  if (!file || !(await canReadFile(db, user, file))) throw notFound('File not found')
  const isPublic = PUBLIC_FOLDERS.has(file.folder)
  const body = request.method === 'HEAD' ? null : Buffer.from(file.content)
  return new Response(body, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      'X-Content-Type-Options': 'nosniff',
      // Product images: names are random and content never changes under a name. Anything else
      // (proofs of payment) belongs to someone: no cache keeps it past the answer, so it does not
      // outlive a sign-out on a shared computer.
      'Cache-Control': isPublic ? 'public, max-age=31536000, immutable' : 'private, no-store',
      // Only images are shown in place; a PDF (a proof) is always a download, never rendered by the browser.
      'Content-Disposition': `${file.contentType.startsWith('image/') ? 'inline' : 'attachment'}; filename="${file.name}"`,
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  })
})

export const mediaHandlers = {
  mediaUpload: upload,
  mediaFile: serve,
} satisfies HandlerTable
