import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { FormBanner } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { PAYMENT_PROVIDER_NAMES, type PaymentProvider } from '~/contract/collections-labels'
import { useSpecForm, type FormSpec } from '~/utils/form-spec'
import { useHydrated } from '~/utils/use-hydrated'
import {
  AmountChoiceFields,
  firstChoice,
  type AmountChoice,
  type ChoiceContext,
} from './amount-choices'

/**
 * "Pay online": a plain form post of one of the amounts due, which starts the provider's hosted
 * checkout (checkout.server.ts). With JavaScript the answer is a redirect to the provider's page;
 * without, a page that forwards there (the site's form-action policy stops a form's redirect to
 * another site).
 */
export function PayOnlineForm({
  action,
  provider,
  choices,
  context,
  spec,
  lastResult,
}: {
  action: string
  provider: PaymentProvider
  choices: AmountChoice[]
  context: ChoiceContext
  spec: FormSpec
  lastResult?: SubmissionResult<string[]>
}) {
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const [form, fields] = useSpecForm<{ amount: string }>(spec, {
    id: 'checkout-form',
    lastResult,
    defaultValue: { amount: firstChoice(choices) },
  })
  const pending =
    navigation.state !== 'idle' && navigation.formAction?.split('?')[0] === action.split('?')[0]
  return (
    <section
      aria-labelledby="pay-online-title"
      className="mb-5 rounded-md border border-slate-200 px-4 py-3"
      data-testid="pay-online"
    >
      <h3 id="pay-online-title" className="text-sm font-semibold text-slate-900">
        Pay online
      </h3>
      <p className="mb-2 mt-1 text-sm text-slate-600">
        By card or bank transfer on {PAYMENT_PROVIDER_NAMES[provider]}&apos;s secure page. You come
        back here once it is paid, and the payment is confirmed at once.
      </p>
      <FormBanner id={form.errorId} errors={form.errors} />
      <Form
        method="post"
        action={action}
        {...getFormProps(form)}
        className="flex flex-col gap-1"
        preventScrollReset
      >
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <AmountChoiceFields
          field={fields.amount}
          choices={choices}
          context={context}
          idPrefix="online-amount"
          testId="online-amount-choices"
        />
        <Button type="submit" pending={pending} className="w-full sm:w-auto sm:self-end">
          Pay online
        </Button>
      </Form>
    </section>
  )
}
