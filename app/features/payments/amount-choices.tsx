import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { formatNaira } from '~/contract/format'
import type { SubscriptionDetail } from '~/contract/subscriptions'
import { ErrorList } from '~/components/forms'

/**
 * One amount a payment may be now: how many instalments and late fees it pays, in naira, whether it
 * is the whole balance or what is overdue, and as a radio posts it.
 */
export type AmountChoice = {
  instalments: number
  fees: number
  amount: number
  whole: boolean
  overdue: boolean
  value: string
}

/** What the words of a choice depend on: the subscription, and whether its next payment is the deposit. */
export type ChoiceContext = { subscription: SubscriptionDetail; nextIsDeposit: boolean }

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** "and 2 late fees": a fee is named as a fee, never counted as an instalment. */
const feeWords = (fees: number) => (fees ? ` and ${plural(fees, 'late fee')}` : '')

/**
 * What a choice pays, in words: "Initial deposit", "Next 2 instalments", "Next instalment and 1
 * late fee", "Initial deposit and 3 instalments".
 */
function choiceWords(choice: AmountChoice, context: ChoiceContext) {
  const n = choice.instalments
  if (n === 0) return choice.fees ? `${plural(choice.fees, 'late fee')}` : 'Payment'
  const rows = context.nextIsDeposit
    ? n === 1
      ? 'Initial deposit'
      : `Initial deposit and ${plural(n - 1, 'instalment')}`
    : n === 1
      ? 'Next instalment'
      : `Next ${n} instalments`
  return rows + feeWords(choice.fees)
}

/** What is overdue in parts: "2 instalments and 2 late fees". */
export function overdueWords(parts: { instalments: number; late_fees: number }) {
  const words = [
    parts.instalments ? plural(parts.instalments, 'instalment') : null,
    parts.late_fees ? plural(parts.late_fees, 'late fee') : null,
  ].filter(Boolean)
  return words.join(' and ')
}

/** A choice's title and the line under it. */
export function choiceText(
  choice: AmountChoice,
  context: ChoiceContext,
): { title: string; detail: string | null } {
  const s = context.subscription
  if (s.type !== 'land') return { title: 'Amount invested', detail: null }
  if (s.payment_mode === 'full') return { title: 'Full payment', detail: null }
  if (choice.overdue && !choice.whole)
    return { title: 'Pay what is overdue', detail: overdueWords(s.overdue_parts) }
  if (!choice.whole) return { title: choiceWords(choice, context), detail: null }
  const overdueNote = choice.overdue ? ': all of it is overdue' : ''
  if (choice.instalments === 1 && !choice.fees)
    return {
      title: context.nextIsDeposit ? 'Initial deposit' : 'Last instalment',
      detail: `Pays off the balance${overdueNote}`,
    }
  return {
    title: 'Whole balance',
    detail: `${choiceWords(choice, context)}: pays off the balance${overdueNote}`,
  }
}

/** The choice a form starts on: what is overdue when something is, else the smallest. */
export function firstChoice(choices: readonly AmountChoice[]) {
  return (choices.find((choice) => choice.overdue) ?? choices[0])?.value ?? ''
}

/**
 * The amounts a payment may be, as radios of one form (`field` is its `amount`). `idPrefix` keeps
 * the ids of two such groups on one page apart.
 */
export function AmountChoiceFields({
  field,
  choices,
  context,
  idPrefix = 'amount',
  testId = 'amount-choices',
}: {
  // Any form's `amount`: the proof form's schema reads it as unknown (a preprocessed number).
  field: FieldMetadata<unknown, Record<string, unknown>, string[]>
  choices: AmountChoice[]
  context: ChoiceContext
  idPrefix?: string
  testId?: string
}) {
  return (
    <>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={field.errors ? field.errorId : undefined}
        data-testid={testId}
      >
        <legend className="label">
          {choices.length > 1 ? 'How much are you paying?' : 'Amount'}
        </legend>
        {choices.map((choice) => {
          const { title, detail } = choiceText(choice, context)
          const id = `${idPrefix}-${choice.value.replace('.', '-')}`
          return (
            <label
              key={choice.value}
              className="flex min-h-[44px] cursor-pointer items-center gap-3 rounded-md border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:ring-1 has-[:checked]:ring-brand-600"
            >
              <input
                {...getInputProps(field, { type: 'radio', value: choice.value })}
                required={false}
                className="h-4 w-4 shrink-0 border-slate-300 text-brand-700 focus:ring-brand-600"
                aria-labelledby={`${id}-title ${id}-amount`}
                aria-describedby={detail ? `${id}-detail` : undefined}
              />
              <span className="min-w-0 flex-1">
                <span id={`${id}-title`} className="block font-medium text-slate-900">
                  {title}
                </span>
                {detail ? (
                  <span id={`${id}-detail`} className="block text-xs text-slate-500">
                    {detail}
                  </span>
                ) : null}
              </span>
              <span
                id={`${id}-amount`}
                className="shrink-0 font-semibold tabular-nums text-slate-900"
              >
                {formatNaira(choice.amount)}
              </span>
            </label>
          )
        })}
      </fieldset>
      <ErrorList id={field.errorId} errors={field.errors} />
    </>
  )
}
