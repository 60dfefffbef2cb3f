import { MetricCard } from '~/components/layout/metric-card'
import type { DashboardCardKey, DashboardCardLink } from '~/utils/navigation'
import type { OwnDisplay, RealtorDisplay, StaffCard } from './dashboard-display.server'
import type { OwnCredits } from '../payments/credits.server'
import { OwnCreditsSection } from '../payments/own-credits'
import { OwnSection } from './own-section'
import { RealtorSection } from './realtor-section'
import { StaffSection } from './staff-section'

/**
 * Each kind of account sees first what it has to do: staff what awaits them, a realtor its
 * customers' progress, a customer its next payment and plots. The totals follow. Figures come
 * formatted from the loader (dashboard-display.server.ts).
 */
export function DashboardView({
  cards,
  staff,
  realtor,
  own,
  metrics,
  error,
  credits = null,
  timeZone,
}: {
  /** The cards the user sees (utils/menu-access.server.ts). */
  cards: DashboardCardLink[]
  staff: StaffCard[] | null
  realtor: RealtorDisplay | null
  own: OwnDisplay | null
  metrics: Record<DashboardCardKey, string>
  error: string | null
  /** A customer's credits (money that paid no payment), or null. */
  credits?: OwnCredits | null
  timeZone?: string
}) {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8">
      <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {staff ? <StaffSection cards={staff} /> : null}
      {realtor ? <RealtorSection realtor={realtor} /> : null}
      {own ? (
        <OwnSection own={own}>
          {credits ? <OwnCreditsSection credits={credits} timeZone={timeZone} /> : null}
        </OwnSection>
      ) : null}
      <section aria-labelledby="totals-heading" className="flex flex-col gap-4">
        <h2 id="totals-heading" className="text-lg font-semibold text-slate-900">
          At a glance
        </h2>
        <ul className="grid grid-cols-2 gap-4 xl:grid-cols-4" aria-label="Metrics">
          {cards.map((card) => (
            <li key={card.key}>
              <MetricCard label={card.label} to={card.path} value={metrics[card.key]} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
