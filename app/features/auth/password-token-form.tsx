import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form, Link, useNavigation } from '@remix-run/react'
import type { ResetPasswordForm } from '~/contract/auth'
import { Field, FormBanner, HoneypotInput } from '~/components/forms'
import { NotFoundPage } from '~/components/error-boundary'
import { Button } from '~/components/ui/button'
import { useSpecForm, type FormSpec } from '~/utils/form-spec'
import { AuthHeading } from './auth-heading'
import { useClearFieldsAfterReply } from './use-clear-fields'

/** The form of /reset-password and /set-password. */
export function PasswordTokenForm({
  title,
  intro,
  labels,
  submitLabel,
  token,
  email,
  spec,
  lastResult,
}: {
  title: string
  intro: string
  labels: { password: string; confirmation: string }
  submitLabel: string
  token: string
  email: string
  spec: FormSpec
  lastResult?: SubmissionResult
}) {
  const navigation = useNavigation()
  const [form, fields] = useSpecForm<ResetPasswordForm>(spec, {
    id: 'password-token-form',
    lastResult,
    defaultValue: { token, email },
  })
  useClearFieldsAfterReply(lastResult, [fields.password.id, fields.password_confirmation.id])
  return (
    <>
      <AuthHeading title={title}>{intro}</AuthHeading>
      <FormBanner id={form.errorId} errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-1">
        <HoneypotInput />
        <input {...getInputProps(fields.token, { type: 'hidden' })} />
        <input {...getInputProps(fields.email, { type: 'hidden' })} />
        <Field
          labelProps={{ children: labels.password }}
          inputProps={{
            ...getInputProps(fields.password, { type: 'password' }),
            autoComplete: 'new-password',
            autoFocus: true,
          }}
          errors={fields.password.errors}
          hint="At least 8 characters."
        />
        <Field
          labelProps={{ children: labels.confirmation }}
          inputProps={{
            ...getInputProps(fields.password_confirmation, { type: 'password' }),
            autoComplete: 'new-password',
          }}
          errors={fields.password_confirmation.errors}
        />
        <Button type="submit" pending={navigation.state === 'submitting'} className="w-full">
          {submitLabel}
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

export function InvalidLinkPage() {
  return (
    <NotFoundPage>
      <p className="text-slate-600">This link is invalid or has expired.</p>
      <a href="/forgot-password" className="link">
        Request a new link
      </a>
    </NotFoundPage>
  )
}
