import { eq, sql } from 'drizzle-orm'
import { formatDateTime24 } from '~/contract/format'
import {
  maskedPayoutAccount,
  payoutAccountChanged,
  payoutAccountOf,
  type PayoutAccount,
} from '~/contract/payout-account'
import { payoutAccountHeldUntil } from '~/contract/payout-rules'
import type { Role } from '~/contract/permissions'
import {
  EMPTY_PROFILE,
  PAYOUT_ACCOUNT_PASSWORD_NEEDED,
  withBankName,
  type Profile,
} from '~/contract/profile'
import { changesBetween, recordAudit } from '../audit/record'
import { personLabel, personRecordType } from '../auth/audit'
import { appUrl, getConfig } from '../config'
import type { Executor } from '../db/client'
import { profiles } from '../db/schema'
import { refusedField } from '../http/errors'
import { sendSecurityNotice } from '../mail'
import { notify } from '../notifications/service'
import { askForRegisteredCompany, companyRequestOf } from '../people/registered-company'
import { getPayoutAccountHoldHours } from '../settings/service'

/** A person's profile; empty strings until they save one. */
export async function getProfile(db: Executor, userId: number): Promise<Profile> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1)
  if (!row) return EMPTY_PROFILE
  return withBankName({
    phone: row.phone ?? '',
    address: row.address ?? '',
    next_of_kin_name: row.nextOfKinName ?? '',
    next_of_kin_phone: row.nextOfKinPhone ?? '',
    next_of_kin_relationship: row.nextOfKinRelationship ?? '',
    bank: row.bank ?? '',
    account_number: row.accountNumber ?? '',
    account_name: row.accountName ?? '',
    registered_company: row.registeredCompany,
    registered_company_request: await companyRequestOf(db, userId),
  })
}

export type ProfileInput = {
  phone?: string
  address?: string
  next_of_kin_name?: string
  next_of_kin_phone?: string
  next_of_kin_relationship?: string
  bank: string
  account_number: string
  account_name?: string
  registered_company?: boolean
}

type ProfileOwner = {
  id: number
  reference: string
  firstName: string
  lastName: string
  role: Role
}

/** A payout account set, changed or removed by a save: the new one (null when removed), when, and until when payouts to it wait. */
export type PayoutAccountChange = {
  account: PayoutAccount | null
  changedAt: Date
  heldUntil: Date
}

/**
 * Saves the whole profile: a field left out is cleared. A save that changes nothing leaves no audit
 * entry. A save that sets, changes or removes the payout account needs `passwordConfirmed` (the
 * caller checked the password); it is decided on the locked row, so a save that raced another
 * cannot slip a change through as "unchanged". Such a change holds payouts, is audited as its own
 * action and told to the holder in the app (the e-mail goes once it is committed: mailPayoutAccountChanged).
 * The registered company flag is staff's: a realtor's answer is filed as its request
 * (askForRegisteredCompany). Answers the payout account change, if any, and whether such a request
 * waits for staff.
 */
export async function saveProfile(
  db: Executor,
  owner: ProfileOwner,
  input: ProfileInput,
  { passwordConfirmed = false }: { passwordConfirmed?: boolean } = {},
): Promise<{ accountChange: PayoutAccountChange | null; companyRequestWaiting: boolean }> {
  const userId = owner.id
  const values = {
    phone: input.phone ?? null,
    address: input.address ?? null,
    nextOfKinName: input.next_of_kin_name ?? null,
    nextOfKinPhone: input.next_of_kin_phone ?? null,
    nextOfKinRelationship: input.next_of_kin_relationship ?? null,
    bank: input.bank || null,
    accountNumber: input.account_number || null,
    accountName: input.account_name ?? null,
  }
  return db.transaction(async (tx) => {
    await tx
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for('update')
    const before = await getProfile(tx, userId)
    const accountChanged = payoutAccountChanged(before, input)
    if (accountChanged && !passwordConfirmed)
      throw refusedField('current_password', PAYOUT_ACCOUNT_PASSWORD_NEEDED)
    const changedAt = new Date()
    const saved = accountChanged ? { ...values, payoutAccountChangedAt: changedAt } : values
    await tx
      .insert(profiles)
      .values({ userId, ...saved })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...saved, updatedAt: sql`now()` } })
    const after = await getProfile(tx, userId)
    const companyRequestWaiting =
      owner.role === 'realtor'
        ? await askForRegisteredCompany(tx, owner, input.registered_company ?? false)
        : false
    const changes = changesBetween(before, after)
    if (!Object.keys(changes).length) return { accountChange: null, companyRequestWaiting }
    const fields = Object.keys(changes).join(', ').replaceAll('_', ' ')
    if (!accountChanged) {
      await recordAudit(tx, {
        action: 'profile.updated',
        record: { type: personRecordType(owner.role), reference: owner.reference },
        summary: `${personLabel(owner)} updated the profile: ${fields}`,
        changes,
      })
      return { accountChange: null, companyRequestWaiting }
    }
    const change: PayoutAccountChange = {
      account: payoutAccountOf(after),
      changedAt,
      heldUntil: payoutAccountHeldUntil(changedAt, await getPayoutAccountHoldHours(tx)),
    }
    const until = formatDateTime24(change.heldUntil, getConfig().APP_TIME_ZONE)
    await recordAudit(tx, {
      action: 'profile.payout_account_changed',
      record: { type: personRecordType(owner.role), reference: owner.reference },
      summary:
        `${personLabel(owner)} ${change.account ? `changed the payout account to ${maskedPayoutAccount(change.account)}` : 'removed the payout account'}, ` +
        `confirming the password; payouts are held until ${until}. Changed: ${fields}`,
      changes,
    })
    await notify(tx, owner.id, {
      title: PAYOUT_ACCOUNT_CHANGED_TITLE,
      body: payoutAccountChangedText(change).join(' '),
      link: '/settings',
    })
    return { accountChange: change, companyRequestWaiting }
  })
}

const PAYOUT_ACCOUNT_CHANGED_TITLE = 'Payout account changed'

/** What the holder is told, in the notification and the e-mail alike. */
function payoutAccountChangedText(change: PayoutAccountChange) {
  const zone = getConfig().APP_TIME_ZONE
  const when = formatDateTime24(change.changedAt, zone)
  return [
    change.account
      ? `The bank account your investment payouts are paid into was changed on ${when} to ${maskedPayoutAccount(change.account)}.`
      : `The bank account your investment payouts are paid into was removed on ${when}.`,
    `Payouts are held until ${formatDateTime24(change.heldUntil, zone)}.`,
    'If you did not make this change, change your password and contact us at once.',
  ]
}

/** The security notice of a payout account change: always sent (a security notice is never capped). */
export async function mailPayoutAccountChanged(
  db: Executor,
  holder: { email: string; firstName: string },
  change: PayoutAccountChange,
) {
  await sendSecurityNotice(db, {
    to: holder.email,
    subject: 'Your payout account was changed',
    text: [
      `Hello ${holder.firstName},`,
      '',
      ...payoutAccountChangedText(change),
      '',
      `Your profile: ${appUrl()}/settings`,
    ].join('\n'),
  })
}
