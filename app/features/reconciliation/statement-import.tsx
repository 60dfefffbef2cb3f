import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
} from '@conform-to/react'
import { Form, Link, useNavigation } from '@remix-run/react'
import { Field, FormBanner } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { bankName, NIGERIAN_BANKS } from '~/contract/banks'
import { formatDate } from '~/contract/format'
import type { StatementImportSummary, StatementPreview } from '~/contract/reconciliation'
import {
  STATEMENT_COLUMN_LABELS,
  STATEMENT_COLUMNS,
  type StatementColumn,
} from '~/contract/reconciliation-labels'
import { useSpecForm, type FormSpec } from '~/utils/form-spec'
import { SelectField } from '../products/fields'
import type { ColumnsForm, UploadForm } from './forms'

const BANK_OPTIONS = NIGERIAN_BANKS.map((bank) => ({ value: bank.code, label: bank.name }))
const OPTIONAL_COLUMNS: readonly StatementColumn[] = ['debit', 'balance', 'reference']

export type ImportStep =
  | { step: 'upload'; result?: SubmissionResult<string[]> }
  | { step: 'columns'; preview: StatementPreview; result?: SubmissionResult<string[]> }
  | { step: 'summary'; summary: StatementImportSummary }

/** The top of /reconciliation: upload a statement, check its columns, then what the import did. */
export function StatementImport({
  state,
  specs,
  startAgainHref,
}: {
  state: ImportStep
  specs: Record<'upload' | 'columns', FormSpec>
  startAgainHref: string
}) {
  return (
    <section aria-labelledby="statement-import-title" className="card flex flex-col gap-3">
      <h2 id="statement-import-title" className="text-lg font-semibold text-slate-900">
        {state.step === 'upload'
          ? 'Import a bank statement'
          : state.step === 'columns'
            ? 'Check the columns'
            : 'Statement imported'}
      </h2>
      {state.step === 'upload' ? (
        <UploadStep spec={specs.upload} lastResult={state.result} />
      ) : null}
      {state.step === 'columns' ? (
        <ColumnsStep
          spec={specs.columns}
          preview={state.preview}
          lastResult={state.result}
          startAgainHref={startAgainHref}
        />
      ) : null}
      {state.step === 'summary' ? (
        <ImportSummary summary={state.summary} startAgainHref={startAgainHref} />
      ) : null}
    </section>
  )
}

function UploadStep({
  spec,
  lastResult,
}: {
  spec: FormSpec
  lastResult?: SubmissionResult<string[]>
}) {
  const navigation = useNavigation()
  const [form, fields] = useSpecForm<UploadForm>(spec, { id: 'statement-upload', lastResult })
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'preview'
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="flex flex-col gap-2"
      preventScrollReset
    >
      <p className="text-sm text-slate-600">
        The statement as your internet banking exports it: CSV or XLSX, up to 5 MB. You check the
        columns before anything is imported.
      </p>
      <FormBanner id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="preview" />
      <div className="grid gap-2 sm:grid-cols-2">
        <SelectField
          label="Bank"
          selectProps={{ ...getSelectProps(fields.bank), required: false }}
          options={BANK_OPTIONS}
          placeholder="Choose the bank"
          errors={fields.bank.errors}
        />
        <Field
          labelProps={{ children: 'Statement file' }}
          inputProps={{
            ...getInputProps(fields.file, { type: 'file' }),
            required: false,
            accept:
              '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          }}
          hint="CSV or XLSX, up to 5 MB"
          errors={fields.file.errors}
        />
      </div>
      <div>
        <Button type="submit" pending={busy}>
          Read the statement
        </Button>
      </div>
    </Form>
  )
}

function headerLabel(header: string, index: number) {
  return header.trim() ? header : `Column ${index + 1}`
}

function ColumnsStep({
  spec,
  preview,
  lastResult,
  startAgainHref,
}: {
  spec: FormSpec
  preview: StatementPreview
  lastResult?: SubmissionResult<string[]>
  startAgainHref: string
}) {
  const navigation = useNavigation()
  const columns = Object.fromEntries(
    STATEMENT_COLUMNS.map((column) => [
      column,
      preview.columns[column] === null ? '' : String(preview.columns[column]),
    ]),
  )
  const [form, fields] = useSpecForm<ColumnsForm>(spec, {
    id: 'statement-columns',
    lastResult,
    defaultValue: { bank: preview.bank, upload: preview.upload, columns } as never,
  })
  const columnFields = fields.columns.getFieldset()
  const options = preview.headers.map((header, index) => ({
    value: String(index),
    label: headerLabel(header, index),
  }))
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'import'
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3" preventScrollReset>
      <p className="text-sm text-slate-600">
        {preview.file_name} from {bankName(preview.bank)}: {preview.rows} row
        {preview.rows === 1 ? '' : 's'}.{' '}
        {preview.remembered
          ? 'The columns are those used for this bank last time.'
          : 'The columns below were detected from the header.'}{' '}
        Correct any that are wrong, then import.
      </p>
      <FormBanner id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="import" />
      <input type="hidden" name="bank" value={preview.bank} />
      <input type="hidden" name="upload" value={preview.upload} />
      <input type="hidden" name="preview" value={JSON.stringify(preview)} />
      <div className="grid gap-x-3 sm:grid-cols-3">
        {STATEMENT_COLUMNS.map((column) => (
          <SelectField
            key={column}
            label={STATEMENT_COLUMN_LABELS[column]}
            selectProps={{ ...getSelectProps(columnFields[column]), required: false }}
            options={options}
            placeholder={OPTIONAL_COLUMNS.includes(column) ? 'None' : 'Choose a column'}
            errors={columnFields[column].errors}
          />
        ))}
      </div>
      {preview.sample.length ? (
        <div className="overflow-x-auto rounded-md border border-slate-200">
          <table
            className="min-w-full text-left text-xs"
            aria-label="The first rows of the statement"
          >
            <thead className="bg-slate-50">
              <tr>
                {preview.headers.map((header, index) => (
                  <th
                    key={index}
                    scope="col"
                    className="whitespace-nowrap px-2 py-1 font-semibold text-slate-700"
                  >
                    {headerLabel(header, index)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {preview.sample.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {preview.headers.map((_, index) => (
                    <td key={index} className="max-w-[16rem] truncate px-2 py-1 text-slate-700">
                      {row[index] ?? ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={busy}>
          Import statement
        </Button>
        <Link to={startAgainHref} className="btn-secondary">
          Choose another file
        </Link>
      </div>
    </Form>
  )
}

const SUMMARY_ROWS: ReadonlyArray<{ key: keyof StatementImportSummary; label: string }> = [
  { key: 'imported', label: 'Imported' },
  { key: 'duplicates', label: 'Already imported' },
  { key: 'unreadable', label: 'Unreadable' },
  { key: 'exact', label: 'Exact matches' },
  { key: 'likely', label: 'Likely matches' },
  { key: 'ambiguous', label: 'Ambiguous' },
  { key: 'unmatched', label: 'Without a match' },
]

function ImportSummary({
  summary,
  startAgainHref,
}: {
  summary: StatementImportSummary
  startAgainHref: string
}) {
  return (
    <div className="flex flex-col gap-3" data-testid="import-summary">
      <p className="text-sm text-slate-600">
        {bankName(summary.bank)}
        {summary.first_date
          ? `, ${formatDate(summary.first_date)} to ${formatDate(summary.last_date)}`
          : ''}
        .
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
        {SUMMARY_ROWS.map(({ key, label }) => (
          <div key={key} className="rounded-md border border-slate-200 px-3 py-2">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900" data-testid={`summary-${key}`}>
              {String(summary[key])}
            </dd>
          </div>
        ))}
      </dl>
      {summary.unreadable_rows.length ? (
        <section aria-labelledby="unreadable-title">
          <h3 id="unreadable-title" className="text-sm font-semibold text-slate-900">
            Rows that could not be read
          </h3>
          <ul className="mt-1 flex flex-col gap-1 text-sm">
            {summary.unreadable_rows.map((row) => (
              <li key={row.row} className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
                <span className="font-semibold">Row {row.row}:</span> {row.reason}
                <span className="mt-0.5 block break-all font-mono text-xs text-amber-800">
                  {row.raw}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div>
        <Link to={startAgainHref} className="btn-secondary">
          Import another statement
        </Link>
      </div>
    </div>
  )
}
