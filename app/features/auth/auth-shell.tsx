import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'

/** The centred card every authentication screen sits in, under the brand. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-full flex-col items-center justify-center px-4 py-8 sm:py-12">
      <Link to="/" className="mb-6 flex items-center gap-2 text-brand-800">
        <span
          className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-700 text-sm font-black text-white"
          aria-hidden="true"
        >
          LBC
        </span>
        <span className="text-xl font-bold">Land Banking</span>
        <span className="sr-only">home</span>
      </Link>
      <main className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        {children}
      </main>
    </div>
  )
}
