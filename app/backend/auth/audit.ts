import type { AuditRecordType } from '~/contract/audit'
import type { Role } from '~/contract/permissions'

/** How the audit trail files a person: customers and realtors as such, staff as users. */
export function personRecordType(role: Role): AuditRecordType {
  return role === 'customer' || role === 'realtor' ? role : 'user'
}

/** "CUS-8EVYRHY8 (Ada Obi)": how a summary names a person. */
export const personLabel = (person: { reference: string; firstName: string; lastName: string }) =>
  `${person.reference} (${`${person.firstName} ${person.lastName}`.trim()})`
