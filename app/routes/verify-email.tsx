import { getFormProps } from '@conform-to/react'
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AuthHeading } from '~/features/auth/auth-heading'
import { AuthShell } from '~/features/auth/auth-shell'
import { OtpField } from '~/features/auth/otp-field'
import { ResendCodeButton } from '~/features/auth/resend-code-button'
import { EmailAddress } from '~/components/email-address'
import { FormBanner } from '~/components/forms'
import { Button } from '~/components/ui/button'
import type { VerifyCodeForm } from '~/contract/auth'
import { verifyCodeFormSchema, verifyFormSchema } from '~/utils/auth-forms.server'
import { endpoints } from '~/contract/endpoints'
import { api, failureInit } from '~/utils/api.server'
import { useSpecForm } from '~/utils/form-spec'
import { formSpec, parseForm, replyWithApiFailure } from '~/utils/form.server'
import { requireAuth, updateSessionUser } from '~/utils/session.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireAuth(request, { allowUnverified: true })
  if (user.email_verified) throw redirect('/')
  return { email: user.email, spec: formSpec(verifyCodeFormSchema) }
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAuth(request, { allowUnverified: true })
  const { submission } = await parseForm(request, verifyFormSchema)
  if (submission.status !== 'success') {
    return data({ result: submission.reply() }, { status: 400 })
  }
  if (submission.value.intent === 'resend') {
    const result = await api(request, endpoints.sendOtp)
    if (result.ok) return redirectWithSuccess(request, '/verify-email', result.message)
    // Asked again too soon: the page says so and when to try again, as the API did.
    if (result.httpStatus === 429)
      return data(
        { result: submission.reply({ formErrors: [result.message] }) },
        failureInit(result),
      )
    return redirectWithError(request, '/verify-email', result.message)
  }
  const result = await api(request, endpoints.verifyEmail, { body: { otp: submission.value.otp } })
  if (!result.ok) {
    return data({ result: replyWithApiFailure(submission, result) }, failureInit(result))
  }
  return redirectWithSuccess(request, '/', 'Email verified successfully', {
    headers: { 'Set-Cookie': await updateSessionUser(request, result.data) },
  })
}

export default function VerifyEmailRoute() {
  const { email, spec } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useSpecForm<VerifyCodeForm>(spec, {
    id: 'verify-email-form',
    lastResult: actionData?.result,
  })
  return (
    <AuthShell>
      <AuthHeading title="Verify your email">
        Enter the six-digit code we sent to <EmailAddress email={email} className="font-semibold" />
        .
      </AuthHeading>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-1">
        <input type="hidden" name="intent" value="verify" />
        <OtpField meta={fields.otp} label="Verification code" />
        <Button
          type="submit"
          pending={navigation.formData?.get('intent') === 'verify'}
          className="w-full"
        >
          Verify
        </Button>
      </Form>
      <FormBanner errors={form.errors?.filter((error) => !fields.otp.errors?.includes(error))} />
      <ResendCodeButton />
      <Form method="post" action="/logout" className="mt-4 text-center">
        <button type="submit" className="link text-sm">
          Sign out
        </button>
      </Form>
    </AuthShell>
  )
}

export const meta: MetaFunction = () => [{ title: 'Verify your email | Land Banking' }]

/** A 429 says when to try again (Retry-After), as the API did. */
export { retryAfterHeaders as headers } from '~/utils/retry-after'
