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
      <p className="break-words text-2xl font-bold text-slate-900">{value}</p>
      {note ? <p className="text-sm text-slate-600">{note}</p> : null}
    </div>
  )
}
