import { and, eq, sql } from 'drizzle-orm'
import {
  COMPANY_REQUEST_APPROVED,
  COMPANY_REQUEST_REJECTED,
  companyStatusWords,
  NO_COMPANY_REQUEST,
  type CompanyDecision,
  type RegisteredCompanyRequest,
} from '~/contract/registered-company'
import { changesBetween, recordAudit } from '../audit/record'
import { personLabel } from '../auth/audit'
import type { Database, Executor } from '../db/client'
import { profiles, registeredCompanyRequests } from '../db/schema'
import type { ApiUser } from '../http/context'
import { conflict } from '../http/errors'
import { notify, notifyStaffWith } from '../notifications/service'

type Realtor = { id: number; reference: string; firstName: string; lastName: string }

/** The registered company flag staff set (false until they do). */
export async function registeredCompanyOf(db: Executor, realtorId: number) {
  const [row] = await db
    .select({ registeredCompany: profiles.registeredCompany })
    .from(profiles)
    .where(eq(profiles.userId, realtorId))
    .limit(1)
  return row?.registeredCompany ?? false
}

/** The realtor's change waiting for staff, or null. */
export async function companyRequestOf(
  db: Executor,
  realtorId: number,
): Promise<RegisteredCompanyRequest | null> {
  const [row] = await db
    .select()
    .from(registeredCompanyRequests)
    .where(eq(registeredCompanyRequests.realtorId, realtorId))
    .limit(1)
  return row
    ? {
        registered_company: row.registeredCompany,
        requested_at: new Date(row.requestedAt).toISOString(),
      }
    : null
}

const realtorPath = (realtor: Realtor) => `/realtors/${encodeURIComponent(realtor.reference)}`

/**
 * A realtor saying in its own profile what it is. The flag stays as staff set it: a different
 * answer becomes the realtor's request (staff who change realtors are told), the same answer
 * withdraws a request made earlier. Answers whether a request is now waiting.
 */
export async function askForRegisteredCompany(tx: Executor, realtor: Realtor, wanted: boolean) {
  const current = await registeredCompanyOf(tx, realtor.id)
  const waiting = await companyRequestOf(tx, realtor.id)
  if (wanted === current) {
    if (!waiting) return false
    await tx
      .delete(registeredCompanyRequests)
      .where(eq(registeredCompanyRequests.realtorId, realtor.id))
    await recordAudit(tx, {
      action: 'realtor.company_requested',
      record: { type: 'realtor', reference: realtor.reference },
      summary: `${personLabel(realtor)} withdrew the request to be treated as ${companyStatusWords(waiting.registered_company)}`,
      changes: changesBetween(
        { registered_company_requested: waiting.registered_company },
        { registered_company_requested: null },
      ),
    })
    return false
  }
  if (waiting?.registered_company === wanted) return true
  await tx
    .insert(registeredCompanyRequests)
    .values({ realtorId: realtor.id, registeredCompany: wanted })
    .onConflictDoUpdate({
      target: registeredCompanyRequests.realtorId,
      set: { registeredCompany: wanted, requestedAt: sql`now()` },
    })
  await recordAudit(tx, {
    action: 'realtor.company_requested',
    record: { type: 'realtor', reference: realtor.reference },
    summary: `${personLabel(realtor)} asked to be treated as ${companyStatusWords(wanted)}; staff have it as ${companyStatusWords(current)}`,
    changes: changesBetween(
      { registered_company_requested: waiting?.registered_company ?? null },
      { registered_company_requested: wanted },
    ),
  })
  await notifyStaffWith(tx, 'can_modify_realtor', {
    title: 'Registered company change to review',
    body: `${realtor.firstName} ${realtor.lastName} (${realtor.reference}) asks to be treated as ${companyStatusWords(wanted)} for withholding tax on commissions. Approve or reject it on the realtor's details.`,
    link: realtorPath(realtor),
  })
  return true
}

/** After staff set the flag themselves: a request it now matches has nothing left to decide. */
export async function settleCompanyRequest(
  tx: Executor,
  realtorId: number,
  registeredCompany: boolean,
) {
  await tx
    .delete(registeredCompanyRequests)
    .where(
      and(
        eq(registeredCompanyRequests.realtorId, realtorId),
        eq(registeredCompanyRequests.registeredCompany, registeredCompany),
      ),
    )
}

/**
 * Staff approve (the flag becomes what the realtor asked) or reject (it stays) the realtor's
 * waiting request; 409 when none waits. The request is taken by one delete, so of two decisions
 * racing only one applies. The realtor is told either way.
 */
export async function decideCompanyRequest(
  db: Database,
  realtor: Realtor,
  decision: CompanyDecision,
  actor: ApiUser,
) {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .delete(registeredCompanyRequests)
      .where(eq(registeredCompanyRequests.realtorId, realtor.id))
      .returning({ registeredCompany: registeredCompanyRequests.registeredCompany })
    if (!taken) throw conflict(NO_COMPANY_REQUEST)
    const before = await registeredCompanyOf(tx, realtor.id)
    const wanted = taken.registeredCompany
    if (decision === 'approve') {
      await tx
        .insert(profiles)
        .values({ userId: realtor.id, registeredCompany: wanted })
        .onConflictDoUpdate({
          target: profiles.userId,
          set: { registeredCompany: wanted, updatedAt: sql`now()` },
        })
    }
    const after = decision === 'approve' ? wanted : before
    await recordAudit(tx, {
      action:
        decision === 'approve'
          ? 'realtor.company_request_approved'
          : 'realtor.company_request_rejected',
      record: { type: 'realtor', reference: realtor.reference },
      summary: `${decision === 'approve' ? 'Approved' : 'Rejected'} the request of ${personLabel(realtor)} to be treated as ${companyStatusWords(wanted)}`,
      changes: changesBetween(
        { registered_company: before, registered_company_requested: wanted },
        { registered_company: after, registered_company_requested: null },
      ),
    })
    await notify(tx, realtor.id, {
      title: decision === 'approve' ? COMPANY_REQUEST_APPROVED : COMPANY_REQUEST_REJECTED,
      body:
        decision === 'approve'
          ? `${actor.firstName} ${actor.lastName} approved your change: you are now treated as ${companyStatusWords(wanted)}, and withholding tax on your next commissions is taken at that rate.`
          : `${actor.firstName} ${actor.lastName} did not approve your change: you are still treated as ${companyStatusWords(before)} for withholding tax. Contact us if you think this is wrong.`,
      link: '/settings',
    })
    return { registeredCompany: after }
  })
}

/** Staff set whether a realtor is a registered company, keeping the rest of its profile. */
export async function setRegisteredCompany(
  db: Executor,
  userId: number,
  registeredCompany: boolean,
) {
  await db
    .insert(profiles)
    .values({ userId, registeredCompany })
    .onConflictDoUpdate({
      target: profiles.userId,
      set: { registeredCompany, updatedAt: sql`now()` },
    })
}
