import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  type SubmissionResult,
} from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { Field, FormBanner } from '~/components/forms'
import { Button } from '~/components/ui/button'
import type { PermissionItem, StaffUser, UserUpdateForm } from '~/contract/people'
import { useSpecForm, type FormSpec } from '~/utils/form-spec'
import { PermissionCheckboxes } from './person-form'

/** Edit user: names are shown locked, the e-mail is filled in and may be changed, permissions toggle. */
export function UserEditForm({
  user,
  permissions,
  locked,
  spec,
  lastResult,
}: {
  user: StaffUser
  permissions: PermissionItem[]
  locked: string[]
  /** formSpec(userUpdateSchema), from the route's loader. */
  spec: FormSpec
  lastResult?: SubmissionResult
}) {
  const navigation = useNavigation()
  const [form, fields] = useSpecForm<UserUpdateForm>(spec, {
    id: `edit-user-${user.uuid}`,
    lastResult,
    defaultValue: { email: user.email, permissions: user.permissions },
  })
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-1">
      <FormBanner id={form.errorId} errors={form.errors} />
      <p className="mb-3 font-mono text-xs text-slate-500">{user.reference}</p>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: 'First name' }}
          inputProps={{
            id: 'locked-first-name',
            value: user.first_name,
            readOnly: true,
            'aria-readonly': true,
            className: 'input bg-slate-100 text-slate-600',
          }}
        />
        <Field
          labelProps={{ children: 'Last name' }}
          inputProps={{
            id: 'locked-last-name',
            value: user.last_name,
            readOnly: true,
            'aria-readonly': true,
            className: 'input bg-slate-100 text-slate-600',
          }}
        />
      </div>
      <Field
        labelProps={{ children: 'Email' }}
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'off' }}
        errors={fields.email.errors}
        hint="Changing it signs the user out and tells the old address."
      />
      <PermissionCheckboxes
        items={permissions}
        inputs={getCollectionProps(fields.permissions, {
          type: 'checkbox',
          options: permissions.map((permission) => permission.name),
        })}
        errors={Object.values(fields.permissions.allErrors).flat()}
        errorId={fields.permissions.errorId}
        locked={locked}
      />
      <Button type="submit" pending={navigation.state === 'submitting'} className="mt-2 w-full">
        Save changes
      </Button>
    </Form>
  )
}
