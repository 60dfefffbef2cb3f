import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { RegisterForm } from '~/features/auth/register-form'
import { registerAction, registerFormSpec } from '~/utils/register.server'

export async function loader() {
  return { spec: registerFormSpec() }
}

export async function action({ request }: ActionFunctionArgs) {
  return registerAction(request, 'realtor')
}

export default function RealtorRegisterRoute() {
  const { spec } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <RegisterForm role="realtor" spec={spec} lastResult={actionData?.result} />
}

export const meta: MetaFunction = () => [{ title: 'Realtor Sign Up | Land Banking' }]
