import { useInputControl, type FieldMetadata } from '@conform-to/react'
import { Field } from '~/components/forms'

export const OTP_LENGTH = 6

/** Keeps the digits of whatever was typed or pasted ("123 456", "Code: 123456"), at most six. */
export const otpDigits = (value: string) => value.replace(/\D/g, '').slice(0, OTP_LENGTH)

/**
 * The one-time code: one numeric box (the phone's keyboard offers the mailed code), digits only,
 * paste supported. Without JavaScript the server strips the same characters.
 */
export function OtpField({ meta, label }: { meta: FieldMetadata<string>; label: string }) {
  const control = useInputControl(meta)
  return (
    <Field
      labelProps={{ children: label }}
      inputProps={{
        id: meta.id,
        name: meta.name,
        type: 'text',
        inputMode: 'numeric',
        autoComplete: 'one-time-code',
        autoFocus: true,
        spellCheck: false,
        required: meta.required,
        value: control.value ?? '',
        onChange: (event) => control.change(otpDigits(event.currentTarget.value)),
        onBlur: control.blur,
        className: 'input py-3 text-center font-mono text-2xl tracking-[0.5em] indent-[0.5em]',
      }}
      errors={meta.errors}
    />
  )
}
