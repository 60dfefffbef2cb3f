import { describe, expect, test } from 'vitest'
import {
  addDays,
  plotWords,
  daysBetween,
  dueDate,
  isOverdue,
  nextStep,
  stepHappened,
  stepRefusal,
  timeline,
  TITLE_STEP_DAYS_DEFAULT,
  whatComesNext,
  type RecordedStep,
} from '~/contract/title-rules'

const PAID = '2026-01-31'
const done = (
  step: RecordedStep['step'],
  date: string,
  status: RecordedStep['status'] = 'done',
): RecordedStep => ({ step, status, date })

describe('calendar days', () => {
  test.each([
    ['2026-01-31', 30, '2026-03-02'],
    ['2026-01-31', 0, '2026-01-31'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
  ])('%s + %i days is %s', (from, days, expected) => {
    expect(addDays(from, days)).toBe(expected)
    expect(daysBetween(from, expected)).toBe(days)
  })
})

describe('due dates: target days after payment completed', () => {
  test.each([
    ['payment_completed', PAID],
    ['allocation_letter', '2026-02-14'],
    ['plot_allocated', '2026-03-02'],
    ['survey_plan', '2026-05-01'],
    ['deed', '2026-05-31'],
    ['certificate_of_occupancy', '2027-01-31'],
  ] as const)('%s is due %s', (step, expected) => {
    expect(dueDate(PAID, step, TITLE_STEP_DAYS_DEFAULT)).toBe(expected)
  })

  test.each([
    ['2026-02-14', '2026-02-14', false],
    ['2026-02-14', '2026-02-15', true],
    ['2026-02-14', '2026-02-13', false],
  ])('due %s, today %s: overdue %s', (due, today, expected) => {
    expect(isOverdue(due, today)).toBe(expected)
  })
})

describe('the next step is the first one not recorded', () => {
  test.each([
    [[], 'allocation_letter'],
    [[done('allocation_letter', '2026-02-01')], 'plot_allocated'],
    [
      [
        done('allocation_letter', '2026-02-01'),
        done('plot_allocated', '2026-02-02'),
        done('survey_plan', '2026-02-03'),
      ],
      'deed',
    ],
    [
      [
        done('allocation_letter', '2026-02-01'),
        done('plot_allocated', '2026-02-02'),
        done('survey_plan', '2026-02-03'),
        done('deed', '2026-02-04'),
        done('certificate_of_occupancy', '2026-02-05', 'not_applicable'),
      ],
      null,
    ],
  ] as const)('%j → %s', (recorded, expected) => {
    expect(nextStep(recorded)).toBe(expected)
  })
})

test('the timeline: payment completed done, recorded steps with their dates, pending ones overdue once past due', () => {
  const steps = timeline(
    PAID,
    [done('allocation_letter', '2026-02-10')],
    TITLE_STEP_DAYS_DEFAULT,
    '2026-03-10',
  )
  expect(steps.map(({ step, status, date, overdue }) => [step, status, date, overdue])).toEqual([
    ['payment_completed', 'done', PAID, false],
    ['allocation_letter', 'done', '2026-02-10', false],
    ['plot_allocated', 'pending', null, true],
    ['survey_plan', 'pending', null, false],
    ['deed', 'pending', null, false],
    ['certificate_of_occupancy', 'pending', null, false],
  ])
})

describe('which records are refused', () => {
  const recorded = [done('allocation_letter', '2026-02-10'), done('plot_allocated', '2026-02-20')]
  const base = { paidOn: PAID, today: '2026-03-10', recorded, status: 'done' as const }
  test.each([
    ['the next step, dated today', { step: 'survey_plan', date: '2026-03-10' }, null],
    [
      'the next step, the same day as the one before',
      { step: 'survey_plan', date: '2026-02-20' },
      null,
    ],
    [
      'a date in the future',
      { step: 'survey_plan', date: '2026-03-11' },
      'date: The date cannot be in the future',
    ],
    [
      'before the step before it',
      { step: 'survey_plan', date: '2026-02-19' },
      'date: The date cannot be before Plot allocated (20/02/2026)',
    ],
    [
      'a correction of the first step to before payment completed',
      { step: 'allocation_letter', date: '2026-01-30' },
      'date: The date cannot be before Payment completed (31/01/2026)',
    ],
    [
      'a step skipped',
      { step: 'deed', date: '2026-03-01' },
      'step: Record "Survey plan ready" first: the steps go in order',
    ],
    ['a correction within its neighbours', { step: 'allocation_letter', date: '2026-02-15' }, null],
    [
      'a correction after the step that follows',
      { step: 'allocation_letter', date: '2026-02-21' },
      'date: The date cannot be after Plot allocated (20/02/2026)',
    ],
    [
      'not applicable on a required step',
      { step: 'survey_plan', date: '2026-03-01', status: 'not_applicable' },
      'status: Survey plan ready cannot be marked not applicable',
    ],
  ] as const)('%s', (_what, input, expected) => {
    const refusal = stepRefusal({ ...base, ...input })
    expect(refusal ? `${refusal.field}: ${refusal.message}` : null).toBe(expected)
  })

  test('the first step cannot be dated before payment completed', () => {
    expect(
      stepRefusal({
        paidOn: PAID,
        today: '2026-03-10',
        recorded: [],
        status: 'done',
        step: 'allocation_letter',
        date: '2026-01-30',
      }),
    ).toEqual({
      field: 'date',
      message: 'The date cannot be before Payment completed (31/01/2026)',
    })
  })

  test('the Certificate of Occupancy may be marked not applicable once the deed is signed', () => {
    const all = [...recorded, done('survey_plan', '2026-02-25'), done('deed', '2026-03-01')]
    expect(
      stepRefusal({
        ...base,
        recorded: all,
        step: 'certificate_of_occupancy',
        status: 'not_applicable',
        date: '2026-03-05',
      }),
    ).toBeNull()
  })
})

describe('what the customer is told', () => {
  test.each([
    [
      { step: 'allocation_letter', status: 'done', date: '2026-02-10' },
      'Your allocation letter for SUB-1 was issued on 10/02/2026.',
    ],
    [
      {
        step: 'plot_allocated',
        status: 'done',
        date: '2026-02-20',
        estate: 'Palm Grove',
        block: '4',
        plot: '12',
      },
      'Your plot for SUB-1 was allocated on 20/02/2026: Estate Palm Grove, Block 4, Plot 12.',
    ],
    [
      { step: 'survey_plan', status: 'done', date: '2026-03-01' },
      'Your survey plan for SUB-1 was ready on 01/03/2026.',
    ],
    [
      { step: 'deed', status: 'done', date: '2026-03-02' },
      'Your deed of assignment for SUB-1 was signed on 02/03/2026.',
    ],
    [
      { step: 'certificate_of_occupancy', status: 'done', date: '2026-03-03' },
      'Your Certificate of Occupancy for SUB-1 was issued on 03/03/2026.',
    ],
    [
      { step: 'certificate_of_occupancy', status: 'not_applicable', date: '2026-03-03' },
      'A Certificate of Occupancy does not apply to your land for SUB-1 (noted on 03/03/2026).',
    ],
  ] as const)('%j', (recorded, expected) => {
    expect(stepHappened(recorded, 'SUB-1')).toBe(expected)
  })

  test.each([
    [
      'survey_plan',
      '2026-05-01',
      '2026-03-10',
      'Next comes your survey plan, expected by 01/05/2026.',
    ],
    [
      'survey_plan',
      '2026-05-01',
      '2026-05-01',
      'Next comes your survey plan, expected by 01/05/2026.',
    ],
    [
      'plot_allocated',
      '2026-03-02',
      '2026-03-10',
      'Next comes the allocation of your plot (estate, block and plot numbers). It was expected by 02/03/2026; we are working on it and will tell you as soon as it is done.',
    ],
    [null, null, '2026-03-10', 'That was the last step: your title documents are complete.'],
  ] as const)('next %s due %s, today %s', (next, due, today, expected) => {
    expect(whatComesNext(next, due, today)).toBe(expected)
  })
})

describe('plotWords', () => {
  test.each([
    [{ estate: 'Palm Grove', block: '4', plot: '12' }, 'Estate Palm Grove, Block 4, Plot 12'],
    [
      { estate: 'Sunview Estate Phase 2', block: 'B', plot: '7' },
      'Sunview Estate Phase 2, Block B, Plot 7',
    ],
    [{ estate: 'estate of Lekki', block: null, plot: '3' }, 'estate of Lekki, Plot 3'],
    [{ estate: 'Estates Row' }, 'Estate Estates Row'],
    [{ estate: null, block: '', plot: '9' }, 'Plot 9'],
  ])('%j reads %s', (plot, words) => {
    expect(plotWords(plot)).toBe(words)
  })
})
