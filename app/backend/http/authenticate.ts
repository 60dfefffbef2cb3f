import { and, eq, gt, lt, or, sql } from 'drizzle-orm'
import type { Permission } from '~/contract/permissions'
import type { Executor } from '../db/client'
import { apiTokens, userPermissions, users } from '../db/schema'
import { hashToken } from '../secrets/tokens'
import type { ApiUser } from './context'

export function bearerToken(request: Request) {
  const header = request.headers.get('authorization') ?? ''
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match ? match[1] : null
}

const permissionList = sql<
  Permission[]
>`array(select ${userPermissions.permission} from ${userPermissions} where ${userPermissions.userId} = ${users.id} order by 1)`

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

/** A token without 'Remember me' dies after this long without a request. */
export const SESSION_IDLE_HOURS = 8
/** Its last use is written at most this often, not on every request. */
export const SESSION_TOUCH_MINUTES = 5

/** The live, unsuspended user behind a bearer token, or null; an idle session's token counts as dead. */
export async function userForToken(db: Executor, token: string): Promise<ApiUser | null> {
  const tokenHash = hashToken(token)
  const [row] = await db
    .select({
      ...apiUserColumns,
      tokenId: apiTokens.id,
      stale: sql<boolean>`${apiTokens.lastUsedAt} < now() - make_interval(mins => ${SESSION_TOUCH_MINUTES})`,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, tokenHash),
        gt(apiTokens.expiresAt, sql`now()`),
        or(
          eq(apiTokens.remember, true),
          gt(apiTokens.lastUsedAt, sql`now() - make_interval(hours => ${SESSION_IDLE_HOURS})`),
        ),
        eq(users.isSuspended, false),
      ),
    )
    .limit(1)
  if (!row) return null
  const { tokenId, stale, ...user } = row
  if (stale) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(apiTokens.id, tokenId),
          lt(apiTokens.lastUsedAt, sql`now() - make_interval(mins => ${SESSION_TOUCH_MINUTES})`),
        ),
      )
  }
  return toApiUser(user as UserRow)
}

export async function userById(db: Executor, id: number): Promise<ApiUser | null> {
  const [row] = await db.select(apiUserColumns).from(users).where(eq(users.id, id)).limit(1)
  return row ? toApiUser(row as UserRow) : null
}
