import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, Outlet } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { requireAnonymous } from '~/utils/session.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request)
  return null
}

export default function AuthLayout() {
  return (
    <div className="flex min-h-full flex-col items-center justify-center px-4 py-10">
      <Link to="/login" className="mb-6 flex items-center gap-2 text-brand-800" aria-label="Land Banking home">
        <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-700 text-sm font-black text-white">
          LBC
        </span>
        <span className="text-xl font-bold">Land Banking</span>
      </Link>
      <main className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <Outlet />
      </main>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
