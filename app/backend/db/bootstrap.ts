import { EXPIRY_DAYS_DEFAULT, UNCONFIRMED_EXPIRY_DAYS_DEFAULT } from '~/contract/settings-labels'
import {
  PAYOUT_ACCOUNT_HOLD_HOURS_DEFAULT,
  PAYOUT_GRACE_DAYS_DEFAULT,
} from '~/contract/payout-rules'
import { DEFAULT_COMMISSION_RATES } from '~/contract/commission-rules'
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { PERMISSION_DESCRIPTIONS, PERMISSIONS } from '~/contract/permissions'
import { TITLE_STEP_DAYS_DEFAULT } from '~/contract/title-rules'
import { appUrl, getConfig } from '../config'
import { hashPassword } from '../secrets/passwords'
import { newReference } from '../references'
import type { Database } from './client'
import { permissions, settings, users } from './schema'

export const DEFAULT_SETTINGS = {
  bank_details: { account_number: '', account_name: '', bank_name: '' },
  subscription_due_reminder_day: { value: 3 },
  unpaid_subscription_expiry_days: { value: EXPIRY_DAYS_DEFAULT },
  unconfirmed_payment_expiry_days: { value: UNCONFIRMED_EXPIRY_DAYS_DEFAULT },
  company_details: { name: 'Land Banking', address: '', rc_number: '', phone: '' },
  title_step_days: TITLE_STEP_DAYS_DEFAULT,
  payout_grace_days: { value: PAYOUT_GRACE_DAYS_DEFAULT },
  commission_rates: DEFAULT_COMMISSION_RATES,
  payout_account_hold_hours: { value: PAYOUT_ACCOUNT_HOLD_HOURS_DEFAULT },
} as const

/** First start on an empty database: permissions, default settings, the super admin, the demo catalogue. */
export async function bootstrap(db: Database) {
  const env = getConfig()
  await db
    .insert(permissions)
    .values(PERMISSIONS.map((name) => ({ name, description: PERMISSION_DESCRIPTIONS[name] })))
    .onConflictDoNothing()
  await db
    .insert(settings)
    .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing()

  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'super_admin'))
    .limit(1)
  if (existing) return

  const password = env.ADMIN_PASSWORD ?? crypto.randomBytes(9).toString('base64url')
  const [created] = await db
    .insert(users)
    .values({
      reference: newReference('USR'),
      email: env.ADMIN_EMAIL.toLowerCase(),
      passwordHash: await hashPassword(password),
      firstName: 'Admin',
      lastName: 'User',
      role: 'super_admin',
      emailVerifiedAt: new Date(),
      welcomedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: users.id })
  if (!created) return

  console.log(
    [
      '',
      `  Super admin created. Sign in at ${appUrl()}/login with:`,
      `    Email:    ${env.ADMIN_EMAIL}`,
      `    Password: ${env.ADMIN_PASSWORD ? '(the ADMIN_PASSWORD you set)' : `${password}   (shown once: keep it)`}`,
      '',
    ].join('\n'),
  )

  if (env.SEED_DEMO) {
    const { seedDemoCatalogue } = await import('./demo-seed')
    await seedDemoCatalogue(db, created.id)
  }
}
