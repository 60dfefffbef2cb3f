import { z } from 'zod'
import { endpoint } from '../endpoint'
import { savedCommissionRatesSchema } from '../commissions'
import {
  daysSettingSchema,
  savedBankDetailsSchema,
  savedCompanyDetailsSchema,
  settingSchema,
} from '../settings'
import { savedTitleStepDaysSchema } from '../titles'

const SETTING_EDITORS = { permissions: ['can_modify_setting'] } as const

export const settingEndpoints = {
  settingBankDetails: endpoint({
    method: 'GET',
    path: 'admin/setting/bank_details',
    tag: 'Settings',
    summary: 'The bank account customers pay into',
    description:
      'Readable by every verified user (customers need it to pay); empty strings until staff fill it in.',
    access: 'verified',
    response: savedBankDetailsSchema,
  }),
  settingReminderDays: endpoint({
    method: 'GET',
    path: 'admin/setting/subscription_due_reminder_day',
    tag: 'Settings',
    summary: 'How many days before a payment is due its reminder goes out',
    access: SETTING_EDITORS,
    response: daysSettingSchema,
  }),
  settingExpiryDays: endpoint({
    method: 'GET',
    path: 'admin/setting/unpaid_subscription_expiry_days',
    tag: 'Settings',
    summary: 'How many days an unpaid subscription waits for its first payment before it expires',
    access: SETTING_EDITORS,
    response: daysSettingSchema,
  }),
  settingUnconfirmedExpiryDays: endpoint({
    method: 'GET',
    path: 'admin/setting/unconfirmed_payment_expiry_days',
    tag: 'Settings',
    summary: 'How many days a payment waits for staff to confirm it before it expires',
    description:
      'A payment neither confirmed nor refused this many days after it was sent is marked not confirmed; its subscription expires (its units back on sale) when nothing on it was confirmed before, and otherwise goes back to what it was.',
    access: SETTING_EDITORS,
    response: daysSettingSchema,
  }),
  settingGraceDays: endpoint({
    method: 'GET',
    path: 'admin/setting/payout_grace_days',
    tag: 'Settings',
    summary: 'How many days a payout stays due past its date before it is late',
    access: SETTING_EDITORS,
    response: daysSettingSchema,
  }),
  settingPayoutAccountHold: endpoint({
    method: 'GET',
    path: 'admin/setting/payout_account_hold_hours',
    tag: 'Settings',
    summary: 'How many hours payouts wait after an investor sets or changes the payout account',
    description:
      "While the hold lasts, admin/payout/mark-paid refuses the investor's payouts (409); the payout shows when it ends.",
    access: SETTING_EDITORS,
    response: daysSettingSchema,
  }),
  settingCompanyDetails: endpoint({
    method: 'GET',
    path: 'admin/setting/company_details',
    tag: 'Settings',
    summary:
      'The company as receipts and allocation letters name it: name, address, RC number and phone',
    access: SETTING_EDITORS,
    response: savedCompanyDetailsSchema,
  }),
  settingTitleStepDays: endpoint({
    method: 'GET',
    path: 'admin/setting/title_step_days',
    tag: 'Settings',
    summary: 'How many days after payment completed each title step is expected',
    access: SETTING_EDITORS,
    response: savedTitleStepDaysSchema,
  }),
  settingCommissionRates: endpoint({
    method: 'GET',
    path: 'admin/setting/commission_rates',
    tag: 'Settings',
    summary: 'Realtor commission rates by level and the withholding tax rates, in percent',
    description:
      "Each rate is a percent from 0 to 100 with at most two decimals (2.5 means 2.5 %). `level_1` is paid to the customer's realtor, `level_2` to its upline, `level_3` to the next; a rate of 0 turns its level off. `wht_individual` and `wht_company` are withheld from each commission.",
    access: SETTING_EDITORS,
    response: savedCommissionRatesSchema,
  }),
  settingUpdate: endpoint({
    method: 'POST',
    path: 'admin/setting',
    tag: 'Settings',
    summary: 'Change one setting: `type` names it, the other fields are its value',
    description:
      'Answers the setting as saved: the bank details, the company details, the title step days, the commission rates, or `{ value }` for a number of days.',
    access: SETTING_EDITORS,
    body: settingSchema,
    response: z.union([
      savedBankDetailsSchema,
      savedCompanyDetailsSchema,
      daysSettingSchema,
      savedTitleStepDaysSchema,
      savedCommissionRatesSchema,
    ]),
  }),
} as const
