import { GeneralErrorBoundary, NotFoundPage } from '~/components/error-boundary'

export async function loader() {
  throw new Response('Not Found', { status: 404 })
}

export async function action() {
  throw new Response('Not Found', { status: 404 })
}

export default function NotFoundRoute() {
  return <NotFoundPage />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <NotFoundPage /> }} />
}
