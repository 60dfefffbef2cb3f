import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form, Link, useNavigation } from '@remix-run/react'
import type { RegisterForm as RegisterFormShape } from '~/contract/auth'
import { Field, FormBanner, HoneypotInput } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { useSpecForm, type FormSpec } from '~/utils/form-spec'
import { AuthHeading } from './auth-heading'
import { useClearFieldsAfterReply } from './use-clear-fields'

export function RegisterForm({
  accountRole: role,
  spec,
  lastResult,
  referral,
}: {
  /** The account it opens: a customer's or a realtor's. */
  accountRole: 'customer' | 'realtor'
  spec: FormSpec
  lastResult?: SubmissionResult
  referral?: string | null
}) {
  const navigation = useNavigation()
  const [form, fields] = useSpecForm<RegisterFormShape>(spec, {
    id: `register-${role}`,
    lastResult,
    defaultValue: { role, referral: referral ?? '' },
  })
  useClearFieldsAfterReply(lastResult, [fields.password.id])

  return (
    <>
      <AuthHeading title="Sign Up">
        {role === 'realtor'
          ? 'Register as a realtor and bring your customers.'
          : 'Create your account to buy and invest in land.'}
      </AuthHeading>
      <FormBanner id={form.errorId} errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-1">
        <HoneypotInput />
        <input {...getInputProps(fields.role, { type: 'hidden' })} />
        <input {...getInputProps(fields.referral, { type: 'hidden' })} />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field
            labelProps={{ children: 'First name' }}
            inputProps={{
              ...getInputProps(fields.first_name, { type: 'text' }),
              autoComplete: 'given-name',
              autoFocus: true,
            }}
            errors={fields.first_name.errors}
          />
          <Field
            labelProps={{ children: 'Last name' }}
            inputProps={{
              ...getInputProps(fields.last_name, { type: 'text' }),
              autoComplete: 'family-name',
            }}
            errors={fields.last_name.errors}
          />
        </div>
        {role === 'realtor' ? (
          <Field
            labelProps={{ children: 'Business name' }}
            inputProps={{
              ...getInputProps(fields.business_name, { type: 'text' }),
              required: true,
              autoComplete: 'organization',
            }}
            errors={fields.business_name.errors}
          />
        ) : null}
        <Field
          labelProps={{ children: 'Email' }}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
          errors={fields.email.errors}
        />
        <Field
          labelProps={{ children: 'Password' }}
          inputProps={{
            ...getInputProps(fields.password, { type: 'password' }),
            autoComplete: 'new-password',
          }}
          errors={fields.password.errors}
          hint="At least 8 characters."
        />
        <Button type="submit" pending={navigation.state === 'submitting'} className="mt-2 w-full">
          Create an account
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="link">
          Already have an account? <span className="underline underline-offset-2">Sign In</span>
        </Link>
      </p>
      <p className="mt-2 text-center text-sm">
        {role === 'realtor' ? (
          <Link to="/register" className="link">
            Register as a customer instead
          </Link>
        ) : (
          <Link to="/realtor/register" className="link">
            Are you a realtor? Register here
          </Link>
        )}
      </p>
    </>
  )
}
