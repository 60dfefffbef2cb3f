import { z } from 'zod'
import { blankToUndefined, checkboxField, requiredMessage, requiredString } from './fields'
import { stated } from './stated'

/**
 * The plot registry's payloads and answers: estates, their blocks and plots, the plot file import
 * and the public plot check. The geometry rules are in app/backend/estates/geometry.ts and
 * docs/plot-registry.md; the rules a schema can state (shapes, ranges, patterns) are stated here so
 * the API document carries them.
 */

export const UTM_ZONE_VALUES = ['31N', '32N'] as const
export const PLOT_STATUS_VALUES = ['free', 'reserved', 'sold', 'allocated'] as const
export type PlotStatusValue = (typeof PLOT_STATUS_VALUES)[number]
/** What anyone may learn of a plot: someone paying for it is "reserved" as much as one held unpaid. */
export const PUBLIC_PLOT_STATUSES = ['free', 'reserved', 'allocated'] as const
export type PublicPlotStatus = (typeof PUBLIC_PLOT_STATUSES)[number]

export const PLOT_STATUS_LABELS: Record<PlotStatusValue, string> = {
  free: 'Free',
  reserved: 'Reserved',
  sold: 'Sold',
  allocated: 'Allocated',
}

/** A block: letters or digits with spaces, ".", "/" or "-" between them ("C", "Block C", "A1"). */
export const BLOCK_PATTERN = /^[\p{L}\p{N}](?:[\p{L}\p{N} ./-]*[\p{L}\p{N}])?$/u
export const BLOCK_MAX = 40
/** A plot number: letters or digits with ".", "/" or "-" between them ("14", "14A", "14/2"). */
export const PLOT_NUMBER_PATTERN = /^[\p{L}\p{N}](?:[\p{L}\p{N}./-]*[\p{L}\p{N}])?$/u
export const PLOT_NUMBER_MAX = 20
export const PLOT_SIZE_MAX_SQM = 10_000_000

export const BLOCK_INVALID =
  'The block must be letters or digits (spaces, ".", "/" and "-" between them), at most 40 characters, like C or Block C'
export const PLOT_NUMBER_INVALID =
  'The plot number must be letters or digits (".", "/" and "-" between them), at most 20 characters, like 14 or 14A'
export const SIZE_INVALID =
  'The size must be a number of square metres, with at most 2 decimals, like 648 or 648.5'
export const SIZE_TOO_LARGE = 'The size must be at most 10,000,000 m² (1,000 hectares)'

/** Where a beacon can be in Nigeria on either zone, in metres (the geometry module checks the same). */
export const EASTING_LIMITS = { min: 100_000, max: 900_000 } as const
export const NORTHING_LIMITS = { min: 0, max: 1_600_000 } as const
export const BEACONS_MAX = 100

const beacon = z.tuple(
  [
    z
      .number({ error: 'An easting must be a number of metres' })
      .min(EASTING_LIMITS.min, "An easting must be within Nigeria's grid (100,000 to 900,000 m)")
      .max(EASTING_LIMITS.max, "An easting must be within Nigeria's grid (100,000 to 900,000 m)"),
    z
      .number({ error: 'A northing must be a number of metres' })
      .min(NORTHING_LIMITS.min, "A northing must be within Nigeria's grid (0 to 1,600,000 m)")
      .max(NORTHING_LIMITS.max, "A northing must be within Nigeria's grid (0 to 1,600,000 m)"),
  ],
  { error: 'Each beacon is [easting, northing] in metres' },
)

/** Beacons as a survey plan lists them, [easting, northing] in metres; a closed traverse may repeat the first. */
export const beaconsField = z
  .array(beacon, { error: 'Beacons must be a list of [easting, northing] pairs in metres' })
  .min(3, 'A plot needs at least 3 beacons, listed in survey order around it')
  .max(BEACONS_MAX + 1, `A plot has at most ${BEACONS_MAX} beacons`)

const utmZoneField = z.preprocess(
  blankToUndefined,
  z.enum(UTM_ZONE_VALUES, {
    error: (issue) =>
      issue.input === undefined ? 'Choose the grid zone' : 'The grid zone must be 31N or 32N',
  }),
)

export const blockField = stated(
  requiredString('Block', BLOCK_MAX)
    .transform((value) => value.replace(/\s+/g, ' '))
    .refine((value) => value === '' || BLOCK_PATTERN.test(value), BLOCK_INVALID),
  { pattern: String.raw`^\s*[\p{L}\p{N}](?:[\p{L}\p{N}\s./-]*[\p{L}\p{N}])?\s*$` },
)
export const plotNumberField = stated(
  requiredString('Plot number', PLOT_NUMBER_MAX).refine(
    (value) => value === '' || PLOT_NUMBER_PATTERN.test(value),
    PLOT_NUMBER_INVALID,
  ),
  { pattern: String.raw`^\s*[\p{L}\p{N}](?:[\p{L}\p{N}./-]*[\p{L}\p{N}])?\s*$` },
)

/** Square metres, at most 2 decimals: a number, or text as typed in a form ("648", "1,200.5"). */
export const sizeSqmField = stated(
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value
      const cleaned = value.replace(/[,\s]/g, '').replace(/(m²|m2|sqm)$/i, '')
      return cleaned === '' ? undefined : Number(cleaned)
    },
    z
      .number({
        error: (issue) => (issue.input === undefined ? requiredMessage('Size') : SIZE_INVALID),
      })
      .positive(SIZE_INVALID)
      .max(PLOT_SIZE_MAX_SQM, SIZE_TOO_LARGE)
      .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, SIZE_INVALID),
  ),
  {
    type: 'number',
    exclusiveMinimum: 0,
    maximum: PLOT_SIZE_MAX_SQM,
    multipleOf: 0.01,
    description: 'Square metres, at most 2 decimals',
  },
)

/** POST admin/estate */
export const estateInputSchema = z.object({
  name: requiredString('Estate name', 100),
  address: requiredString('Address', 300),
  utm_zone: utmZoneField,
})
export type EstateInput = z.input<typeof estateInputSchema>

/** POST admin/estate/{id}/plot */
export const plotInputSchema = z.object({
  block: blockField,
  number: plotNumberField,
  size_sqm: sizeSqmField,
  beacons: beaconsField.optional(),
})
export type PlotInput = z.input<typeof plotInputSchema>

const beaconsAnswer = z.array(z.tuple([z.number(), z.number()]))

export const plotCountsSchema = z.object({
  free: z.number().int(),
  reserved: z.number().int(),
  sold: z.number().int(),
  allocated: z.number().int(),
})

export const estateSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  /** Minna / UTM zone of its beacons; null on an estate made from free-text allocations until set. */
  utm_zone: z.enum(UTM_ZONE_VALUES).nullable(),
  plot_count: z.number().int(),
  counts: plotCountsSchema,
  created_at: z.string(),
})
export type Estate = z.infer<typeof estateSchema>

export const plotSchema = z.object({
  id: z.string(),
  block: z.string(),
  number: z.string(),
  size_sqm: z.number(),
  status: z.enum(PLOT_STATUS_VALUES),
  beacons: beaconsAnswer.nullable(),
  /** The shoelace area of the beacons on the grid, m²; null until surveyed. */
  surveyed_area_sqm: z.number().nullable(),
  /** The stated size is more than 2 % off the surveyed area. */
  size_mismatch: z.boolean(),
  /** Where the plot is on WGS 84 (its first beacon), for a map or a GPS; null until surveyed. */
  position: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /** The subscription holding it (staff only see plots with it). */
  subscription_reference: z.string().nullable(),
})
export type Plot = z.infer<typeof plotSchema>

export const estateDetailSchema = estateSchema.extend({
  blocks: z.array(z.object({ name: z.string(), plots: z.array(plotSchema) })),
})
export type EstateDetail = z.infer<typeof estateDetailSchema>

export const estateMapQuerySchema = z.object({
  block: z.preprocess(
    blankToUndefined,
    z.string().trim().max(BLOCK_MAX, `Block must be at most ${BLOCK_MAX} characters`).optional(),
  ),
  /** For staff: each free plot links to this path, `{id}` replaced by the plot's id (picking a plot to allocate). */
  link: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(1000, 'Link must be at most 1000 characters')
      // One slash, then no second one (nor a backslash, which browsers read as one) straight
      // after it, so no other host; {id} somewhere. Written without a lookahead so that request
      // generators can produce it from the document.
      .regex(/^\/(?:[^/\\\s]\S*)?\{id\}\S*$/, 'Link must be a path on this site holding {id}')
      .optional(),
  ),
})

// ---- The plot file ----

export const PLOT_FILE_MAX_BYTES = 2 * 1024 * 1024

/** POST admin/estate/{id}/plot/import: read (commit false) or enter (commit true) a CSV of plots. */
export const plotImportInputSchema = z.object({
  file_name: z.string().trim().max(255, 'File name must be at most 255 characters').optional(),
  file_in_base64: z
    .string({ error: requiredMessage('Plot file') })
    .min(1, requiredMessage('Plot file'))
    .max(Math.ceil((PLOT_FILE_MAX_BYTES * 4) / 3) + 4, 'The plot file is larger than 2 MB'),
  commit: checkboxField('Commit').optional(),
})
export type PlotImportInput = z.input<typeof plotImportInputSchema>

export const plotImportRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  ok: z.boolean(),
  block: z.string(),
  plot: z.string(),
  size_sqm: z.string(),
  beacon_count: z.number().int(),
  surveyed_area_sqm: z.number().nullable(),
  warnings: z.array(z.string()),
  errors: z.array(z.string()),
})
export type PlotImportRow = z.infer<typeof plotImportRowSchema>

export const plotImportResultSchema = z.object({
  committed: z.boolean(),
  accepted: z.number().int(),
  refused: z.number().int(),
  /** Plots entered (0 for a preview). */
  imported: z.number().int(),
  rows: z.array(plotImportRowSchema),
})
export type PlotImportResult = z.infer<typeof plotImportResultSchema>

// ---- The public check ----

const requiredQueryText = (label: string, max: number) =>
  z
    .string({ error: requiredMessage(label) })
    .trim()
    .min(1, requiredMessage(label))
    .max(max, `${label} must be at most ${max} characters`)

export const plotCheckQuerySchema = z.object({
  estate: requiredQueryText('Estate', 100),
  block: requiredQueryText('Block', BLOCK_MAX),
  plot: requiredQueryText('Plot', PLOT_NUMBER_MAX),
})
export type PlotCheckQuery = z.infer<typeof plotCheckQuerySchema>

/** GET verify/plot: a plot's standing, with nothing about who holds it. */
export const plotCheckSchema = z.object({
  estate: z.string(),
  block: z.string(),
  plot: z.string(),
  size_sqm: z.number(),
  status: z.enum(PUBLIC_PLOT_STATUSES),
})
export type PlotCheck = z.infer<typeof plotCheckSchema>

export const PUBLIC_STATUS_WORDS: Record<PublicPlotStatus, string> = {
  free: 'Free: no one holds this plot',
  reserved: 'Reserved: someone is buying this plot',
  allocated: 'Allocated: this plot has been allocated to a buyer',
}

// ---- Free-text allocations the registry could not take ----

export const UNMATCHED_PROBLEMS = [
  'unreadable',
  'several_plots',
  'size_unknown',
  'collision',
] as const
export type UnmatchedProblem = (typeof UNMATCHED_PROBLEMS)[number]

export const unmatchedAllocationSchema = z.object({
  subscription_reference: z.string(),
  customer: z.string(),
  product: z.string(),
  estate: z.string().nullable(),
  block: z.string().nullable(),
  plot: z.string().nullable(),
  recorded_on: z.string(),
  problem: z.enum(UNMATCHED_PROBLEMS),
  /** Why, in a sentence for staff. */
  reason: z.string(),
  /** For a collision: the subscription the registry gave the plot to. */
  held_by: z.string().nullable(),
})
export type UnmatchedAllocation = z.infer<typeof unmatchedAllocationSchema>

/** "C" → "Block C"; a block already named "Block C" stays as it is. */
export const blockName = (block: string) =>
  /^block\b/i.test(block.trim()) ? block.trim() : `Block ${block.trim()}`

export const ESTATE_CREATED = 'Estate created'
export const PLOT_ADDED = 'Plot added'
