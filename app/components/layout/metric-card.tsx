import { Link } from '@remix-run/react'

/** A dashboard figure (formatted by the loader) that links to its list. */
export function MetricCard({ label, to, value }: { label: string; to: string; value: string }) {
  return (
    <Link
      to={to}
      data-testid="metric-card"
      className="card flex h-full flex-col gap-2 transition-colors hover:border-brand-600 hover:bg-brand-50"
    >
      <h3 className="text-sm font-medium text-slate-600">{label}</h3>
      <p className="text-3xl font-bold text-slate-900">{value}</p>
    </Link>
  )
}
