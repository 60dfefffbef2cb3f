import type { ReactNode } from 'react'

/** A label and its value on one line, as the product cards show them. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 py-1.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  )
}

export const fullNameOf = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim()
