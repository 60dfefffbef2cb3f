import { eq, sql } from 'drizzle-orm'
import { DEFAULT_COMMISSION_RATES, isRate, type CommissionRates } from '~/contract/commission-rules'
import type { BankDetails, CompanyDetails } from '~/contract/settings'
import {
  EXPIRY_DAYS_MAX,
  EXPIRY_DAYS_MIN,
  UNCONFIRMED_EXPIRY_DAYS_MAX,
  UNCONFIRMED_EXPIRY_DAYS_MIN,
} from '~/contract/settings-labels'
import {
  RECORDED_TITLE_STEPS,
  TITLE_STEP_DAYS_MAX,
  TITLE_STEP_DAYS_MIN,
  type TitleStepDays,
} from '~/contract/title-rules'
import {
  PAYOUT_ACCOUNT_HOLD_HOURS_MAX,
  PAYOUT_ACCOUNT_HOLD_HOURS_MIN,
  PAYOUT_GRACE_DAYS_MAX,
  PAYOUT_GRACE_DAYS_MIN,
} from '~/contract/payout-rules'
import { changesBetween, recordAudit } from '../audit/record'
import type { Database, Executor } from '../db/client'
import { DEFAULT_SETTINGS } from '../db/bootstrap'
import { settings } from '../db/schema'

async function readSetting(db: Executor, key: keyof typeof DEFAULT_SETTINGS) {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .limit(1)
  return row?.value as Record<string, unknown> | undefined
}

async function writeSetting(db: Executor, key: keyof typeof DEFAULT_SETTINGS, value: object) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } })
}

/** The account customers pay into; empty strings until staff fill it in. */
export async function getBankDetails(db: Executor): Promise<BankDetails> {
  const value = { ...DEFAULT_SETTINGS.bank_details, ...(await readSetting(db, 'bank_details')) }
  return {
    account_number: String(value.account_number ?? ''),
    account_name: String(value.account_name ?? ''),
    bank_name: String(value.bank_name ?? ''),
  }
}

export async function setBankDetails(db: Executor, details: BankDetails) {
  await writeSetting(db, 'bank_details', details)
}

/** How many days before a due payment the reminder goes out. */
export async function getReminderDays(db: Executor): Promise<number> {
  const value = Number((await readSetting(db, 'subscription_due_reminder_day'))?.value)
  return Number.isSafeInteger(value) && value > 0
    ? value
    : DEFAULT_SETTINGS.subscription_due_reminder_day.value
}

export async function setReminderDays(db: Executor, value: number) {
  await writeSetting(db, 'subscription_due_reminder_day', { value })
}

/** How many days an unpaid subscription waits for its first payment before the daily job expires it. */
export async function getExpiryDays(db: Executor): Promise<number> {
  const value = Number((await readSetting(db, 'unpaid_subscription_expiry_days'))?.value)
  return Number.isSafeInteger(value) && value >= EXPIRY_DAYS_MIN && value <= EXPIRY_DAYS_MAX
    ? value
    : DEFAULT_SETTINGS.unpaid_subscription_expiry_days.value
}

export async function setExpiryDays(db: Executor, value: number) {
  await writeSetting(db, 'unpaid_subscription_expiry_days', { value })
}

/** How many days a payment waits for staff to confirm it before the daily job expires it. */
export async function getUnconfirmedExpiryDays(db: Executor): Promise<number> {
  const value = Number((await readSetting(db, 'unconfirmed_payment_expiry_days'))?.value)
  return Number.isSafeInteger(value) &&
    value >= UNCONFIRMED_EXPIRY_DAYS_MIN &&
    value <= UNCONFIRMED_EXPIRY_DAYS_MAX
    ? value
    : DEFAULT_SETTINGS.unconfirmed_payment_expiry_days.value
}

export async function setUnconfirmedExpiryDays(db: Executor, value: number) {
  await writeSetting(db, 'unconfirmed_payment_expiry_days', { value })
}

/** How many days a payout stays due past its date before it is late (payout_grace_days). */
export async function getGraceDays(db: Executor): Promise<number> {
  const value = Number((await readSetting(db, 'payout_grace_days'))?.value)
  return Number.isSafeInteger(value) &&
    value >= PAYOUT_GRACE_DAYS_MIN &&
    value <= PAYOUT_GRACE_DAYS_MAX
    ? value
    : DEFAULT_SETTINGS.payout_grace_days.value
}

export async function setGraceDays(db: Executor, value: number) {
  await writeSetting(db, 'payout_grace_days', { value })
}

/** How many hours payouts wait after an investor sets or changes the payout account (payout_account_hold_hours). */
export async function getPayoutAccountHoldHours(db: Executor): Promise<number> {
  const value = Number((await readSetting(db, 'payout_account_hold_hours'))?.value)
  return Number.isSafeInteger(value) &&
    value >= PAYOUT_ACCOUNT_HOLD_HOURS_MIN &&
    value <= PAYOUT_ACCOUNT_HOLD_HOURS_MAX
    ? value
    : DEFAULT_SETTINGS.payout_account_hold_hours.value
}

export async function setPayoutAccountHoldHours(db: Executor, value: number) {
  await writeSetting(db, 'payout_account_hold_hours', { value })
}

/** The company as its documents name it; the default name until staff fill it in. */
export async function getCompanyDetails(db: Executor): Promise<CompanyDetails> {
  const value = {
    ...DEFAULT_SETTINGS.company_details,
    ...(await readSetting(db, 'company_details')),
  }
  return {
    name: String(value.name ?? '') || DEFAULT_SETTINGS.company_details.name,
    address: String(value.address ?? ''),
    rc_number: String(value.rc_number ?? ''),
    phone: String(value.phone ?? ''),
  }
}

export async function setCompanyDetails(db: Executor, details: CompanyDetails) {
  await writeSetting(db, 'company_details', details)
}

/** Target days after payment completed for each title step; a missing or bad value falls back to its default. */
export async function getTitleStepDays(db: Executor): Promise<TitleStepDays> {
  const saved = (await readSetting(db, 'title_step_days')) ?? {}
  const days = { ...DEFAULT_SETTINGS.title_step_days }
  for (const step of RECORDED_TITLE_STEPS) {
    const value = Number(saved[step])
    if (Number.isSafeInteger(value) && value >= TITLE_STEP_DAYS_MIN && value <= TITLE_STEP_DAYS_MAX)
      days[step] = value
  }
  return days
}

export async function setTitleStepDays(db: Executor, days: TitleStepDays) {
  await writeSetting(db, 'title_step_days', days)
}

/** The commission and withholding tax rates, in percent; a stored value that is not a rate falls back to its default. */
export async function getCommissionRates(db: Executor): Promise<CommissionRates> {
  const stored = (await readSetting(db, 'commission_rates')) ?? {}
  const rate = (key: keyof CommissionRates) => {
    const value = stored[key]
    return isRate(value) ? value : DEFAULT_COMMISSION_RATES[key]
  }
  return {
    level_1: rate('level_1'),
    level_2: rate('level_2'),
    level_3: rate('level_3'),
    wht_individual: rate('wht_individual'),
    wht_company: rate('wht_company'),
  }
}

export async function setCommissionRates(db: Executor, rates: CommissionRates) {
  await writeSetting(db, 'commission_rates', rates)
}

export type SettingKey = keyof typeof DEFAULT_SETTINGS

/**
 * Changes one setting and appends its audit entry in the same transaction: before and after of
 * each field that changed (a single-number setting as `value`). Saving the same values leaves no entry.
 */
export async function changeSetting<T extends object | number>(
  db: Database,
  key: SettingKey,
  read: (db: Executor) => Promise<T>,
  write: (db: Executor, value: T) => Promise<void>,
  value: T,
) {
  const snapshot = (setting: T): Record<string, unknown> =>
    typeof setting === 'number' ? { value: setting } : { ...(setting as Record<string, unknown>) }
  return db.transaction(async (tx) => {
    const before = await read(tx)
    await write(tx, value)
    const after = await read(tx)
    const changes = changesBetween(snapshot(before), snapshot(after))
    if (Object.keys(changes).length) {
      const described = Object.entries(changes)
        .map(
          ([field, { before: was, after: now }]) =>
            `${field === 'value' ? '' : `${field} `}from ${show(was)} to ${show(now)}`,
        )
        .join(', ')
      await recordAudit(tx, {
        action: 'setting.updated',
        record: { type: 'setting', reference: key },
        summary: `Changed setting ${key}: ${described}`,
        changes,
      })
    }
    return after
  })
}

const show = (value: unknown) =>
  value === null || value === ''
    ? '(empty)'
    : typeof value === 'string'
      ? `"${value}"`
      : String(value)
