import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { PasswordTokenForm } from '~/features/auth/password-token-form'
import { loadPasswordToken, passwordTokenAction } from '~/utils/password-token.server'

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPasswordToken(request)
}

export async function action({ request }: ActionFunctionArgs) {
  return passwordTokenAction(request, 'reset')
}

export default function ResetPasswordRoute() {
  const { token, email, spec } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <PasswordTokenForm
      title="Reset Password"
      intro={`Choose a new password for ${email}.`}
      labels={{ password: 'New password', confirmation: 'Confirm new password' }}
      submitLabel="Reset Password"
      token={token}
      email={email}
      spec={spec}
      lastResult={actionData?.result}
    />
  )
}

// A missing or rejected token is a 404 that the _auth layout shows as the not-found view.
export const meta: MetaFunction = () => [{ title: 'Reset Password | Land Banking' }]
