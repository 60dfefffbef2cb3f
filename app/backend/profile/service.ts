import { eq, sql } from 'drizzle-orm'
import type { Role } from '~/contract/permissions'
import { EMPTY_PROFILE, withBankName, type Profile } from '~/contract/profile'
import { changesBetween, recordAudit } from '../audit/record'
import { personLabel, personRecordType } from '../auth/audit'
import type { Executor } from '../db/client'
import { profiles } from '../db/schema'
import { askForRegisteredCompany, companyRequestOf } from '../people/registered-company'

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

type ProfileOwner = { id: number; reference: string; firstName: string; lastName: string; role: Role }

/**
 * Saves the whole profile: a field left out is cleared. A save that changes nothing leaves no audit
 * entry. The registered company flag is staff's: a realtor's answer is filed as its request
 * (askForRegisteredCompany). Answers whether such a request waits for staff.
 */
export async function saveProfile(db: Executor, owner: ProfileOwner, input: ProfileInput) {
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
    const before = await getProfile(tx, userId)
    await tx
      .insert(profiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...values, updatedAt: sql`now()` } })
    const changes = changesBetween(before, await getProfile(tx, userId))
    if (Object.keys(changes).length) {
      await recordAudit(tx, {
        action: 'profile.updated',
        record: { type: personRecordType(owner.role), reference: owner.reference },
        summary: `${personLabel(owner)} updated the profile: ${Object.keys(changes).join(', ').replaceAll('_', ' ')}`,
        changes,
      })
    }
    return owner.role === 'realtor' ? askForRegisteredCompany(tx, owner, input.registered_company ?? false) : false
  })
}

/** Staff set whether a realtor is a registered company, keeping the rest of its profile. */
export async function setRegisteredCompany(db: Executor, userId: number, registeredCompany: boolean) {
  await db
    .insert(profiles)
    .values({ userId, registeredCompany })
    .onConflictDoUpdate({ target: profiles.userId, set: { registeredCompany, updatedAt: sql`now()` } })
}
