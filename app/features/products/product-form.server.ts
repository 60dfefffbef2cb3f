import { data, redirect } from '@remix-run/node'
import { endpoints } from '~/contract/endpoints'
import {
  MAX_PRODUCT_IMAGES,
  MAX_UPLOAD_BYTES,
  PRODUCT_IMAGE_FOLDER,
  productPayloadSchema,
  UPLOAD_EXTENSIONS,
  type ProductType,
  type Product,
} from '~/contract/products'
import { api, type ApiFailure } from '~/utils/api.server'
import {
  bannerForUnshownFields,
  formSpec,
  parseForm,
  replyWithApiFailure,
} from '~/utils/form.server'
import { requireUser } from '~/utils/session.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'
import { KINDS, listUrlFrom, productPermissions, type KindName } from './kinds'
import { loadProduct } from './product-details.server'

const NO_PERMISSION = 'You do not have permission to do this'
// Ten images of 2 MB and the form's text: a larger body is refused as it streams in.
const PRODUCT_FORM_LIMIT = {
  bytes: MAX_PRODUCT_IMAGES * MAX_UPLOAD_BYTES + 256 * 1024,
  message: 'The images are too large: at most 2 MB each',
}

/** The registry's estates a land product may sell the plots of, by name (every page of the list). */
async function estateOptions(request: Request, kindName: KindName) {
  if (kindName !== 'land') return []
  const options: { value: string; label: string }[] = []
  for (let page = 1; page <= 50; page++) {
    const result = await api(request, endpoints.estateList, { query: { page } })
    if (!result.ok) break
    for (const estate of result.data.items) options.push({ value: estate.id, label: estate.name })
    if (page >= result.data.total_pages) break
  }
  return options
}

/** The add-product panel: only for those who may change products. */
export async function loadNewProduct(request: Request, kindName: KindName) {
  const kind = KINDS[kindName]
  const user = await requireUser(request)
  const closeTo = listUrlFrom(kind, new URL(request.url).searchParams)
  if (!productPermissions(user).modifyProduct)
    throw await redirectWithError(request, closeTo, NO_PERMISSION)
  return {
    kind: kindName,
    product: null as Product | null,
    closeTo,
    spec: productFormSpec(kind.apiType),
    estates: await estateOptions(request, kindName),
  }
}

/** The edit panel; those who may only see plans are sent to the plans, others to the details. */
export async function loadEditProduct(
  request: Request,
  kindName: KindName,
  reference: string | undefined,
) {
  const { product, closeTo, can } = await loadProduct(request, kindName, reference)
  if (!can.modifyProduct) {
    const base = `${KINDS[kindName].basePath}/${product.reference}`
    const search = closeTo.slice(KINDS[kindName].basePath.length)
    throw redirect(
      kindName === 'land' && can.viewPlans ? `${base}/plans${search}` : `${base}${search}`,
    )
  }
  return {
    kind: kindName,
    product: product as Product | null,
    closeTo,
    spec: productFormSpec(KINDS[kindName].apiType),
    estates: await estateOptions(request, kindName),
  }
}

/** The browser's checks for one kind's form: the hidden type decides which fields are required. */
const productFormSpec = (type: ProductType) => formSpec(productPayloadSchema, { type })

type Reply = ReturnType<typeof replyWithApiFailure>

const SHARED_FIELDS = ['name', 'description', 'location', 'is_available', 'new_images']

/** The fields each kind's form shows (product-form.tsx): an error on another one goes to the banner. */
const FORM_FIELDS: Record<KindName, readonly string[]> = {
  land: [
    ...SHARED_FIELDS,
    'amount',
    'initial_deposit_amount',
    'land_type',
    'discount_percentage',
    'size',
    'size_in_measurement',
    'available_by_quantity',
    'unit_available',
    'estate_id',
  ],
  investment: [
    ...SHARED_FIELDS,
    'minimum_amount',
    'investment_return',
    'land_investment_type',
    'interval',
    'frequency_period',
    'duration',
  ],
}

/**
 * Creates or edits a product from the panel's multipart form: new image files are checked,
 * base64'd and sent to media/upload, then the product goes to admin/product with its image URLs.
 */
export async function productFormAction(request: Request, kindName: KindName, reference?: string) {
  const kind = KINDS[kindName]
  const url = new URL(request.url)
  const { formData, submission } = await parseForm(request, productPayloadSchema, {
    limit: PRODUCT_FORM_LIMIT,
  })
  const submitted = formData.getAll('images').map(String)
  const removed = formData.getAll('remove_images').map(String)
  const answer = (result: Reply, images = submitted) =>
    data(
      { result: bannerForUnshownFields(result, FORM_FIELDS[kindName]), images, removed },
      { status: 400 },
    )
  if (submission.status !== 'success') return answer(submission.reply())

  // An input left empty sends a nameless empty part; a chosen file that is empty is refused.
  const files = formData
    .getAll('new_images')
    .filter((file): file is File => typeof file !== 'string' && (file.size > 0 || file.name !== ''))
  const kept = submitted.filter((image) => !removed.includes(image))
  const imageError = (message: string) =>
    answer(submission.reply({ fieldErrors: { new_images: [message] } }))
  const empty = files.find((file) => file.size === 0)
  if (empty) return imageError(`${empty.name}: The file is empty`)
  if (kept.length + files.length > MAX_PRODUCT_IMAGES)
    return imageError(`A product may have at most ${MAX_PRODUCT_IMAGES} images`)
  const tooLarge = files.find((file) => file.size > MAX_UPLOAD_BYTES)
  if (tooLarge) return imageError(`${tooLarge.name}: The file may not be greater than 2 MB`)

  const uploaded: string[] = []
  for (const file of files) {
    const extension = file.name.split('.').pop()?.toLowerCase()
    const result = await api(request, endpoints.mediaUpload, {
      body: {
        file_name: file.name,
        file_in_base64: Buffer.from(await file.arrayBuffer()).toString('base64'),
        file_extension:
          extension && (UPLOAD_EXTENSIONS as readonly string[]).includes(extension)
            ? extension
            : undefined,
        folder_path: PRODUCT_IMAGE_FOLDER,
      },
    })
    if (!result.ok) {
      const message = Object.values(result.fieldErrors ?? {})[0]?.[0] ?? result.message
      // Images already uploaded stay in the form, so they need not be chosen again.
      return answer(
        submission.reply({ fieldErrors: { new_images: [`${file.name}: ${message}`] } }),
        [...submitted, ...uploaded],
      )
    }
    uploaded.push(result.data.file_url)
  }

  const body = {
    ...submission.value,
    // "None" sent blank takes a land product off its estate; left out, the API would keep it.
    ...(kindName === 'land' ? { estate_id: String(formData.get('estate_id') ?? '') } : {}),
    type: kind.apiType,
    images: [...kept, ...uploaded],
  }
  const result = reference
    ? await api(request, endpoints.productUpdate, { params: { reference }, body })
    : await api(request, endpoints.productCreate, { body })
  if (!result.ok)
    return answer(replyWithApiFailure(submission, result as ApiFailure), [
      ...submitted,
      ...uploaded,
    ])
  // A new product is the newest: it heads the unfiltered list.
  const to = reference ? listUrlFrom(kind, url.searchParams) : kind.basePath
  return redirectWithSuccess(
    request,
    to,
    reference ? 'Product updated successfully' : 'Product created successfully',
  )
}
