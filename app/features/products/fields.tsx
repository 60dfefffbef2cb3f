import { useId, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react'
import { ErrorList, type ListOfErrors } from '~/components/forms'

/** Label, select and the field's errors, wired like Field. */
export function SelectField({
  label,
  selectProps,
  options,
  errors,
  placeholder,
  className,
}: {
  label: string
  selectProps: SelectHTMLAttributes<HTMLSelectElement>
  options: ReadonlyArray<{ value: string; label: string }>
  errors?: ListOfErrors
  placeholder?: string
  className?: string
}) {
  const fallbackId = useId()
  const id = selectProps.id ?? fallbackId
  const errorId = errors?.filter(Boolean).length ? `${id}-error` : undefined
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select
        id={id}
        className="input"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        {...selectProps}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

export function TextareaField({
  label,
  textareaProps,
  errors,
  className,
}: {
  label: string
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement>
  errors?: ListOfErrors
  className?: string
}) {
  const fallbackId = useId()
  const id = textareaProps.id ?? fallbackId
  const errorId = errors?.filter(Boolean).length ? `${id}-error` : undefined
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <textarea
        id={id}
        rows={4}
        className="input"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        {...textareaProps}
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}
