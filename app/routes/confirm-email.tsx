import { getFormProps } from '@conform-to/react'
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AuthHeading } from '~/features/auth/auth-heading'
import { AuthShell } from '~/features/auth/auth-shell'
import { FormBanner } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { endpoints } from '~/contract/endpoints'
import { api } from '~/utils/api.server'
import { confirmEmailSchema } from '~/utils/auth-forms.server'
import { useSpecForm } from '~/utils/form-spec'
import { formSpec, parseForm, replyWithApiFailure } from '~/utils/form.server'
import { getAuth, updateSessionUser } from '~/utils/session.server'
import { redirectWithSuccess } from '~/utils/toast.server'

// The link mailed to a new address: opening it changes nothing (mail scanners open links); the
// button's post confirms. It works signed in or out.
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token')?.trim()
  if (!token) throw new Response('This link is invalid or has expired', { status: 404 })
  return { token, spec: formSpec(confirmEmailSchema) }
}

export async function action({ request }: ActionFunctionArgs) {
  const { submission } = await parseForm(request, confirmEmailSchema)
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const result = await api(request, endpoints.confirmEmail, { body: submission.value })
  if (!result.ok) return data({ result: replyWithApiFailure(submission, result) }, { status: 400 })
  if (await getAuth(request)) {
    // Signed in: this session survives the change (the API kept its token); its snapshot shows the new address.
    const me = await api(request, endpoints.me)
    if (me.ok) {
      return redirectWithSuccess(request, '/settings', result.message, {
        headers: { 'Set-Cookie': await updateSessionUser(request, me.data) },
      })
    }
  }
  return redirectWithSuccess(
    request,
    '/login',
    `${result.message}. Sign in with ${result.data.email}.`,
  )
}

export default function ConfirmEmailRoute() {
  const { token, spec } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form] = useSpecForm(spec, { id: 'confirm-email-form', lastResult: actionData?.result })
  return (
    <AuthShell>
      <AuthHeading title="Confirm your new email">
        Confirm that this address should be used to sign in to your Land Banking account from now
        on.
      </AuthHeading>
      <FormBanner id={form.errorId} errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-1">
        <input type="hidden" name="token" value={token} />
        <Button type="submit" pending={navigation.state === 'submitting'} className="w-full">
          Confirm email address
        </Button>
      </Form>
    </AuthShell>
  )
}

export const meta: MetaFunction = () => [{ title: 'Confirm your new email | Land Banking' }]
