import type { LoaderFunctionArgs } from '@remix-run/node'
import { Form, Outlet, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { requireUser } from '~/utils/session.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return { user }
}

export default function AppLayout() {
  const { user } = useLoaderData<typeof loader>()
  return (
    <div className="min-h-full">
      <header className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3">
        <span className="font-bold text-brand-800">Land Banking</span>
        <div className="flex items-center gap-3 text-sm">
          <span>
            {user.first_name} {user.last_name}
          </span>
          <Form method="post" action="/logout">
            <button type="submit" className="link">
              Logout
            </button>
          </Form>
        </div>
      </header>
      <main className="p-4">
        <Outlet />
      </main>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
