import { useInputControl, type FieldMetadata } from '@conform-to/react'
import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { formatMoneyInput } from '~/utils/format'

export type ListOfErrors = Array<string | null | undefined> | null | undefined

/** A fixed-height slot so a message appearing or leaving never moves the button under the pointer. */
export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const shown = errors?.filter(Boolean)
  return (
    <div className="min-h-[1.25rem] pt-1" id={id} aria-live="polite">
      {shown?.length ? (
        <ul className="flex flex-col gap-0.5">
          {shown.map((error) => (
            <li key={error} className="text-xs text-red-600">
              {error}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** Label, input and the field's errors, wired with aria-invalid and aria-describedby. */
export function Field({
  labelProps,
  inputProps,
  errors,
  hint,
  className,
}: {
  labelProps: { children: ReactNode; htmlFor?: string }
  inputProps: InputHTMLAttributes<HTMLInputElement>
  errors?: ListOfErrors
  hint?: ReactNode
  className?: string
}) {
  const fallbackId = useId()
  const id = inputProps.id ?? fallbackId
  const errorId = errors?.filter(Boolean).length ? `${id}-error` : undefined
  const hintId = hint ? `${id}-hint` : undefined
  return (
    <div className={className}>
      <label htmlFor={id} className="label" {...labelProps} />
      <input
        id={id}
        className="input"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...inputProps}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

export function CheckboxField({
  labelProps,
  inputProps,
  errors,
}: {
  labelProps: { children: ReactNode }
  inputProps: InputHTMLAttributes<HTMLInputElement>
  errors?: ListOfErrors
}) {
  const fallbackId = useId()
  const id = inputProps.id ?? fallbackId
  const errorId = errors?.filter(Boolean).length ? `${id}-error` : undefined
  return (
    <div>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          className="h-4 w-4 rounded border-slate-300 text-brand-700 focus:ring-brand-600"
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          {...inputProps}
        />
        <label htmlFor={id} className="text-sm text-slate-700" {...labelProps} />
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

/** Server messages on auth screens: a red banner. */
export function FormBanner({ errors, id }: { errors?: ListOfErrors; id?: string }) {
  const shown = errors?.filter(Boolean)
  if (!shown?.length) return null
  return (
    <div
      id={id}
      role="alert"
      className="mb-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
    >
      {shown.join(', ')}
    </div>
  )
}

export function SuccessBanner({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="mb-4 rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800"
    >
      {children}
    </div>
  )
}

/** A field bots fill in and people never see; public forms refuse posts that filled it. */
export function HoneypotInput() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor="website-field">Leave this field empty</label>
      <input
        id="website-field"
        type="text"
        name="website"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  )
}

/** Money input: shows thousands separators while typing; the server parses the commas away. */
export function MoneyField({
  meta,
  label,
  errors,
  inputProps,
}: {
  meta: FieldMetadata<string | number | undefined>
  label: ReactNode
  errors?: ListOfErrors
  inputProps?: InputHTMLAttributes<HTMLInputElement>
}) {
  const control = useInputControl(meta as FieldMetadata<string>)
  return (
    <Field
      labelProps={{ children: label }}
      inputProps={{
        id: meta.id,
        name: meta.name,
        inputMode: 'decimal',
        autoComplete: 'off',
        value: control.value ?? '',
        onChange: (event) => control.change(formatMoneyInput(event.currentTarget.value)),
        onBlur: control.blur,
        ...inputProps,
      }}
      errors={errors ?? meta.errors}
    />
  )
}
