import type { ReactNode } from 'react'

/** "In arrears": the red mark of a customer or purchase with a payment overdue. */
export function ArrearsBadge({ children = 'In arrears' }: { children?: ReactNode }) {
  return (
    <span
      className="inline-flex items-center whitespace-nowrap rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800"
      data-testid="arrears-badge"
    >
      {children}
    </span>
  )
}
