import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form, Link, useNavigation } from '@remix-run/react'
import { useState, type ReactNode } from 'react'
import { useSpecForm, type FormSpec } from '~/utils/form-spec'
import { useHydrated } from '~/utils/use-hydrated'
import { CheckboxField, FormBanner } from '~/components/forms'
import { Button } from '~/components/ui/button'

/** The list's own query as hidden fields, so a GET step keeps the list the panel opened over. */
export function ListParamInputs({ listSearch }: { listSearch: string }) {
  return (
    <>
      {[...new URLSearchParams(listSearch)].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  )
}

type AgreementFields = { accept_terms?: string; idempotency_key?: string } & Record<
  string,
  string | undefined
>

/**
 * The breakdown's last part: the acknowledgement, the terms checkbox and Proceed. Proceed stays
 * disabled until the box is ticked once JavaScript runs; without it the server refuses an unticked post.
 */
export function AgreementForm({
  id,
  spec,
  lastResult,
  hidden,
  acknowledgement,
  cancelHref,
}: {
  id: string
  spec: FormSpec
  lastResult: SubmissionResult<string[]> | null | undefined
  hidden: Record<string, string>
  acknowledgement: ReactNode
  cancelHref: string
}) {
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const [form, fields] = useSpecForm<AgreementFields>(spec, { id, lastResult })
  const [accepted, setAccepted] = useState(fields.accept_terms.initialValue === 'on')
  const pending =
    navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST'

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      preventScrollReset
      className="mt-5 flex flex-col gap-3"
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormBanner id={form.errorId} errors={form.errors} />
      <div
        className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-700"
        data-testid="acknowledgement"
      >
        {acknowledgement}
      </div>
      <CheckboxField
        labelProps={{
          children: (
            <>
              I accept the agreement above and the{' '}
              <Link to="/terms" target="_blank" rel="noopener" className="link">
                terms and conditions
              </Link>
            </>
          ),
        }}
        inputProps={{
          ...getInputProps(fields.accept_terms, { type: 'checkbox' }),
          // The server answers an unticked box with its message; the browser's own bubble would hide it.
          required: false,
          onChange: (event) => setAccepted(event.currentTarget.checked),
        }}
        errors={fields.accept_terms.errors}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Link to={cancelHref} className="btn-secondary" preventScrollReset>
          Cancel
        </Link>
        <Button type="submit" pending={pending} disabled={hydrated && !accepted}>
          Proceed
        </Button>
      </div>
    </Form>
  )
}

/**
 * A purchase or investment posted from the first step (its choice or amount lost on the way) is
 * refused with the way forward, since the fields the refusal names are on the next step.
 */
export function RefusedBeforeAgreement({
  result,
  message,
}: {
  result?: SubmissionResult<string[]>
  message: string
}) {
  return result?.error && Object.keys(result.error).length ? (
    <FormBanner errors={[message]} />
  ) : null
}
