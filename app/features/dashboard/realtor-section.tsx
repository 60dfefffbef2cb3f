import { Link } from '@remix-run/react'
import { ArrearsBadge } from '~/components/ui/arrears-badge'
import type { RealtorDisplay } from './dashboard-display.server'
import { Figure } from './figure'
import { PaidProgress } from './progress-bar'

/**
 * A realtor's customers with their payment progress, and the sign-ups its referral link brought
 * this week, and its commissions (earned, paid, balance).
 */
export function RealtorSection({ realtor }: { realtor: RealtorDisplay }) {
  return (
    <section aria-labelledby="realtor-heading" className="flex flex-col gap-4">
      <h2 id="realtor-heading" className="text-lg font-semibold text-slate-900">
        Your customers
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <Figure
          label="Customers"
          value={realtor.customersTotal}
          note={
            <Link to="/customers" className="link">
              See your customers
            </Link>
          }
          testId="figure-customers"
        />
        <Figure
          label="In arrears"
          value={realtor.customersInArrears}
          note={
            realtor.customersInArrears ? (
              <>
                {realtor.customersInArrears === 1 ? 'Customer has' : 'Customers have'} a payment
                overdue.{' '}
                <Link to="/customers" className="link">
                  See who
                </Link>
              </>
            ) : (
              'No customer has a payment overdue.'
            )
          }
          testId="figure-customers-in-arrears"
        />
        <Figure
          label="Sign-ups this week"
          value={realtor.signups}
          note={
            <>
              Through your referral link.{' '}
              <Link to="/customers" className="link">
                Share it
              </Link>
            </>
          }
          testId="figure-signups"
        />
        <section
          aria-labelledby="commissions-card-heading"
          className="card flex flex-col gap-2"
          data-testid="figure-commissions"
        >
          <h3 id="commissions-card-heading" className="text-sm font-medium text-slate-600">
            Commissions
          </h3>
          <dl className="flex flex-col gap-1">
            {realtor.commissions.map(({ label, amount }) => (
              <div key={label} className="flex items-baseline justify-between gap-3">
                <dt className="text-sm text-slate-500">{label}</dt>
                <dd
                  className="whitespace-nowrap text-base font-bold tabular-nums text-slate-900"
                  data-testid="figure-value"
                >
                  {amount}
                </dd>
              </div>
            ))}
          </dl>
          <p className="text-sm text-slate-600">
            Net of withholding tax.{' '}
            <Link to="/commissions" className="link">
              See your commissions
            </Link>
          </p>
        </section>
      </div>
      {realtor.customers.length ? (
        <div className="flex flex-col gap-3">
          <h3 className="text-base font-semibold text-slate-900">Payment progress</h3>
          <ul className="grid gap-3 md:grid-cols-2" aria-label="Payment progress of your customers">
            {realtor.customers.map((customer) => (
              <li
                key={customer.reference}
                className="card flex flex-col gap-2"
                data-testid="customer-progress"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <Link to={customer.href} className="link min-w-0 break-words">
                    {customer.fullName}
                  </Link>
                  {customer.arrears ? <ArrearsBadge>{customer.arrears}</ArrearsBadge> : null}
                  <span className="text-xs text-slate-500">
                    {customer.reference} · {customer.subscriptions}
                  </span>
                </div>
                {customer.hasSubscriptions ? (
                  <>
                    <PaidProgress
                      percent={customer.paidPercent}
                      label={`${customer.fullName}: paid`}
                    />
                    <p className="text-sm text-slate-600">{customer.paid}</p>
                  </>
                ) : (
                  <p className="text-sm text-slate-600">Has not bought anything yet.</p>
                )}
              </li>
            ))}
          </ul>
          {realtor.moreThanShown !== null ? (
            <Link to="/customers" className="link self-start">
              See all {realtor.moreThanShown} customers
            </Link>
          ) : null}
        </div>
      ) : (
        <p className="card text-sm text-slate-700">
          No customers yet. Share your referral link from{' '}
          <Link to="/customers" className="link">
            your customers page
          </Link>
          .
        </p>
      )}
    </section>
  )
}
