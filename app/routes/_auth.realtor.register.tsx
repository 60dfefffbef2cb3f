import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { RegisterForm } from '~/components/auth/register-form'
import { registerAction } from '~/utils/register.server'

export async function action({ request }: ActionFunctionArgs) {
  return registerAction(request, 'realtor')
}

export default function RealtorRegisterRoute() {
  const actionData = useActionData<typeof action>()
  return <RegisterForm role="realtor" lastResult={actionData?.result} />
}

export const meta: MetaFunction = () => [{ title: 'Realtor Sign Up | Land Banking' }]
