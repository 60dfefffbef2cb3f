import { and, eq, or } from 'drizzle-orm'
import type { Permission } from '~/contract/permissions'
import type { Executor } from '../db/client'
import { notifications, userPermissions, users } from '../db/schema'

/** `link`: the app path of what it is about (app/contract/links.ts), followed from the notifications panel. */
export type NotificationInput = { title: string; body: string; link?: string | null }

/** The one way any module tells users something; docs/rules.md lists when it is called. */
export async function notify(db: Executor, userIds: number | number[], input: NotificationInput) {
  const ids = [...new Set(Array.isArray(userIds) ? userIds : [userIds])]
  if (!ids.length) return
  await db.insert(notifications).values(ids.map((userId) => ({ userId, ...input })))
}

/** Every active staff member who holds a permission (super admins included). */
export async function staffWith(db: Executor, permission: Permission) {
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .leftJoin(
      userPermissions,
      and(eq(userPermissions.userId, users.id), eq(userPermissions.permission, permission)),
    )
    .where(
      and(
        eq(users.isSuspended, false),
        or(
          eq(users.role, 'super_admin'),
          and(eq(users.role, 'admin'), eq(userPermissions.permission, permission)),
        ),
      ),
    )
  return rows.map((row) => row.id)
}

/** `except`: people the message is not for (whoever did the thing, or cannot act on it). */
export async function notifyStaffWith(
  db: Executor,
  permission: Permission,
  input: NotificationInput,
  except: number[] = [],
) {
  await notify(
    db,
    (await staffWith(db, permission)).filter((id) => !except.includes(id)),
    input,
  )
}

export const WELCOME = (firstName: string): NotificationInput => ({
  title: 'Welcome to Land Banking',
  body: `Hello ${firstName}, welcome aboard. Browse land to buy and investment options from the menu, and follow your subscriptions and payments here.`,
})
