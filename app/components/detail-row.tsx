import type { ReactNode } from 'react'

/** A label and its value on one line of a definition list, as cards and slide-overs show them. */
export function DetailRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="detail-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}
