import type { ReactNode } from 'react'

/** One headline figure of a dashboard section: a label, the value, and an optional line under it. */
export function Figure({
  label,
  value,
  note,
  testId,
}: {
  label: string
  value: ReactNode
  note?: ReactNode
  testId?: string
}) {
  return (
    <div className="card flex flex-col gap-1" data-testid={testId}>
      <h3 className="text-sm font-medium text-slate-600">{label}</h3>
      {/* A figure never breaks mid-number ("₦19,738,181.⏎84"): the card is wide enough for it. */}
      <p
        className="whitespace-nowrap text-2xl font-bold tabular-nums text-slate-900"
        data-testid="figure-value"
      >
        {value}
      </p>
      {note ? <p className="text-sm text-slate-600">{note}</p> : null}
    </div>
  )
}
