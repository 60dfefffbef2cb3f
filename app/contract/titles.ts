import { z } from 'zod'
import { ISO_DAY_FROM_1000_PATTERN } from './calendar-patterns'
import {
  optionalString,
  queryChoice,
  queryText,
  requiredMessage,
  requiredString,
  UUID_OR_EMPTY_PATTERN,
  UUID_PATTERN,
} from './fields'
import { parseDisplayDate } from './format'
import { always } from './products'
import { stated } from './stated'
import {
  isOptionalStep,
  RECORDED_TITLE_STEPS,
  TITLE_STEP_LABELS,
  TITLE_STEP_DAYS_MAX,
  TITLE_STEP_DAYS_MIN,
  TITLE_STEP_STATUSES,
  TITLE_STEPS,
  type RecordedTitleStep,
} from './title-rules'

/** The title tracker's payloads and answers (its rules are in ./title-rules). */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/** A registry plot allocated to a purchase. */
export const allocatedPlotSchema = z.object({
  id: z.string(),
  estate: z.string(),
  estate_id: z.string(),
  block: z.string(),
  number: z.string(),
  size_sqm: z.number(),
})
export type AllocatedPlotView = z.infer<typeof allocatedPlotSchema>

/** One earlier record of a step (corrections keep what was recorded before). */
export const titleRecordSchema = z.object({
  status: z.enum(['done', 'not_applicable']),
  date: isoDate,
  note: z.string().nullable(),
  document_url: z.string().nullable(),
  estate: z.string().nullable(),
  block: z.string().nullable(),
  plot: z.string().nullable(),
  recorded_by: z.string().nullable(),
  recorded_at: z.string(),
})

export const titleStepSchema = z.object({
  step: z.enum(TITLE_STEPS),
  label: z.string(),
  status: z.enum(TITLE_STEP_STATUSES),
  /** When it was done (or marked not applicable); null while pending. */
  date: isoDate.nullable(),
  note: z.string().nullable(),
  document_url: z.string().nullable(),
  due_date: isoDate,
  overdue: z.boolean(),
  estate: z.string().nullable(),
  block: z.string().nullable(),
  plot: z.string().nullable(),
  /** Plot allocated: the registry plots allocated (one per unit bought). */
  plots: z.array(allocatedPlotSchema),
  /** Every record of the step, newest first (the first is the current one); empty while pending. */
  history: z.array(titleRecordSchema),
})
export type TitleStepView = z.infer<typeof titleStepSchema>

/** GET product-subscription/{reference}/title */
export const titleSchema = z.object({
  reference: z.string(),
  product: z.object({ reference: z.string(), name: z.string() }),
  customer: z.object({ reference: z.string(), full_name: z.string() }),
  payment_completed_on: isoDate,
  next_step: z.enum(RECORDED_TITLE_STEPS as [RecordedTitleStep, ...RecordedTitleStep[]]).nullable(),
  next_due_date: isoDate.nullable(),
  /** Whether the caller may record steps (can_manage_titles). */
  can_record: z.boolean(),
  steps: z.array(titleStepSchema),
  /**
   * For those who record: how many plots the purchase bought, the estate its product sells (null:
   * any estate), the plots it holds now (reserved when bought, or allocated) and the free plots
   * that may be allocated to it. Null for anyone else.
   */
  allocation: z
    .object({
      quantity: z.number().int(),
      estate: z.object({ id: z.string(), name: z.string() }).nullable(),
      held: z.array(allocatedPlotSchema.extend({ status: z.enum(['reserved', 'allocated']) })),
      choices: z.array(allocatedPlotSchema.omit({ estate_id: true })),
    })
    .nullable(),
})
export type Title = z.infer<typeof titleSchema>

/** Plot allocated: the registry plots, one per unit bought (a form sends one select per plot). */
const plotIdsField = z.preprocess(
  (value) => (typeof value === 'string' ? [value] : value),
  z
    .array(
      stated(
        z
          .string()
          .trim()
          .refine(
            (id) => id === '' || UUID_PATTERN.test(id),
            'Choose plots from the estate registry',
          )
          // A form's select left empty sends '', which the form library may read as nothing.
          .optional(),
        { pattern: UUID_OR_EMPTY_PATTERN },
      ),
      { error: 'Choose plots from the estate registry' },
    )
    .max(100, 'At most 100 plots')
    // An empty select chooses no plot.
    .transform((ids) => ids.filter((id): id is string => Boolean(id)))
    .optional(),
)

const recordedStep = z.enum(RECORDED_TITLE_STEPS as [RecordedTitleStep, ...RecordedTitleStep[]], {
  error: 'Choose the step',
})

/** POST admin/product-subscription/{reference}/title */
export const titleStepPayloadSchema = stated(
  z
    .object({
      step: recordedStep,
      /** 'not_applicable' only for the Certificate of Occupancy; done when left out. */
      status: z
        .enum(['done', 'not_applicable'], { error: 'Status must be done or not_applicable' })
        .optional(),
      date: stated(
        requiredString('Date', 10)
          .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
          .refine((value) => parseDisplayDate(value) === value, 'Date must be a real date'),
        { pattern: ISO_DAY_FROM_1000_PATTERN.source, format: 'date' },
      ),
      note: optionalString('Note', 1000),
      document_url: optionalString('Document', 2000),
      plot_ids: plotIdsField,
      reason: optionalString('Reason', 500),
    })
    .superRefine(
      (value, ctx) => {
        if (value.status === 'not_applicable' && !isOptionalStep(value.step))
          ctx.addIssue({
            code: 'custom',
            path: ['status'],
            message: `${TITLE_STEP_LABELS[value.step]} cannot be marked not applicable`,
          })
        if (value.step === 'plot_allocated' && !value.plot_ids?.length)
          ctx.addIssue({
            code: 'custom',
            path: ['plot_ids'],
            message: 'Choose the plot to allocate',
          })
      },
      { when: always },
    ),
  {
    allOf: [
      {
        if: { properties: { status: { const: 'not_applicable' } }, required: ['status'] },
        then: {
          properties: { step: { enum: RECORDED_TITLE_STEPS.filter(isOptionalStep) } },
        },
      },
      {
        if: { properties: { step: { const: 'plot_allocated' } }, required: ['step'] },
        then: {
          required: ['plot_ids'],
          properties: { plot_ids: { contains: { minLength: 1 } } },
        },
      },
    ],
  },
)
export type TitleStepPayload = z.input<typeof titleStepPayloadSchema>

export const titleListQuerySchema = z.object({
  step: queryChoice('Step', RECORDED_TITLE_STEPS as [RecordedTitleStep, ...RecordedTitleStep[]]),
  overdue: queryChoice('Overdue', ['true', 'false']),
  search: queryText('Search'),
})

/** A row of GET admin/title: a completed purchase and the step it waits for. */
export const titleListItemSchema = z.object({
  reference: z.string(),
  product: z.object({ reference: z.string(), name: z.string() }),
  customer: z.object({ reference: z.string(), full_name: z.string() }),
  payment_completed_on: isoDate,
  next_step: recordedStep,
  due_date: isoDate,
  overdue: z.boolean(),
  /** Days since the last step was done (payment completed for the first). */
  days_waiting: z.number().int(),
  last_step_on: isoDate,
})
export type TitleListItem = z.infer<typeof titleListItemSchema>

export const TITLE_STEP_RECORDED = 'Title step recorded; the customer has been told'

// ---------------------------------------------------------------------------------------------
// The web form: the date typed as DD/MM/YYYY, the document the file itself.

export const TITLE_DATE_MESSAGE = 'Enter the date as DD/MM/YYYY, for example 22/11/2026'

export const titleStepFormSchema = z.object({
  step: recordedStep,
  not_applicable: z.literal('on').optional(),
  date: requiredString('Date', 20).refine(
    (value) => parseDisplayDate(value) !== null,
    TITLE_DATE_MESSAGE,
  ),
  note: optionalString('Note', 1000),
  document: z.custom<File>((value) => value === undefined || value instanceof File).optional(),
  plot_ids: plotIdsField,
  reason: optionalString('Reason', 500),
})
export type TitleStepForm = {
  step: string
  not_applicable?: string
  date: string
  note?: string
  document?: File
  plot_ids?: string[]
  reason?: string
}

// ---------------------------------------------------------------------------------------------
// Settings: target days after payment completed, per step.

function stepDays(label: string) {
  return z.preprocess(
    (value) =>
      typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value.trim())) : value,
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? requiredMessage(label) : `${label} must be a number`,
      })
      .int(`${label} must be a whole number`)
      .min(TITLE_STEP_DAYS_MIN, `${label} must be at least ${TITLE_STEP_DAYS_MIN}`)
      .max(TITLE_STEP_DAYS_MAX, `${label} must be at most ${TITLE_STEP_DAYS_MAX}`),
  )
}

export const titleStepDaysSchema = z.object({
  allocation_letter: stepDays('Allocation letter days'),
  plot_allocated: stepDays('Plot allocated days'),
  survey_plan: stepDays('Survey plan days'),
  deed: stepDays('Deed days'),
  certificate_of_occupancy: stepDays('Certificate of Occupancy days'),
})
export const savedTitleStepDaysSchema = z.object({
  allocation_letter: z.number().int(),
  plot_allocated: z.number().int(),
  survey_plan: z.number().int(),
  deed: z.number().int(),
  certificate_of_occupancy: z.number().int(),
})
export type TitleStepDaysForm = Record<RecordedTitleStep, string>
export const TITLE_DAYS_UPDATED = 'Title step target days saved'
