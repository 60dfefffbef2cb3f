import { z } from 'zod'
import { isCalendarDay } from './payouts'

/** The audit trail's actions, records, answers and filters. */

/** Every action the audit trail records, with the words /audit shows for it. */
export const AUDIT_ACTION_LABELS = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.sign_out': 'Signed out',
  'auth.registered': 'Registered',
  'auth.email_verified': 'Verified e-mail address',
  'auth.email_change_requested': 'Asked to change e-mail address',
  'auth.email_changed': 'Changed e-mail address',
  'auth.password_changed': 'Changed password',
  'auth.password_reset_requested': 'Asked for a password reset',
  'auth.password_reset': 'Reset password',
  'profile.updated': 'Updated profile',
  'customer.created': 'Added customer',
  'customer.updated': 'Changed customer',
  'customer.suspended': 'Suspended customer',
  'customer.reinstated': 'Reinstated customer',
  'realtor.created': 'Added realtor',
  'realtor.updated': 'Changed realtor',
  'realtor.suspended': 'Suspended realtor',
  'realtor.reinstated': 'Reinstated realtor',
  'user.created': 'Added user',
  'user.updated': 'Changed user',
  'user.permissions_changed': 'Changed permissions',
  'user.suspended': 'Suspended user',
  'user.reinstated': 'Reinstated user',
  'setting.updated': 'Changed setting',
  'product.created': 'Added product',
  'product.updated': 'Changed product',
  'plan.created': 'Added payment plan',
  'plan.updated': 'Changed payment plan',
  'plan.deleted': 'Deleted payment plan',
  'subscription.created': 'Added subscription',
  'subscription.cancelled': 'Cancelled subscription',
  'subscription.expired': 'Cancelled unpaid subscription',
  'subscription.late_fee': 'Charged a late fee',
  'subscription.repriced': 'Repriced subscription',
  'subscription.defaulted': 'Cancelled subscription for default',
  'transaction.submitted': 'Sent proof of payment',
  'transaction.recorded': 'Recorded payment',
  'transaction.deleted': 'Deleted payment',
  'transaction.confirmed': 'Marked payment as paid',
  'transaction.rejected': 'Marked payment as failed',
  'title.step_recorded': 'Recorded title step',
  'payout.paid': 'Recorded payout as paid',
  'commission.earned': 'Commission earned',
  'commission.paid': 'Paid commission',
  'commission.voided': 'Voided commission',
  'statement.imported': 'Imported bank statement',
  'statement_line.confirmed': 'Confirmed statement match',
  'statement_line.linked': 'Linked statement line',
  'statement_line.ignored': 'Marked statement line not ours',
} as const
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]]

export const AUDIT_RECORD_TYPES = [
  'account',
  'customer',
  'realtor',
  'user',
  'setting',
  'product',
  'plan',
  'subscription',
  'transaction',
  'title',
  'payout',
  'commission',
  'statement',
  'statement_line',
] as const
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number]

/** The actor of an entry made by a scheduled job. */
export const SYSTEM_ACTOR = 'system'

/** Field → what it was and what it became. Passwords, tokens and codes are never kept. */
export const auditChangesSchema = z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() }))
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

/** GET admin/audit: every filter optional; junk in one is ignored rather than refused. */
export const auditQuerySchema = z.object({
  actor: z.string().trim().max(100).optional().catch(undefined),
  action: z.enum(AUDIT_ACTIONS).optional().catch(undefined),
  record: z.string().trim().max(100).optional().catch(undefined),
  from: z.string().refine(isCalendarDay).optional().catch(undefined),
  to: z.string().refine(isCalendarDay).optional().catch(undefined),
  search: z.string().trim().max(100).optional().catch(undefined),
})
export type AuditQuery = z.infer<typeof auditQuerySchema>
