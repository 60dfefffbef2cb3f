import { and, eq, gt, sql } from 'drizzle-orm'
import type { Permission } from '~/contract/permissions'
import type { Executor } from '../db/client'
import { apiTokens, userPermissions, users } from '../db/schema'
import { hashToken } from '../auth/tokens'
import type { ApiUser } from './context'

export function bearerToken(request: Request) {
  const header = request.headers.get('authorization') ?? ''
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match ? match[1] : null
}

const permissionList = sql<Permission[]>`array(select ${userPermissions.permission} from ${userPermissions} where ${userPermissions.userId} = ${users.id} order by 1)`

export const apiUserColumns = {
  id: users.id,
  uuid: users.uuid,
  reference: users.reference,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  businessName: users.businessName,
  role: users.role,
  permissions: permissionList,
  emailVerifiedAt: users.emailVerifiedAt,
  realtorId: users.realtorId,
}

type UserRow = Omit<ApiUser, 'emailVerified'> & { emailVerifiedAt: Date | null }

export function toApiUser(row: UserRow): ApiUser {
  const { emailVerifiedAt, ...rest } = row
  return { ...rest, permissions: row.permissions ?? [], emailVerified: emailVerifiedAt !== null }
}

/** The live, unsuspended user behind a bearer token, or null. */
export async function userForToken(db: Executor, token: string): Promise<ApiUser | null> {
  const [row] = await db
    .select(apiUserColumns)
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, hashToken(token)),
        gt(apiTokens.expiresAt, sql`now()`),
        eq(users.isSuspended, false),
      ),
    )
    .limit(1)
  return row ? toApiUser(row as UserRow) : null
}

export async function userById(db: Executor, id: number): Promise<ApiUser | null> {
  const [row] = await db.select(apiUserColumns).from(users).where(eq(users.id, id)).limit(1)
  return row ? toApiUser(row as UserRow) : null
}
