import type { ReactNode } from 'react'

export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {children ? <p className="mt-1 text-sm text-slate-600">{children}</p> : null}
    </div>
  )
}
