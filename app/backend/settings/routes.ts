import { endpoints } from '~/contract/endpoints'
import { COMMISSION_RATES_UPDATED } from '~/contract/commissions'
import { BANK_DETAILS_UPDATED, COMPANY_DETAILS_UPDATED, EXPIRY_UPDATED, GRACE_DAYS_UPDATED, REMINDER_UPDATED } from '~/contract/settings'
import { TITLE_DAYS_UPDATED } from '~/contract/titles'
import { implement } from '../http/router'
import {
  getBankDetails,
  getCommissionRates,
  getCompanyDetails,
  getExpiryDays,
  getGraceDays,
  getReminderDays,
  getTitleStepDays,
  setBankDetails,
  setCommissionRates,
  setCompanyDetails,
  setExpiryDays,
  setGraceDays,
  setReminderDays,
  setTitleStepDays,
} from './service'

const bankDetails = implement(endpoints.settingBankDetails, async ({ db }) => ({ data: await getBankDetails(db) }))

const reminderDays = implement(endpoints.settingReminderDays, async ({ db }) => ({
  data: { value: await getReminderDays(db) },
}))

const expiryDays = implement(endpoints.settingExpiryDays, async ({ db }) => ({ data: { value: await getExpiryDays(db) } }))

const graceDays = implement(endpoints.settingGraceDays, async ({ db }) => ({ data: { value: await getGraceDays(db) } }))

const companyDetails = implement(endpoints.settingCompanyDetails, async ({ db }) => ({ data: await getCompanyDetails(db) }))

const titleStepDays = implement(endpoints.settingTitleStepDays, async ({ db }) => ({ data: await getTitleStepDays(db) }))
const commissionRates = implement(endpoints.settingCommissionRates, async ({ db }) => ({ data: await getCommissionRates(db) }))

const updateSetting = implement(endpoints.settingUpdate, async ({ db, body: input }) => {
  if (input.type === 'title_step_days') {
    const { type: _type, ...days } = input
    await setTitleStepDays(db, days)
    return { message: TITLE_DAYS_UPDATED, data: await getTitleStepDays(db) }
  }
  if (input.type === 'commission_rates') {
    const { type: _type, ...rates } = input
    await setCommissionRates(db, rates)
    return { message: COMMISSION_RATES_UPDATED, data: await getCommissionRates(db) }
  }
  if (input.type === 'company_details') {
    const { type: _type, ...details } = input
    await setCompanyDetails(db, details)
    return { message: COMPANY_DETAILS_UPDATED, data: await getCompanyDetails(db) }
  }
  if (input.type === 'bank_details') {
    const { type: _type, ...details } = input
    await setBankDetails(db, details)
    return { message: BANK_DETAILS_UPDATED, data: await getBankDetails(db) }
  }
  if (input.type === 'payout_grace_days') {
    await setGraceDays(db, input.value)
    return { message: GRACE_DAYS_UPDATED, data: { value: input.value } }
  }
  if (input.type === 'unpaid_subscription_expiry_days') {
    await setExpiryDays(db, input.value)
    return { message: EXPIRY_UPDATED, data: { value: input.value } }
  }
  await setReminderDays(db, input.value)
  return { message: REMINDER_UPDATED, data: { value: input.value } }
})

export const settingsRoutes = [bankDetails, reminderDays, expiryDays, graceDays, companyDetails, titleStepDays, commissionRates, updateSetting]
