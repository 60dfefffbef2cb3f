import { endpoint, file } from '../endpoint'
import { uploadPayloadSchema, uploadResultSchema } from '../products'

export const mediaEndpoints = {
  mediaUpload: endpoint({
    method: 'POST',
    path: 'media/upload',
    tag: 'Files',
    summary: 'Upload an image (a product picture) or a proof of payment (an image or a PDF)',
    description:
      'A PNG or JPEG of at most 2 MB, in base64; outside `products` a PDF too (starting with %PDF-, complete, with no ' +
      'script, launch action or embedded file). The folder `products` holds the public product images and needs ' +
      'can_modify_product. Files not yet attached to anything count against a quota and are removed after a day; the same ' +
      'proof sent again answers the file already stored.',
    access: 'verified',
    body: uploadPayloadSchema,
    errors: {
      403: 'A product image without can_modify_product',
      409: "The caller's quota of unattached uploads is full (under the file's field)",
    },
    response: uploadResultSchema,
  }),
  mediaFile: endpoint({
    method: 'GET',
    path: 'media/:name',
    tag: 'Files',
    summary: 'A stored image or PDF',
    description:
      'Product images are public. Any other file (a proof of payment) is served to its uploader, to whoever may see the ' +
      'subscription it proves a payment for, and to the super admin; to anyone else it answers 404, as a missing file does. ' +
      'A PDF is always sent as an attachment (a download), never inline.',
    access: 'public',
    response: file('image/png', 'image/jpeg', 'application/pdf'),
  }),
} as const

export type MediaEndpoints = typeof mediaEndpoints
