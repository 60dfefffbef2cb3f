import { endpoints } from '~/contract/endpoints'
import { COMMISSION_RATES_UPDATED } from '~/contract/commissions'
import {
  BANK_DETAILS_UPDATED,
  COMPANY_DETAILS_UPDATED,
  EXPIRY_UPDATED,
  GRACE_DAYS_UPDATED,
  PAYOUT_HOLD_UPDATED,
  REMINDER_UPDATED,
  UNCONFIRMED_EXPIRY_UPDATED,
} from '~/contract/settings'
import { TITLE_DAYS_UPDATED } from '~/contract/titles'
import { implement, type HandlerTable } from '../http/router'
import {
  getBankDetails,
  getCommissionRates,
  getCompanyDetails,
  getExpiryDays,
  getGraceDays,
  getPayoutAccountHoldHours,
  getReminderDays,
  getTitleStepDays,
  getUnconfirmedExpiryDays,
  changeSetting,
  setBankDetails,
  setCommissionRates,
  setCompanyDetails,
  setExpiryDays,
  setGraceDays,
  setPayoutAccountHoldHours,
  setReminderDays,
  setTitleStepDays,
  setUnconfirmedExpiryDays,
} from './service'

const bankDetails = implement(endpoints.settingBankDetails, async ({ db }) => ({
  data: await getBankDetails(db),
}))

const reminderDays = implement(endpoints.settingReminderDays, async ({ db }) => ({
  data: { value: await getReminderDays(db) },
}))

const expiryDays = implement(endpoints.settingExpiryDays, async ({ db }) => ({
  data: { value: await getExpiryDays(db) },
}))

const unconfirmedExpiryDays = implement(endpoints.settingUnconfirmedExpiryDays, async ({ db }) => ({
  data: { value: await getUnconfirmedExpiryDays(db) },
}))

const graceDays = implement(endpoints.settingGraceDays, async ({ db }) => ({
  data: { value: await getGraceDays(db) },
}))

const payoutAccountHold = implement(endpoints.settingPayoutAccountHold, async ({ db }) => ({
  data: { value: await getPayoutAccountHoldHours(db) },
}))

const companyDetails = implement(endpoints.settingCompanyDetails, async ({ db }) => ({
  data: await getCompanyDetails(db),
}))

const titleStepDays = implement(endpoints.settingTitleStepDays, async ({ db }) => ({
  data: await getTitleStepDays(db),
}))
const commissionRates = implement(endpoints.settingCommissionRates, async ({ db }) => ({
  data: await getCommissionRates(db),
}))

const updateSetting = implement(endpoints.settingUpdate, async ({ db, body: input }) => {
  if (input.type === 'title_step_days') {
    const { type: _type, ...days } = input
    return {
      message: TITLE_DAYS_UPDATED,
      data: await changeSetting(db, input.type, getTitleStepDays, setTitleStepDays, days),
    }
  }
  if (input.type === 'commission_rates') {
    const { type: _type, ...rates } = input
    return {
      message: COMMISSION_RATES_UPDATED,
      data: await changeSetting(db, input.type, getCommissionRates, setCommissionRates, rates),
    }
  }
  if (input.type === 'company_details') {
    const { type: _type, ...details } = input
    return {
      message: COMPANY_DETAILS_UPDATED,
      data: await changeSetting(db, input.type, getCompanyDetails, setCompanyDetails, details),
    }
  }
  if (input.type === 'bank_details') {
    const { type: _type, ...details } = input
    return {
      message: BANK_DETAILS_UPDATED,
      data: await changeSetting(db, input.type, getBankDetails, setBankDetails, details),
    }
  }
  if (input.type === 'payout_grace_days') {
    await changeSetting(db, input.type, getGraceDays, setGraceDays, input.value)
    return { message: GRACE_DAYS_UPDATED, data: { value: input.value } }
  }
  if (input.type === 'payout_account_hold_hours') {
    await changeSetting(
      db,
      input.type,
      getPayoutAccountHoldHours,
      setPayoutAccountHoldHours,
      input.value,
    )
    return { message: PAYOUT_HOLD_UPDATED, data: { value: input.value } }
  }
  if (input.type === 'unpaid_subscription_expiry_days') {
    await changeSetting(db, input.type, getExpiryDays, setExpiryDays, input.value)
    return { message: EXPIRY_UPDATED, data: { value: input.value } }
  }
  if (input.type === 'unconfirmed_payment_expiry_days') {
    await changeSetting(
      db,
      input.type,
      getUnconfirmedExpiryDays,
      setUnconfirmedExpiryDays,
      input.value,
    )
    return { message: UNCONFIRMED_EXPIRY_UPDATED, data: { value: input.value } }
  }
  await changeSetting(
    db,
    'subscription_due_reminder_day',
    getReminderDays,
    setReminderDays,
    input.value,
  )
  return { message: REMINDER_UPDATED, data: { value: input.value } }
})

export const settingsHandlers = {
  settingBankDetails: bankDetails,
  settingReminderDays: reminderDays,
  settingExpiryDays: expiryDays,
  settingUnconfirmedExpiryDays: unconfirmedExpiryDays,
  settingGraceDays: graceDays,
  settingCompanyDetails: companyDetails,
  settingTitleStepDays: titleStepDays,
  settingCommissionRates: commissionRates,
  settingUpdate: updateSetting,
  settingPayoutAccountHold: payoutAccountHold,
} satisfies HandlerTable
