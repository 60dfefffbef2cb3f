import { endpoints } from '~/contract/endpoints'
import { PAGE_SIZE } from '~/contract/envelope'
import { pageOffset, paginated } from '../http/context'
import { implement } from '../http/router'
import { auditRows, countAudit, toAuditEntry } from './queries'

const list = implement(endpoints.auditList, async ({ db, query: { page = 1, ...filters } }) => {
  const [total, rows] = await Promise.all([countAudit(db, filters), auditRows(db, filters, PAGE_SIZE, pageOffset(page))])
  return { data: paginated(rows.map(toAuditEntry), page, total) }
})

export const auditRoutes = [list]
