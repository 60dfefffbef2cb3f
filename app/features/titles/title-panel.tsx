import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { ErrorList, Field, FormBanner } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { SlideOver } from '~/components/ui/slide-over'
import { blockName } from '~/contract/estates'
import { formatDate, formatDateTime, formatNumber } from '~/contract/format'
import {
  isOptionalStep,
  plotWords,
  RECORDED_TITLE_STEPS,
  TITLE_STEP_LABELS,
} from '~/contract/title-rules'
import type { Title, TitleStepForm, TitleStepView } from '~/contract/titles'
import { useSpecForm, type FormSpec } from '~/utils/form-spec'
import { TextareaField } from '../products/fields'
import { proofHref } from '../subscriptions/lists'

export type TitlePanelData = {
  title: Title
  closeTo: string
  timeZone: string
  defaults: { step: string; date: string; plot_ids: string[] }
  /** For staff allocating: the estate's site map, each free plot a link that picks it. */
  pickMap: string | null
  spec: FormSpec
}

const STATUS_BADGE = {
  done: { label: 'Done', className: 'bg-green-100 text-green-800' },
  not_applicable: { label: 'Not applicable', className: 'bg-slate-200 text-slate-700' },
  pending: { label: 'Pending', className: 'bg-amber-100 text-amber-800' },
  overdue: { label: 'Overdue', className: 'bg-red-100 text-red-800' },
} as const

function StepBadge({ step }: { step: TitleStepView }) {
  const badge =
    step.status === 'pending' && step.overdue ? STATUS_BADGE.overdue : STATUS_BADGE[step.status]
  return (
    <span
      className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${badge.className}`}
      data-testid="title-step-status"
    >
      {badge.label}
    </span>
  )
}

/** The estates a step's allocated plots are in, each once: their site maps show the plots as "Yours". */
function estatesOf(step: TitleStepView) {
  const seen = new Map<string, string>()
  for (const plot of step.plots) seen.set(plot.estate_id, plot.estate)
  return [...seen].map(([id, name]) => ({ id, name }))
}

function StepItem({ step, timeZone }: { step: TitleStepView; timeZone: string }) {
  const document = proofHref(step.document_url)
  const where = plotWords(step)
  const earlier = step.history.slice(1)
  return (
    <li className="relative pb-5 pl-7 last:pb-0" data-testid="title-step" data-step={step.step}>
      <span
        aria-hidden="true"
        className={`absolute left-0 top-1 h-3.5 w-3.5 rounded-full border-2 ${step.status === 'pending' ? 'border-slate-300 bg-white' : 'border-brand-700 bg-brand-700'}`}
      />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-medium text-slate-900">{step.label}</h3>
        <StepBadge step={step} />
      </div>
      <dl className="mt-1 grid grid-cols-[auto,1fr] gap-x-3 gap-y-0.5 text-sm">
        {step.date ? (
          <>
            <dt className="text-slate-500">Date</dt>
            <dd>{formatDate(step.date)}</dd>
          </>
        ) : (
          <>
            <dt className="text-slate-500">Expected by</dt>
            <dd>{formatDate(step.due_date)}</dd>
          </>
        )}
        {where ? (
          <>
            <dt className="text-slate-500">Plot</dt>
            <dd>{where}</dd>
          </>
        ) : null}
        {step.note ? (
          <>
            <dt className="text-slate-500">Note</dt>
            <dd className="whitespace-pre-line break-words">{step.note}</dd>
          </>
        ) : null}
      </dl>
      {estatesOf(step).map((estate) => (
        <a
          key={estate.id}
          href={`/estates/${encodeURIComponent(estate.id)}`}
          className="link mr-4 inline-flex min-h-11 items-center text-sm"
          data-testid="site-map-link"
        >
          See {step.plots.length === 1 ? 'the plot' : 'the plots'} on the site map of {estate.name}
        </a>
      ))}
      {document ? (
        // A download: a plain link, so the browser saves what the resource route streams.
        <a href={document} className="link mt-1 inline-block text-sm" download>
          Download document<span className="sr-only"> for {step.label}</span>
        </a>
      ) : null}
      {earlier.length ? (
        <details className="mt-1 text-xs text-slate-600">
          <summary className="cursor-pointer">
            Corrected {earlier.length === 1 ? 'once' : `${earlier.length} times`}: earlier records
          </summary>
          <ul className="mt-1 flex flex-col gap-1">
            {earlier.map((record) => (
              <li key={record.recorded_at}>
                {formatDate(record.date)}
                {record.status === 'not_applicable' ? ' (not applicable)' : ''}
                {record.note ? `: ${record.note}` : ''} — recorded{' '}
                {formatDateTime(record.recorded_at, timeZone)}
                {record.recorded_by ? ` by ${record.recorded_by}` : ''}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  )
}

/** The steps staff may record now: those already recorded (to correct them) and the next one. */
function recordableSteps(title: Title) {
  return RECORDED_TITLE_STEPS.filter(
    (step) =>
      step === title.next_step ||
      title.steps.some((s) => s.step === step && s.status !== 'pending'),
  )
}

function RecordStepForm({
  data,
  lastResult,
}: {
  data: TitlePanelData
  lastResult?: SubmissionResult<string[]>
}) {
  const navigation = useNavigation()
  const [form, fields] = useSpecForm<TitleStepForm>(data.spec, {
    id: 'title-step-form',
    lastResult,
    defaultValue: data.defaults,
  })
  const steps = recordableSteps(data.title)
  return (
    <section aria-labelledby="record-step-heading" className="mt-6 border-t border-slate-200 pt-4">
      <h3 id="record-step-heading" className="mb-2 font-semibold text-slate-900">
        Record a step
      </h3>
      <p className="mb-3 text-sm text-slate-600">
        The customer is told by a notification and an e-mail. Recording a step again corrects it;
        earlier records are kept.
      </p>
      <FormBanner id={form.errorId} errors={form.errors} />
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="flex flex-col gap-1"
        preventScrollReset
      >
        <div>
          <label htmlFor={fields.step.id} className="label">
            Step
          </label>
          <select
            {...getSelectProps(fields.step)}
            className="input"
            aria-describedby={fields.step.errors ? fields.step.errorId : undefined}
          >
            {steps.map((step) => (
              <option key={step} value={step}>
                {TITLE_STEP_LABELS[step]}
                {step === data.title.next_step ? ' (next)' : ' (correct it)'}
              </option>
            ))}
          </select>
          <ErrorList id={fields.step.errorId} errors={fields.step.errors} />
        </div>
        <Field
          labelProps={{ children: 'Date' }}
          inputProps={{
            ...getInputProps(fields.date, { type: 'text' }),
            inputMode: 'numeric',
            placeholder: 'DD/MM/YYYY',
            autoComplete: 'off',
          }}
          hint="DD/MM/YYYY: not in the future, and not before the step before it"
          errors={fields.date.errors}
        />
        {data.title.allocation ? (
          <PlotChoice
            allocation={data.title.allocation}
            map={data.pickMap}
            name={fields.plot_ids.name}
            chosen={
              (fields.plot_ids.value as string[] | string | undefined) ?? data.defaults.plot_ids
            }
            errorId={fields.plot_ids.errorId}
            errors={fields.plot_ids.errors}
            reason={
              <Field
                labelProps={{ children: 'Reason (when a plot already allocated is changed)' }}
                inputProps={{
                  ...getInputProps(fields.reason, { type: 'text' }),
                  autoComplete: 'off',
                }}
                errors={fields.reason.errors}
              />
            }
          />
        ) : null}
        {steps.some((step) => isOptionalStep(step)) ? (
          <div className="pt-2">
            <div className="flex items-center gap-2">
              <input
                {...getInputProps(fields.not_applicable, { type: 'checkbox', value: 'on' })}
                className="h-4 w-4 rounded border-slate-300 text-brand-700 focus:ring-brand-600"
              />
              <label htmlFor={fields.not_applicable.id} className="text-sm text-slate-700">
                Not applicable (Certificate of Occupancy only)
              </label>
            </div>
            <ErrorList id={fields.not_applicable.errorId} errors={fields.not_applicable.errors} />
          </div>
        ) : null}
        <TextareaField
          label="Note"
          textareaProps={{ ...getTextareaProps(fields.note), rows: 2 }}
          errors={fields.note.errors}
        />
        <Field
          labelProps={{ children: 'Document' }}
          inputProps={{
            ...getInputProps(fields.document, { type: 'file' }),
            accept: '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg',
          }}
          hint="Optional: PDF, PNG or JPEG up to 2MB"
          errors={fields.document.errors}
        />
        <Button
          type="submit"
          pending={navigation.state === 'submitting'}
          className="w-full sm:w-auto sm:self-end"
        >
          Record step
        </Button>
      </Form>
    </section>
  )
}

const plotLabel = (plot: { estate: string; block: string; number: string; size_sqm: number }) =>
  `${plot.estate}, ${blockName(plot.block)} plot ${plot.number} (${formatNumber(plot.size_sqm)} m²)`

/** Plot allocated: one select per plot bought, of the registry's free plots (never typed). */
function PlotChoice({
  allocation,
  map,
  name,
  chosen,
  errorId,
  errors,
  reason,
}: {
  allocation: NonNullable<Title['allocation']>
  /** The estate's site map, each free plot a link that picks it. */
  map: string | null
  name: string
  chosen: string[] | string
  errorId: string
  errors?: string[]
  reason: React.ReactNode
}) {
  const values = typeof chosen === 'string' ? [chosen] : chosen
  const options = [
    ...allocation.held.map((plot) => ({
      ...plot,
      note:
        plot.status === 'allocated'
          ? ' — allocated to this purchase'
          : ' — reserved for this purchase',
    })),
    ...allocation.choices
      .filter((plot) => !allocation.held.some((held) => held.id === plot.id))
      .map((plot) => ({ ...plot, note: '' })),
  ]
  return (
    <fieldset
      className="rounded-md border border-slate-200 px-3 pb-2 pt-2"
      id="plot-choice"
      data-testid="plot-choice"
    >
      <legend className="px-1 text-sm font-medium text-slate-700">Plot allocated only</legend>
      <p className="mb-2 text-xs text-slate-600">
        {allocation.estate
          ? `Free plots of ${allocation.estate.name}, from the plot registry.`
          : 'Free plots of every estate in the plot registry.'}{' '}
        One plot for each of the {allocation.quantity} bought.
      </p>
      {options.length ? (
        Array.from({ length: allocation.quantity }, (_, index) => (
          <div key={index} className="mb-2">
            <label htmlFor={`${name}-${index}`} className="label">
              {allocation.quantity === 1 ? 'Plot' : `Plot ${index + 1} of ${allocation.quantity}`}
            </label>
            <select
              id={`${name}-${index}`}
              name={`${name}[${index}]`}
              defaultValue={values[index] ?? ''}
              className="input"
              aria-describedby={errors ? errorId : undefined}
              aria-invalid={errors ? true : undefined}
            >
              <option value="">Choose a plot</option>
              {options.map((plot) => (
                <option key={plot.id} value={plot.id}>
                  {plotLabel(plot)}
                  {plot.note}
                </option>
              ))}
            </select>
          </div>
        ))
      ) : (
        <p className="text-sm text-slate-700">
          No free plot in the registry: add the estate&rsquo;s plots first.
        </p>
      )}
      {map ? (
        <div className="mb-2">
          <p className="mb-1 text-xs text-slate-600">
            Or pick a free plot on the site map: it fills the plot above.
          </p>
          {/* The API's own SVG document: every text in it is escaped there. */}
          <div
            className="w-full rounded-md border border-slate-200 bg-white"
            data-testid="pick-map"
            dangerouslySetInnerHTML={{ __html: map }}
          />
        </div>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
      {reason}
    </fieldset>
  )
}

const formKey = (title: Title) =>
  title.steps.map((step) => `${step.status}:${step.history.length}`).join(',')

/** "Title documents": a fully paid purchase's steps, read-only, or with the form for staff who record them. */
export function TitlePanel({
  data,
  lastResult,
}: {
  data: TitlePanelData
  lastResult?: SubmissionResult<string[]>
}) {
  const { title } = data
  return (
    <SlideOver title="Title documents" closeTo={data.closeTo}>
      <p className="mb-4 text-sm text-slate-600">
        <span className="font-mono">{title.reference}</span> · {title.product.name}
        {title.can_record ? ` · ${title.customer.full_name}` : ''}
      </p>
      {title.next_step ? (
        <p
          className="mb-4 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700"
          data-testid="title-next"
        >
          Next: <strong>{TITLE_STEP_LABELS[title.next_step]}</strong>, expected by{' '}
          {formatDate(title.next_due_date)}
        </p>
      ) : (
        <p
          className="mb-4 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800"
          data-testid="title-next"
        >
          Every step is complete.
        </p>
      )}
      <ol aria-label="Title steps">
        {title.steps.map((step) => (
          <StepItem key={step.step} step={step} timeZone={data.timeZone} />
        ))}
      </ol>
      {/* Keyed by what is recorded: after a step is saved the form starts again from the next one. */}
      {title.can_record ? (
        <RecordStepForm key={formKey(title)} data={data} lastResult={lastResult} />
      ) : null}
    </SlideOver>
  )
}
