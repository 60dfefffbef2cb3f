import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { FormBanner } from '~/components/forms'
import { SETTING_TYPES } from '~/contract/settings-labels'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ForbiddenPage } from '~/features/people/forbidden'
import {
  AccountDetails,
  ChangeEmailForm,
  ChangePasswordForm,
} from '~/features/settings/account-information'
import { ProfileForm, type AccountCheck } from '~/features/settings/profile-form'
import {
  BankDetailsForm,
  CommissionRatesForm,
  CompanyDetailsForm,
  ExpiryDaysForm,
  GraceDaysForm,
  PayoutAccountHoldForm,
  ReminderDaysForm,
  TitleStepDaysForm,
  UnconfirmedExpiryDaysForm,
} from '~/features/settings/settings-forms'
import { loadSettings, settingsAction } from '~/features/settings/settings.server'

export async function loader({ request }: LoaderFunctionArgs) {
  return loadSettings(request)
}

export async function action({ request }: ActionFunctionArgs) {
  return settingsAction(request)
}

const TABS = [
  { id: 'account', label: 'Account information', to: '/settings' },
  { id: 'settings', label: 'Settings', to: '/settings?tab=settings' },
] as const

const SETTINGS_FORMS: readonly string[] = SETTING_TYPES
const ACCOUNT_FORMS: string[] = ['change-password', 'change-email', 'profile']

export default function SettingsRoute() {
  const {
    user,
    canModify,
    tab,
    bank,
    reminderDays,
    expiryDays,
    unconfirmedExpiryDays,
    graceDays,
    company,
    titleDays,
    commissionRates,
    profile,
    pendingEmail,
    specs,
  } = useLoaderData<typeof loader>()
  const { payoutAccountHold } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const resultFor = (intent: string) =>
    actionData?.intent === intent ? actionData.result : undefined
  // Only the profile's "Check account" (or a refused save of an unchecked account) answers one.
  const accountCheck =
    (actionData as { accountCheck?: AccountCheck } | undefined)?.accountCheck ?? null
  const showsSettings = tab === 'settings' && bank && reminderDays !== null
  // A refused post whose form is on the other tab (posted to this address without its tab) still says so.
  const formsShown = showsSettings ? SETTINGS_FORMS : ACCOUNT_FORMS
  const refusedElsewhere =
    actionData && 'result' in actionData && !formsShown.includes(actionData.intent)
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-slate-900">Settings</h1>
      {refusedElsewhere ? (
        <FormBanner
          errors={['This form could not be saved. Open it again and check each field.']}
        />
      ) : null}
      {canModify ? (
        <nav aria-label="Settings sections" className="flex gap-1 border-b border-slate-200">
          {TABS.map((item) => (
            <Link
              key={item.id}
              to={item.to}
              aria-current={tab === item.id ? 'page' : undefined}
              className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${tab === item.id ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
            >
              {item.label}
            </Link>
          ))}
        </nav>
      ) : null}
      {showsSettings ? (
        <div className="grid items-start gap-4 lg:grid-cols-2">
          <BankDetailsForm
            current={bank}
            spec={specs.bankDetails}
            lastResult={resultFor('bank_details')}
          />
          <ReminderDaysForm
            current={reminderDays}
            spec={specs.reminderDays}
            lastResult={resultFor('subscription_due_reminder_day')}
          />
          {expiryDays !== null ? (
            <ExpiryDaysForm
              current={expiryDays}
              spec={specs.expiryDays}
              lastResult={resultFor('unpaid_subscription_expiry_days')}
            />
          ) : null}
          {unconfirmedExpiryDays !== null ? (
            <UnconfirmedExpiryDaysForm
              current={unconfirmedExpiryDays}
              spec={specs.unconfirmedExpiryDays}
              lastResult={resultFor('unconfirmed_payment_expiry_days')}
            />
          ) : null}
          {graceDays !== null ? (
            <GraceDaysForm
              current={graceDays}
              spec={specs.graceDays}
              lastResult={resultFor('payout_grace_days')}
            />
          ) : null}
          {payoutAccountHold !== null ? (
            <PayoutAccountHoldForm
              current={payoutAccountHold}
              spec={specs.payoutAccountHold}
              lastResult={resultFor('payout_account_hold_hours')}
            />
          ) : null}
          {/* Keyed by the saved values: after a save the form starts again from what was stored ("RC 1234567"). */}
          {company ? (
            <CompanyDetailsForm
              key={JSON.stringify(company)}
              current={company}
              spec={specs.company}
              lastResult={resultFor('company_details')}
            />
          ) : null}
          {titleDays ? (
            <TitleStepDaysForm
              key={JSON.stringify(titleDays)}
              current={titleDays}
              spec={specs.titleDays}
              lastResult={resultFor('title_step_days')}
            />
          ) : null}
          {commissionRates ? (
            <CommissionRatesForm
              key={JSON.stringify(commissionRates)}
              current={commissionRates}
              spec={specs.commissionRates}
              lastResult={resultFor('commission_rates')}
            />
          ) : null}
        </div>
      ) : (
        <div className="grid items-start gap-4 lg:grid-cols-2">
          <AccountDetails user={user} />
          <ChangePasswordForm
            spec={specs.changePassword}
            lastResult={resultFor('change-password')}
            changed={Boolean(
              actionData && 'passwordChanged' in actionData && actionData.passwordChanged,
            )}
          />
          <ChangeEmailForm
            spec={specs.changeEmail}
            lastResult={resultFor('change-email')}
            pendingEmail={pendingEmail}
          />
          {profile ? (
            <ProfileForm
              // A checked account starts the form again from the reply, with the bank's name in it.
              key={`${JSON.stringify(profile)}${accountCheck?.account?.account_name ?? ''}`}
              accountCheck={accountCheck}
              current={profile}
              spec={specs.profile}
              lastResult={resultFor('profile')}
              hasPayoutAccount={user.role === 'customer'}
              isRealtor={user.role === 'realtor'}
            />
          ) : null}
        </div>
      )}
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Settings | Land Banking' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 403: () => <ForbiddenPage title="Settings" /> }} />
}

/** A 429 says when to try again (Retry-After), as the API did. */
export { retryAfterHeaders as headers } from '~/utils/retry-after'
