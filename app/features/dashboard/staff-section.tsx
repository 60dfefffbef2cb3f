import { Link } from '@remix-run/react'
import type { StaffCard } from './dashboard-display.server'

/** What staff act on, each count linking to the list filtered to exactly those rows (dashboard-display.server.ts). */
export function StaffSection({ cards }: { cards: StaffCard[] }) {
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
            <p className={`text-3xl font-bold ${card.none ? 'text-slate-400' : 'text-slate-900'}`}>
              {card.total}
            </p>
            <ul className="flex flex-col">
              {card.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="link inline-flex min-h-[44px] items-center text-sm">
                    {link.text}{' '}
                    <span aria-hidden="true" className="ml-1">
                      →
                    </span>
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
