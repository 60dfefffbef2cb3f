import { BANK_DETAILS_UPDATED, EXPIRY_UPDATED, REMINDER_UPDATED, settingSchema } from '~/contract/settings'
import { parseBody, requirePermission, requireUser, type LegacyContext as ApiContext } from '../http/context'
import type { RouteDefinition } from '../http/router'
import { getBankDetails, getExpiryDays, getReminderDays, setBankDetails, setExpiryDays, setReminderDays } from './service'

// Every verified user may read the bank details: customers need them to pay.
async function bankDetails(ctx: ApiContext) {
  requireUser(ctx)
  return { data: await getBankDetails(ctx.db) }
}

async function reminderDay(ctx: ApiContext) {
  requirePermission(ctx, 'can_modify_setting')
  return { data: { value: await getReminderDays(ctx.db) } }
}

async function expiryDays(ctx: ApiContext) {
  requirePermission(ctx, 'can_modify_setting')
  return { data: { value: await getExpiryDays(ctx.db) } }
}

async function updateSetting(ctx: ApiContext) {
  requirePermission(ctx, 'can_modify_setting')
  const input = await parseBody(ctx, settingSchema)
  if (input.type === 'bank_details') {
    const { type: _type, ...details } = input
    await setBankDetails(ctx.db, details)
    return { message: BANK_DETAILS_UPDATED, data: await getBankDetails(ctx.db) }
  }
  if (input.type === 'unpaid_subscription_expiry_days') {
    await setExpiryDays(ctx.db, input.value)
    return { message: EXPIRY_UPDATED, data: { value: input.value } }
  }
  await setReminderDays(ctx.db, input.value)
  return { message: REMINDER_UPDATED, data: { value: input.value } }
}

export const settingsRoutes: RouteDefinition[] = [
  { method: 'GET', path: 'admin/setting/bank_details', auth: 'verified', handler: bankDetails },
  { method: 'GET', path: 'admin/setting/subscription_due_reminder_day', auth: 'verified', handler: reminderDay },
  { method: 'GET', path: 'admin/setting/unpaid_subscription_expiry_days', auth: 'verified', handler: expiryDays },
  { method: 'POST', path: 'admin/setting', auth: 'verified', handler: updateSetting },
]
