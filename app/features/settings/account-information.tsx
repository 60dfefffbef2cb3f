import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation, useSubmit } from '@remix-run/react'
import { useEffect } from 'react'
import { Field, FormBanner } from '~/components/forms'
import { Button } from '~/components/ui/button'
import type { ChangeEmailForm as ChangeEmailShape, SessionUser } from '~/contract/auth'
import type { ChangePasswordForm as ChangePasswordShape } from '~/contract/settings'
import { useSpecForm, type FormSpec } from '~/utils/form-spec'
import { useHydrated } from '~/utils/use-hydrated'
import { capitalize, humanize } from '~/utils/text'

export const SIGN_OUT_DELAY_MS = 1000

export function AccountDetails({ user }: { user: SessionUser }) {
  const rows: Array<[string, string]> = [
    ['First name', user.first_name],
    ['Last name', user.last_name],
    ['Email', user.email],
    ['Role', capitalize(humanize(user.role))],
  ]
  if (user.business_name) rows.splice(3, 0, ['Business name', user.business_name])
  return (
    <section aria-labelledby="account-heading" className="card">
      <h2 id="account-heading" className="mb-4 text-lg font-semibold text-slate-900">
        Account information
      </h2>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-[10rem,1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-sm font-medium text-slate-500">{term}</dt>
            <dd className="break-words text-sm text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/**
 * Change password. The API signs every session out, so: without JavaScript the action signs out
 * at once (toast on /login); with JavaScript the toast shows here and sign-out follows in 1 second.
 */
export function ChangePasswordForm({
  spec,
  lastResult,
  changed,
}: {
  spec: FormSpec
  lastResult?: SubmissionResult
  changed: boolean
}) {
  const navigation = useNavigation()
  const submit = useSubmit()
  const hydrated = useHydrated()
  useEffect(() => {
    if (!changed) return
    const timer = setTimeout(
      () => submit(null, { method: 'post', action: '/logout' }),
      SIGN_OUT_DELAY_MS,
    )
    return () => clearTimeout(timer)
  }, [changed, submit])
  const [form, fields] = useSpecForm<ChangePasswordShape>(spec, {
    id: 'change-password',
    lastResult,
  })
  return (
    <section aria-labelledby="password-heading" className="card">
      <h2 id="password-heading" className="mb-4 text-lg font-semibold text-slate-900">
        Change password
      </h2>
      <FormBanner id={form.errorId} errors={form.errors} />
      {changed ? (
        <p role="status" className="mb-4 text-sm text-slate-600">
          Password changed. Signing you out…
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="flex max-w-md flex-col gap-1">
        <input type="hidden" name="intent" value="change-password" />
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <Field
          labelProps={{ children: 'Current password' }}
          inputProps={{
            ...getInputProps(fields.current_password, { type: 'password' }),
            autoComplete: 'current-password',
          }}
          errors={fields.current_password.errors}
        />
        <Field
          labelProps={{ children: 'New password' }}
          inputProps={{
            ...getInputProps(fields.password, { type: 'password' }),
            autoComplete: 'new-password',
          }}
          errors={fields.password.errors}
          hint="At least 8 characters."
        />
        <Field
          labelProps={{ children: 'Confirm password' }}
          inputProps={{
            ...getInputProps(fields.password_confirmation, { type: 'password' }),
            autoComplete: 'new-password',
          }}
          errors={fields.password_confirmation.errors}
        />
        <Button
          type="submit"
          pending={
            navigation.state === 'submitting' &&
            navigation.formData?.get('intent') === 'change-password'
          }
          disabled={changed}
          className="w-full sm:w-auto sm:self-start"
        >
          Change password
        </Button>
      </Form>
    </section>
  )
}

/**
 * Change email: the API mails a link to the new address and tells the old one; until the link is
 * followed the account keeps its address, and this card says which one is waiting.
 */
export function ChangeEmailForm({
  spec,
  lastResult,
  pendingEmail,
}: {
  spec: FormSpec
  lastResult?: SubmissionResult
  pendingEmail: string | null
}) {
  const navigation = useNavigation()
  const [form, fields] = useSpecForm<ChangeEmailShape>(spec, { id: 'change-email', lastResult })
  return (
    <section aria-labelledby="email-heading" className="card">
      <h2 id="email-heading" className="mb-4 text-lg font-semibold text-slate-900">
        Change email
      </h2>
      {pendingEmail ? (
        <p role="status" className="mb-4 text-sm text-slate-600">
          Pending confirmation of <strong className="break-all">{pendingEmail}</strong>. Follow the
          link we sent to that address to finish the change.
        </p>
      ) : null}
      <FormBanner id={form.errorId} errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="flex max-w-md flex-col gap-1">
        <input type="hidden" name="intent" value="change-email" />
        <Field
          labelProps={{ children: 'New email' }}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
          errors={fields.email.errors}
        />
        <Field
          labelProps={{ children: 'Password' }}
          inputProps={{
            ...getInputProps(fields.current_password, { type: 'password' }),
            autoComplete: 'current-password',
          }}
          errors={fields.current_password.errors}
          hint="Your current password, to show it is you."
        />
        <Button
          type="submit"
          pending={
            navigation.state === 'submitting' &&
            navigation.formData?.get('intent') === 'change-email'
          }
          className="w-full sm:w-auto sm:self-start"
        >
          Change email
        </Button>
      </Form>
    </section>
  )
}
