import { MetricCard } from '~/components/layout/metric-card'
import type { DashboardMetrics, DashboardSummary } from '~/contract/dashboard'
import type { Principal } from '~/contract/permissions'
import type { DashboardCardLink } from '~/utils/navigation'
import { OwnSection } from './own-section'
import { RealtorSection } from './realtor-section'
import { StaffSection } from './staff-section'

/** Whether the caller's own land and investments are worth a section: always for customers, for others once they have some. */
function showsOwn(user: Principal, summary: DashboardSummary) {
  if (user.role === 'customer') return true
  const { own } = summary
  return own.land.count > 0 || own.investments.active > 0 || own.next_payment !== null
}

/**
 * Each kind of account sees first what it has to do: staff what awaits them, a realtor its
 * customers' progress, a customer its next payment and plots. The totals follow.
 */
export function DashboardView({
  user,
  cards,
  metrics,
  summary,
  error,
}: {
  user: Principal | null
  /** The cards the user sees (utils/menu-access.server.ts). */
  cards: DashboardCardLink[]
  metrics: DashboardMetrics | null
  summary: DashboardSummary | null
  error: string | null
}) {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8">
      <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {summary?.staff ? <StaffSection staff={summary.staff} weekStart={summary.week_start} /> : null}
      {summary?.realtor ? <RealtorSection realtor={summary.realtor} /> : null}
      {summary && user && showsOwn(user, summary) ? <OwnSection own={summary.own} /> : null}
      <section aria-labelledby="totals-heading" className="flex flex-col gap-4">
        <h2 id="totals-heading" className="text-lg font-semibold text-slate-900">
          At a glance
        </h2>
        <ul className="grid grid-cols-2 gap-4 xl:grid-cols-4" aria-label="Metrics">
          {cards.map((card) => (
            <li key={card.key}>
              <MetricCard label={card.label} to={card.path} value={metrics ? metrics[card.key] : null} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
