import { eq } from 'drizzle-orm'
import { PRODUCT_IMAGE_FOLDER, uploadPayloadSchema, UPLOAD_EXTENSIONS, type UploadResult } from '~/contract/products'
import { files } from '../db/schema'
import { parseBody, requirePermission, requireUser, type LegacyContext as ApiContext } from '../http/context'
import { fieldError, notFound } from '../http/errors'
import type { RouteDefinition } from '../http/router'
import { canReadFile, PUBLIC_FOLDERS } from './access'
import { decodeBase64, fileUrl, NOT_AN_IMAGE, storeImage } from './files'
import { unattachedCopy, withinUploadQuota } from './quota'

const DEFAULT_FOLDER = 'uploads'

async function upload(ctx: ApiContext) {
  const user = requireUser(ctx)
  const input = await parseBody(ctx, uploadPayloadSchema)
  const folder = input.folder_path || DEFAULT_FOLDER
  // Product images are served to everyone: only those who change products may put files there.
  if (folder === PRODUCT_IMAGE_FOLDER) requirePermission(ctx, 'can_modify_product')
  const extension = input.file_extension?.replace(/^\./, '').toLowerCase()
  if (extension && !(UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) {
    throw fieldError('file_extension', 'The file extension must be png, jpg or jpeg')
  }
  const bytes = decodeBase64(input.file_in_base64)
  if (!bytes) throw fieldError('file_in_base64', NOT_AN_IMAGE)
  // A proof sent again (the payment form retried after a mistake) reuses its file; product images
  // always get their own, since one product may show the same picture twice.
  const copy = folder === PRODUCT_IMAGE_FOLDER ? null : await unattachedCopy(ctx.db, user.id, folder, bytes)
  const stored =
    copy ??
    (await withinUploadQuota(ctx.db, user.id, bytes.length, 'file_in_base64', (tx) =>
      storeImage(tx, bytes, { folder, ownerId: user.id }),
    ))
  const data: UploadResult = {
    file_url: fileUrl(stored.name),
    name: stored.name,
    content_type: stored.contentType,
    size: stored.size,
  }
  return { message: 'File uploaded successfully', data }
}

async function serve(ctx: ApiContext) {
  const [file] = await ctx.db.select().from(files).where(eq(files.name, ctx.params.name)).limit(1)
  // A file the caller may not see answers like a missing one.
  if (!file || !(await canReadFile(ctx.db, ctx.user, file))) throw notFound('File not found')
  const isPublic = PUBLIC_FOLDERS.has(file.folder)
  const body = ctx.request.method === 'HEAD' ? null : Buffer.from(file.content)
  return new Response(body, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      'X-Content-Type-Options': 'nosniff',
      // Product images: names are random and content never changes under a name. Anything else
      // (proofs of payment) belongs to someone: no cache keeps it past the answer, so it does not
      // outlive a sign-out on a shared computer.
      'Cache-Control': isPublic ? 'public, max-age=31536000, immutable' : 'private, no-store',
      'Content-Disposition': `inline; filename="${file.name}"`,
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  })
}

export const mediaRoutes: RouteDefinition[] = [
  { method: 'POST', path: 'media/upload', auth: 'verified', handler: upload },
  { method: 'GET', path: 'media/:name', auth: 'public', handler: serve },
]
