// The title tracker's rules, free of zod and of both layers: the API checks and words with them,
// the pages show with them, and tests/unit/title-rules.test.ts tables them. Dates are calendar
// days, YYYY-MM-DD, in the platform's time zone.

export const TITLE_STEPS = [
  'payment_completed',
  'allocation_letter',
  'plot_allocated',
  'survey_plan',
  'deed',
  'certificate_of_occupancy',
] as const
export type TitleStep = (typeof TITLE_STEPS)[number]

/** The steps staff record; payment completed is set by itself when the land is fully paid. */
export const RECORDED_TITLE_STEPS = TITLE_STEPS.slice(1) as readonly RecordedTitleStep[]
export type RecordedTitleStep = Exclude<TitleStep, 'payment_completed'>

export const TITLE_STEP_STATUSES = ['done', 'pending', 'not_applicable'] as const
export type TitleStepStatus = (typeof TITLE_STEP_STATUSES)[number]

export const TITLE_STEP_LABELS: Record<TitleStep, string> = {
  payment_completed: 'Payment completed',
  allocation_letter: 'Allocation letter issued',
  plot_allocated: 'Plot allocated',
  survey_plan: 'Survey plan ready',
  deed: 'Deed of assignment signed',
  certificate_of_occupancy: 'Certificate of Occupancy',
}

/** A step that may be marked "Not applicable" instead of done. */
export const isOptionalStep = (step: TitleStep) => step === 'certificate_of_occupancy'

/** Target days after payment completed, per step (Settings: title_step_days). */
export type TitleStepDays = Record<RecordedTitleStep, number>
export const TITLE_STEP_DAYS_DEFAULT: TitleStepDays = {
  allocation_letter: 14,
  plot_allocated: 30,
  survey_plan: 90,
  deed: 120,
  certificate_of_occupancy: 365,
}
export const TITLE_STEP_DAYS_MIN = 0
export const TITLE_STEP_DAYS_MAX = 3650

/** What staff recorded for a step (status done or not_applicable), as far as the rules need it. */
export type RecordedStep = {
  step: RecordedTitleStep
  status: 'done' | 'not_applicable'
  date: string
}

const DAY_MS = 86_400_000
const toUtc = (iso: string) =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)))

/** A calendar date plus whole days: addDays('2026-01-31', 30) → '2026-03-02'. */
export function addDays(iso: string, days: number): string {
  return new Date(toUtc(iso) + days * DAY_MS).toISOString().slice(0, 10)
}

/** Whole days from one calendar date to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS)
}

/** DD/MM/YYYY of a calendar date, as the product shows dates. */
export const showDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`

/** When a step is expected: payment completed is its own date; every other step its target days after it. */
export function dueDate(paidOn: string, step: TitleStep, days: TitleStepDays): string {
  return step === 'payment_completed' ? paidOn : addDays(paidOn, days[step])
}

/** The first step not yet recorded, in order; null once every step is done (or not applicable). */
export function nextStep(
  recorded: readonly Pick<RecordedStep, 'step'>[],
): RecordedTitleStep | null {
  const done = new Set(recorded.map((entry) => entry.step))
  return RECORDED_TITLE_STEPS.find((step) => !done.has(step)) ?? null
}

/** A pending step is overdue once its due date has passed (due today is not yet overdue). */
export const isOverdue = (due: string, today: string) => due < today

export type TimelineStep = {
  step: TitleStep
  status: TitleStepStatus
  date: string | null
  due_date: string
  overdue: boolean
}

/** Every step in order with its status, its date (when recorded) and its due date. */
export function timeline(
  paidOn: string,
  recorded: readonly RecordedStep[],
  days: TitleStepDays,
  today: string,
): TimelineStep[] {
  const byStep = new Map(recorded.map((entry) => [entry.step, entry]))
  return TITLE_STEPS.map((step) => {
    const due = dueDate(paidOn, step, days)
    if (step === 'payment_completed')
      return { step, status: 'done' as const, date: paidOn, due_date: due, overdue: false }
    const entry = byStep.get(step)
    if (!entry)
      return {
        step,
        status: 'pending' as const,
        date: null,
        due_date: due,
        overdue: isOverdue(due, today),
      }
    return { step, status: entry.status, date: entry.date, due_date: due, overdue: false }
  })
}

/** The date the step before `step` was done (payment completed for the first), or null when none is recorded. */
function neighbourDates(
  step: RecordedTitleStep,
  paidOn: string,
  recorded: readonly RecordedStep[],
) {
  const index = TITLE_STEPS.indexOf(step)
  const dateOf = (other: TitleStep) =>
    other === 'payment_completed'
      ? paidOn
      : (recorded.find((entry) => entry.step === other)?.date ?? null)
  const before = [...TITLE_STEPS.slice(0, index)]
    .reverse()
    .map((other) => ({ step: other, date: dateOf(other) }))
  const after = TITLE_STEPS.slice(index + 1).map((other) => ({ step: other, date: dateOf(other) }))
  return {
    previous: before.find((entry) => entry.date !== null) ?? null,
    following: after.find((entry) => entry.date !== null) ?? null,
  }
}

export type StepRefusal = { field: 'step' | 'status' | 'date'; message: string }

/**
 * Whether staff may record `step` with this status and date, or why not. Steps go in order (a
 * step needs the one before it); a step already recorded may be recorded again to correct it.
 * The date is neither in the future nor before the step before it, and a correction never moves
 * a step after the one that follows it.
 */
export function stepRefusal(input: {
  step: RecordedTitleStep
  status: 'done' | 'not_applicable'
  date: string
  paidOn: string
  today: string
  recorded: readonly RecordedStep[]
}): StepRefusal | null {
  const { step, status, date, paidOn, today, recorded } = input
  if (status === 'not_applicable' && !isOptionalStep(step)) {
    return {
      field: 'status',
      message: `${TITLE_STEP_LABELS[step]} cannot be marked not applicable`,
    }
  }
  const index = RECORDED_TITLE_STEPS.indexOf(step)
  const missing = RECORDED_TITLE_STEPS.slice(0, index).find(
    (earlier) => !recorded.some((entry) => entry.step === earlier),
  )
  if (missing)
    return {
      field: 'step',
      message: `Record "${TITLE_STEP_LABELS[missing]}" first: the steps go in order`,
    }
  if (date > today) return { field: 'date', message: 'The date cannot be in the future' }
  const { previous, following } = neighbourDates(step, paidOn, recorded)
  if (previous && date < previous.date!) {
    return {
      field: 'date',
      message: `The date cannot be before ${TITLE_STEP_LABELS[previous.step]} (${showDay(previous.date!)})`,
    }
  }
  if (following && date > following.date!) {
    return {
      field: 'date',
      message: `The date cannot be after ${TITLE_STEP_LABELS[following.step]} (${showDay(following.date!)})`,
    }
  }
  return null
}

/**
 * The plot allocated: "Estate Palm Grove, Block 4, Plot 12" (blank parts left out); an estate
 * whose name already says so is not prefixed again ("Sunview Estate Phase 2, Block 4").
 */
export function plotWords(plot: {
  estate?: string | null
  block?: string | null
  plot?: string | null
}) {
  return [
    plot.estate ? (/\bestate\b/i.test(plot.estate) ? plot.estate : `Estate ${plot.estate}`) : '',
    plot.block ? `Block ${plot.block}` : '',
    plot.plot ? `Plot ${plot.plot}` : '',
  ]
    .filter(Boolean)
    .join(', ')
}

/** What a step being waited for is called in a sentence: "Next comes the survey plan". */
const NEXT_WORDS: Record<RecordedTitleStep, string> = {
  allocation_letter: 'your allocation letter',
  plot_allocated: 'the allocation of your plot (estate, block and plot numbers)',
  survey_plan: 'your survey plan',
  deed: 'the signing of your deed of assignment',
  certificate_of_occupancy: 'your Certificate of Occupancy',
}

/** What happened, in a sentence for the customer. */
export function stepHappened(
  recordedStep: Pick<RecordedStep, 'step' | 'status' | 'date'> & {
    estate?: string | null
    block?: string | null
    plot?: string | null
  },
  subscriptionReference: string,
): string {
  const on = showDay(recordedStep.date)
  const of = `for ${subscriptionReference}`
  switch (recordedStep.step) {
    case 'allocation_letter':
      return `Your allocation letter ${of} was issued on ${on}.`
    case 'plot_allocated': {
      const where = plotWords(recordedStep)
      return `Your plot ${of} was allocated on ${on}${where ? `: ${where}` : ''}.`
    }
    case 'survey_plan':
      return `Your survey plan ${of} was ready on ${on}.`
    case 'deed':
      return `Your deed of assignment ${of} was signed on ${on}.`
    case 'certificate_of_occupancy':
      return recordedStep.status === 'not_applicable'
        ? `A Certificate of Occupancy does not apply to your land ${of} (noted on ${on}).`
        : `Your Certificate of Occupancy ${of} was issued on ${on}.`
  }
}

/** What comes next and by when, or that the title is complete. */
export function whatComesNext(
  next: RecordedTitleStep | null,
  due: string | null,
  today: string,
): string {
  if (!next || !due) return 'That was the last step: your title documents are complete.'
  if (isOverdue(due, today))
    return `Next comes ${NEXT_WORDS[next]}. It was expected by ${showDay(due)}; we are working on it and will tell you as soon as it is done.`
  return `Next comes ${NEXT_WORDS[next]}, expected by ${showDay(due)}.`
}
