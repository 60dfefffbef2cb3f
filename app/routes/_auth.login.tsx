import { getFormProps, getInputProps } from '@conform-to/react'
import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AuthHeading } from '~/features/auth/auth-heading'
import { useClearFieldsAfterReply } from '~/features/auth/use-clear-fields'
import { Field, FormBanner, HoneypotInput } from '~/components/forms'
import { Button } from '~/components/ui/button'
import type { LoginForm } from '~/contract/auth'
import { loginFormSchema } from '~/utils/auth-forms.server'
import { endpoints } from '~/contract/endpoints'
import { api, failureInit } from '~/utils/api.server'
import { useSpecForm } from '~/utils/form-spec'
import { formSpec, parseForm, replyWithApiFailure } from '~/utils/form.server'
import { signInAndRedirect } from '~/utils/session.server'

export async function loader() {
  return { spec: formSpec(loginFormSchema) }
}

export async function action({ request }: ActionFunctionArgs) {
  const { submission } = await parseForm(request, loginFormSchema, { honeypot: true })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  const { email, password, remember } = submission.value
  const result = await api(request, endpoints.login, {
    body: { email, password, remember: Boolean(remember) },
    token: null,
  })
  if (!result.ok) {
    return data(
      { result: replyWithApiFailure(submission, result, ['password']) },
      failureInit(result),
    )
  }
  return signInAndRedirect(request, result.data, Boolean(remember))
}

export default function LoginRoute() {
  const { spec } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useSpecForm<LoginForm>(spec, {
    id: 'login-form',
    lastResult: actionData?.result,
  })
  useClearFieldsAfterReply(actionData?.result, [fields.password.id])

  return (
    <>
      <AuthHeading title="Sign In">Welcome back. Sign in to continue.</AuthHeading>
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
        <Field
          labelProps={{ children: 'Password' }}
          inputProps={{
            ...getInputProps(fields.password, { type: 'password' }),
            autoComplete: 'current-password',
          }}
          errors={fields.password.errors}
        />
        <div className="mb-5 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
          <label className="flex items-center gap-2 text-slate-700">
            <input
              {...getInputProps(fields.remember, { type: 'checkbox' })}
              className="h-4 w-4 rounded border-slate-300 text-brand-700 focus:ring-brand-600"
            />
            Remember me
          </label>
          <Link to="/forgot-password" className="link whitespace-nowrap">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" pending={navigation.state === 'submitting'} className="w-full">
          Sign In
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/register" className="link">
          Don't have an account? <span className="underline underline-offset-2">Sign Up</span>
        </Link>
      </p>
    </>
  )
}

export const meta: MetaFunction = () => [{ title: 'Sign In | Land Banking' }]

/** A 429 says when to try again (Retry-After), as the API did. */
export { retryAfterHeaders as headers } from '~/utils/retry-after'
