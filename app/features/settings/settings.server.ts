import { data, redirect } from '@remix-run/node'
import { changeEmailSchema, changePasswordSchema } from '~/contract/auth'
import type { BodyInputOf } from '~/contract/endpoint'
import { endpoints } from '~/contract/endpoints'
import { hasPermission } from '~/contract/permissions'
import { commissionRatesSchema } from '~/contract/commissions'
import {
  NO_ACCOUNT_LOOKUP,
  NO_PAYMENT_PROVIDER,
  type ResolvedAccount,
} from '~/contract/collections'
import type { BankCode } from '~/contract/banks'
import { ACCOUNT_NUMBER_MESSAGE, UNKNOWN_BANK_MESSAGE } from '~/contract/fields'
import { payoutAccountChanged } from '~/contract/payout-account'
import { profileSchema } from '~/contract/profile'
import {
  bankDetailsSchema,
  companyDetailsSchema,
  expiryDaysSchema,
  payoutAccountHoldSchema,
  payoutGraceDaysSchema,
  reminderDaySchema,
  unconfirmedExpiryDaysSchema,
} from '~/contract/settings'
import { titleStepDaysSchema } from '~/contract/titles'
import { api, failureInit } from '~/utils/api.server'
import { formSpec, parseForm, readForm, replyWithServerErrors } from '~/utils/form.server'
import { assertSameOrigin } from '~/utils/request.server'
import { commitAuth, destroyAuth, requireAuth } from '~/utils/session.server'
import { jsonWithSuccess, redirectWithSuccess } from '~/utils/toast.server'
import type { AccountCheck } from './profile-form'
import { bankHoldsName, CHECK_ACCOUNT_STEP, sameAccountName } from './payout-check'

export const PASSWORD_CHANGED = 'Password changed successfully'
const SETTINGS_TAB = '/settings?tab=settings'

async function currentUser(request: Request) {
  await requireAuth(request)
  const me = await api(request, endpoints.me)
  if (!me.ok) throw new Response(me.message, { status: me.httpStatus || 500 })
  return me.data
}

export async function loadSettings(request: Request) {
  const user = await currentUser(request)
  const canModify = hasPermission(user, 'can_modify_setting')
  const wantsSettings = new URL(request.url).searchParams.get('tab') === 'settings'
  if (wantsSettings && !canModify) throw redirect('/settings')
  const specs = {
    changePassword: formSpec(changePasswordSchema),
    changeEmail: formSpec(changeEmailSchema),
    bankDetails: formSpec(bankDetailsSchema),
    reminderDays: formSpec(reminderDaySchema),
    expiryDays: formSpec(expiryDaysSchema),
    unconfirmedExpiryDays: formSpec(unconfirmedExpiryDaysSchema),
    graceDays: formSpec(payoutGraceDaysSchema),
    profile: formSpec(profileSchema),
    company: formSpec(companyDetailsSchema),
    titleDays: formSpec(titleStepDaysSchema),
    commissionRates: formSpec(commissionRatesSchema),
    payoutAccountHold: formSpec(payoutAccountHoldSchema),
  }
  if (!wantsSettings) {
    const [email, profile] = await Promise.all([
      api(request, endpoints.emailStatus),
      api(request, endpoints.profileShow),
    ])
    if (!email.ok) throw new Response(email.message, { status: email.httpStatus || 500 })
    const pendingEmail = email.data.pending_email
    // A provider without profiles (an older API) leaves the card out rather than the whole page.
    const ownProfile = profile.ok ? profile.data : null
    return {
      user,
      canModify,
      tab: 'account' as const,
      bank: null,
      reminderDays: null,
      expiryDays: null,
      unconfirmedExpiryDays: null,
      graceDays: null,
      company: null,
      titleDays: null,
      commissionRates: null,
      payoutAccountHold: null,
      profile: ownProfile,
      pendingEmail,
      specs,
    }
  }
  const [bank, reminder, expiry, unconfirmedExpiry, company, titleDays, grace, rates, hold] =
    await Promise.all([
      api(request, endpoints.settingBankDetails),
      api(request, endpoints.settingReminderDays),
      api(request, endpoints.settingExpiryDays),
      api(request, endpoints.settingUnconfirmedExpiryDays),
      api(request, endpoints.settingCompanyDetails),
      api(request, endpoints.settingTitleStepDays),
      api(request, endpoints.settingGraceDays),
      api(request, endpoints.settingCommissionRates),
      api(request, endpoints.settingPayoutAccountHold),
    ])
  if (!bank.ok) throw new Response(bank.message, { status: bank.httpStatus || 500 })
  if (!reminder.ok) throw new Response(reminder.message, { status: reminder.httpStatus || 500 })
  // A provider without this setting (an older API) leaves its form out rather than the whole page.
  const expiryDays = expiry.ok ? expiry.data.value : null
  const companyDetails = company.ok ? company.data : null
  return {
    user,
    canModify,
    tab: 'settings' as const,
    bank: bank.data,
    reminderDays: reminder.data.value,
    expiryDays,
    unconfirmedExpiryDays: unconfirmedExpiry.ok ? unconfirmedExpiry.data.value : null,
    graceDays: grace.ok ? grace.data.value : null,
    company: companyDetails,
    titleDays: titleDays.ok ? titleDays.data : null,
    commissionRates: rates.ok ? rates.data : null,
    payoutAccountHold: hold.ok ? hold.data.value : null,
    profile: null,
    pendingEmail: null,
    specs,
  }
}

export async function settingsAction(request: Request) {
  assertSameOrigin(request)
  const intent = String((await readForm(request)).get('intent') ?? '')
  if (intent === 'change-password') return changePassword(request)
  if (intent === 'change-email') return changeEmail(request)
  if (intent === 'profile') return saveProfile(request)
  if (
    intent === 'bank_details' ||
    intent === 'subscription_due_reminder_day' ||
    intent === 'unpaid_subscription_expiry_days' ||
    intent === 'unconfirmed_payment_expiry_days' ||
    intent === 'payout_grace_days' ||
    intent === 'company_details' ||
    intent === 'title_step_days' ||
    intent === 'commission_rates' ||
    intent === 'payout_account_hold_hours'
  ) {
    return saveSetting(request, intent)
  }
  throw new Response('Unknown form', { status: 400 })
}

const SETTING_SCHEMAS = {
  bank_details: bankDetailsSchema,
  subscription_due_reminder_day: reminderDaySchema,
  unpaid_subscription_expiry_days: expiryDaysSchema,
  unconfirmed_payment_expiry_days: unconfirmedExpiryDaysSchema,
  payout_grace_days: payoutGraceDaysSchema,
  company_details: companyDetailsSchema,
  title_step_days: titleStepDaysSchema,
  commission_rates: commissionRatesSchema,
  payout_account_hold_hours: payoutAccountHoldSchema,
}

async function saveSetting(request: Request, intent: keyof typeof SETTING_SCHEMAS) {
  await requireAuth(request)
  const schema = SETTING_SCHEMAS[intent]
  const { submission } = await parseForm(request, schema)
  if (submission.status !== 'success')
    return data({ intent, result: submission.reply() }, { status: 400 })
  // The intent chose the form's schema, so type and value are one member of the API's union.
  const body = { type: intent, ...submission.value } as BodyInputOf<typeof endpoints.settingUpdate>
  const result = await api(request, endpoints.settingUpdate, { body })
  if (!result.ok)
    return data({ intent, result: replyWithServerErrors(submission, result) }, { status: 400 })
  return redirectWithSuccess(request, SETTINGS_TAB, result.message)
}

/**
 * The user's own profile (Account information tab); the password a payout account change needs is
 * never sent back. With a payment provider, a payout account is saved only under the name the bank
 * holds for it: "Check account" (the `step` button) shows that name and puts it in the form, and a
 * save with another name is refused with the bank's name in its place, to confirm.
 */
async function saveProfile(request: Request) {
  await requireAuth(request)
  const intent = 'profile'
  const hideFields = ['current_password']
  const { formData, submission } = await parseForm(request, profileSchema)
  if (submission.status !== 'success')
    return data({ intent, result: submission.reply({ hideFields }) }, { status: 400 })
  const checking = formData.get('step') === CHECK_ACCOUNT_STEP
  const check = await checkPayoutAccount(request, submission.value, { always: checking })
  if (check.refusal) {
    const { fieldErrors, formErrors } = check.refusal
    return data(
      { intent, result: submission.reply({ fieldErrors, formErrors, hideFields }) },
      { status: check.refusal.status },
    )
  }
  if (checking) {
    const result = submission.reply({ hideFields })
    // The form shows the bank's name for the account, ready to be saved (with the password).
    if (check.account && result.initialValue)
      result.initialValue = { ...result.initialValue, account_name: check.account.account_name }
    return data({ intent, result, accountCheck: shownCheck(check) })
  }
  if (
    check.account &&
    !sameAccountName(check.account.account_name, submission.value.account_name)
  ) {
    const result = submission.reply({
      fieldErrors: { account_name: [bankHoldsName(check.account.account_name)] },
      hideFields,
    })
    if (result.initialValue)
      result.initialValue = { ...result.initialValue, account_name: check.account.account_name }
    return data({ intent, result, accountCheck: shownCheck(check) }, { status: 400 })
  }
  const result = await api(request, endpoints.profileUpdate, { body: submission.value })
  if (!result.ok) {
    return data(
      { intent, result: replyWithServerErrors(submission, result, hideFields) },
      failureInit(result),
    )
  }
  return redirectWithSuccess(request, '/settings', result.message)
}

type ProfileValues = { bank?: string; account_number?: string; account_name?: string }

/**
 * The bank's name for the payout account being set (payout-account/resolve), when it is new or
 * changed (or `always`, for "Check account"). No account given, or no payment provider to ask:
 * nothing to check. A refusal says under which field, or above the form.
 */
async function checkPayoutAccount(
  request: Request,
  values: ProfileValues,
  { always }: { always: boolean },
): Promise<{
  account: ResolvedAccount | null
  note: string | null
  refusal: {
    status: number
    fieldErrors?: Record<string, string[]>
    formErrors?: string[]
  } | null
}> {
  const none = { account: null, note: null, refusal: null }
  if (!values.bank || !values.account_number) {
    if (!always) return none
    return {
      ...none,
      refusal: {
        status: 400,
        fieldErrors: {
          ...(values.bank ? {} : { bank: [UNKNOWN_BANK_MESSAGE] }),
          ...(values.account_number ? {} : { account_number: [ACCOUNT_NUMBER_MESSAGE] }),
        },
      },
    }
  }
  if (!always) {
    const saved = await api(request, endpoints.profileShow)
    if (saved.ok && !payoutAccountChanged(saved.data, values)) return none
  }
  const resolved = await api(request, endpoints.payoutAccountResolve, {
    body: { bank_code: values.bank as BankCode, account_number: values.account_number },
  })
  if (resolved.ok) return { ...none, account: resolved.data }
  if (resolved.fieldErrors) {
    const fieldErrors = Object.fromEntries(
      Object.entries(resolved.fieldErrors).map(([field, messages]) => [
        field === 'bank_code' ? 'bank' : field,
        [messages.join(', ')],
      ]),
    )
    return { ...none, refusal: { status: 400, fieldErrors } }
  }
  // No payment provider: names are not looked up, and the account is saved as typed (as before).
  if (resolved.httpStatus === 409 && NO_LOOKUP.has(resolved.message)) {
    return always ? { ...none, note: NO_ACCOUNT_LOOKUP } : none
  }
  return {
    ...none,
    refusal: {
      status: resolved.httpStatus === 429 ? 429 : 400,
      formErrors: [resolved.message],
    },
  }
}

/** What the form shows of a check: the bank's name for the account, or why there is none. */
function shownCheck(check: { account: ResolvedAccount | null; note: string | null }): AccountCheck {
  return { account: check.account, note: check.note }
}

const NO_LOOKUP = new Set([NO_ACCOUNT_LOOKUP, NO_PAYMENT_PROVIDER])

const PASSWORD_FIELDS = ['current_password', 'password', 'password_confirmation']

async function changePassword(request: Request) {
  const auth = await requireAuth(request)
  const { formData, submission } = await parseForm(request, changePasswordSchema)
  const intent = 'change-password'
  if (submission.status !== 'success') {
    return data(
      { intent, result: submission.reply({ hideFields: PASSWORD_FIELDS }) },
      { status: 400 },
    )
  }
  const result = await api(request, endpoints.changePassword, { body: submission.value })
  if (!result.ok) {
    return data(
      { intent, result: replyWithServerErrors(submission, result, PASSWORD_FIELDS) },
      { status: 400 },
    )
  }
  // The API has revoked every token. With JavaScript the page stays for a second with the toast, so
  // this browser signs in with the new password; the page then signs out by itself.
  if (formData.get('js') === '1') {
    const session = await api(request, endpoints.login, {
      body: {
        email: auth.user.email,
        password: submission.value.password,
        remember: auth.remember,
      },
      token: null,
    })
    if (session.ok) {
      return jsonWithSuccess(
        request,
        { intent, result: submission.reply({ resetForm: true }), passwordChanged: true },
        PASSWORD_CHANGED,
        { headers: { 'Set-Cookie': await commitAuth(request, session.data, auth.remember) } },
      )
    }
  }
  return redirectWithSuccess(request, '/login', PASSWORD_CHANGED, {
    headers: { 'Set-Cookie': await destroyAuth(request) },
  })
}

/** Starts the user's own e-mail change; the address changes only when the mailed link is followed. */
async function changeEmail(request: Request) {
  await requireAuth(request)
  const intent = 'change-email'
  const hideFields = ['current_password']
  const { submission } = await parseForm(request, changeEmailSchema)
  if (submission.status !== 'success')
    return data({ intent, result: submission.reply({ hideFields }) }, { status: 400 })
  const result = await api(request, endpoints.emailChange, { body: submission.value })
  if (!result.ok) {
    return data(
      { intent, result: replyWithServerErrors(submission, result, hideFields) },
      failureInit(result),
    )
  }
  return redirectWithSuccess(request, '/settings', result.message)
}
