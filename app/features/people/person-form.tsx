import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  type SubmissionResult,
} from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { ErrorList, Field, FormBanner } from '~/components/forms'
import { Button } from '~/components/ui/button'
import type { PermissionItem, PersonForm as PersonFormShape } from '~/contract/people'
import { useSpecForm, type FormSpec } from '~/utils/form-spec'
import { PEOPLE, type PeopleKind } from './kinds'

/** Add customer, add realtor, add user: names, e-mail, plus business name or permissions. */
export function PersonForm({
  kind,
  spec,
  lastResult,
  permissions = [],
}: {
  kind: PeopleKind
  /** formSpec of the kind's schema, from the route's loader (personFormSpec in people.server.ts). */
  spec: FormSpec
  lastResult?: SubmissionResult
  permissions?: PermissionItem[]
}) {
  const navigation = useNavigation()
  const [form, fields] = useSpecForm<PersonFormShape>(spec, { id: `add-${kind}`, lastResult })
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-1">
      <FormBanner id={form.errorId} errors={form.errors} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: 'First name' }}
          inputProps={{
            ...getInputProps(fields.first_name, { type: 'text' }),
            autoComplete: 'off',
            autoFocus: true,
          }}
          errors={fields.first_name.errors}
        />
        <Field
          labelProps={{ children: 'Last name' }}
          inputProps={{ ...getInputProps(fields.last_name, { type: 'text' }), autoComplete: 'off' }}
          errors={fields.last_name.errors}
        />
      </div>
      <Field
        labelProps={{ children: 'Email' }}
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'off' }}
        errors={fields.email.errors}
      />
      {kind === 'realtor' ? (
        <Field
          labelProps={{ children: 'Business name' }}
          inputProps={{
            ...getInputProps(fields.business_name, { type: 'text' }),
            autoComplete: 'off',
          }}
          errors={fields.business_name.errors}
        />
      ) : null}
      {kind === 'user' ? (
        <PermissionCheckboxes
          items={permissions}
          inputs={getCollectionProps(fields.permissions, {
            type: 'checkbox',
            options: permissions.map((permission) => permission.name),
          })}
          errors={Object.values(fields.permissions.allErrors).flat()}
          errorId={fields.permissions.errorId}
        />
      ) : null}
      <p className="mb-4 text-sm text-slate-500">
        The new {PEOPLE[kind].singular.toLowerCase()} gets an e-mail with a link to choose a
        password.
      </p>
      <Button type="submit" pending={navigation.state === 'submitting'} className="w-full">
        Add {PEOPLE[kind].singular.toLowerCase()}
      </Button>
    </Form>
  )
}

/** The permission list from GET admin/permission as checkboxes; some may be locked for the editor. */
export function PermissionCheckboxes({
  items,
  inputs,
  errors,
  errorId,
  locked = [],
}: {
  items: PermissionItem[]
  inputs: Array<Record<string, unknown> & { value: string; key?: string }>
  errors?: string[]
  errorId?: string
  locked?: string[]
}) {
  return (
    <fieldset className="mb-2" aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="label">Permissions</legend>
      <ul className="grid gap-2 sm:grid-cols-2">
        {inputs.map(({ key, ...input }) => {
          const item = items.find((permission) => permission.name === input.value)
          const id = `permission-${input.value}`
          const isLocked = locked.includes(input.value)
          return (
            <li key={key ?? input.value} className="flex items-start gap-2">
              <input
                {...input}
                id={id}
                disabled={isLocked || undefined}
                className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-700 focus:ring-brand-600"
              />
              <label
                htmlFor={id}
                className={`text-sm ${isLocked ? 'text-slate-400' : 'text-slate-700'}`}
              >
                {item?.description ?? input.value}
                <span className="block font-mono text-xs text-slate-400">{input.value}</span>
              </label>
            </li>
          )
        })}
      </ul>
      {locked.length ? (
        <p className="mt-2 text-xs text-slate-500">
          Greyed-out permissions are ones you do not hold: they stay as they are.
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  )
}
