import { auditEntrySchema, auditQuerySchema } from '../audit'
import { endpoint } from '../endpoint'
import { CSV_EXPORT, exportQuery, pageQuery, paginatedSchema } from './shared'

export const auditEndpoints = {
  auditList: endpoint({
    method: 'GET',
    path: 'admin/audit',
    tag: 'Audit',
    summary: 'The audit trail: every state change and security event, newest first',
    description:
      '`actor` is a user reference, part of a name, or `system` (scheduled jobs); `action` one of the actions listed in ' +
      "the answer's schema; `record` a reference (the entry's own record or one it concerns: a payment's subscription, " +
      'customer and product); `from`/`to` are days (YYYY-MM-DD) in the platform time zone; `search` matches the summary, ' +
      `the actor, the record and the values changed. Entries are never changed or deleted. ${CSV_EXPORT}`,
    access: { permissions: ['can_view_audit'] },
    query: auditQuerySchema.extend(pageQuery.shape).extend(exportQuery.shape),
    exportsCsv: true,
    response: paginatedSchema(auditEntrySchema),
  }),
} as const
