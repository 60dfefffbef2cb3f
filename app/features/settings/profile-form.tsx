import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
} from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { useId, type SelectHTMLAttributes } from 'react'
import { CheckboxField, ErrorList, Field, FormBanner, type ListOfErrors } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { NIGERIAN_BANKS } from '~/contract/banks'
import type { Profile, ProfileForm as ProfileShape } from '~/contract/profile'
import { useSpecForm, type FormSpec } from '~/utils/form-spec'
import { useClearFieldsAfterReply } from '../auth/use-clear-fields'
import { CHECK_ACCOUNT_STEP } from './payout-check'

/**
 * The user's own profile: phone, address, next of kin and, for customers, the bank account their
 * investment payouts are paid into.
 */
export function ProfileForm({
  current,
  spec,
  lastResult,
  hasPayoutAccount,
  isRealtor = false,
  accountCheck = null,
}: {
  current: Profile
  spec: FormSpec
  lastResult?: SubmissionResult
  hasPayoutAccount: boolean
  /** What "Check account" found: the bank's name for the account, or why names cannot be checked. */
  accountCheck?: AccountCheck | null
  /** Realtors say whether they are a registered company (the withholding tax on their commissions). */
  isRealtor?: boolean
}) {
  const navigation = useNavigation()
  const submitting =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'profile'
  const checking = submitting && navigation.formData?.get('step') === CHECK_ACCOUNT_STEP
  const pending = submitting && !checking
  const {
    bank_name: _bankName,
    registered_company: registeredCompany,
    registered_company_request: companyRequest,
    ...saved
  } = current
  // A change waiting for staff is what the box shows, so saving the profile again keeps it asked for.
  const defaultValue = {
    ...saved,
    registered_company: (companyRequest?.registered_company ?? registeredCompany) ? 'on' : '',
  }
  const [form, fields] = useSpecForm<ProfileShape>(spec, {
    id: 'profile',
    lastResult,
    defaultValue,
  })
  // A refused save never leaves the password in its box (without JavaScript the server's reply already leaves it out).
  useClearFieldsAfterReply(lastResult, [fields.current_password.id])
  return (
    <section aria-labelledby="profile-heading" className="card lg:col-span-2">
      <h2 id="profile-heading" className="mb-1 text-lg font-semibold text-slate-900">
        Profile
      </h2>
      <p className="mb-4 text-sm text-slate-500">
        How we reach you, and who to contact if we cannot.
      </p>
      <FormBanner id={form.errorId} errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-1">
        <input type="hidden" name="intent" value="profile" />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field
            labelProps={{ children: 'Phone number' }}
            inputProps={{
              ...getInputProps(fields.phone, { type: 'tel' }),
              autoComplete: 'tel',
              placeholder: '0803 123 4567',
            }}
            errors={fields.phone.errors}
          />
          <Field
            labelProps={{ children: 'Address' }}
            inputProps={{
              ...getInputProps(fields.address, { type: 'text' }),
              autoComplete: 'street-address',
            }}
            errors={fields.address.errors}
          />
        </div>
        <fieldset className="mt-2">
          <legend className="mb-2 text-sm font-semibold text-slate-800">Next of kin</legend>
          <div className="grid gap-x-4 sm:grid-cols-3">
            <Field
              labelProps={{ children: 'Full name' }}
              inputProps={{
                ...getInputProps(fields.next_of_kin_name, { type: 'text' }),
                autoComplete: 'off',
              }}
              errors={fields.next_of_kin_name.errors}
            />
            <Field
              labelProps={{ children: 'Phone number' }}
              inputProps={{
                ...getInputProps(fields.next_of_kin_phone, { type: 'tel' }),
                autoComplete: 'off',
              }}
              errors={fields.next_of_kin_phone.errors}
            />
            <Field
              labelProps={{ children: 'Relationship' }}
              inputProps={{
                ...getInputProps(fields.next_of_kin_relationship, { type: 'text' }),
                autoComplete: 'off',
                placeholder: 'Sister, spouse, son…',
              }}
              errors={fields.next_of_kin_relationship.errors}
            />
          </div>
        </fieldset>
        {hasPayoutAccount ? (
          <fieldset className="mt-2">
            <legend className="mb-1 text-sm font-semibold text-slate-800">
              Payout bank account
            </legend>
            <p className="mb-2 text-xs text-slate-500">
              Where we pay your investment returns. The name must match the account: Check account
              shows the name the bank holds, where names can be looked up. To set or change it,
              enter your current password; we e-mail you about the change, and payouts to the new
              account are held for a while first.
            </p>
            <div className="grid gap-x-4 sm:grid-cols-3">
              <BankSelect selectProps={getSelectProps(fields.bank)} errors={fields.bank.errors} />
              <Field
                labelProps={{ children: 'Account number' }}
                inputProps={{
                  ...getInputProps(fields.account_number, { type: 'text' }),
                  inputMode: 'numeric',
                  autoComplete: 'off',
                  maxLength: 13,
                }}
                errors={fields.account_number.errors}
                hint="10 digits"
              />
              <Field
                labelProps={{ children: 'Account name' }}
                inputProps={{
                  ...getInputProps(fields.account_name, { type: 'text' }),
                  autoComplete: 'off',
                }}
                errors={fields.account_name.errors}
              />
            </div>
            <AccountCheckResult check={accountCheck} />
            <Button
              type="submit"
              name="step"
              value={CHECK_ACCOUNT_STEP}
              variant="secondary"
              pending={checking}
              className="mb-3 w-full sm:w-auto"
            >
              Check account
            </Button>
            <div className="sm:max-w-xs">
              <Field
                labelProps={{ children: 'Current password' }}
                inputProps={{
                  ...getInputProps(fields.current_password, { type: 'password' }),
                  autoComplete: 'current-password',
                }}
                errors={fields.current_password.errors}
                hint="Only needed to set or change the payout account"
              />
            </div>
          </fieldset>
        ) : null}
        {isRealtor ? (
          <div className="mt-2">
            <CheckboxField
              labelProps={{ children: 'Registered company' }}
              inputProps={{
                ...getInputProps(fields.registered_company, { type: 'checkbox' }),
                value: 'on',
              }}
              errors={fields.registered_company.errors}
            />
            <p className="mt-1 text-xs text-slate-500">
              Tick this if you trade as a company registered with the CAC: withholding tax on your
              commissions is then taken at the company rate. Staff approve a change before it
              applies.
            </p>
            {companyRequest ? (
              <p className="mt-1 text-sm text-amber-800" data-testid="company-request-pending">
                Pending: you asked to be treated as{' '}
                {companyRequest.registered_company ? 'a registered company' : 'an individual'}.
                Until staff approve it, withholding tax is taken at the{' '}
                {registeredCompany ? 'company' : 'individual'} rate.
              </p>
            ) : null}
          </div>
        ) : null}
        <Button type="submit" pending={pending} className="w-full sm:w-auto sm:self-start">
          Save profile
        </Button>
      </Form>
    </section>
  )
}

export type AccountCheck = {
  account: { bank_name: string; account_number: string; account_name: string } | null
  note: string | null
}

/** The bank's own name for the account typed, to confirm before saving; or why it cannot be looked up. */
function AccountCheckResult({ check }: { check: AccountCheck | null }) {
  if (check?.account) {
    return (
      <p
        role="status"
        className="mb-2 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900"
        data-testid="account-check"
      >
        {check.account.bank_name} holds {check.account.account_number} as{' '}
        <strong>{check.account.account_name}</strong>. If this is your account, enter your current
        password and save the profile.
      </p>
    )
  }
  if (check?.note) {
    return (
      <p
        role="status"
        className="mb-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        data-testid="account-check"
      >
        {check.note}
      </p>
    )
  }
  return null
}

function BankSelect({
  selectProps,
  errors,
}: {
  selectProps: SelectHTMLAttributes<HTMLSelectElement>
  errors?: ListOfErrors
}) {
  const fallbackId = useId()
  const id = selectProps.id ?? fallbackId
  const errorId = errors?.filter(Boolean).length ? `${id}-error` : undefined
  return (
    <div>
      <label htmlFor={id} className="label">
        Bank
      </label>
      <select
        id={id}
        className="input"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        {...selectProps}
      >
        <option value="">Choose your bank</option>
        {NIGERIAN_BANKS.map((bank) => (
          <option key={bank.code} value={bank.code}>
            {bank.name}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}
