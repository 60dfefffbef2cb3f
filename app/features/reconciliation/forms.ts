import { z } from 'zod'
import {
  columnMappingSchema,
  linkLinePayloadSchema,
  statementBankField,
  statementPreviewSchema,
} from '~/contract/reconciliation'
import {
  STATEMENT_COLUMN_LABELS,
  STATEMENT_COLUMNS,
  type StatementColumn,
} from '~/contract/reconciliation-labels'

/** The /reconciliation page's forms, told apart by their `intent`. Read on the server only. */

export const RECONCILIATION_INTENTS = ['preview', 'import', 'confirm', 'link', 'ignore'] as const
export type ReconciliationIntent = (typeof RECONCILIATION_INTENTS)[number]

export const STATEMENT_EXTENSIONS = ['csv', 'xlsx'] as const

export const CHOOSE_A_STATEMENT = 'Choose the statement file'

/** Step one: the bank and the file. */
export const uploadFormSchema = z.object({
  intent: z.literal('preview'),
  bank: statementBankField,
  file: z.custom<File>((value) => value instanceof File && value.size > 0, {
    error: CHOOSE_A_STATEMENT,
  }),
})
export type UploadForm = z.input<typeof uploadFormSchema>

const REQUIRED_COLUMNS: readonly StatementColumn[] = ['date', 'narration', 'credit']

// A select left on "None" (or the placeholder) posts nothing: null, which only the optional columns may be.
function columnField(column: StatementColumn) {
  const required = REQUIRED_COLUMNS.includes(column)
  const position = z
    .number({
      error: `Choose the column that holds the ${STATEMENT_COLUMN_LABELS[column].toLowerCase()}`,
    })
    .int()
    .min(0)
    .max(199)
  return z.preprocess(
    (value) =>
      value === undefined || value === '' ? (required ? undefined : null) : Number(value),
    required ? position : position.nullable(),
  )
}

/** Step two: the columns as checked, with the upload the preview answered and the preview itself (to show it again). */
export const columnsFormSchema = z.object({
  intent: z.literal('import'),
  bank: statementBankField,
  upload: z.string({ error: 'Upload the statement again' }).min(1).max(64),
  preview: z.string().max(200_000).optional(),
  columns: z
    .object(
      Object.fromEntries(
        STATEMENT_COLUMNS.map((column) => [column, columnField(column)]),
      ) as Record<StatementColumn, ReturnType<typeof columnField>>,
    )
    .superRefine((value, ctx) => {
      // The same rules as the API's (no column chosen twice), said beside the select.
      const checked = columnMappingSchema.safeParse(value)
      for (const issue of checked.success ? [] : checked.error.issues) {
        ctx.addIssue({ code: 'custom', path: issue.path.map(String), message: issue.message })
      }
    }),
})
export type ColumnsForm = z.input<typeof columnsFormSchema>

export const confirmFormSchema = z.object({ intent: z.literal('confirm') }).extend({
  line_ids: z.preprocess(
    (value) => (Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value]),
    z
      .array(z.string().regex(/^\d{1,12}$/, 'Choose the lines to confirm'))
      .min(1, 'Choose the lines to confirm')
      .max(500),
  ),
})

const lineField = z.string().regex(/^\d{1,12}$/, 'Choose a line')

export const linkFormSchema = linkLinePayloadSchema.extend({
  intent: z.literal('link'),
  line: lineField,
})
export type LinkForm = z.input<typeof linkFormSchema>

export const ignoreFormSchema = z.object({ intent: z.literal('ignore'), line: lineField })

/** The preview carried by the columns form, read back when the import is refused (null when tampered with). */
export function previewFrom(value: string | undefined) {
  if (!value) return null
  try {
    const parsed = statementPreviewSchema.safeParse(JSON.parse(value))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
