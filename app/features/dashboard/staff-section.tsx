import { Link } from '@remix-run/react'
import type { StaffSummary } from '~/contract/dashboard'
import { formatNumber } from '~/contract/format'
import { counted } from './figure'
import { customersFromHref, STAFF_LINKS } from './links'

type CardLink = { text: string; to: string }

/**
 * What staff act on, each count linking to the list filtered to exactly those rows. A card shows
 * only when the API counted it, that is when the staff member may see the list it leads to.
 */
export function StaffSection({ staff, weekStart }: { staff: StaffSummary; weekStart: string }) {
  const cards: Array<{ key: string; title: string; total: number; links: CardLink[] }> = []
  if (staff.awaiting_confirmation) {
    const { land, investment } = staff.awaiting_confirmation
    cards.push({
      key: 'awaiting',
      title: 'Payments awaiting confirmation',
      total: land + investment,
      links: [
        { text: counted(land, 'land payment', 'land payments'), to: STAFF_LINKS.landAwaitingConfirmation },
        { text: counted(investment, 'investment payment', 'investment payments'), to: STAFF_LINKS.investmentsAwaitingConfirmation },
      ],
    })
  }
  if (staff.payouts_due !== null) {
    cards.push({
      key: 'payouts',
      title: 'Payouts due',
      total: staff.payouts_due,
      links: [{ text: counted(staff.payouts_due, 'investment to pay out', 'investments to pay out'), to: STAFF_LINKS.payoutsDue }],
    })
  }
  if (staff.in_arrears !== null) {
    cards.push({
      key: 'arrears',
      title: 'Subscriptions in arrears',
      total: staff.in_arrears,
      links: [{ text: counted(staff.in_arrears, 'subscription with an instalment overdue', 'subscriptions with an instalment overdue'), to: STAFF_LINKS.inArrears }],
    })
  }
  if (staff.new_customers_this_week !== null) {
    cards.push({
      key: 'customers',
      title: 'New customers this week',
      total: staff.new_customers_this_week,
      links: [{ text: counted(staff.new_customers_this_week, 'customer since Monday', 'customers since Monday'), to: customersFromHref(weekStart) }],
    })
  }
  if (!cards.length) return null
  return (
    <section aria-labelledby="attention-heading" className="flex flex-col gap-4">
      <h2 id="attention-heading" className="text-lg font-semibold text-slate-900">
        Needs attention
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((card) => (
          <li key={card.key} className="card flex flex-col gap-2" data-testid="attention-card">
            <h3 className="text-sm font-medium text-slate-600">{card.title}</h3>
            <p className={`text-3xl font-bold ${card.total ? 'text-slate-900' : 'text-slate-400'}`}>{formatNumber(card.total)}</p>
            <ul className="flex flex-col">
              {card.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="link inline-flex min-h-[44px] items-center text-sm">
                    {link.text} <span aria-hidden="true" className="ml-1">→</span>
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  )
}
