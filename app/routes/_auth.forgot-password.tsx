import { getFormProps, getInputProps } from '@conform-to/react'
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AuthHeading } from '~/features/auth/auth-heading'
import { Field, FormBanner, HoneypotInput, SuccessBanner } from '~/components/forms'
import { Button } from '~/components/ui/button'
import type { ForgotPasswordForm } from '~/contract/auth'
import { forgotPasswordSchema } from '~/utils/auth-forms.server'
import { endpoints } from '~/contract/endpoints'
import { api, failureInit } from '~/utils/api.server'
import { useSpecForm } from '~/utils/form-spec'
import { formSpec, parseForm, replyWithApiFailure } from '~/utils/form.server'

export async function loader({ request }: LoaderFunctionArgs) {
  return {
    sent: new URL(request.url).searchParams.get('sent') === '1',
    spec: formSpec(forgotPasswordSchema),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const { submission } = await parseForm(request, forgotPasswordSchema, { honeypot: true })
  if (submission.status !== 'success') {
    return data({ result: submission.reply() }, { status: 400 })
  }
  const result = await api(request, endpoints.forgotPassword, {
    body: submission.value,
    token: null,
  })
  if (!result.ok) {
    return data({ result: replyWithApiFailure(submission, result) }, failureInit(result))
  }
  return redirect('/forgot-password?sent=1')
}

export default function ForgotPasswordRoute() {
  const { sent, spec } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useSpecForm<ForgotPasswordForm>(spec, {
    id: 'forgot-password-form',
    lastResult: actionData?.result,
  })
  return (
    <>
      <AuthHeading title="Forgot Password">
        Enter your email and we will send you a link to reset your password.
      </AuthHeading>
      {sent ? <SuccessBanner>Password reset email sent</SuccessBanner> : null}
      <FormBanner id={form.errorId} errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-1">
        <HoneypotInput />
        <Field
          labelProps={{ children: 'Email' }}
          inputProps={{
            ...getInputProps(fields.email, { type: 'email' }),
            autoComplete: 'email',
            autoFocus: true,
          }}
          errors={fields.email.errors}
        />
        <Button type="submit" pending={navigation.state === 'submitting'} className="w-full">
          Reset Password
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="link">
          Back to Sign In
        </Link>
      </p>
    </>
  )
}

export const meta: MetaFunction = () => [{ title: 'Forgot Password | Land Banking' }]

/** A 429 says when to try again (Retry-After), as the API did. */
export { retryAfterHeaders as headers } from '~/utils/retry-after'
