import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { InvalidLinkPage, PasswordTokenForm } from '~/components/auth/password-token-form'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { loadPasswordToken, passwordTokenAction } from '~/utils/password-token.server'

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPasswordToken(request)
}

export async function action({ request }: ActionFunctionArgs) {
  return passwordTokenAction(request, 'set')
}

export default function SetPasswordRoute() {
  const { token, email } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <PasswordTokenForm
      title="Set Password"
      intro={`Choose a password for ${email}.`}
      labels={{ password: 'Password', confirmation: 'Confirm password' }}
      submitLabel="Set Password"
      token={token}
      email={email}
      lastResult={actionData?.result}
    />
  )
}

export const meta: MetaFunction = () => [{ title: 'Set Password | Land Banking' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <InvalidLinkPage /> }} />
}
