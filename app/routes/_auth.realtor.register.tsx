import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { RegisterForm } from '~/features/auth/register-form'
import { registerAction, registerFormSpec } from '~/utils/register.server'

export async function loader({ request }: LoaderFunctionArgs) {
  // Another realtor's link, /realtor/register?ref=RLT-XXXXXXXX, makes it this realtor's upline.
  return {
    referral: new URL(request.url).searchParams.get('ref')?.slice(0, 40) ?? null,
    spec: registerFormSpec(),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  return registerAction(request, 'realtor')
}

export default function RealtorRegisterRoute() {
  const { referral, spec } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <RegisterForm
      accountRole="realtor"
      spec={spec}
      referral={referral}
      lastResult={actionData?.result}
    />
  )
}

export const meta: MetaFunction = () => [{ title: 'Realtor Sign Up | Land Banking' }]

/** A 429 says when to try again (Retry-After), as the API did. */
export { retryAfterHeaders as headers } from '~/utils/retry-after'
