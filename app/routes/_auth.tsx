import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet } from '@remix-run/react'
import { AuthShell } from '~/features/auth/auth-shell'
import { InvalidLinkPage } from '~/features/auth/password-token-form'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { requireAnonymous } from '~/utils/session.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request)
  return null
}

export default function AuthLayout() {
  return (
    <AuthShell>
      <Outlet />
    </AuthShell>
  )
}

// Outside the card: a rejected /reset-password or /set-password link shows the full-page not-found view.
export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <InvalidLinkPage /> }} />
}
