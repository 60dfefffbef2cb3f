import { getFormProps, getInputProps } from '@conform-to/react'
import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AuthHeading } from '~/components/auth/auth-heading'
import { CheckboxField, Field, FormBanner, HoneypotInput } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { loginFormSchema, type LoginForm, type SessionData } from '~/contract/auth'
import { api } from '~/utils/api.server'
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
  const result = await api<SessionData>(request, 'POST', 'auth/login', {
    body: { email, password },
    token: null,
  })
  if (!result.ok) {
    return data(
      { result: replyWithApiFailure(submission, result, ['password']) },
      { status: result.httpStatus === 429 ? 429 : 400 },
    )
  }
  return signInAndRedirect(request, result.data, Boolean(remember))
}

export default function LoginRoute() {
  const { spec } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useSpecForm<LoginForm>(spec, { id: 'login-form', lastResult: actionData?.result })

  return (
    <>
      <AuthHeading title="Sign In">Welcome back. Sign in to continue.</AuthHeading>
      <FormBanner id={form.errorId} errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-1">
        <HoneypotInput />
        <Field
          labelProps={{ children: 'Email' }}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email', autoFocus: true }}
          errors={fields.email.errors}
        />
        <Field
          labelProps={{ children: 'Password' }}
          inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
          errors={fields.password.errors}
        />
        <div className="flex items-center justify-between">
          <CheckboxField
            labelProps={{ children: 'Remember me' }}
            inputProps={getInputProps(fields.remember, { type: 'checkbox' })}
          />
          <Link to="/forgot-password" className="link mb-5 text-sm">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" pending={navigation.state === 'submitting'} className="w-full">
          Sign In
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Don't have an account?{' '}
        <Link to="/register" className="link">
          Sign Up
        </Link>
      </p>
    </>
  )
}

export const meta: MetaFunction = () => [{ title: 'Sign In | Land Banking' }]
