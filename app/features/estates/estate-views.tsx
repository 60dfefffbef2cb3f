import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
} from '@conform-to/react'
import { Form, Link, useNavigation } from '@remix-run/react'
import { ErrorList, Field, FormBanner } from '~/components/forms'
import { Button } from '~/components/ui/button'
import {
  blockName,
  PLOT_STATUS_LABELS,
  PUBLIC_STATUS_WORDS,
  type Estate,
  type EstateDetail,
  type EstateInput,
  type PlotCheck,
  type PlotImportResult,
  type UnmatchedAllocation,
} from '~/contract/estates'
import { formatDate, formatNumber } from '~/contract/format'
import { useSpecForm, type FormSpec } from '~/utils/form-spec'
import { TextareaField } from '../products/fields'

const estateHref = (id: string, block?: string | null) =>
  `/estates/${encodeURIComponent(id)}${block ? `?block=${encodeURIComponent(block)}` : ''}`

// ---------------------------------------------------------------------------------------------
// /estates

export type EstatesData = {
  list: { items: Estate[]; page: number; totalPages: number } | null
  error: string | null
  unmatched: UnmatchedAllocation[]
  canAdd: boolean
  spec: FormSpec
}

export function EstatesPage({
  data,
  lastResult,
}: {
  data: EstatesData
  lastResult?: SubmissionResult<string[]>
}) {
  const navigation = useNavigation()
  const [form, fields] = useSpecForm<EstateInput>(data.spec, {
    id: 'estate-form',
    lastResult,
  })
  return (
    <section aria-labelledby="estates-heading" className="flex flex-col gap-6">
      <h1 id="estates-heading" className="text-2xl font-bold text-slate-900">
        Estates
      </h1>
      {data.error ? <p className="text-red-700">{data.error}</p> : null}
      {data.list?.items.length ? (
        <ul className="grid gap-3 md:grid-cols-2" aria-label="Estates">
          {data.list.items.map((estate) => (
            <li key={estate.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <h2 className="font-semibold text-slate-900">
                <Link to={estateHref(estate.id)} className="link">
                  {estate.name}
                </Link>
              </h2>
              <p className="text-sm text-slate-600">{estate.address || 'Address not recorded'}</p>
              <p className="mt-1 text-sm text-slate-700">
                {estate.plot_count} plots · Free {estate.counts.free} · Reserved{' '}
                {estate.counts.reserved} · Sold {estate.counts.sold} · Allocated{' '}
                {estate.counts.allocated}
              </p>
              <p className="text-xs text-slate-500">
                {estate.utm_zone ? `Minna / UTM zone ${estate.utm_zone}` : 'Grid zone not set'}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-700">No estate yet.</p>
      )}
      {data.canAdd ? (
        <section aria-labelledby="add-estate-heading" className="max-w-xl">
          <h2 id="add-estate-heading" className="mb-2 text-lg font-semibold text-slate-900">
            Add an estate
          </h2>
          <FormBanner id={form.errorId} errors={form.errors} />
          <Form method="post" {...getFormProps(form)} className="flex flex-col gap-1">
            <Field
              labelProps={{ children: 'Estate name' }}
              inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'off' }}
              errors={fields.name.errors}
            />
            <Field
              labelProps={{ children: 'Address' }}
              inputProps={{ ...getInputProps(fields.address, { type: 'text' }) }}
              errors={fields.address.errors}
            />
            <fieldset>
              <legend className="label">Grid zone of the survey plan</legend>
              {(['31N', '32N'] as const).map((zone) => (
                <label key={zone} className="mr-4 inline-flex items-center gap-2 text-sm">
                  <input
                    {...getInputProps(fields.utm_zone, { type: 'radio', value: zone })}
                    key={zone}
                  />
                  Minna / UTM {zone} ({zone === '31N' ? 'west of 6°E' : 'east of 6°E'})
                </label>
              ))}
              <ErrorList id={fields.utm_zone.errorId} errors={fields.utm_zone.errors} />
            </fieldset>
            <Button
              type="submit"
              pending={navigation.state === 'submitting'}
              className="self-start"
            >
              Add estate
            </Button>
          </Form>
        </section>
      ) : null}
      <section aria-labelledby="unmatched-heading">
        <h2 id="unmatched-heading" className="mb-2 text-lg font-semibold text-slate-900">
          Typed allocations not in the registry
        </h2>
        {data.unmatched.length ? (
          <div className="overflow-x-auto">
            <table className="min-w-full text-left text-sm">
              <caption className="sr-only">
                Plots typed on the title tracker before the registry that it could not take
              </caption>
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col" className="py-1 pr-3">
                    Subscription
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Customer
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Typed
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Why
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.unmatched.map((row) => (
                  <tr key={row.subscription_reference} className="border-b border-slate-100">
                    <td className="py-1 pr-3">
                      <Link className="link" to={`/titles/${row.subscription_reference}`}>
                        {row.subscription_reference}
                      </Link>
                    </td>
                    <td className="py-1 pr-3">{row.customer}</td>
                    <td className="py-1 pr-3">
                      {[row.estate, row.block, row.plot].filter(Boolean).join(' / ')} (
                      {formatDate(row.recorded_on)})
                    </td>
                    <td className="py-1 pr-3">{row.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-sm text-slate-700">Every typed allocation is in the registry.</p>
        )}
      </section>
    </section>
  )
}

// ---------------------------------------------------------------------------------------------
// /estates/:id

export type EstateData = {
  id: string
  block: string | null
  name: string
  svg: string
  blocks: { label: string; key: string }[]
  detail: EstateDetail | null
  canAdd: boolean
  plotSpec: FormSpec
}

export type EstateActionView =
  | { intent: 'plot'; result: SubmissionResult<string[]> }
  | {
      intent: 'preview' | 'import'
      error?: string
      preview?: PlotImportResult
      file?: string
      fileName?: string
    }

export function EstatePage({
  data,
  actionData,
}: {
  data: EstateData
  actionData?: EstateActionView
}) {
  return (
    <section aria-labelledby="estate-heading" className="flex flex-col gap-6">
      <div>
        <h1 id="estate-heading" className="text-2xl font-bold text-slate-900">
          {data.name}
        </h1>
        {data.detail ? (
          <p className="text-sm text-slate-600">
            {data.detail.address || 'Address not recorded'} ·{' '}
            {data.detail.utm_zone
              ? `Minna / UTM zone ${data.detail.utm_zone}`
              : 'Grid zone not set'}
          </p>
        ) : null}
      </div>
      <section aria-labelledby="map-heading">
        <h2 id="map-heading" className="mb-2 text-lg font-semibold text-slate-900">
          Site map{data.block ? `: ${blockName(data.block)}` : ''}
        </h2>
        <nav aria-label="Zoom by block" className="mb-2 flex flex-wrap gap-2 text-sm">
          <Link
            to={estateHref(data.id)}
            className="link"
            aria-current={data.block ? undefined : 'page'}
          >
            All blocks
          </Link>
          {data.blocks.map((block) => (
            <Link
              key={block.key}
              to={estateHref(data.id, block.key)}
              className="link"
              aria-current={data.block === block.key ? 'page' : undefined}
            >
              {block.label}
            </Link>
          ))}
        </nav>
        {/* The SVG is the API's own document: every text in it is escaped there. */}
        <div
          className="w-full max-w-2xl rounded-lg border border-slate-200 bg-white"
          data-testid="site-map"
          dangerouslySetInnerHTML={{ __html: data.svg }}
        />
      </section>
      {data.detail ? <PlotTable detail={data.detail} /> : null}
      {data.canAdd ? (
        <>
          <AddPlotForm
            spec={data.plotSpec}
            lastResult={actionData?.intent === 'plot' ? actionData.result : undefined}
          />
          <PlotImport actionData={actionData?.intent !== 'plot' ? actionData : undefined} />
        </>
      ) : null}
    </section>
  )
}

function PlotTable({ detail }: { detail: EstateDetail }) {
  const plots = detail.blocks.flatMap((block) => block.plots)
  return (
    <section aria-labelledby="plots-heading">
      <h2 id="plots-heading" className="mb-2 text-lg font-semibold text-slate-900">
        Plots ({plots.length})
      </h2>
      {plots.length ? (
        <div className="overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">Every plot of the estate with its status</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-1 pr-3">
                  Plot
                </th>
                <th scope="col" className="py-1 pr-3">
                  Size
                </th>
                <th scope="col" className="py-1 pr-3">
                  Surveyed
                </th>
                <th scope="col" className="py-1 pr-3">
                  Status
                </th>
                <th scope="col" className="py-1 pr-3">
                  Held by
                </th>
              </tr>
            </thead>
            <tbody>
              {plots.map((plot) => (
                <tr key={plot.id} className="border-b border-slate-100" data-testid="plot-row">
                  <td className="py-1 pr-3">
                    {blockName(plot.block)} plot {plot.number}
                  </td>
                  <td className="py-1 pr-3">{formatNumber(plot.size_sqm)} m²</td>
                  <td className="py-1 pr-3">
                    {plot.surveyed_area_sqm === null
                      ? 'Not surveyed'
                      : `${formatNumber(plot.surveyed_area_sqm)} m²${plot.size_mismatch ? ' (differs from the size by more than 2 %)' : ''}`}
                  </td>
                  <td className="py-1 pr-3">{PLOT_STATUS_LABELS[plot.status]}</td>
                  <td className="py-1 pr-3">{plot.subscription_reference ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-sm text-slate-700">No plots yet.</p>
      )}
    </section>
  )
}

type PlotFormFields = {
  intent: string
  block: string
  number: string
  size_sqm: string
  beacons?: string
}

function AddPlotForm({
  spec,
  lastResult,
}: {
  spec: FormSpec
  lastResult?: SubmissionResult<string[]>
}) {
  const navigation = useNavigation()
  const [form, fields] = useSpecForm<PlotFormFields>(spec, { id: 'plot-form', lastResult })
  return (
    <section aria-labelledby="add-plot-heading" className="max-w-xl">
      <h2 id="add-plot-heading" className="mb-2 text-lg font-semibold text-slate-900">
        Add a plot
      </h2>
      <FormBanner id={form.errorId} errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-1">
        <input type="hidden" name="intent" value="plot" />
        <div className="grid gap-x-3 sm:grid-cols-3">
          <Field
            labelProps={{ children: 'Block' }}
            inputProps={{ ...getInputProps(fields.block, { type: 'text' }), autoComplete: 'off' }}
            errors={fields.block.errors}
          />
          <Field
            labelProps={{ children: 'Plot number' }}
            inputProps={{ ...getInputProps(fields.number, { type: 'text' }), autoComplete: 'off' }}
            errors={fields.number.errors}
          />
          <Field
            labelProps={{ children: 'Size (m²)' }}
            inputProps={{
              ...getInputProps(fields.size_sqm, { type: 'text' }),
              inputMode: 'decimal',
              autoComplete: 'off',
            }}
            errors={fields.size_sqm.errors}
          />
        </div>
        <TextareaField
          label="Beacons (optional)"
          textareaProps={{
            ...getTextareaProps(fields.beacons),
            rows: 4,
            placeholder: '543000.00 713000.00\n543018.00 713000.00\n…',
          }}
          errors={fields.beacons.errors}
        />
        <p className="text-xs text-slate-600">
          One beacon a line, easting then northing in metres, in survey order around the plot.
        </p>
        <Button type="submit" pending={navigation.state === 'submitting'} className="self-start">
          Add plot
        </Button>
      </Form>
    </section>
  )
}

function PlotImport({
  actionData,
}: {
  actionData?: Exclude<EstateActionView, { intent: 'plot' }>
}) {
  const navigation = useNavigation()
  const preview = actionData?.preview
  return (
    <section aria-labelledby="import-heading" className="max-w-3xl">
      <h2 id="import-heading" className="mb-2 text-lg font-semibold text-slate-900">
        Import plots from a CSV file
      </h2>
      <p className="mb-2 text-sm text-slate-600">
        Columns block, plot, size_sqm and (optionally) beacons as &ldquo;easting northing; easting
        northing; …&rdquo;. You see each row first; nothing is entered until you confirm.
      </p>
      {actionData?.error ? (
        <p role="alert" className="mb-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {actionData.error}
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-2">
        <input type="hidden" name="intent" value="preview" />
        <label htmlFor="plot-file" className="label">
          Plot file (CSV, at most 2 MB)
        </label>
        <input id="plot-file" name="file" type="file" accept=".csv,text/csv" className="text-sm" />
        <Button
          type="submit"
          variant="secondary"
          pending={navigation.state === 'submitting'}
          className="self-start"
        >
          Check the file
        </Button>
      </Form>
      {preview ? (
        <div className="mt-4" data-testid="plot-preview">
          <p className="text-sm text-slate-800" role="status">
            {preview.accepted} plot{preview.accepted === 1 ? '' : 's'} can be entered;{' '}
            {preview.refused} row{preview.refused === 1 ? '' : 's'} refused.
          </p>
          <div className="overflow-x-auto">
            <table className="mt-2 min-w-full text-left text-sm">
              <caption className="sr-only">Each row of the file, accepted or refused</caption>
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col" className="py-1 pr-3">
                    Line
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Plot
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Size
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Result
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => (
                  <tr key={row.line} className="border-b border-slate-100 align-top">
                    <td className="py-1 pr-3">{row.line}</td>
                    <td className="py-1 pr-3">
                      {row.block} {row.plot}
                    </td>
                    <td className="py-1 pr-3">{row.size_sqm}</td>
                    <td className={`py-1 pr-3 ${row.ok ? 'text-green-800' : 'text-red-800'}`}>
                      {row.ok ? 'Accepted' : 'Refused'}
                      {[...row.errors, ...row.warnings].map((message) => (
                        <span key={message} className="block text-xs">
                          {message}
                        </span>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {preview.accepted ? (
            <Form method="post" className="mt-2">
              <input type="hidden" name="intent" value="import" />
              <input type="hidden" name="file_in_base64" value={actionData?.file ?? ''} />
              <input type="hidden" name="file_name" value={actionData?.fileName ?? ''} />
              <Button type="submit" pending={navigation.state === 'submitting'}>
                Enter {preview.accepted} plot{preview.accepted === 1 ? '' : 's'}
              </Button>
            </Form>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}

// ---------------------------------------------------------------------------------------------
// /verify/plot

export type PlotCheckData = {
  asked: { estate: string; block: string; plot: string }
  check: PlotCheck | null
  errors: Record<string, string> | null
  notFound?: string | null
}

export function PlotCheckPage({ data }: { data: PlotCheckData }) {
  const field = (name: 'estate' | 'block' | 'plot', label: string) => (
    <Field
      labelProps={{ children: label }}
      inputProps={{
        id: `check-${name}`,
        name,
        type: 'text',
        defaultValue: data.asked[name],
        autoComplete: 'off',
      }}
      errors={data.errors?.[name] ? [data.errors[name]] : undefined}
    />
  )
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Plot check</h1>
        <p className="mt-1 text-sm text-slate-600">
          Before you pay for a plot, check whether it is free. You see its standing, never who holds
          it.
        </p>
      </div>
      <Form method="get" className="flex flex-col gap-1">
        {field('estate', 'Estate')}
        {field('block', 'Block')}
        {field('plot', 'Plot number')}
        <Button type="submit" className="self-start">
          Check the plot
        </Button>
      </Form>
      {data.check ? (
        <div
          role="status"
          className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3"
          data-testid="plot-check"
        >
          <p className="font-semibold text-slate-900">
            {data.check.estate}, {blockName(data.check.block)}, plot {data.check.plot} (
            {formatNumber(data.check.size_sqm)} m²)
          </p>
          <p className="text-lg font-bold text-slate-900">
            {PUBLIC_STATUS_WORDS[data.check.status]}
          </p>
        </div>
      ) : null}
      {data.notFound ? (
        <p
          role="status"
          className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900"
        >
          {data.notFound}. Check the estate&rsquo;s name and the block and plot on your site plan.
        </p>
      ) : null}
    </div>
  )
}
