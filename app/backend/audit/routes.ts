import { endpoints } from '~/contract/endpoints'
import { PAGE_SIZE } from '~/contract/envelope'
import { csvStream, exportFilename } from '../csv'
import { pageOffset, paginated } from '../http/context'
import { implement, type HandlerTable } from '../http/router'
import { auditRows, auditRowsBefore, countAudit, toAuditEntry, type AuditCursor } from './queries'

const AUDIT_CSV_HEADER = [
  'id',
  'at',
  'actor_reference',
  'actor',
  'action',
  'record_type',
  'record_reference',
  'related',
  'summary',
  'changes',
  'client_ip',
  'user_agent',
]

const list = implement(
  endpoints.auditList,
  async ({ db, query: { page = 1, format, ...filters } }) => {
    if (format === 'csv') {
      let cursor: AuditCursor | null = null
      return csvStream(exportFilename('audit'), AUDIT_CSV_HEADER, async (_offset, limit) => {
        const { rows, next } = await auditRowsBefore(db, filters, cursor, limit)
        cursor = next
        return rows.map((row) => [
          String(row.id),
          new Date(row.createdAt).toISOString(),
          row.actorReference,
          row.actorName,
          row.action,
          row.recordType,
          row.recordReference,
          row.related.join(' '),
          row.summary,
          row.changes ? JSON.stringify(row.changes) : null,
          row.clientIp,
          row.userAgent,
        ])
      })
    }
    const [total, rows] = await Promise.all([
      countAudit(db, filters),
      auditRows(db, filters, PAGE_SIZE, pageOffset(page)),
    ])
    return { data: paginated(rows.map(toAuditEntry), page, total) }
  },
)

export const auditHandlers = {
  auditList: list,
} satisfies HandlerTable
