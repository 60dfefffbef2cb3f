import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { z } from 'zod'
import { AuthHeading } from '~/components/auth/auth-heading'
import { ResendCodeButton } from '~/components/auth/resend-code-button'
import { Field, FormBanner } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { verifyEmailSchema, type SessionUser } from '~/contract/auth'
import { api } from '~/utils/api.server'
import { parseForm, replyWithApiFailure } from '~/utils/form.server'
import { requireAuth, updateSessionUser } from '~/utils/session.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'

const VerifyFormSchema = z.discriminatedUnion('intent', [
  verifyEmailSchema.extend({ intent: z.literal('verify') }),
  z.object({ intent: z.literal('resend') }),
])

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireAuth(request, { allowUnverified: true })
  if (user.email_verified) throw redirect('/')
  return { email: user.email }
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAuth(request, { allowUnverified: true })
  const { submission } = await parseForm(request, VerifyFormSchema)
  if (submission.status !== 'success') {
    return data({ result: submission.reply() }, { status: 400 })
  }
  if (submission.value.intent === 'resend') {
    const result = await api(request, 'POST', 'send-otp')
    return result.ok
      ? redirectWithSuccess(request, '/verify-email', result.message)
      : redirectWithError(request, '/verify-email', result.message)
  }
  const result = await api<SessionUser>(request, 'POST', 'verify-email', { body: { otp: submission.value.otp } })
  if (!result.ok) {
    return data({ result: replyWithApiFailure(submission, result) }, { status: 400 })
  }
  return redirectWithSuccess(request, '/', 'Email verified successfully', {
    headers: { 'Set-Cookie': await updateSessionUser(request, result.data) },
  })
}

export default function VerifyEmailRoute() {
  const { email } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'verify-email-form',
    constraint: getZodConstraint(verifyEmailSchema),
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: VerifyFormSchema }),
    shouldRevalidate: 'onInput',
  })
  const otpProps = getInputProps(fields.otp, { type: 'text' })
  return (
    <div className="flex min-h-full items-center justify-center px-4 py-10">
      <main className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <AuthHeading title="Verify your email">
          Enter the six-digit code we sent to <strong>{email}</strong>.
        </AuthHeading>
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-1">
          <input type="hidden" name="intent" value="verify" />
          <Field
            labelProps={{ children: 'Verification code' }}
            inputProps={{
              ...otpProps,
              inputMode: 'numeric',
              autoComplete: 'one-time-code',
              maxLength: 6,
              pattern: '\\d{6}',
              autoFocus: true,
              className: 'input text-center font-mono text-2xl tracking-[0.6em]',
              onInput: (event) => {
                // Digits only, so a pasted "123 456" or "Code: 123456" still fits.
                const input = event.currentTarget
                input.value = input.value.replace(/\D/g, '').slice(0, 6)
              },
            }}
            errors={fields.otp.errors}
          />
          <Button type="submit" pending={navigation.formData?.get('intent') === 'verify'} className="w-full">
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
      </main>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Verify your email | Land Banking' }]
