import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { CheckboxField, Field, FormBanner } from '~/components/forms'
import { Button } from '~/components/ui/button'
import type { RealtorDetails } from '~/contract/people'
import { useSpecForm, type FormSpec } from '~/utils/form-spec'

type ChainShape = { upline: string; registered_company: string }

/** Staff change a realtor's upline (a realtor's reference; blank for none) and whether it is a registered company. */
export function CommissionChainForm({
  realtor,
  spec,
  lastResult,
}: {
  realtor: RealtorDetails
  spec: FormSpec
  lastResult?: SubmissionResult
}) {
  const navigation = useNavigation()
  const pending = navigation.state === 'submitting'
  const [form, fields] = useSpecForm<ChainShape>(spec, {
    id: 'commission-chain',
    lastResult,
    defaultValue: {
      upline: realtor.upline?.reference ?? '',
      registered_company: realtor.registered_company ? 'on' : '',
    },
  })
  return (
    <div className="mt-4 rounded-md border border-slate-200 p-3">
      <FormBanner id={form.errorId} errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
        <Field
          labelProps={{ children: 'Upline (realtor reference)' }}
          inputProps={{
            ...getInputProps(fields.upline, { type: 'text' }),
            placeholder: 'RLT-…',
            autoComplete: 'off',
            maxLength: 40,
          }}
          errors={fields.upline.errors}
          hint="Leave it empty for no upline."
        />
        <CheckboxField
          labelProps={{ children: 'Registered company' }}
          inputProps={{
            ...getInputProps(fields.registered_company, { type: 'checkbox' }),
            value: 'on',
          }}
          errors={fields.registered_company.errors}
        />
        <Button type="submit" pending={pending} className="w-full sm:w-auto sm:self-start">
          Save commission chain
        </Button>
      </Form>
    </div>
  )
}
