import { Form, useNavigation } from '@remix-run/react'
import { Button } from '~/components/ui/button'
import {
  COMMISSION_HOLD_STATUS_LABELS,
  COMMISSION_STATUS_LABELS,
  signalsSentence,
} from '~/contract/commission-rules'
import type { CommissionHoldDetails } from '~/contract/commissions'
import { formatDate, formatNaira } from '~/contract/format'

/**
 * A purchase flagged as a possible self-referral: who shares what with whom, its commission
 * entries, and (while it waits) the two decisions, as two buttons of one plain form.
 */
export function HoldReview({ hold, timeZone }: { hold: CommissionHoldDetails; timeZone: string }) {
  const navigation = useNavigation()
  const deciding = navigation.state === 'submitting' ? navigation.formData?.get('decision') : null
  const facts: [string, string][] = [
    ['Purchase', `${hold.subscription.reference} · ${hold.subscription.product}`],
    ['Customer', `${hold.customer.full_name} (${hold.customer.reference})`],
    ['Realtor', `${hold.realtor.full_name} (${hold.realtor.reference})`],
    ['What they share', signalsSentence(hold.signals)],
    ['Flagged', formatDate(hold.flagged_at, timeZone)],
    ['Status', COMMISSION_HOLD_STATUS_LABELS[hold.status]],
  ]
  if (hold.decided_at)
    facts.push([
      'Decided',
      `${formatDate(hold.decided_at, timeZone)}${hold.decided_by ? ` by ${hold.decided_by}` : ''}`,
    ])
  return (
    <div className="flex flex-col gap-4" data-testid="hold-review">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[9rem,1fr]">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-sm font-medium text-slate-500">{term}</dt>
            <dd className="break-words text-sm text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="hold-entries-heading">
        <h3 id="hold-entries-heading" className="mb-1 text-sm font-semibold text-slate-900">
          Commissions of this purchase
        </h3>
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {hold.entries.map((entry) => (
            <li
              key={entry.id}
              className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2 text-sm"
            >
              <span className="min-w-0 break-words">
                Level {entry.level} · {entry.realtor.full_name}{' '}
                <span className="text-slate-500">{entry.transaction.reference}</span>
              </span>
              <span>
                {formatNaira(entry.net)}{' '}
                <span className="text-xs text-slate-600">
                  {COMMISSION_STATUS_LABELS[entry.status]}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </section>
      {hold.status === 'pending' ? (
        <Form method="post" className="flex flex-col gap-2">
          <p className="text-sm text-slate-600">
            Clear it if the customer is someone else (a relative sharing a phone, a customer the
            realtor signed up on its own device): the held {formatNaira(hold.held_net)} is then
            earned. Confirm it if the customer is the realtor: the commissions of this purchase are
            void.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="decision" value="clear" pending={deciding === 'clear'}>
              Clear: pay the commission
            </Button>
            <Button
              type="submit"
              name="decision"
              value="confirm"
              variant="danger"
              pending={deciding === 'confirm'}
            >
              Confirm self-referral
            </Button>
          </div>
        </Form>
      ) : null}
    </div>
  )
}
