import { z } from 'zod'
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from './audit-labels'
import { queryChoice, queryText } from './fields'
import { queryDay } from './payouts'

/** The audit trail's actions, records, answers and filters. */

// The labels live in a zod-free module: the browser's audit list imports them from there.
export { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction }

export const AUDIT_RECORD_TYPES = [
  'account',
  'customer',
  'realtor',
  'user',
  'setting',
  'estate',
  'product',
  'plan',
  'subscription',
  'transaction',
  'title',
  'payout',
  'commission',
  'statement',
  'statement_line',
  'delivery',
  'credit',
] as const
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number]

/** The actor of an entry made by a scheduled job. */
export const SYSTEM_ACTOR = 'system'

/** Field → what it was and what it became. Passwords, tokens and codes are never kept. */
export const auditChangesSchema = z.record(
  z.string(),
  z.object({ before: z.unknown(), after: z.unknown() }),
)
export type AuditChanges = z.infer<typeof auditChangesSchema>

export const auditEntrySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  /** Null reference: the system (a scheduled job) or someone signed out. */
  actor: z.object({ reference: z.string().nullable(), name: z.string() }),
  action: z.enum(AUDIT_ACTIONS),
  action_label: z.string(),
  record: z.object({ type: z.enum(AUDIT_RECORD_TYPES), reference: z.string() }),
  related: z.array(z.string()),
  summary: z.string(),
  changes: auditChangesSchema.nullable(),
  client_ip: z.string().nullable(),
  user_agent: z.string().nullable(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

/** GET admin/audit: every filter optional; an empty one is no filter, a bad one a field error. */
export const auditQuerySchema = z.object({
  actor: queryText('Actor'),
  action: queryChoice('Action', AUDIT_ACTIONS),
  record: queryText('Record'),
  from: queryDay('From'),
  to: queryDay('To'),
  search: queryText('Search'),
})
export type AuditQuery = z.infer<typeof auditQuerySchema>
