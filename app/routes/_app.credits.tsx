import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { loadOwnCreditsPage } from '~/features/payments/credits.server'
import { OwnCreditsPage } from '~/features/payments/own-credits-page'

// Where the e-mail and notification about a credit point (contract/links.ts creditsLink).
export async function loader({ request }: LoaderFunctionArgs) {
  return loadOwnCreditsPage(request)
}

export default function CreditsRoute() {
  return <OwnCreditsPage data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = () => [{ title: 'Your credits | Land Banking' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
