import { parse, useForm } from '@conform-to/react'

type Constraint = {
  required?: boolean
  minLength?: number
  maxLength?: number
  min?: string | number
  max?: string | number
  step?: string | number
  multiple?: boolean
  pattern?: string
}

/** Built on the server by formSpec(schema) in app/utils/form.server.ts. */
export type FormSpec = { constraint: Record<string, Constraint>; required: Record<string, string> }

type UseFormOptions<Schema extends Record<string, unknown>> = Parameters<typeof useForm<Schema>>[0]

/**
 * conform's useForm without zod in the browser: a field is checked for presence as the user
 * leaves it and again as they type (so typing clears its error); the server checks the rest.
 */
export function useSpecForm<Schema extends Record<string, unknown>>(
  spec: FormSpec,
  options: Omit<UseFormOptions<Schema>, 'constraint' | 'onValidate'>,
) {
  return useForm<Schema>({
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    ...options,
    constraint: spec.constraint,
    onValidate: ({ formData }) =>
      parse<Schema, string[]>(formData, {
        resolve(value) {
          const error: Record<string, string[]> = {}
          for (const [field, message] of Object.entries(spec.required)) {
            if (isBlank(valueAt(value, field))) error[field] = [message]
          }
          return Object.keys(error).length ? { error } : { value: value as Schema }
        },
      }),
  })
}

function valueAt(value: unknown, path: string) {
  return path
    .split('.')
    .reduce<unknown>(
      (current, key) =>
        current && typeof current === 'object'
          ? (current as Record<string, unknown>)[key]
          : undefined,
      value,
    )
}

function isBlank(value: unknown) {
  if (value === undefined || value === null) return true
  if (typeof value === 'string') return value.trim() === ''
  if (Array.isArray(value)) return value.length === 0
  if (value instanceof File) return value.size === 0
  return false
}
