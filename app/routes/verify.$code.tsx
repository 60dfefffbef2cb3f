import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { AuthShell } from '~/features/auth/auth-shell'
import { loadVerification } from '~/features/documents/documents.server'
import { VerificationFacts, VerificationProblem } from '~/features/documents/verify-view'

// Public: whoever holds a receipt, letter or statement checks it here, signed in or not.
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadVerification(request, params.code)
}

export default function VerifyRoute() {
  const { verification, timeZone } = useLoaderData<typeof loader>()
  return (
    <AuthShell>
      <VerificationFacts verification={verification} timeZone={timeZone} />
    </AuthShell>
  )
}

export const meta: MetaFunction = () => [{ title: 'Document check | Land Banking' }]

export function ErrorBoundary() {
  return (
    <AuthShell>
      <GeneralErrorBoundary
        statusHandlers={{
          404: () => (
            <VerificationProblem title="Document not found">
              This document could not be found. Check the code printed under the QR code and try
              again.
            </VerificationProblem>
          ),
          429: ({ error }) => (
            <VerificationProblem title="Too many checks">{String(error.data)}</VerificationProblem>
          ),
        }}
        defaultStatusHandler={() => (
          <VerificationProblem title="Something went wrong">
            The document could not be checked. Please try again in a moment.
          </VerificationProblem>
        )}
        unexpectedErrorHandler={() => (
          <VerificationProblem title="Something went wrong">
            The document could not be checked. Please try again in a moment.
          </VerificationProblem>
        )}
      />
    </AuthShell>
  )
}

/** A 429 says when to try again (Retry-After), as the API did. */
export { retryAfterHeaders as headers } from '~/utils/retry-after'
