import { AsyncLocalStorage } from 'node:async_hooks'
import {
  SYSTEM_ACTOR,
  type AuditAction,
  type AuditChanges,
  type AuditRecordType,
} from '~/contract/audit'
import type { Executor } from '../db/client'
import { auditLog } from '../db/schema'

/**
 * The audit trail. Each service appends its entry with recordAudit() on the transaction that makes
 * the change, so a change and its entry commit or roll back together. Who and from where come from
 * the API request being answered; outside a request (the daily jobs) the actor is the system.
 */

export type AuditActor = { id: number; reference: string; firstName: string; lastName: string }

type RequestOrigin = { user: AuditActor | null; clientIp: string | null; userAgent: string | null }

const requestOrigin = new AsyncLocalStorage<RequestOrigin>()

/** Runs an API handler with its caller known to recordAudit(). */
export function withRequestOrigin<T>(origin: RequestOrigin, run: () => Promise<T>): Promise<T> {
  return requestOrigin.run(origin, run)
}

export type AuditRecord = {
  action: AuditAction
  record: { type: AuditRecordType; reference: string }
  /** References of the records the entry also concerns, so their histories list it. */
  related?: (string | null | undefined)[]
  /** One plain sentence: what happened. */
  summary: string
  changes?: AuditChanges | null
  /**
   * Who did it, when the request's signed-in user is not the one (a sign-in, a reset by e-mail
   * link); a string names someone with no account, such as the e-mail typed at a failed sign-in.
   */
  actor?: AuditActor | string
}

const SIGNED_OUT = 'Signed-out visitor'

export async function recordAudit(executor: Executor, entry: AuditRecord) {
  const origin = requestOrigin.getStore()
  const actor = entry.actor ?? origin?.user ?? (origin ? SIGNED_OUT : SYSTEM_ACTOR)
  const person = typeof actor === 'string' ? null : actor
  await executor.insert(auditLog).values({
    actorId: person?.id ?? null,
    actorReference: person?.reference ?? null,
    actorName: person ? `${person.firstName} ${person.lastName}`.trim() : (actor as string),
    action: entry.action,
    recordType: entry.record.type,
    recordReference: entry.record.reference,
    related: [
      ...new Set(
        entry.related?.filter(
          (reference): reference is string => !!reference && reference !== entry.record.reference,
        ),
      ),
    ],
    summary: entry.summary,
    changes: entry.changes && Object.keys(entry.changes).length ? entry.changes : null,
    clientIp: origin?.clientIp ?? null,
    userAgent: origin?.userAgent?.slice(0, 500) ?? null,
  })
}

const SECRET_FIELD = /password|token|secret|otp|code_hash|^code$/i

/**
 * The fields whose values differ between two snapshots, as before → after. A field that holds a
 * secret is left out whatever its value; arrays and objects compare by their JSON.
 */
export function changesBetween(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): AuditChanges {
  const changes: AuditChanges = {}
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (SECRET_FIELD.test(field) || !(field in after)) continue
    const was = comparable(before[field])
    const now = comparable(after[field])
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[field] = { before: was, after: now }
  }
  return changes
}

/** A snapshot of a new record: every field as added (secrets left out). */
export const createdWith = (after: Record<string, unknown>) => changesBetween({}, after)

function comparable(value: unknown): unknown {
  if (value === undefined) return null
  if (value instanceof Date) return value.toISOString()
  return value
}
