import { z } from 'zod'
import {
  NOT_BLANK,
  nairaAmount,
  requiredMessage,
  requiredString,
  UUID_OR_BLANK_PATTERN,
  UUID_PATTERN,
} from './fields'
import { stated } from './stated'
import { DEFAULT_ACTIONS, DEFAULT_AFTER_GRACE_MESSAGE } from './arrears-rules'
import { discountedKobo, MIN_KOBO, nairaToKobo } from './money'
import {
  AVAILABLE_STATUSES,
  INTERVALS,
  INVESTMENT_TYPES,
  LAND_TYPES,
  MAX_PRODUCT_IMAGES,
  PRODUCT_TYPES,
} from './products-labels'

// Values the browser needs live in a zod-free module (components import them from there).
export * from './products-labels'

/** A product as the API answers it (GET product/{reference}). Money in naira. */
export const productSchema = z.object({
  reference: z.string(),
  /** What people call it, e.g. "Palm Grove Estate, Lekki": the title of its card and panel. */
  name: z.string(),
  type: z.enum(PRODUCT_TYPES),
  description: z.string(),
  location: z.string().nullable(),
  /** Land: the price. Investment: the minimum amount (also in minimum_amount). Naira. */
  amount: z.number(),
  initial_deposit_amount: z.number().nullable(),
  land_type: z.enum(LAND_TYPES).nullable(),
  size: z.number().nullable(),
  size_in_measurement: z.string().nullable(),
  available_by_quantity: z.boolean(),
  unit_available: z.number().int().nullable(),
  is_available: z.boolean(),
  discount_percentage: z.number().nullable(),
  /**
   * The estate whose plots it sells (land): its unit_available is then the estate's free plots of
   * `size` m², derived by the plot registry, and each purchase reserves its plots.
   */
  estate_id: z.string().nullable(),
  /** URLs of the product's images, first one first. */
  images: z.array(z.string()),
  /** How many people hold a live (not cancelled) subscription to it. */
  subscription_count: z.number().int(),
  plan_count: z.number().int(),
  /** Whether the caller holds a live subscription to it. */
  has_subscribed: z.boolean(),
  minimum_amount: z.number().nullable(),
  investment_return: z.number().nullable(),
  land_investment_type: z.enum(INVESTMENT_TYPES).nullable(),
  interval: z.enum(INTERVALS).nullable(),
  duration: z.number().int().nullable(),
  frequency_period: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Product = z.infer<typeof productSchema>

export const paymentPlanSchema = z.object({
  uuid: z.string(),
  amount: z.number(),
  duration: z.number().int(),
  duration_type: z.enum(INTERVALS),
  /** Each instalment after the initial deposit, naira (see docs/rules.md, instalments). */
  estimated_duration_payment: z.number(),
  /** The initial deposit due today under this plan, naira. */
  initial_deposit: z.number(),
  /** Late payment: days after a due date before a fee, the fee (% of the missed instalment), when the default action applies. */
  grace_days: z.number().int(),
  late_fee_percent: z.number(),
  default_after_days: z.number().int(),
  default_action: z.enum(DEFAULT_ACTIONS),
  created_at: z.string(),
})
export type PaymentPlan = z.infer<typeof paymentPlanSchema>

export const uploadResultSchema = z.object({
  file_url: z.string(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
})
export type UploadResult = z.infer<typeof uploadResultSchema>

// ---- Field schemas that take JSON values and plain form strings alike ----

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value

const toNumber = (value: unknown) => {
  const blank = blankToUndefined(value)
  return typeof blank === 'string' ? Number(blank.replace(/[,\s%]/g, '')) : blank
}

/** A required number (or integer); requiredMessage(label) when missing. */
function numberField(label: string, { integer = false, min = 0, max = 1e9 } = {}) {
  const number = z.number({
    error: (issue) =>
      issue.input === undefined ? requiredMessage(label) : `${label} must be a number`,
  })
  return z.preprocess(
    toNumber,
    (integer ? number.int(`${label} must be a whole number`) : number)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`),
  )
}

const optionalNumberField = (label: string, options?: Parameters<typeof numberField>[1]) =>
  z.preprocess(blankToUndefined, numberField(label, options).optional())

const optionalNaira = (label: string) =>
  z.preprocess(
    (value) => blankToUndefined(typeof value === 'string' ? value.replace(/[,\s₦]/g, '') : value),
    nairaAmount(label).optional(),
  )

const TICKED = ['on', 'true', '1', 'yes']
const UNTICKED = ['off', 'false', '0', 'no']

/** true/false from JSON, 'on'/'true'/'1' from a form; missing is the default (an unticked checkbox: false). */
export const booleanField = (missing = false) =>
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value ?? missing
      const text = value.trim().toLowerCase()
      if (text === '') return missing
      return TICKED.includes(text) ? true : UNTICKED.includes(text) ? false : value
    },
    z.boolean({ error: 'Must be true or false' }).default(missing),
  )

function enumField<T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z.preprocess(
    blankToUndefined,
    z.enum(values, {
      error: (issue) =>
        issue.input === undefined
          ? requiredMessage(label)
          : `The selected ${label.toLowerCase()} is invalid`,
    }),
  )
}

const optionalEnum = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.preprocess(blankToUndefined, enumField(label, values).optional())

const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.string().trim().max(max, `${label} must be at most ${max} characters`).optional(),
  )

const imageList = z.preprocess(
  (value) => (typeof value === 'string' ? [value] : value),
  z
    .array(z.string().trim().min(1).max(500), { error: 'Images must be a list of image URLs' })
    .max(MAX_PRODUCT_IMAGES, `A product may have at most ${MAX_PRODUCT_IMAGES} images`),
)

export const PRODUCT_NAME_MESSAGE = "Enter the product's name"
export const PRODUCT_NAME_MAX = 120

const productName = z
  .string({ error: PRODUCT_NAME_MESSAGE })
  .trim()
  .min(1, PRODUCT_NAME_MESSAGE)
  .max(PRODUCT_NAME_MAX, `Name must be at most ${PRODUCT_NAME_MAX} characters`)

/**
 * Every field a product payload may carry; which ones are required depends on the type, so the
 * rules per type live in refineProduct below.
 */
export const productFields = z.object({
  name: productName.optional(),
  type: enumField('Type', PRODUCT_TYPES),
  description: requiredString('Description', 5000),
  location: optionalText('Location', 255),
  amount: optionalNaira('Amount'),
  initial_deposit_amount: stated(optionalNaira('Initial deposit'), {
    description: 'Land: less than the amount',
  }),
  land_type: optionalEnum('Land type', LAND_TYPES),
  size: optionalNumberField('Size', { max: 1e7 }),
  size_in_measurement: optionalText('Size in measurement', 60),
  available_by_quantity: booleanField(false),
  unit_available: optionalNumberField('Unit available', { integer: true, max: 1e6 }),
  is_available: booleanField(true),
  discount_percentage: stated(optionalNumberField('Discount percentage', { max: 100 }), {
    description:
      'Land: a percent of the amount for paying in full, leaving a price of at least ₦0.01',
  }),
  minimum_amount: optionalNaira('Minimum amount'),
  investment_return: optionalNumberField('Investment return', { max: 1000 }),
  land_investment_type: optionalEnum('Investment type', INVESTMENT_TYPES),
  interval: optionalEnum('Interval', INTERVALS),
  duration: stated(optionalNumberField('Duration', { integer: true, min: 1, max: 1000 }), {
    description: 'A recurring investment: how many intervals it pays for, at least the ROI period',
  }),
  frequency_period: optionalNumberField('ROI period', { integer: true, min: 1, max: 1000 }),
  images: imageList.optional(),
  estate_id: stated(
    z.preprocess(
      blankToUndefined,
      z.string().trim().regex(UUID_PATTERN, 'Choose an estate from the registry').optional(),
    ),
    { type: 'string', pattern: UUID_OR_BLANK_PATTERN },
  ),
})

type ProductFields = z.output<typeof productFields>

/** The product form as the browser holds it: text in every field, new image files beside them. */
export type ProductForm = { [Field in keyof z.input<typeof productFields>]?: string } & {
  new_images?: string
}

export const minimumAmountOf = (value: Pick<ProductFields, 'minimum_amount' | 'amount'>) =>
  value.minimum_amount ?? value.amount

/** Runs a refinement even when some fields failed already, so every field's error shows at once. */
export const always = () => true

/**
 * What each type requires: a description always; land also a location and an amount (a deposit
 * below the amount, a discount leaving at least a kobo); an investment a minimum amount, a return,
 * an investment type, an ROI period and an interval, and when recurring a duration of at least the
 * ROI period; a product sold by quantity its units available.
 */
export function refineProduct(value: ProductFields, ctx: z.RefinementCtx) {
  const missing = (path: keyof ProductFields, label: string) => {
    if (value[path] === undefined)
      ctx.addIssue({ code: 'custom', path: [path], message: requiredMessage(label) })
  }
  if (value.type === 'land') {
    missing('location', 'Location')
    missing('amount', 'Amount')
    if (
      value.initial_deposit_amount !== undefined &&
      value.amount !== undefined &&
      value.initial_deposit_amount >= value.amount
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['initial_deposit_amount'],
        message: 'Initial deposit must be less than the amount',
      })
    }
    // Only when both fields are valid on their own: otherwise their own messages say enough.
    const amount = value.amount === undefined ? null : nairaToKobo(value.amount)
    if (
      amount?.ok &&
      value.discount_percentage !== undefined &&
      value.discount_percentage !== null &&
      value.discount_percentage >= 0 &&
      value.discount_percentage <= 100 &&
      discountedKobo(amount.kobo, value.discount_percentage) < MIN_KOBO
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['discount_percentage'],
        message: 'Discount percentage leaves a price below ₦0.01',
      })
    }
  } else if (value.type === 'land_investment') {
    // The original client sends the minimum amount as amount too: either one will do.
    const minimum = minimumAmountOf(value)
    if (minimum === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['minimum_amount'],
        message: requiredMessage('Minimum amount'),
      })
    }
    missing('investment_return', 'Investment return')
    missing('land_investment_type', 'Investment type')
    missing('frequency_period', 'ROI period')
    missing('interval', 'Interval')
    if (value.land_investment_type === 'recurring') {
      missing('duration', 'Duration')
      if (
        value.duration !== undefined &&
        value.frequency_period !== undefined &&
        value.duration < value.frequency_period
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['duration'],
          message: 'Duration must be at least the ROI period',
        })
      }
    }
  }
  if (value.estate_id) {
    if (value.type !== 'land')
      ctx.addIssue({
        code: 'custom',
        path: ['estate_id'],
        message: 'Only land sells the plots of an estate',
      })
    else if (value.size === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['size'],
        message:
          "Enter the plot size in square metres: the estate's free plots of this size are sold",
      })
  } else if (value.available_by_quantity) missing('unit_available', 'Unit available')
}

/** Required, each name also under `properties` (as linters want a required name defined there). */
const requires = (names: string[], properties: Record<string, object> = {}) => ({
  required: names,
  properties: Object.fromEntries(names.map((name) => [name, properties[name] ?? {}])),
})

const typeIs = (type: (typeof PRODUCT_TYPES)[number]) => ({
  properties: { type: { const: type } },
  required: ['type'],
})

/**
 * refineProduct's requirements in the API document's terms. Its comparisons of two fields (the
 * deposit below the amount, a discount leaving at least ₦0.01, a recurring duration of at least
 * the ROI period) are in the fields' descriptions: JSON Schema cannot compare two values.
 */
const PRODUCT_RULES = {
  allOf: [
    {
      if: typeIs('land'),
      then: requires(['location', 'amount'], { location: { pattern: NOT_BLANK } }),
    },
    {
      if: typeIs('land_investment'),
      then: {
        ...requires(['investment_return', 'land_investment_type', 'frequency_period', 'interval']),
        anyOf: [requires(['minimum_amount']), requires(['amount'])],
      },
    },
    {
      if: {
        properties: {
          type: { const: 'land_investment' },
          land_investment_type: { const: 'recurring' },
        },
        required: ['type', 'land_investment_type'],
      },
      then: requires(['duration']),
    },
    {
      if: {
        properties: { available_by_quantity: { const: true } },
        required: ['available_by_quantity'],
      },
      then: { anyOf: [requires(['unit_available']), requires(['estate_id'])] },
    },
    {
      // An estate's plots: land only, and the plot size picks which of its plots are sold.
      if: requires(['estate_id']),
      then: { required: ['size'], properties: { type: { const: 'land' }, size: {} } },
    },
  ],
}

/** POST admin/product: a new product needs its name. */
export const productPayloadSchema = stated(
  productFields.extend({ name: productName }).superRefine(refineProduct, { when: always }),
  PRODUCT_RULES,
)
export type ProductPayload = z.output<typeof productPayloadSchema>

/**
 * POST admin/product/{reference}: the type is fixed at creation, so an edit may leave it out, and
 * an edit without a name keeps the product's name. Its
 * type's rules are then checked against the product's own type with `productRules`.
 */
export const productUpdatePayloadSchema = stated(
  productFields.extend({ type: optionalEnum('Type', PRODUCT_TYPES) }).superRefine(
    (value, ctx) => {
      if (value.type) refineProduct(value as ProductFields, ctx)
    },
    { when: always },
  ),
  PRODUCT_RULES,
)

/** refineProduct on a payload already parsed: the checks of productPayloadSchema that depend on the type. */
export const productRules = z.custom<ProductFields>().superRefine(refineProduct, { when: always })

/** POST admin/product/{reference}/payment-plan and …/{uuid}. */
export const paymentPlanPayloadSchema = z
  .object({
    amount: nairaAmount('Amount'),
    duration: numberField('Duration', { integer: true, min: 2, max: 600 }),
    duration_type: enumField('Duration type', INTERVALS),
    // Left out: 7, 0, 90 and reprice for a new plan, the plan's own values when it is changed.
    grace_days: optionalNumberField('Grace days', { integer: true, min: 0, max: 90 }),
    late_fee_percent: optionalNumberField('Late fee', { min: 0, max: 50 }),
    default_after_days: stated(
      optionalNumberField('Default after', { integer: true, min: 1, max: 730 }),
      { description: "More days than the grace days (those sent, else the plan's own)" },
    ),
    default_action: optionalEnum('Default action', DEFAULT_ACTIONS),
  })
  .superRefine(
    (value, ctx) => {
      if (
        value.grace_days !== undefined &&
        value.default_after_days !== undefined &&
        value.default_after_days <= value.grace_days
      )
        ctx.addIssue({
          code: 'custom',
          path: ['default_after_days'],
          message: DEFAULT_AFTER_GRACE_MESSAGE,
        })
    },
    { when: always },
  )
export type PaymentPlanPayload = z.output<typeof paymentPlanPayloadSchema>
export type PaymentPlanForm = { [Field in keyof z.input<typeof paymentPlanPayloadSchema>]: string }

/** What an upload may hold; a product image only the first two. */
export const UPLOAD_MEDIA_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const

/** A multipart file part; a form's file box left empty sends a nameless empty part (read as ''), which is no file. */
const filePart = z.preprocess(
  (value) =>
    value === '' || (value instanceof File && value.size === 0 && value.name === '')
      ? undefined
      : value,
  z.file().optional(),
)

/**
 * POST media/upload: the file in base64 (`file_in_base64`, JSON or a form field) or, in a
 * multipart body, as a binary file part named `file`; one of the two, checked alike.
 */
export const uploadPayloadSchema = stated(
  z
    .object({
      file_name: optionalText('File name', 255),
      file_in_base64: stated(z.string({ error: requiredMessage('File') }), {
        contentEncoding: 'base64',
        anyOf: UPLOAD_MEDIA_TYPES.map((type) => ({ contentMediaType: type })),
        description:
          'The file in base64: a PNG or JPEG image, or outside `products` a PDF; at most 2 MB',
      }).optional(),
      file: stated(filePart, {
        anyOf: UPLOAD_MEDIA_TYPES.map((type) => ({ contentMediaType: type })),
        description:
          'The file as a binary part (multipart bodies only), as file_in_base64 takes it',
      }),
      file_extension: stated(optionalText('File extension', 10), {
        pattern: String.raw`^\s*$|^\.?([Pp][Nn][Gg]|[Jj][Pp][Ee]?[Gg]|[Pp][Dd][Ff])$`,
        description: 'png, jpg, jpeg, or outside `products` pdf (any case, a leading dot allowed)',
      }),
      folder_path: stated(
        z.preprocess(
          blankToUndefined,
          z
            .string()
            .trim()
            .max(60, 'Folder path must be at most 60 characters')
            .regex(
              /^\/?[a-zA-Z0-9_-]+(\/[a-zA-Z0-9_-]+)*\/?$/,
              'Folder path may hold letters, digits, - and _ only',
            )
            .transform((value) => value.replace(/^\/+|\/+$/g, '').toLowerCase())
            .optional(),
        ),
        { pattern: String.raw`^\s*$|^\/?[a-zA-Z0-9_-]+(\/[a-zA-Z0-9_-]+)*\/?$` },
      ),
    })
    .superRefine((upload, ctx) => {
      if (upload.file && upload.file_in_base64) {
        ctx.addIssue({
          code: 'custom',
          path: ['file'],
          message: 'Send the file once: as the file part or in base64, not both',
        })
      } else if (!upload.file && !upload.file_in_base64) {
        // Under both names: a JSON client sends the one, a multipart form the other.
        for (const path of ['file_in_base64', 'file'])
          ctx.addIssue({ code: 'custom', path: [path], message: requiredMessage('File') })
      }
    }),
  {
    oneOf: [requires(['file']), requires(['file_in_base64'])],
    if: {
      properties: { folder_path: { pattern: '^/?[Pp][Rr][Oo][Dd][Uu][Cc][Tt][Ss]/?$' } },
      required: ['folder_path'],
    },
    then: {
      properties: {
        file_extension: { pattern: String.raw`^\s*$|^\.?([Pp][Nn][Gg]|[Jj][Pp][Ee]?[Gg])$` },
      },
    },
  },
)

/** The query of GET product. */
export const productQuerySchema = z.object({
  type: optionalEnum('Type', PRODUCT_TYPES),
  available_status: optionalEnum('Available status', AVAILABLE_STATUSES),
  land_type: optionalEnum('Land type', LAND_TYPES),
  land_investment_type: optionalEnum('Investment type', INVESTMENT_TYPES),
  search: optionalText('Search', 100),
})
