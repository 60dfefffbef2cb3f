import type { ReactNode } from 'react'
import { Link } from '@remix-run/react'
import type { OwnDisplay } from './dashboard-display.server'
import { Figure } from './figure'
import { PaidProgress } from './progress-bar'

/** The caller's own money: the next payment to make (and, as children, anything to say under it), land paid and owed with each plot's progress, investments. */
export function OwnSection({ own, children }: { own: OwnDisplay; children?: ReactNode }) {
  return (
    <section aria-labelledby="own-heading" className="flex flex-col gap-4">
      <h2 id="own-heading" className="text-lg font-semibold text-slate-900">
        Your land and investments
      </h2>
      <NextPayment item={own.nextPayment} />
      {children}
      <div className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-4">
        <Figure
          label="Paid so far"
          value={own.paid}
          note={`On ${own.plotsCounted}`}
          testId="figure-paid"
        />
        <Figure label="Balance to pay" value={own.balance} testId="figure-balance" />
        <Figure
          label="Portfolio value"
          value={own.portfolioValue}
          note={own.portfolioNote}
          testId="figure-portfolio"
        />
        <Figure
          label="Next payout"
          value={own.nextPayout}
          note={own.nextPayoutNote}
          testId="figure-next-payout"
        />
      </div>
      <Plots own={own} />
      {/* File downloads: plain links, so the browser saves what the resource route streams. */}
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a href="/statement" className="link">
          Download my statement
        </a>
        <a href="/statement?format=csv" className="link">
          Statement as CSV
        </a>
      </p>
    </section>
  )
}

function NextPayment({ item }: { item: OwnDisplay['nextPayment'] }) {
  if (!item) {
    return (
      <div className="card flex flex-col gap-1" data-testid="next-payment">
        <h3 className="text-sm font-medium text-slate-600">Next payment</h3>
        <p className="text-base text-slate-900">Nothing to pay right now.</p>
      </div>
    )
  }
  return (
    <div
      className={`card flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between ${item.overdue ? 'border-red-300 bg-red-50' : 'border-brand-200 bg-brand-50'}`}
      data-testid="next-payment"
    >
      {item.owedNow ? (
        <div className="min-w-0">
          <h3 className="text-sm font-medium text-slate-600">What is overdue</h3>
          <p className="text-2xl font-bold text-slate-900" data-testid="owed-now">
            You owe <span className="whitespace-nowrap">{item.owedNow.amount}</span> now
            {item.owedNow.across ? ` ${item.owedNow.across}` : null}
          </p>
          <p className="text-sm text-red-700">{item.owedNow.parts}</p>
          <p className="text-sm font-semibold text-red-700">
            {item.when} · {item.title}
          </p>
        </div>
      ) : (
        <div className="min-w-0">
          <h3 className="text-sm font-medium text-slate-600">Next payment due</h3>
          <p className="text-2xl font-bold text-slate-900">{item.amount}</p>
          <p
            className={`text-sm ${item.overdue ? 'font-semibold text-red-700' : 'text-slate-700'}`}
          >
            {item.when} · {item.title}
          </p>
        </div>
      )}
      {/* The pay panel opens on the choice of what is overdue when something is. */}
      <Link to={item.payHref} className="btn-primary min-h-[44px] shrink-0">
        {item.owedNow ? 'Pay what is overdue' : 'Pay now'}
      </Link>
    </div>
  )
}

function Plots({ own }: { own: OwnDisplay }) {
  if (!own.landCount) {
    return (
      <p className="card text-sm text-slate-700">
        You have no land yet.{' '}
        <Link to="/land-purchases" className="link">
          Browse land for sale
        </Link>
      </p>
    )
  }
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-base font-semibold text-slate-900">Your plots</h3>
      <ul className="grid gap-3 md:grid-cols-2" aria-label="Your plots">
        {own.plots.map((plot) => (
          <li key={plot.reference} className="card flex flex-col gap-2" data-testid="plot-progress">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <Link to={plot.href} className="link min-w-0 break-words">
                {plot.title}
              </Link>
              <span className="text-xs text-slate-500">
                {plot.reference} · {plot.status}
              </span>
            </div>
            <PaidProgress percent={plot.paidPercent} label={`${plot.title}: paid`} />
            <p className="text-sm text-slate-600">{plot.paid}</p>
          </li>
        ))}
      </ul>
      {own.landCount > own.plots.length ? (
        <Link to="/subscriptions" className="link self-start">
          See all {own.landCount} plots
        </Link>
      ) : null}
    </div>
  )
}
